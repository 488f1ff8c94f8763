"""Issue 24's generation shortcuts give what the plain computations give (same bytes depend on it)."""

from __future__ import annotations

import random

import numpy as np
import pytest


def test_overlap_area_bounds_bound_the_true_overlap():
    shapely = pytest.importorskip("shapely")
    from shapely.geometry import Polygon

    from genpuzzle.solvers.tangram import overlap_area_bounds

    rng = random.Random(0)
    shapes = []
    for _ in range(60):
        cx, cy = rng.uniform(0, 10), rng.uniform(0, 10)
        pts = [(cx + rng.uniform(-3, 3), cy + rng.uniform(-3, 3)) for _ in range(6)]
        shapes.append(shapely.convex_hull(shapely.multipoints(pts)) if rng.random() < 0.7
                      else shapely.make_valid(Polygon(pts)))
    shapes.append(Polygon())
    bounds = overlap_area_bounds(shapes, shapes)
    for i, a in enumerate(shapes):
        for j, b in enumerate(shapes):
            assert a.intersection(b).area <= bounds[i, j] + 1e-9
    # pieces sharing an edge: the bound is rounding, so the overlay is skipped
    left, right = Polygon([(0, 0), (1, 0), (1, 1), (0, 1)]), Polygon([(1, 0), (2, 0), (2, 1), (1, 1)])
    assert overlap_area_bounds([left], [right])[0, 0] < 1e-12


def test_hull_areas_by_geos_match_the_exact_reference():
    pytest.importorskip("shapely")
    from genpuzzle.solvers.tangram import S2, _hull_areas, _hull_areas_geos

    rng = np.random.default_rng(2)
    # lattice points a + b*sqrt(2), as the growth search's candidate vertex sets (repeats and collinear runs)
    points = rng.integers(-4, 5, (200, 9, 2)) + rng.integers(-2, 3, (200, 9, 2)) * S2
    points[:, 5] = points[:, 0]
    assert np.allclose(_hull_areas_geos(points), _hull_areas(points), rtol=0, atol=1e-12)


def test_shogi_moves_match_the_plain_attack_test():
    from genpuzzle.solvers.board_game import shogi
    from genpuzzle.solvers.board_game.base import move_piece

    rng = random.Random(1)
    for _ in range(300):
        board = shogi.random_position(rng, rng.randint(0, 5), rng.randint(1, 5))
        for _ in range(rng.randint(0, 4)):  # stray pieces: kings in check, pieces on lines
            r, c = rng.randrange(9), rng.randrange(9)
            if board[r][c] == ".":
                board[r][c] = rng.choice("RBLrbl")
        for sente in (True, False):
            plain = [m for m in shogi.pseudo_moves(board, sente)
                     if not shogi.attacked(move_piece(board, m), sente)]
            assert shogi.legal_moves(board, sente) == plain
            assert shogi.has_legal_move(board, sente) == bool(plain)


def test_chess_board_from_bit_boards_matches_piece_at():
    chess = pytest.importorskip("chess")
    from genpuzzle.solvers.board_game.chess import board_of, random_position

    rng = random.Random(2)
    for _ in range(100):
        cb = random_position(rng, rng.randint(3, 12), rng.random() < 0.5)
        for move in [None, *list(cb.legal_moves)[:5]]:
            if move is not None:
                cb.push(move)
            plain = [[(p.symbol() if (p := cb.piece_at(chess.square(f, r))) else ".") for f in range(8)]
                     for r in range(7, -1, -1)]
            assert board_of(cb) == plain
            if move is not None:
                cb.pop()


def test_label_boxes_match_textbbox():
    from PIL import Image, ImageDraw

    from genpuzzle.renderers.board_game.base import text_box
    from genpuzzle.renderers.common import font

    rng = random.Random(3)
    for mode in ("RGB", "L"):
        draw = ImageDraw.Draw(Image.new(mode, (40, 40)))
        for _ in range(300):
            f = font(rng.choice((12, 18, 22)), rng.random() < 0.3)
            xy = (rng.uniform(0, 900), rng.uniform(0, 900))
            text, anchor = rng.choice(["a", "10", "9", "K"]), rng.choice(["mm", "la", "rb"])
            assert text_box(draw, xy, text, f, anchor) == draw.textbbox(xy, text, font=f, anchor=anchor)


def test_go_play_matches_a_plain_group_search():
    from genpuzzle.solvers.board_game import go

    def liberties(board, r, c):  # flood fill, neighbours in the solver's order
        n, colour = len(board), board[r][c]
        stack, group, libs = [(r, c)], {(r, c)}, set()
        while stack:
            pr, pc = stack.pop()
            for q in ((pr + 1, pc), (pr - 1, pc), (pr, pc + 1), (pr, pc - 1)):
                if 0 <= q[0] < n and 0 <= q[1] < n:
                    if board[q[0]][q[1]] == ".":
                        libs.add(q)
                    elif board[q[0]][q[1]] == colour and q not in group:
                        group.add(q)
                        stack.append(q)
        return group, libs

    def plain_play(board, r, c, side):
        if board[r][c] != ".":
            return None
        nb = [row[:] for row in board]
        nb[r][c] = side
        opp = "W" if side == "B" else "B"
        captured = 0
        for q in go.neighbours(r, c, len(board)):
            if nb[q[0]][q[1]] == opp:
                group, libs = liberties(nb, *q)
                assert (group, libs) == go.group_and_liberties(nb, *q)
                if not libs:
                    for gr, gc in group:
                        nb[gr][gc] = "."
                    captured += len(group)
        return None if not liberties(nb, r, c)[1] else (nb, captured)

    rng = np.random.default_rng(4)
    for _ in range(200):
        n = int(rng.choice([5, 9]))
        board = [[str(v) for v in row] for row in rng.choice(list("..BW"), (n, n))]
        for r in range(n):
            for c in range(n):
                for side in "BW":
                    assert go.play(board, r, c, side) == plain_play(board, r, c, side)


def test_chess_mate_in_1_shortcuts_match_playing_every_move():
    chess = pytest.importorskip("chess")
    from genpuzzle.solvers.board_game import chess as chess_game

    rng = random.Random(5)
    for _ in range(60):
        cb = chess_game.random_position(rng, rng.randint(3, 12), rng.random() < 0.5)
        for _ in range(6):  # a short random game: pinned pieces, replies in check, en passant squares
            masked = {m for frm, to in chess_game._checking_masks(cb) for m in cb.generate_legal_moves(frm, to)}
            assert {m for m in cb.legal_moves if cb.gives_check(m)} <= masked
            plain = [m for m in cb.legal_moves if chess_game._mates(cb, m)]  # every move played out
            assert chess_game.mating_moves(cb) == plain
            assert (chess_game.mate_in_1_move(cb) is None) == (not plain)
            moves = list(cb.legal_moves)
            if not moves:
                break
            double = [m for m in moves if cb.piece_type_at(m.from_square) == chess.PAWN
                      and abs(m.to_square - m.from_square) == 16]
            cb.push(rng.choice(double) if double and rng.random() < 0.5 else rng.choice(moves))
    for seed in range(6):  # generated puzzles and the positions after a first move and a reply: mates
        cb = chess.Board(chess_game.GAME.generate(random.Random(seed)).notation)
        positions = [cb.copy()]
        for move in list(cb.legal_moves)[:8]:
            cb.push(move)
            for reply in list(cb.legal_moves)[:3]:
                cb.push(reply)
                positions.append(cb.copy())
                cb.pop()
            cb.pop()
        for board in positions:
            plain = [m for m in board.legal_moves if chess_game._mates(board, m)]
            assert chess_game.mating_moves(board) == plain
            assert (chess_game.mate_in_1_move(board) is None) == (not plain)


def test_hex_generation_finds_the_winning_cell_solve_finds():
    from genpuzzle.solvers.board_game import hex as hex_game

    for seed in range(40):
        instance = hex_game.GAME.generate(random.Random(seed))
        assert instance.accepted == hex_game.GAME.solve(instance.position, instance.side, "win")


def test_math_proof_planned_keys_are_the_generated_keys():
    from genpuzzle.dataset import InstanceJob, draw_instance
    from genpuzzle.registry import get_track

    track = get_track("math_proof")
    for seed in range(12):
        record = draw_instance(InstanceJob("math_proof", "proof_without_words", 0, seed)).record
        assert track.planned_dedupe_key(seed, "proof_without_words") == track.dedupe_key(record)
    assert track.planned_dedupe_key(0, "construction") is None


def test_writing_with_planned_keys_gives_the_same_set(tmp_path, monkeypatch):
    from genpuzzle.dataset import write_set
    from genpuzzle.registry import get_track

    counts, lattices = {"math_proof": 16}, {"math_proof": ["proof_without_words"]}  # a few dozen: re-draws
    planned = write_set(tmp_path / "planned", counts, master_seed=3, variants=lattices)
    monkeypatch.setattr(type(get_track("math_proof")), "planned_dedupe_key", lambda self, seed, variant: None)
    drawn = write_set(tmp_path / "drawn", counts, master_seed=3, variants=lattices)
    assert planned["fingerprint"] == drawn["fingerprint"]


def test_reused_image_memory_gives_the_same_bytes_and_restores_pillow():
    from PIL import Image

    from genpuzzle.dataset import InstanceJob, draw_instance, encode_png, reused_image_memory

    before = (Image.core.get_block_size(), Image.core.get_blocks_max())
    job = InstanceJob("tangram", "easy", 0, 7)  # pages larger than a block, 2x regions, masks
    plain = draw_instance(job).files
    with reused_image_memory():
        assert Image.core.get_blocks_max() > 0
        reused = draw_instance(job).files
        again = draw_instance(job).files  # drawn in blocks freed by the first
    assert plain == reused == again
    assert (Image.core.get_block_size(), Image.core.get_blocks_max()) == before
    assert encode_png(Image.new("RGB", (3, 3), (9, 9, 9)))  # Pillow still allocates after the restore


def test_board_text_matches_the_plain_join():
    from genpuzzle.solvers.board_game.base import board_text

    rng = random.Random(3)
    for _ in range(500):
        codes = rng.choice([".XO", ".KQkq", [".", "10", "2", "R"], ["", "ab", "."]])
        board = [[rng.choice(codes) for _ in range(rng.randint(0, 4))] for _ in range(rng.randint(0, 4))]
        wide = any(len(v) != 1 for row in board for v in row)
        assert board_text(board) == "/".join((",".join(row) if wide else "".join(row)) for row in board)


def _plain_route_count(maze, start, goal, limit):
    """Simple start->goal routes by recursion over the open neighbours (no dead-end pruning, no node
    budget): the count, or None past ``limit`` routes."""
    count = 0

    def walk(cell, seen):
        nonlocal count
        if cell == goal:
            count += 1
            return count <= limit
        for n in maze.neighbors(cell):
            if n not in seen:
                seen.add(n)
                ok = walk(n, seen)
                seen.discard(n)
                if not ok:
                    return False
        return True

    return count if walk(start, {start}) else None


def test_route_count_matches_a_plain_enumeration():
    from genpuzzle.solvers.maze import ALGORITHMS, add_loops, count_simple_routes, generate_maze

    rng = random.Random(4)
    for trial in range(300):
        rows, cols = rng.randint(1, 7), rng.randint(1, 7)
        maze = generate_maze(rows, cols, random.Random(trial), rng.choice(ALGORITHMS))
        cells = maze.cells()
        if len(cells) > 3:
            try:
                maze, _ = add_loops(maze, rng.randint(1, 8), random.Random(trial), rng.choice(cells), rng.choice(cells))
            except ValueError:
                pass
        start, goal = rng.choice(cells), rng.choice(cells)
        limit = rng.choice([0, 1, 3, 1000])
        assert count_simple_routes(maze, start, goal, limit) == _plain_route_count(maze, start, goal, limit)
    # a budget too small for the search gives None, one large enough the count
    maze = generate_maze(8, 8, random.Random(1), "dfs")
    maze, _ = add_loops(maze, 12, random.Random(1), (0, 0), (7, 7))
    full = count_simple_routes(maze, (0, 0), (7, 7), limit=10**6)
    assert full is not None and full > 1
    assert count_simple_routes(maze, (0, 0), (7, 7), limit=10**6, max_nodes=3) is None
