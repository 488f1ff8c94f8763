"""A blind audit family of board_game answers (AUDIT14): the 20 games' answers redrawn as an image model
might return them, and planted single errors, written without reading the board verifiers, the
registration or the documented limits.

Its drawing is its own (not :mod:`tests.board_game_answers`, :mod:`tests.board_game_glyph_answers` or
:mod:`tests.board_puzzle_answers`, which draw pieces on the track's empty board in their own piece styles):
an answer starts from the track's drawing of the answer board, then every piece is lifted off its cell
(the difference to the drawing of the same cell without it) and put back recoloured (ivory and walnut
instead of white and black), scaled, with a drop shadow; or redrawn in a game's own new style (chess in
other fonts' glyphs, glossy gradient stones and discs, marker-pen X/O, crown queens, pennant flags or
mines, hand-drawn knight routes with an arrowhead, tiles in other fonts); the board's own colours are
shifted (walnut, green tournament, cool) and given wood grain, its dark line work made heavier; the
arrows, from-and-to highlights and last-move dots the instruction allows are added; then the page
changes of :mod:`tests.audit_common` and new ones: a photo of a screen (bezel, moire, vignette, a colour
cast), a soft hand shadow, a sheet lying on a table, a glare, other proportions.

Every answer is a *style* x a *case*. ``none`` (every accepted board in turn: knight routes and the
two-box Sokoban pushes have several) and ``none_marked`` (with the allowed arrow, highlight or dot)
expect ``correct`` 100 without review; every planted error expects not to pass: ``wrong_move`` (a legal
but not accepted successor), ``misplaced`` (the moved or placed piece one cell off), ``source_kept`` (the
piece drawn at its new cell and left at its old one too), ``extra_piece``, ``missing_piece`` (a piece the
move does not touch left out), ``changed_piece`` (one untouched piece turned to the other side, or a
tile's value / a light changed), ``scrambled`` (three untouched pieces elsewhere: the rest of the board
changed), ``stray_mark`` (the right board and a pen scribble in an empty cell), ``unchanged`` (the input
handed back, restyled).

``python tests/audit_board_game_answers.py [instances_per_game] [answers_per_instance] [master_seed]
[--json OUT]`` prints right / false pass / confident false fail / review / unreadable per style, case and
game.

Blind figure (session-start code 1476d90, 2 instances per game x 6 answers + every further accepted board,
master seed 1414; per answer in /tmp/h14/audit_board_start.json): 218 of 256 right, 2 false passes (a
scribble in an empty Hanoi slot; a knight route that skips a landing square, drawn straight through it),
3 confident false fails (a Connect Four answer on a tilted page with a glare read as a stray mark; two
knight routes on a tilted page with a glare read with extra marks), 29 review (16 of 56 plain correct
answers, 10 of 20 marked ones: the allowed arrow, highlight or dot; 3 on stray marks), 4 unreadable (one
Othello instance's green board under the tournament and cool recolourings). Per game: puzzles without
knight routes 130 of 132 right; the ten two-player games 93 of 120; knight_route 21 of 28.
"""

from __future__ import annotations

import importlib
import math
import random
from dataclasses import dataclass
from typing import Any, Sequence

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

from genpuzzle import perturb
from genpuzzle.solvers.board_game.base import EMPTY, board_hash, parse_board

from audit_common import apply_page, outcome, print_tally

GAMES = ("chess", "xiangqi", "shogi", "go", "gomoku", "othello", "connect4", "tictactoe", "checkers", "hex",
         "nqueens", "queens", "lights_out", "minesweeper", "sliding_puzzle", "hanoi", "sokoban",
         "peg_solitaire", "game_2048", "knight_route")
TWO_PLAYER = GAMES[:10]
MOVERS = ("chess", "xiangqi", "shogi", "checkers")  # a piece goes from one square to another
PLACERS = ("go", "gomoku", "othello", "connect4", "tictactoe", "hex")  # a piece is put on one cell
GLOSSY = ("go", "gomoku", "othello", "connect4", "hex", "peg_solitaire")  # round stones / discs / pegs
COLOUR_MEANS = ("lights_out", "queens", "minesweeper", "sokoban", "connect4", "hex", "game_2048", "hanoi")
SIDES = {"go": "BW", "gomoku": "BW", "othello": "BW", "connect4": "RY", "tictactoe": "XO", "hex": "RU",
         "checkers": "bw"}

DEJAVU_MONO = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"
DEJAVU_COND_BOLD = "/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed-Bold.ttf"
DEJAVU_SERIF_BOLD = "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf"
DEJAVU_SANS = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
CHESS_GLYPH = {"k": "\u265a", "q": "\u265b", "r": "\u265c", "b": "\u265d", "n": "\u265e", "p": "\u265f"}


@dataclass(frozen=True)
class Style:
    """How the model redraws the board, its pieces and the page."""

    name: str
    pieces: str = "lifted"  # lifted (the track's pieces lifted and put back) | redrawn (the game's new style)
    tone: str = "plain"  # lifted pieces: plain | ivory (white -> ivory, black -> walnut)
    scale: float = 1.0  # lifted / redrawn pieces' size
    shadow: bool = False
    board: str = "plain"  # plain | walnut | tournament | cool
    grain: float = 0.0  # wood grain strength on the board's own colours
    heavier: int = 0  # px the dark line work spreads by
    marks: str = "arrow"  # what none_marked adds: arrow | highlight | dot (placers always get a dot)
    ink: tuple[int, int, int] = (30, 150, 60)
    page: tuple[tuple[str, Any], ...] = ()


STYLES = [
    Style("b_ivory_walnut_shadow", tone="ivory", shadow=True, board="walnut", grain=0.06,
          page=(("texture", 0.04), ("jpeg", 75))),
    Style("b_redrawn_tournament", pieces="redrawn", board="tournament", marks="highlight",
          page=(("caption", 0), ("jpeg", 80))),
    Style("b_redrawn_screen_photo", pieces="redrawn", scale=0.92, marks="arrow", ink=(230, 120, 20),
          page=(("screen_photo", 0),)),
    Style("b_lifted_small_cool_heavy", scale=0.86, board="cool", heavier=1, marks="dot", ink=(220, 30, 30),
          page=(("stretch", (1.12, 0.95)), ("jpeg", 70))),
    Style("b_lifted_large_hand_shadow", scale=1.07, shadow=True, marks="highlight",
          page=(("hand_shadow", 0), ("jpeg", 72))),
    Style("b_redrawn_on_table", pieces="redrawn", grain=0.08, marks="arrow", ink=(40, 90, 200),
          page=(("on_table", 0), ("jpeg", 78))),
    Style("b_ivory_glare_tilt", tone="ivory", marks="arrow", ink=(200, 40, 40),
          page=(("glare", 0), ("tilt", 2.0), ("jpeg", 74))),
    Style("b_redrawn_letterbox_blur", pieces="redrawn", scale=1.04, board="walnut", marks="highlight",
          page=(("letterbox_16_9", 0), ("blur", 0.7), ("jpeg", 70))),
]

CASES = ("none", "none_marked", "wrong_move", "misplaced", "extra_piece", "missing_piece",
         "none", "source_kept", "stray_mark", "scrambled", "unchanged", "changed_piece")
FALLBACK = ("misplaced", "extra_piece", "missing_piece", "changed_piece", "scrambled", "unchanged")


def modules(game: str):
    return tuple(importlib.import_module(f"genpuzzle.{p}.board_game.{game}") for p in ("solvers", "renderers"))


def _font(path: str, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(path, max(6, int(size)))


# ------------------------------------------------------------------------------------- board semantics


def is_piece(game: str, v: str) -> bool:
    if game == "minesweeper":
        return v == "F"
    if game == "queens":
        return v.isupper()
    if game == "sokoban":
        return v in ("B", "b", "P", "p")
    if game == "knight_route":
        return v == "*"
    if game == "lights_out":
        return False
    return v != EMPTY


def blank_of(game: str, v: str) -> str:
    """The cell's code with its piece taken off."""
    if game == "minesweeper":
        return "#" if v == "F" else v
    if game == "queens":
        return v.lower()
    if game == "sokoban":
        return "g" if v in ("b", "p", "g") else ("#" if v == "#" else EMPTY)
    if game == "knight_route":
        return EMPTY if v == "*" else v
    return EMPTY


def is_blank(game: str, v: str) -> bool:
    if game == "minesweeper":
        return v == "#"
    if game == "queens":
        return v.islower()
    if game == "sokoban":
        return v in (EMPTY, "g")
    if game in ("knight_route", "lights_out"):
        return False
    return v == EMPTY


def with_piece(game: str, blank: str, piece: str) -> str:
    """``blank``'s cell holding ``piece`` (a code of the same game)."""
    if game == "queens":
        return blank.upper()
    if game == "sokoban":
        kind = piece.upper()
        return kind.lower() if blank == "g" else kind
    return piece


def cells_of(board) -> list[tuple[int, int]]:
    return [(r, c) for r in range(len(board)) for c in range(len(board[0]))]


def far_from(cells: Sequence[tuple[int, int]], move: Sequence[tuple[int, int]], d: int = 2) -> list[tuple[int, int]]:
    far = [x for x in cells if not move or min(max(abs(x[0] - a), abs(x[1] - b)) for a, b in move) >= d]
    return far or list(cells)


def opposite(game: str, v: str) -> str | None:
    if game in SIDES:
        a, b = SIDES[game]
        return {a: b, b: a, a.upper(): b.upper(), b.upper(): a.upper()}.get(v)
    if game in ("chess", "xiangqi", "shogi"):
        return v.swapcase() if v.isalpha() else None
    return None


# --------------------------------------------------------------------------------------------- planting


@dataclass
class Planted:
    """What an answer shows: a board (or, for knight routes, the route's cells) and the move's cells."""

    board: list[list[str]]
    move: list[tuple[int, int]]
    route: list[tuple[int, int]] | None = None
    stray: tuple[int, int] | None = None


def knight_route_of(board) -> list[tuple[int, int]]:
    from genpuzzle.solvers.board_game.knight_route import route_of

    return list(route_of(board))


def legal_boards(record: Any) -> list[tuple[list[list[str]], list[tuple[int, int]]]]:
    solver, _ = modules(record.variant)
    truth = record.ground_truth
    position = parse_board(truth["position"])
    if record.variant in TWO_PLAYER:
        moves = solver.GAME.legal_moves(position, truth["side_to_move"])
    else:
        moves = solver.GAME.boards(truth["certificate"]["instance"])[2]
    return [(m.board, [tuple(c) for c in m.cells]) for m in moves]


def plant(record: Any, case: str, rng: random.Random, accepted_index: int = 0) -> Planted | None:
    """The answer of ``case`` (None when the instance has no such error)."""
    game = record.variant
    truth = record.ground_truth
    position = parse_board(truth["position"])
    acc = truth["accepted"][accepted_index % len(truth["accepted"])]
    target = parse_board(acc["board"])
    move = [tuple(c) for c in acc["cells"]]
    accepted = {a["hash"] for a in truth["accepted"]}
    cells = cells_of(target)
    board = [row[:] for row in target]

    if game == "knight_route":
        return _plant_route(record, case, rng, target, move)
    if case in ("none", "none_marked"):
        return Planted(board, move)
    if case == "stray_mark":
        spots = far_from([x for x in cells if is_blank(game, target[x[0]][x[1]])
                          or (game == "lights_out" and "o" not in target[x[0]][x[1]])], move)
        return Planted(board, move, stray=rng.choice(spots)) if spots else None
    if case == "unchanged":
        return Planted([row[:] for row in position], move)
    if case == "wrong_move":
        wrong = [(b, m) for b, m in legal_boards(record) if board_hash(b) not in accepted]
        if not wrong:
            return None
        b, m = wrong[rng.randrange(len(wrong))]
        return Planted([row[:] for row in b], m)
    if game == "lights_out":
        board = _plant_lights(case, rng, target, move)
    elif game in ("sliding_puzzle", "game_2048", "hanoi"):
        board = _plant_numbers(game, case, rng, position, target, move)
    else:
        board = _plant_pieces(game, case, rng, position, target, move)
    if board is None or board_hash(board) in accepted:
        return None
    return Planted(board, move)


def _plant_pieces(game, case, rng, position, target, move):
    cells = cells_of(target)
    board = [row[:] for row in target]
    pieces = [x for x in cells if is_piece(game, target[x[0]][x[1]])]
    untouched = [x for x in pieces if position[x[0]][x[1]] == target[x[0]][x[1]] and x not in move]
    blanks = [x for x in cells if is_blank(game, target[x[0]][x[1]]) and x not in move]
    arrived = [x for x in cells if is_piece(game, target[x[0]][x[1]]) and position[x[0]][x[1]] != target[x[0]][x[1]]]
    if case == "misplaced":
        rng.shuffle(arrived)
        for r, c in arrived:
            near = [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]
            near = [x for x in near if x in blanks]
            if near:
                a = rng.choice(near)
                v = target[r][c]
                board[r][c] = blank_of(game, v)
                board[a[0]][a[1]] = with_piece(game, target[a[0]][a[1]], v)
                return board
        return None
    if case == "source_kept":
        left = [x for x in cells if x in move and is_blank(game, target[x[0]][x[1]])
                and is_piece(game, position[x[0]][x[1]])]
        if not left:
            return None
        r, c = rng.choice(left)
        board[r][c] = position[r][c]
        return board
    if case == "extra_piece":
        if not pieces or not blanks:
            return None
        r, c = rng.choice(far_from(blanks, move))
        src = rng.choice(pieces)
        if game == "sokoban":  # a second box (a second player would be the same mistake)
            src = next((x for x in pieces if target[x[0]][x[1]] in "Bb"), src)
        board[r][c] = with_piece(game, target[r][c], target[src[0]][src[1]])
        return board
    if case == "missing_piece":
        pool = untouched or ([x for x in pieces] if game in ("nqueens", "queens", "minesweeper") else [])
        if game == "sokoban":
            pool = [x for x in pieces if target[x[0]][x[1]] in "Bb" and x not in move]
        if not pool:
            return None
        r, c = rng.choice(far_from(pool, move))
        board[r][c] = blank_of(game, target[r][c])
        return board
    if case == "changed_piece":
        pool = [x for x in untouched if opposite(game, target[x[0]][x[1]])]
        if not pool:
            return None
        r, c = rng.choice(far_from(pool, move))
        board[r][c] = opposite(game, target[r][c])
        return board
    if case == "scrambled":
        if game == "sokoban" or len(untouched) < 3:
            return None
        moved = rng.sample(untouched, 3)
        free = [x for x in blanks if x not in moved]
        if len(free) < 3:
            return None
        dest = rng.sample(free, 3)
        vals = [target[r][c] for r, c in moved]
        for (r, c) in moved:
            board[r][c] = blank_of(game, target[r][c])
        for (r, c), v in zip(dest, vals):
            board[r][c] = with_piece(game, target[r][c], v)
        return board
    raise ValueError(case)


def _plant_lights(case, rng, target, move):
    cells = cells_of(target)
    board = [row[:] for row in target]

    def toggle(r, c):
        v = board[r][c]
        board[r][c] = ("." if v.startswith("L") else "L") + v[1:]

    if case == "missing_piece":  # a ring left out (the instruction says keep them)
        rings = [x for x in cells if target[x[0]][x[1]].endswith("o")]
        if not rings:
            return None
        r, c = rng.choice(rings)
        board[r][c] = target[r][c][:-1]
        return board
    if case in ("changed_piece", "misplaced"):
        r, c = rng.choice(cells if case == "changed_piece" else move)
        toggle(r, c)
        return board
    if case == "scrambled":
        for r, c in rng.sample(far_from(cells, move), 3):
            toggle(r, c)
        return board
    if case == "extra_piece":  # a ring on a cell no press touched
        free = [x for x in cells if not target[x[0]][x[1]].endswith("o")]
        r, c = rng.choice(far_from(free, move))
        board[r][c] = target[r][c] + "o"
        return board
    return None


def _plant_numbers(game, case, rng, position, target, move):
    cells = cells_of(target)
    board = [row[:] for row in target]
    tiles = [x for x in cells if target[x[0]][x[1]] != EMPTY]
    blanks = [x for x in cells if target[x[0]][x[1]] == EMPTY]
    if game == "sliding_puzzle":
        if case in ("changed_piece", "misplaced"):  # two tiles swapped / the tile slid to a wrong side
            a = rng.choice([x for x in tiles if x not in move])
            near = [x for x in tiles if abs(x[0] - a[0]) + abs(x[1] - a[1]) == 1 and x not in move]
            if not near:
                return None
            b = rng.choice(near)
            board[a[0]][a[1]], board[b[0]][b[1]] = board[b[0]][b[1]], board[a[0]][a[1]]
            return board
        if case == "source_kept":  # the tile at its new cell and still at its old one, no blank left
            r, c = next(x for x in move if target[x[0]][x[1]] == EMPTY)
            board[r][c] = position[r][c]
            return board
        if case == "missing_piece":
            r, c = rng.choice(far_from([x for x in tiles if x not in move], move))
            board[r][c] = EMPTY
            return board
        return None
    if game == "game_2048":
        if case == "extra_piece":  # a new 2 spawned after the swipe (the instruction says none appears)
            if not blanks:
                return None
            r, c = rng.choice(blanks)
            board[r][c] = rng.choice(("2", "4"))
            return board
        if case == "missing_piece":
            r, c = rng.choice(tiles)
            board[r][c] = EMPTY
            return board
        if case == "changed_piece":  # a merge's value wrong (doubled or left unmerged)
            r, c = rng.choice(tiles)
            board[r][c] = str(int(target[r][c]) * 2)
            return board
        if case == "source_kept":
            left = [x for x in cells if target[x[0]][x[1]] == EMPTY and position[x[0]][x[1]] != EMPTY]
            if not left:
                return None
            r, c = rng.choice(left)
            board[r][c] = position[r][c]
            return board
        if case == "misplaced":  # a tile one cell short of the edge it slid to
            for r, c in rng.sample(tiles, len(tiles)):
                for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                    a = (r + dr, c + dc)
                    if a in blanks:
                        board[a[0]][a[1]], board[r][c] = board[r][c], EMPTY
                        return board
            return None
        return None
    if game == "hanoi":  # rows are heights (top row first), columns pegs
        if case == "changed_piece":  # two discs of a peg swapped: a larger disc on a smaller one
            for c in range(len(target[0])):
                col = [r for r in range(len(target)) if target[r][c] != EMPTY]
                if len(col) >= 2:
                    a, b = col[0], col[1]
                    board[a][c], board[b][c] = board[b][c], board[a][c]
                    return board
            return None
        if case in ("missing_piece", "source_kept", "misplaced"):
            if case == "missing_piece":
                tops = [(min(r for r in range(len(target)) if target[r][c] != EMPTY), c)
                        for c in range(len(target[0])) if any(target[r][c] != EMPTY for r in range(len(target)))]
                r, c = rng.choice(tops)
                board[r][c] = EMPTY
                return board
            if case == "source_kept":
                left = [x for x in cells if target[x[0]][x[1]] == EMPTY and position[x[0]][x[1]] != EMPTY]
                if not left:
                    return None
                r, c = rng.choice(left)
                board[r][c] = position[r][c]
                return board
            # misplaced: the last moved disc on another peg's top
            moved = [x for x in move if target[x[0]][x[1]] != EMPTY]
            if not moved:
                return None
            r, c = rng.choice(moved)
            v = target[r][c]
            for c2 in rng.sample(range(len(target[0])), len(target[0])):
                if c2 == c:
                    continue
                height = [r2 for r2 in range(len(target)) if board[r2][c2] == EMPTY]
                if height:
                    board[r][c] = EMPTY
                    board[max(height)][c2] = v
                    return board
            return None
        return None
    raise ValueError(game)


def _plant_route(record, case, rng, target, move):
    from genpuzzle.solvers.board_game.knight_route import is_knight_move

    route = knight_route_of(target)
    blank = [[blank_of("knight_route", v) for v in row] for row in target]
    n = len(target)
    free = [x for x in cells_of(target) if target[x[0]][x[1]] == EMPTY]
    if case in ("none", "none_marked"):
        return Planted(blank, move, route=route)
    if case == "stray_mark":
        spots = far_from([x for x in free if x not in route], route, 2)
        return Planted(blank, move, route=route, stray=rng.choice(spots)) if spots else None
    if case == "unchanged":
        return Planted(blank, move, route=[])
    if case == "misplaced" and len(route) > 2:  # a landing square one cell off: not a knight move
        i = rng.randrange(1, len(route) - 1)
        r, c = route[i]
        near = [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]
        near = [x for x in near if x in free and not is_knight_move(route[i - 1], x)]
        if near:
            return Planted(blank, move, route=route[:i] + [rng.choice(near)] + route[i + 1:])
    if case == "missing_piece" and len(route) > 2:  # a landing square skipped
        i = rng.randrange(1, len(route) - 1)
        a, b, c = route[i - 1], route[i], route[i + 1]
        if (b[0] - a[0], b[1] - a[1]) != (c[0] - b[0], c[1] - b[1]):
            return Planted(blank, move, route=route[:i] + route[i + 1:])
        # two moves in one direction: a straight line through the skipped square's centre draws them both
        # (the blind run planted this once and counted its pass as a false one)
    if case == "wrong_move" and len(route) > 2:  # stops one square short of B
        return Planted(blank, move, route=route[:-1])
    if case == "extra_piece" and len(route) > 2:  # a detour: one more knight move out and back
        i = rng.randrange(1, len(route) - 1)
        r, c = route[i]
        outs = [(r + dr, c + dc) for dr, dc in ((1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1))]
        outs = [x for x in outs if x in free and x not in route]
        if outs:
            return Planted(blank, move, route=route[:i + 1] + [rng.choice(outs)] + route[i:])
    return None


# ---------------------------------------------------------------------------------------------- drawing


def _render(game: str, board) -> np.ndarray:
    _, renderer = modules(game)
    return np.asarray(renderer.render_board([row[:] for row in board]).image.convert("RGB")).copy()


def _luma(a: np.ndarray) -> np.ndarray:
    return a[..., 0] * 0.299 + a[..., 1] * 0.587 + a[..., 2] * 0.114


def _box(layout, r, c) -> tuple[int, int, int, int]:
    x0, y0, x1, y1 = layout["cell_boxes"][r][c]
    return int(math.floor(x0)), int(math.floor(y0)), int(math.ceil(x1)), int(math.ceil(y1))


def _board_mask(layout, shape) -> np.ndarray:
    m = np.zeros(shape[:2], bool)
    x0, y0, x1, y1 = (int(v) for v in layout["board_bbox"])
    m[max(0, y0):y1, max(0, x0):x1] = True
    return m


def _recolour_board(image: np.ndarray, own: np.ndarray, game: str, style: Style, seed: int) -> np.ndarray:
    """The board's own colours (``own``: board pixels that are not dark line work) shifted and grained."""
    if style.board == "plain" and not style.grain:
        return image
    out = image.astype(np.float32)
    if style.board != "plain":
        hue, sat, val = {"walnut": (-4, 1.15, 0.82), "tournament": (55, 1.0, 0.98), "cool": (-150, 0.6, 1.02)}[style.board]
        if game in COLOUR_MEANS:  # colours that carry meaning are only tinted
            hue, sat, val = max(-8, min(8, hue)), max(0.9, min(1.1, sat)), max(0.92, val)
        px = image[own].reshape(-1, 1, 3)
        hsv = cv2.cvtColor(px, cv2.COLOR_RGB2HSV_FULL).astype(np.float32)
        hsv[..., 0] = (hsv[..., 0] + hue * 256 / 360) % 256
        hsv[..., 1] = np.clip(hsv[..., 1] * sat, 0, 255)
        hsv[..., 2] = np.clip(hsv[..., 2] * val, 0, 255)
        out[own] = cv2.cvtColor(hsv.astype(np.uint8), cv2.COLOR_HSV2RGB_FULL).reshape(-1, 3)
    if style.grain:
        h, w = image.shape[:2]
        rng = np.random.default_rng(seed)
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        wobble = cv2.GaussianBlur(rng.normal(0, 1, (h, w)).astype(np.float32), (0, 0), 9) * 40
        grain = 1 + style.grain * np.sin((yy + wobble) / 3.1) * (0.6 + 0.4 * np.sin(xx / 57.0))
        out[own] *= grain[own][:, None]
    return np.clip(out, 0, 255).astype(np.uint8)


def _lift_and_place(answer: np.ndarray, blank: np.ndarray, layout, board, game: str, style: Style
                    ) -> tuple[np.ndarray, list[tuple[np.ndarray, np.ndarray, int, int]]]:
    """The answer with every piece taken off (its cells as on ``blank``) and the pieces as (rgb, alpha,
    x, y) patches, recoloured and scaled, to be put back after the board is restyled."""
    out = answer.copy()
    patches = []
    h, w = answer.shape[:2]
    for r, c in cells_of(board):
        if not is_piece(game, board[r][c]):
            continue
        x0, y0, x1, y1 = _box(layout, r, c)
        x0, y0, x1, y1 = max(0, x0), max(0, y0), min(w, x1), min(h, y1)
        a, b = answer[y0:y1, x0:x1].astype(np.int16), blank[y0:y1, x0:x1].astype(np.int16)
        m = np.abs(a - b).max(axis=2) > 30
        if not m.any():
            continue
        m = _fill_small_holes(cv2.dilate(m.astype(np.uint8), np.ones((3, 3), np.uint8)) > 0)
        out[y0:y1, x0:x1][m] = blank[y0:y1, x0:x1][m]
        rgb = answer[y0:y1, x0:x1].copy()
        if style.tone == "ivory":
            f = rgb.astype(np.float32)
            grey = (f.max(axis=2) - f.min(axis=2)) < 40
            t = _luma(f)[..., None] / 255.0
            dark, light = np.array([72, 46, 28], np.float32), np.array([246, 234, 204], np.float32)
            f[grey] = (dark + (light - dark) * t)[grey]
            rgb = f.astype(np.uint8)
        alpha = m.astype(np.float32)
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        if style.scale != 1.0:
            nw, nh = max(2, round((x1 - x0) * style.scale)), max(2, round((y1 - y0) * style.scale))
            rgb = cv2.resize(rgb, (nw, nh), interpolation=cv2.INTER_AREA if style.scale < 1 else cv2.INTER_CUBIC)
            alpha = cv2.resize(alpha, (nw, nh), interpolation=cv2.INTER_LINEAR)
        ph, pw = alpha.shape
        patches.append((rgb, alpha, int(round(cx - pw / 2)), int(round(cy - ph / 2))))
    return out, patches


def _fill_small_holes(m: np.ndarray) -> np.ndarray:
    """``m`` with its enclosed holes under 6 % of its box filled (a star point under a stone lifts with
    the stone; the inside of an O stays out)."""
    n, labels = cv2.connectedComponents((~m).astype(np.uint8), connectivity=4)
    out = m.copy()
    border = set(np.unique(np.concatenate([labels[0], labels[-1], labels[:, 0], labels[:, -1]])).tolist())
    for k in range(1, n):
        if k not in border:
            hole = labels == k
            if hole.sum() < 0.06 * m.size:
                out |= hole
    return out


def _paste(image: np.ndarray, rgb: np.ndarray, alpha: np.ndarray, x: int, y: int) -> None:
    h, w = image.shape[:2]
    ph, pw = alpha.shape
    sx0, sy0 = max(0, -x), max(0, -y)
    dx0, dy0 = max(0, x), max(0, y)
    dx1, dy1 = min(w, x + pw), min(h, y + ph)
    if dx1 <= dx0 or dy1 <= dy0:
        return
    a = alpha[sy0:sy0 + dy1 - dy0, sx0:sx0 + dx1 - dx0, None]
    region = image[dy0:dy1, dx0:dx1].astype(np.float32)
    image[dy0:dy1, dx0:dx1] = np.clip(region * (1 - a) + rgb[sy0:sy0 + dy1 - dy0, sx0:sx0 + dx1 - dx0] * a,
                                      0, 255).astype(np.uint8)


def _shadows(image: np.ndarray, patches, cell: float) -> None:
    off = max(2, int(round(0.06 * cell)))
    for rgb, alpha, x, y in patches:
        soft = cv2.GaussianBlur(alpha, (0, 0), max(1.0, 0.04 * cell)) * 0.45
        _paste(image, np.zeros_like(rgb), soft, x + off, y + off)


# ---- the games' own new styles (``pieces="redrawn"``)


def _glossy(draw_img: Image.Image, cx, cy, rad, colour, shadow: bool) -> None:
    """A stone with a highlight up-left and a darker rim, drawn at 3x then reduced by the caller."""
    d = ImageDraw.Draw(draw_img, "RGBA")
    if shadow:
        o = 0.12 * rad
        d.ellipse([cx - rad + o, cy - rad + o, cx + rad + o, cy + rad + o], fill=(0, 0, 0, 70))
    steps = 14
    base = np.array(colour, np.float32)
    for k in range(steps):
        t = k / (steps - 1)
        rr = rad * (1 - 0.55 * t)
        shift = 0.3 * rad * t
        col = base * (0.82 + 0.18 * t) + (255 - base) * 0.45 * t ** 2
        col = tuple(int(v) for v in np.clip(col, 0, 255))
        d.ellipse([cx - shift - rr, cy - shift - rr, cx - shift + rr, cy - shift + rr], fill=col + (255,))


def _redraw(game: str, answer_board, blank_image: np.ndarray, layout, style: Style, rng: random.Random,
            route: list[tuple[int, int]] | None) -> np.ndarray | None:
    """``answer_board`` drawn on ``blank_image`` (the track's drawing of the board without the pieces this
    style redraws) in the game's new style, or None when this game has no redrawn style."""
    SS = 3
    h, w = blank_image.shape[:2]
    img = Image.fromarray(blank_image).resize((w * SS, h * SS), Image.BICUBIC)
    d = ImageDraw.Draw(img, "RGBA")
    cell = float(layout["cell_px"])
    palette = layout["palette"]

    def centre(r, c):
        x, y = layout["cell_centers"][r][c]
        return x * SS, y * SS

    for r, c in cells_of(answer_board):
        v = answer_board[r][c]
        if not is_piece(game, v) or game == "knight_route":
            continue
        cx, cy = centre(r, c)
        if game in GLOSSY:
            rad = float(layout["piece_radius"]) * style.scale * SS * (0.8 if game == "peg_solitaire" else 1.0)
            key = v if v in palette else v.upper()
            _glossy(img, cx, cy, rad, tuple(palette[key]), style.shadow or True)
        elif game == "chess":
            f = _font(DEJAVU_MONO if style.scale < 1 else DEJAVU_COND_BOLD, 0.8 * cell * style.scale * SS)
            white = v.isupper()
            d.text((cx, cy), CHESS_GLYPH[v.lower()], font=f, anchor="mm",
                   fill=(252, 250, 242) if white else (28, 24, 22), stroke_width=int(1.6 * SS) if white else 0,
                   stroke_fill=(30, 30, 30))
        elif game == "tictactoe":
            half = 0.3 * cell * SS * style.scale
            wd = int(0.1 * cell * SS)
            j = lambda: rng.uniform(-0.05, 0.05) * cell * SS  # noqa: E731
            if v == "X":
                ink = (20, 20, 20)
                d.line([(cx - half + j(), cy - half + j()), (cx + half + j(), cy + half + j())], fill=ink, width=wd)
                d.line([(cx - half + j(), cy + half + j()), (cx + half + j(), cy - half + j())], fill=ink, width=wd)
                for px, py in ((cx - half, cy - half), (cx + half, cy + half)):
                    d.ellipse([px - wd / 2, py - wd / 2, px + wd / 2, py + wd / 2], fill=ink)
            else:  # a loop drawn with the pen's start and end overlapping
                pts = []
                for k in range(60):
                    t = -0.3 + 2 * math.pi * 1.08 * k / 59
                    rr = half * (1.02 + 0.05 * math.sin(3 * t))
                    pts.append((cx + rr * math.cos(t) * 1.05, cy + rr * math.sin(t) * 0.95))
                d.line(pts, fill=(200, 20, 40), width=wd, joint="curve")
        elif game in ("nqueens", "queens"):
            f = _font(DEJAVU_SANS, 0.72 * cell * style.scale * SS)
            d.text((cx, cy), "\u2655" if game == "queens" else "\u265b", font=f, anchor="mm",
                   fill=(20, 20, 60), stroke_width=SS // 2, stroke_fill=(20, 20, 60))
        elif game == "minesweeper":  # a pennant on a pole, or a black mine
            k = cell * SS * style.scale
            if style.shadow:
                d.ellipse([cx - 0.22 * k, cy - 0.22 * k, cx + 0.22 * k, cy + 0.22 * k], fill=(15, 15, 15))
                for a in range(0, 360, 45):
                    t = math.radians(a)
                    d.line([(cx, cy), (cx + 0.32 * k * math.cos(t), cy + 0.32 * k * math.sin(t))],
                           fill=(15, 15, 15), width=int(0.05 * k))
                d.ellipse([cx - 0.1 * k, cy - 0.12 * k, cx - 0.02 * k, cy - 0.04 * k], fill=(235, 235, 235))
            else:
                d.line([(cx - 0.08 * k, cy - 0.3 * k), (cx - 0.08 * k, cy + 0.28 * k)], fill=(20, 20, 20),
                       width=int(0.06 * k))
                d.polygon([(cx - 0.06 * k, cy - 0.3 * k), (cx + 0.28 * k, cy - 0.15 * k), (cx - 0.06 * k, cy)],
                          fill=(235, 30, 30))
                d.rectangle([cx - 0.24 * k, cy + 0.24 * k, cx + 0.1 * k, cy + 0.3 * k], fill=(20, 20, 20))
        elif game in ("sliding_puzzle", "game_2048"):
            x0, y0, x1, y1 = (v_ * SS for v_ in layout["cell_boxes"][r][c])
            m = 0.07 * (x1 - x0)
            fill = (233, 205, 160) if game == "sliding_puzzle" else tuple(palette.get(v, (240, 200, 90)))
            d.rounded_rectangle([x0 + m, y0 + m, x1 - m, y1 - m], radius=0.15 * (x1 - x0), fill=fill,
                                outline=(120, 90, 60), width=SS * 2)
            size = 0.5 if len(v) <= 2 else 1.1 / len(v)
            f = _font(DEJAVU_SERIF_BOLD, size * cell * SS)
            d.text((cx, cy), v, font=f, anchor="mm", fill=(60, 40, 30))
        else:
            return None
    if game == "knight_route" and route is not None:
        pts = [centre(r, c) for r, c in route]
        pts = [(x + rng.uniform(-0.04, 0.04) * cell * SS, y + rng.uniform(-0.04, 0.04) * cell * SS) for x, y in pts]
        ink = (30, 70, 200, 235)
        wd = int(0.07 * cell * SS)
        if len(pts) >= 2:
            d.line(pts, fill=ink, width=wd, joint="curve")
            (ax, ay), (bx, by) = pts[-2], pts[-1]
            t = math.atan2(by - ay, bx - ax)
            k = 0.25 * cell * SS
            tip = (bx - 0.18 * cell * SS * math.cos(t), by - 0.18 * cell * SS * math.sin(t))
            d.polygon([tip, (tip[0] - k * math.cos(t - 0.45), tip[1] - k * math.sin(t - 0.45)),
                       (tip[0] - k * math.cos(t + 0.45), tip[1] - k * math.sin(t + 0.45))], fill=ink)
        for x, y in pts[1:-1]:
            rr = 0.13 * cell * SS
            d.ellipse([x - rr, y - rr, x + rr, y + rr], outline=ink, width=int(0.04 * cell * SS))
    return np.asarray(img.resize((w, h), Image.LANCZOS))


def _route_plain(blank_image: np.ndarray, layout, route, rng) -> np.ndarray:
    """A knight route as a plain red felt-pen line with a dot on every landing square."""
    img = Image.fromarray(blank_image)
    d = ImageDraw.Draw(img)
    cell = float(layout["cell_px"])
    pts = [tuple(layout["cell_centers"][r][c]) for r, c in route]
    if len(pts) >= 2:
        d.line(pts, fill=(210, 25, 25), width=max(4, int(0.09 * cell)), joint="curve")
    for x, y in pts[1:-1]:
        k = 0.09 * cell
        d.ellipse([x - k, y - k, x + k, y + k], fill=(210, 25, 25))
    return np.asarray(img)


def _overlay(image: np.ndarray, layout, game: str, style: Style, move: Sequence[tuple[int, int]],
             board) -> np.ndarray:
    """The marks the instruction allows: an arrow along the move or from-and-to highlights (moving
    games), a dot on the placed piece (placing games)."""
    if not move:
        return image
    cell = float(layout["cell_px"])
    img = Image.fromarray(image).convert("RGBA")
    layer = Image.new("RGBA", img.size, (0, 0, 0, 0))
    d = ImageDraw.Draw(layer)
    if game in PLACERS:
        placed = [x for x in move if board[x[0]][x[1]] != EMPTY]
        if not placed:
            return image
        r, c = placed[0]
        x, y = layout["cell_centers"][r][c]
        k = 0.12 * cell
        d.ellipse([x - k, y - k, x + k, y + k], fill=style.ink + (255,))
    elif game in MOVERS:
        if style.marks == "highlight":
            for r, c in (move[0], move[-1]):
                x0, y0, x1, y1 = layout["cell_boxes"][r][c]
                d.rectangle([x0, y0, x1, y1], fill=(250, 230, 60, 105))
        else:
            pts = [tuple(layout["cell_centers"][r][c]) for r, c in move]
            ink = style.ink + (175,)
            wd = max(4, int(0.13 * cell))
            (ax, ay), (bx, by) = pts[-2], pts[-1]
            t = math.atan2(by - ay, bx - ax)
            head = 0.36 * cell
            end = (bx - 0.5 * head * math.cos(t), by - 0.5 * head * math.sin(t))
            d.line(pts[:-1] + [end], fill=ink, width=wd, joint="curve")
            d.polygon([(bx + 0.15 * head * math.cos(t), by + 0.15 * head * math.sin(t)),
                       (end[0] - 0.5 * head * math.cos(t - 1.57), end[1] - 0.5 * head * math.sin(t - 1.57)),
                       (end[0] - 0.5 * head * math.cos(t + 1.57), end[1] - 0.5 * head * math.sin(t + 1.57))], fill=ink)
    else:
        return image
    return np.asarray(Image.alpha_composite(img, layer).convert("RGB"))


def _stray(image: np.ndarray, layout, cell_rc, rng: random.Random) -> np.ndarray:
    """A pen scribble in one cell: a small curl, a tick or a question mark."""
    img = Image.fromarray(image)
    d = ImageDraw.Draw(img)
    x, y = layout["cell_centers"][cell_rc[0]][cell_rc[1]]
    cell = float(layout["cell_px"])
    ink = rng.choice(((25, 25, 25), (30, 60, 190), (200, 30, 30)))
    kind = rng.choice(("curl", "tick", "question"))
    wd = max(3, int(0.06 * cell))
    if kind == "curl":
        pts = [(x - 0.25 * cell + 0.5 * cell * k / 40 + 0.08 * cell * math.cos(k / 2.5),
                y + 0.12 * cell * math.sin(k / 2.5)) for k in range(41)]
        d.line(pts, fill=ink, width=wd, joint="curve")
    elif kind == "tick":
        d.line([(x - 0.2 * cell, y), (x - 0.05 * cell, y + 0.18 * cell), (x + 0.25 * cell, y - 0.22 * cell)],
               fill=ink, width=wd, joint="curve")
    else:
        d.text((x, y), "?", font=_font(DEJAVU_SANS, 0.6 * cell), anchor="mm", fill=ink)
    return np.asarray(img)


def _heavier(image: np.ndarray, blank: np.ndarray, layout, k: int) -> np.ndarray:
    """Dark line work of the blank board spread by ``k`` px (where the answer still shows it)."""
    dark = (_luma(blank.astype(np.float32)) < 90) & _board_mask(layout, blank.shape)
    grown = cv2.dilate(dark.astype(np.uint8), np.ones((2 * k + 1, 2 * k + 1), np.uint8)) > 0
    same = np.abs(image.astype(np.int16) - blank.astype(np.int16)).max(axis=2) < 25
    out = image.copy()
    sel = grown & same & ~dark
    out[sel] = (40, 40, 40)
    return out


def blank_board(game: str, board) -> list[list[str]]:
    """``board`` with every piece taken off (the board the lifted pieces are put back on)."""
    return [[blank_of(game, v) if is_piece(game, v) else v for v in row] for row in board]


def build_answer(record: Any, style: Style, planted: Planted, marked: bool, seed: int) -> np.ndarray:
    """The answer image (RGB array) showing ``planted`` in ``style``."""
    game = record.variant
    layout = record.layout
    rng = random.Random(seed)
    board = planted.board
    blank_cells = blank_board(game, board)
    blank = _render(game, blank_cells)
    answer = _render(game, board) if game != "knight_route" else blank.copy()
    redrawn = None
    if game == "knight_route":
        redrawn = (_redraw(game, board, blank, layout, style, rng, planted.route) if style.pieces == "redrawn"
                   else _route_plain(blank, layout, planted.route, rng))
    elif style.pieces == "redrawn" and game not in ("xiangqi", "shogi", "checkers", "hanoi", "sokoban", "lights_out"):
        redrawn = _redraw(game, board, blank, layout, style, rng, None)
    # the board's own colours: pixels of the blank board inside the board that are not dark line work
    own = _board_mask(layout, blank.shape) & (_luma(blank.astype(np.float32)) >= 90)
    if redrawn is not None:
        changed = np.abs(redrawn.astype(np.int16) - blank.astype(np.int16)).max(axis=2) > 30
        base = _recolour_board(blank, own, game, style, seed)
        if style.heavier:
            base = _heavier(base, blank, layout, style.heavier)
        image = np.where(changed[..., None], redrawn, base)
    else:
        lifted, patches = _lift_and_place(answer, blank, layout, board, game, style)
        image = _recolour_board(lifted, own, game, style, seed)
        if style.heavier:
            image = _heavier(image, blank, layout, style.heavier)
        if style.shadow:
            _shadows(image, patches, float(layout["cell_px"]))
        for rgb, alpha, x, y in patches:
            _paste(image, rgb, alpha, x, y)
    if marked:
        image = _overlay(image, layout, game, style, planted.move, board)
    if planted.stray is not None:
        image = _stray(image, layout, planted.stray, rng)
    return apply_page(image, style.page, seed, extra=PAGE_EXTRA)


# ---- page changes of this family


def _screen_photo(image: np.ndarray, _arg: Any, seed: int) -> np.ndarray:
    """A phone photo of the answer on a monitor: a dark bezel, a slight keystone, moire, a bluish cast,
    a vignette, softness and JPEG."""
    rng = np.random.default_rng(seed)
    h, w = image.shape[:2]
    b = int(0.06 * max(h, w))
    page = np.full((h + 2 * b, w + 2 * b, 3), (22, 22, 26), np.uint8)
    page[b:b + h, b:b + w] = image
    H, W = page.shape[:2]
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    f = page.astype(np.float32) * np.array([0.94, 0.98, 1.04], np.float32)
    f *= (1 + 0.035 * np.sin(xx * 0.9 + yy * 0.31))[..., None]
    vign = 1 - 0.22 * (((xx - W / 2) / (W / 2)) ** 2 + ((yy - H / 2) / (H / 2)) ** 2) / 2
    f *= vign[..., None]
    f += rng.normal(0, 3.0, f.shape)
    out = np.clip(f, 0, 255).astype(np.uint8)
    from genpuzzle import page_perturb

    out = page_perturb.perspective(out, 0.012, seed)[0]
    return perturb.jpeg(perturb.blur(out, 0.8), 68)


def _hand_shadow(image: np.ndarray, _arg: Any, seed: int) -> np.ndarray:
    """A soft shadow (a hand or a phone) over one corner of the page, down to 62 % brightness."""
    h, w = image.shape[:2]
    rng = random.Random(seed)
    cx, cy = rng.choice(((0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)))
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    d = np.hypot((xx / w - cx) / 0.75, (yy / h - cy) / 0.6)
    shade = 1 - 0.38 * np.clip(1.15 - d, 0, 1) ** 0.8
    return np.clip(image.astype(np.float32) * shade[..., None], 0, 255).astype(np.uint8)


def _on_table(image: np.ndarray, _arg: Any, seed: int) -> np.ndarray:
    """The sheet lying on a wooden table with a shadow under it, turned 1.5 degrees."""
    from genpuzzle import page_perturb

    h, w = image.shape[:2]
    m = int(0.08 * max(h, w))
    H, W = h + 2 * m, w + 2 * m
    rng = np.random.default_rng(seed)
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    wobble = cv2.GaussianBlur(rng.normal(0, 1, (H, W)).astype(np.float32), (0, 0), 12) * 60
    grain = 0.85 + 0.15 * np.sin((yy + wobble) / 5.0)
    table = np.stack([150 * grain, 100 * grain, 60 * grain], axis=2)
    shadow = np.zeros((H, W), np.float32)
    shadow[m + 8:m + 8 + h, m + 8:m + 8 + w] = 1
    shadow = cv2.GaussianBlur(shadow, (0, 0), 7)
    table *= (1 - 0.5 * shadow)[..., None]
    table[m:m + h, m:m + w] = image
    out = np.clip(table, 0, 255).astype(np.uint8)
    return page_perturb.rotate_expand(out, 1.5 if seed % 2 else -1.5, fill=(150, 100, 60))[0]


def _glare(image: np.ndarray, _arg: Any, seed: int) -> np.ndarray:
    """A soft white glare (a lamp's reflection) over part of the page."""
    h, w = image.shape[:2]
    rng = random.Random(seed)
    cx, cy = rng.uniform(0.25, 0.75) * w, rng.uniform(0.25, 0.75) * h
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    g = np.exp(-(((xx - cx) / (0.22 * w)) ** 2 + ((yy - cy) / (0.14 * h)) ** 2)) * 0.33
    f = image.astype(np.float32)
    return np.clip(f + (255 - f) * g[..., None], 0, 255).astype(np.uint8)


def _stretch(image: np.ndarray, arg: Any, _seed: int) -> np.ndarray:
    return perturb.rescale(image, arg[0], arg[1])


PAGE_EXTRA = {"screen_photo": _screen_photo, "hand_shadow": _hand_shadow, "on_table": _on_table,
              "glare": _glare, "stretch": _stretch}


# -------------------------------------------------------------------------------------------- measuring


def answers(records: Sequence[Any], per_record: int, seed: int) -> list[tuple[Any, Style, str, int, int]]:
    """A deterministic sample: (record, style, case, answer seed, accepted index); a game's instances take
    the cases in turn (the k-th instance of a game starts at case ``k * per_record``), styles drawn;
    every further accepted board is drawn once as ``none``."""
    rng = random.Random(seed)
    out = []
    seen: dict[str, int] = {}
    for record in records:
        k = seen.get(record.variant, 0)
        seen[record.variant] = k + 1
        n_acc = len(record.ground_truth["accepted"])
        for j in range(per_record):
            case = CASES[(k * per_record + j) % len(CASES)]
            out.append((record, STYLES[rng.randrange(len(STYLES))], case, rng.randrange(1 << 30), 0))
        for extra in range(1, n_acc):
            out.append((record, STYLES[rng.randrange(len(STYLES))], "none", rng.randrange(1 << 30), extra))
    return out


def realise(record: Any, case: str, seed: int, accepted_index: int) -> tuple[str, Planted]:
    """The case as planted (a case the instance has no such error for falls back to the next in
    :data:`FALLBACK`)."""
    rng = random.Random(seed)
    for name in (case,) + FALLBACK:
        p = plant(record, name, rng, accepted_index)
        if p is not None:
            return name, p
    raise RuntimeError(f"no case plantable for {record.id}")


def make_records(instances: int, master_seed: int) -> list[tuple[Any, np.ndarray, np.ndarray]]:
    from board_game_answers import make_record

    return [make_record(game, master_seed + k) for game in GAMES for k in range(instances)]


def main(instances: int = 2, per_record: int = 6, master_seed: int = 1414, json_out: str | None = None
         ) -> dict[str, Any]:
    import json
    from collections import Counter, defaultdict

    from genpuzzle.evaluate import verify_image

    made = make_records(instances, master_seed)
    inputs = {rec.id: (inp, mask) for rec, inp, mask in made}
    by_style: dict[str, Counter] = defaultdict(Counter)
    by_case: dict[str, Counter] = defaultdict(Counter)
    by_game: dict[str, Counter] = defaultdict(Counter)
    lines, rows = [], []
    for record, style, case, seed, idx in answers([m[0] for m in made], per_record, master_seed):
        name, planted = realise(record, case, seed, idx)
        marked = name == "none_marked"
        expect = "correct" if name in ("none", "none_marked") else "not_pass"
        inp, mask = inputs[record.id]
        verdict = verify_image(record, build_answer(record, style, planted, marked, seed), inp, mask)
        kind = outcome(expect, verdict)
        by_style[style.name][kind] += 1
        by_case[name][kind] += 1
        by_game[record.variant][kind] += 1
        rows.append({"id": record.id, "game": record.variant, "style": style.name, "case": name, "asked": case,
                     "accepted_index": idx, "seed": seed, "kind": kind, "status": verdict.status.value,
                     "score": verdict.score, "needs_review": verdict.needs_review, "codes": list(verdict.codes)})
        if kind != "right":
            lines.append(f"  {kind:21s} {record.id} {style.name} {name} -> {verdict.status.value} {verdict.score} "
                         f"review={verdict.needs_review} {verdict.codes}")
    print_tally(by_style, by_case, lines)
    print("== by game: " + " / ".join(("right", "false_pass", "confident_false_fail", "review", "unreadable")))
    for g, c in by_game.items():
        print(f"  {g:16s} " + " ".join(f"{c[k]:3d}" for k in ("right", "false_pass", "confident_false_fail",
                                                              "review", "unreadable")) + f"  of {sum(c.values())}")
    result = {"style": {k: dict(v) for k, v in by_style.items()}, "case": {k: dict(v) for k, v in by_case.items()},
              "game": {k: dict(v) for k, v in by_game.items()}, "answers": rows}
    if json_out:
        with open(json_out, "w") as fh:
            json.dump(result, fh, indent=1)
    return result


if __name__ == "__main__":
    import sys

    args = [a for a in sys.argv[1:] if not a.startswith("--json")]
    out = next((a.split("=", 1)[1] for a in sys.argv[1:] if a.startswith("--json=")), None)
    main(*(int(a) for a in args[:3]), json_out=out)
