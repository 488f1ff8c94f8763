"""Xiangqi (Chinese chess) rules engine and "win in one" instances.

Board form: 10 rows x 9 columns, row 0 = Black's back rank (top of the diagram), row 9 = Red's. Each
square holds ``"."`` or a one-letter piece code as in xiangqi FEN: upper case Red, lower case Black;
K general, A advisor, B elephant, N horse, R chariot, C cannon, P soldier. Text form: xiangqi FEN
(``w`` = Red to move). Moves are written as on the printed board, ``"h3e3"``: files a-i from Red's
left, ranks 1-10 from Red's side (ICCS counts ranks 0-9).

Rules implemented:
- General: one step orthogonally, inside its palace (the 3x3 box of files d-f on its side).
- Flying general: the two generals may never face each other on a file with nothing between them; a
  move that leaves them so is illegal (as is any move leaving one's own general attacked).
- Advisor: one step diagonally, inside the palace.
- Elephant: exactly two steps diagonally, blocked by a piece on the point between ("elephant eye"),
  never across the river (it stays on its own five ranks).
- Horse: one step orthogonally then one diagonally outward; blocked by a piece on the first step
  ("hobbling the horse's leg").
- Chariot: any distance orthogonally (like a rook).
- Cannon: moves like a chariot without capturing; captures by jumping exactly one piece (the screen)
  of either side along the line.
- Soldier: one step forward; after crossing the river also one step sideways; never backwards.
- A side with no legal move loses, whether in check (checkmate) or not (stalemate). Repetition and
  perpetual-check rules do not arise in one-move tasks and are not implemented.

Task "win in one": the side to move has exactly one legal move after which the opponent has no legal
move. Certified by trying every legal move and every reply (exhaustive). No drawing, no I/O.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from genpuzzle.solvers.board_game.base import (EMPTY, Board, BoardGame, Instance, Move, cell_name,
                                               fen_placement, move_piece, parse_fen_placement)

MoveTuple = tuple[int, int, int, int]  # (row, col) from, (row, col) to

ROWS, COLS = 10, 9
FILES = "abcdefghi"
LEVELS = ("easy", "medium", "hard")
MAX_TRIES = 200_000
ORTHO = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAG = ((1, 1), (1, -1), (-1, 1), (-1, -1))
HORSE = ((2, 1), (2, -1), (-2, 1), (-2, -1), (1, 2), (1, -2), (-1, 2), (-1, -2))
NAMES = {"k": "general", "a": "advisor", "b": "elephant", "n": "horse", "r": "chariot", "c": "cannon",
         "p": "soldier"}


def is_red(piece: str) -> bool:
    return piece.isupper()


def in_palace(r: int, c: int, red: bool) -> bool:
    return 3 <= c <= 5 and (7 <= r <= 9 if red else 0 <= r <= 2)


def own_side(r: int, red: bool) -> bool:
    """True when row ``r`` is on ``red``'s side of the river."""
    return r >= 5 if red else r <= 4


def on_board(r: int, c: int) -> bool:
    return 0 <= r < ROWS and 0 <= c < COLS


def pseudo_moves(board: Board, red: bool) -> Iterator[MoveTuple]:
    """Every move of ``red``'s pieces by their movement rules, ignoring whether the own general is left
    attacked (see :func:`legal_moves`)."""
    for r in range(ROWS):
        for c in range(COLS):
            p = board[r][c]
            if p == "." or is_red(p) != red:
                continue
            kind = p.lower()
            for r2, c2 in _targets(board, r, c, kind, red):
                q = board[r2][c2]
                if q == "." or is_red(q) != red:
                    yield (r, c, r2, c2)


def _targets(board: Board, r: int, c: int, kind: str, red: bool) -> Iterator[tuple[int, int]]:
    if kind == "k":
        for dr, dc in ORTHO:
            if in_palace(r + dr, c + dc, red):
                yield r + dr, c + dc
    elif kind == "a":
        for dr, dc in DIAG:
            if in_palace(r + dr, c + dc, red):
                yield r + dr, c + dc
    elif kind == "b":
        for dr, dc in DIAG:
            r2, c2 = r + 2 * dr, c + 2 * dc
            if on_board(r2, c2) and own_side(r2, red) and board[r + dr][c + dc] == ".":
                yield r2, c2
    elif kind == "n":
        for dr, dc in HORSE:
            r2, c2 = r + dr, c + dc
            leg = (r + dr // 2, c) if abs(dr) == 2 else (r, c + dc // 2)
            if on_board(r2, c2) and board[leg[0]][leg[1]] == ".":
                yield r2, c2
    elif kind == "r":
        for dr, dc in ORTHO:
            r2, c2 = r + dr, c + dc
            while on_board(r2, c2):
                yield r2, c2
                if board[r2][c2] != ".":
                    break
                r2, c2 = r2 + dr, c2 + dc
    elif kind == "c":
        for dr, dc in ORTHO:
            r2, c2 = r + dr, c + dc
            while on_board(r2, c2) and board[r2][c2] == ".":
                yield r2, c2
                r2, c2 = r2 + dr, c2 + dc
            r2, c2 = r2 + dr, c2 + dc  # jump the screen
            while on_board(r2, c2):
                if board[r2][c2] != ".":
                    yield r2, c2  # capture only (own pieces are filtered by the caller)
                    break
                r2, c2 = r2 + dr, c2 + dc
    elif kind == "p":
        forward = -1 if red else 1
        if on_board(r + forward, c):
            yield r + forward, c
        if not own_side(r, red):
            for dc in (1, -1):
                if on_board(r, c + dc):
                    yield r, c + dc


def find_general(board: Board, red: bool) -> tuple[int, int] | None:
    target = "K" if red else "k"
    for r in range(ROWS):
        for c in range(3, 6):
            if board[r][c] == target:
                return r, c
    return None


def attacked(board: Board, red: bool) -> bool:
    """True when ``red``'s general is attacked by the other side or faces the other general."""
    pos = find_general(board, red)
    if pos is None:
        return True
    rays, horses, soldiers = _attack_lines(red, pos[0] * COLS + pos[1])
    rook, cannon, horse, soldier, general = ("r", "c", "n", "p", "k") if red else ("R", "C", "N", "P", "K")
    for ray, along_file in rays:
        screened = False
        for r2, c2 in ray:
            p = board[r2][c2]
            if p != ".":
                if not screened:
                    if p == rook or (along_file and p == general):
                        return True
                    screened = True
                else:
                    if p == cannon:
                        return True
                    break
    for hr, hc, lr, lc in horses:
        if board[hr][hc] == horse and board[lr][lc] == ".":
            return True
    for pr, pc in soldiers:
        if board[pr][pc] == soldier:
            return True
    return False


def _attack_lines(red: bool, square: int) -> tuple:
    """For ``red``'s general on ``square`` (index r * COLS + c): per orthogonal direction the squares
    outward (and whether it runs along the file, where the generals face each other), the enemy horse
    squares with their legs, and the squares an enemy soldier attacks it from."""
    return _ATTACK_LINES[red][square]


def _build_attack_lines(red: bool) -> tuple:
    out = []
    for square in range(ROWS * COLS):
        r, c = divmod(square, COLS)
        rays = []
        for dr, dc in ORTHO:
            ray = []
            r2, c2 = r + dr, c + dc
            while on_board(r2, c2):
                ray.append((r2, c2))
                r2, c2 = r2 + dr, c2 + dc
            rays.append((tuple(ray), dc == 0))
        horses = []
        for dr, dc in HORSE:
            hr, hc = r + dr, c + dc
            if on_board(hr, hc):
                # the horse moves (-dr, -dc); its leg is the first orthogonal step along the long axis
                leg = (hr - dr // 2, hc) if abs(dr) == 2 else (hr, hc - dc // 2)
                horses.append((hr, hc, *leg))
        back = 1 if red else -1  # an enemy soldier one row further from the enemy's home attacks forward
        soldiers = [(r - back, c)] if on_board(r - back, c) else []
        if not own_side(r, not red):
            soldiers += [(r, c + dc) for dc in (1, -1) if on_board(r, c + dc)]
        out.append((tuple(rays), tuple(horses), tuple(soldiers)))
    return tuple(out)


_ATTACK_LINES = {red: _build_attack_lines(red) for red in (True, False)}


def legal_moves(board: Board, red: bool) -> list[MoveTuple]:
    """Moves of ``red`` that leave its own general neither attacked nor facing the other general."""
    return [m for m in pseudo_moves(board, red) if not attacked(move_piece(board, m), red)]


def has_legal_move(board: Board, red: bool) -> bool:
    return any(not attacked(move_piece(board, m), red) for m in pseudo_moves(board, red))


def move_name(move: MoveTuple) -> str:
    """``"h3e3"``: from and to as printed on the board (files a-i, ranks 1-10 from Red's side)."""
    r, c, r2, c2 = move
    return cell_name(r, c, ROWS) + cell_name(r2, c2, ROWS)


def winning_moves(board: Board, red: bool) -> tuple[list[MoveTuple], int]:
    """Legal moves after which the opponent has no legal move, and the positions searched."""
    wins, nodes = [], 0
    for m in legal_moves(board, red):
        after = move_piece(board, m)
        nodes += 1
        if not has_legal_move(after, not red):
            wins.append(m)
    return wins, nodes


def to_fen(board: Board, red_to_move: bool) -> str:
    return fen_placement(board) + (" w" if red_to_move else " b")


def from_fen(fen: str) -> tuple[Board, bool]:
    placement, side = fen.split()[:2]
    return parse_fen_placement(placement), side == "w"


def flip(board: Board) -> Board:
    """The board turned 180 degrees with the colours swapped (Red's position becomes Black's)."""
    return [[p.swapcase() for p in reversed(row)] for row in reversed(board)]


# ------------------------------------------------------------------------------------------ generation

ADVISOR_POINTS = ((0, 3), (0, 5), (1, 4), (2, 3), (2, 5))
ELEPHANT_POINTS = ((0, 2), (0, 6), (2, 0), (2, 4), (2, 8), (4, 2), (4, 6))


def random_position(rng: random.Random, defenders: int, attackers: int) -> Board:
    """Red to move: Black's general in its palace with up to ``defenders`` advisors/elephants/others,
    Red's general in its palace and ``attackers`` of chariot/horse/cannon/soldier mostly in Black's half."""
    board = [["."] * COLS for _ in range(ROWS)]

    def free(cells: list[tuple[int, int]]) -> tuple[int, int] | None:
        cells = [rc for rc in cells if board[rc[0]][rc[1]] == "."]
        return rng.choice(cells) if cells else None

    def put(piece: str, cells: list[tuple[int, int]]) -> None:
        rc = free(cells)
        if rc:
            board[rc[0]][rc[1]] = piece

    put("k", [(r, c) for r in range(3) for c in range(3, 6)])
    put("K", [(r, c) for r in range(7, 10) for c in range(3, 6)])
    anywhere = [(r, c) for r in range(ROWS) for c in range(COLS)]
    black_half = [(r, c) for r in range(5) for c in range(COLS)]
    for _ in range(defenders):
        kind = rng.choice("aabbrncp")
        if kind == "a":
            put("a", list(ADVISOR_POINTS))
        elif kind == "b":
            put("b", list(ELEPHANT_POINTS))
        elif kind == "p":
            put("p", [(r, c) for r in (3, 4) for c in range(0, 9, 2)] + [(r, c) for r in range(5, 10) for c in range(9)])
        else:
            put(kind, anywhere)
    for _ in range(attackers):
        kind = rng.choice("rrnnccpp")
        if kind == "p":
            put("P", black_half + [(r, c) for r in (5, 6) for c in range(0, 9, 2)])
        else:
            put(kind.upper(), black_half if rng.random() < 0.75 else anywhere)
    return board


PIECES_BY_LEVEL = {"easy": ((0, 1), (2, 2)), "medium": ((1, 3), (2, 3)), "hard": ((3, 5), (3, 4))}
SIDES = ("red", "black")


def _move(board: Board, m: MoveTuple) -> Move:
    return Move(move_name(m), move_piece(board, m), [(m[0], m[1]), (m[2], m[3])])


def _flip_move(m: MoveTuple) -> MoveTuple:
    r, c, r2, c2 = m
    return (ROWS - 1 - r, COLS - 1 - c, ROWS - 1 - r2, COLS - 1 - c2)


class Xiangqi(BoardGame):
    name = "xiangqi"
    rows, cols = ROWS, COLS
    codes = tuple("KABNRCPkabnrcp")
    side_names = {"red": "Red", "black": "Black"}
    cell_kind = "glyph"
    title = "xiangqi (Chinese chess)"
    description = "win in one: the only move after which the opponent has no legal reply (own rules engine)"

    def legal_moves(self, board: Board, side: str) -> list[Move]:
        return [_move(board, m) for m in legal_moves(board, side == "red")]

    def solve(self, board: Board, side: str, task: str) -> list[Move]:
        if task != "win_in_1":
            raise ValueError(f"xiangqi has no task {task!r}")
        return [_move(board, m) for m in winning_moves(board, side == "red")[0]]

    def generate(self, rng: random.Random) -> Instance:
        """A certified win in one; the level (more defenders and attackers at higher levels) is drawn from
        ``rng`` in equal shares; Red or Black to move (a Black instance is a Red one turned 180 degrees
        with the colours swapped)."""
        level = LEVELS[rng.randrange(len(LEVELS))]
        (dlo, dhi), (alo, ahi) = PIECES_BY_LEVEL[level]
        nodes = 0
        for attempt in range(1, MAX_TRIES + 1):
            board = random_position(rng, rng.randint(dlo, dhi), rng.randint(alo, ahi))
            if attacked(board, False) or not has_legal_move(board, True) or not has_legal_move(board, False):
                continue
            wins, searched = winning_moves(board, True)
            nodes += searched
            if len(wins) != 1:
                continue
            red = rng.random() < 0.7
            key = wins[0]
            if not red:
                board, key = flip(board), _flip_move(key)
            side = "red" if red else "black"
            name, opp = self.side_names[side], self.side_names["black" if red else "red"]
            after = move_piece(board, key)
            mate = attacked(after, not red)
            legal = self.legal_moves(board, side)
            return Instance(
                position=board, side=side, side_name=name, task="win_in_1",
                task_text=(f"{name} to move. Exactly one move wins at once: after it {opp} has no legal move "
                           "(checkmate, or stalemate, which also loses in xiangqi). Play it and draw the board "
                           "after that move."),
                accepted=[_move(board, key)], legal=legal,
                certificate={"kind": "exhaustive: every legal move and every reply", "solution": move_name(key),
                             "ending": "checkmate" if mate else "stalemate", "search_nodes": nodes},
                difficulty={"level": level, "pieces": sum(p != EMPTY for row in board for p in row),
                            "legal_moves": len(legal), "depth_plies": 2, "search_nodes": nodes,
                            "attempts": attempt, "ending": "checkmate" if mate else "stalemate",
                            "capture": board[key[2]][key[3]] != EMPTY},
                notation=to_fen(board, red),
            )
        raise RuntimeError(f"xiangqi {level}: no certified position in {MAX_TRIES} tries")


GAME = Xiangqi()
