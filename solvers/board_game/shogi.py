"""Shogi (9x9) rules engine without drops or promotion, and unique mate-in-one instances.

Board form: 9 rows x 9 columns, row 0 = rank ``a`` at the top (Gote's back rank), column 0 = file 9 at
the left, as in a printed shogi diagram. Each square holds ``"."`` or a one-letter piece code as
GenPuzzle draws them: upper case Sente (moves up the board), lower case Gote (moves down); K king,
R rook, B bishop, G gold, S silver, N knight, L lance, P pawn. Text form: the SFEN board field plus the
side to move (``b`` Sente, ``w`` Gote). Moves are written as on the printed board, ``"c3c4"`` (files
a-i from the left, ranks 1-9 from the bottom).

Rules implemented (a subset of shogi, stated in every instruction):
- King: one step in any of the 8 directions. Gold: one step orthogonally or diagonally forward.
  Silver: one step diagonally or straight forward. Knight: jumps two forward and one sideways (the only
  jumping piece). Lance: any distance straight forward. Rook: any distance orthogonally. Bishop: any
  distance diagonally. Pawn: one step straight forward, capturing the same way.
- No drops: captured pieces leave the game. No promotion: a move that would leave a pawn or lance on the
  last rank or a knight on the last two ranks (where shogi forces promotion) is not allowed, and such
  squares hold no piece of that kind in a generated position.
- A move may not leave one's own king attacked. Checkmate: the side to move is in check and has no
  legal move. A position where the side to move has no legal move but is not in check does not arise in
  the generated instances (a mate-in-one gives check).

Task "mate in one": exactly one legal move of the side to move checkmates. Certified by trying every
legal move and every reply. No drawing, no I/O.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import lru_cache
from itertools import chain

from genpuzzle.solvers.board_game.base import (EMPTY, Board, BoardGame, Instance, Move, cell_name, copy_board,
                                               fen_placement, move_piece, parse_fen_placement)

MoveTuple = tuple[int, int, int, int]  # (row, col) from, (row, col) to

N = 9
LEVELS = ("easy", "medium", "hard")
MAX_TRIES = 200_000
NAMES = {"k": "king", "r": "rook", "b": "bishop", "g": "gold", "s": "silver", "n": "knight", "l": "lance",
         "p": "pawn"}
# one-step offsets (dr, dc) for Sente (forward = -1 row); Gote's are mirrored
STEPS = {
    "k": ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)),
    "g": ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, 0)),
    "s": ((-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 1)),
    "n": ((-2, -1), (-2, 1)),
    "p": ((-1, 0),),
}
SLIDES = {"r": ((1, 0), (-1, 0), (0, 1), (0, -1)), "b": ((1, 1), (1, -1), (-1, 1), (-1, -1)), "l": ((-1, 0),)}


def is_sente(piece: str) -> bool:
    return piece.isupper()


def dead_square(kind: str, r: int, sente: bool) -> bool:
    """True where a piece of ``kind`` could never move again (shogi would force its promotion)."""
    depth = r if sente else N - 1 - r  # ranks from the far edge
    return (kind in "pl" and depth == 0) or (kind == "n" and depth <= 1)


def _dead_rows(kind: str, sente: bool) -> frozenset[int]:
    return frozenset(r for r in range(N) if dead_square(kind, r, sente))


DEAD_ROWS = {(kind, sente): _dead_rows(kind, sente) for kind in "krbgsnlp" for sente in (True, False)}
# per (kind, side): the step offsets and slide directions with the side's sign applied
SIGNED = {(kind, sente): (tuple((s * dr, s * dc) for dr, dc in STEPS.get(kind, ())),
                          tuple((s * dr, s * dc) for dr, dc in SLIDES.get(kind, ())))
          for kind in "krbgsnlp" for sente, s in ((True, 1), (False, -1))}


def pseudo_moves(board: Board, sente: bool) -> Iterator[MoveTuple]:
    for r in range(N):
        row = board[r]
        for c in range(N):
            p = row[c]
            if p == "." or p.isupper() != sente:
                continue
            kind = p.lower()
            dead = DEAD_ROWS[kind, sente]
            steps, slides = SIGNED[kind, sente]
            for dr, dc in steps:
                r2, c2 = r + dr, c + dc
                if 0 <= r2 < N and 0 <= c2 < N:
                    q = board[r2][c2]
                    if (q == "." or q.isupper() != sente) and r2 not in dead:
                        yield (r, c, r2, c2)
            for dr, dc in slides:
                r2, c2 = r + dr, c + dc
                while 0 <= r2 < N and 0 <= c2 < N:
                    q = board[r2][c2]
                    if q != "." and q.isupper() == sente:
                        break
                    if r2 not in dead:
                        yield (r, c, r2, c2)
                    if q != ".":
                        break
                    r2, c2 = r2 + dr, c2 + dc


def find_king(board: Board, sente: bool) -> tuple[int, int] | None:
    target = "K" if sente else "k"
    for r, row in enumerate(board):
        if target in row:
            return r, row.index(target)
    return None


def _attack_table(sente: bool) -> tuple[tuple[tuple[int, int, str], ...], tuple[tuple[int, int, str], ...]]:
    """For ``sente``'s king: (offset from the king, the enemy letter that attacks from there) for the
    stepping pieces, and (direction away from the king, the enemy letter) for the sliding ones."""
    sign = -1 if sente else 1  # the enemy's step multiplier (Gote mirrors Sente's offsets)
    letter = str.lower if sente else str.upper
    steps = tuple((-sign * dr, -sign * dc, letter(kind)) for kind, offsets in STEPS.items() for dr, dc in offsets)
    slides = tuple((-sign * dr, -sign * dc, letter(kind)) for kind, dirs in SLIDES.items() for dr, dc in dirs)
    return steps, slides


ATTACKS = {sente: _attack_table(sente) for sente in (True, False)}


def attacked(board: Board, sente: bool) -> bool:
    """True when ``sente``'s king is attacked by an enemy piece (reverse look-up from the king)."""
    target = "K" if sente else "k"
    for r, row in enumerate(board):
        if target in row:
            c = row.index(target)
            break
    else:
        return True
    steps, rays = _attack_lookups(sente)[r * N + c]
    for rr, cc, enemies in steps:
        # an enemy piece at king - (its step) reaches the king
        if board[rr][cc] in enemies:
            return True
    for ray, enemies in rays:  # _ray_hits inlined (the hottest loop of generation)
        for rr, cc in ray:
            p = board[rr][cc]
            if p != ".":
                if p in enemies:
                    return True
                break
    return False


def _ray_hits(board: Board, ray: tuple[tuple[int, int], ...], enemies: frozenset[str]) -> bool:
    """Whether the first piece along ``ray`` (squares outward from the king) is one of ``enemies``."""
    for rr, cc in ray:
        p = board[rr][cc]
        if p != ".":
            return p in enemies
    return False


@lru_cache(maxsize=None)
def _attack_lookups(sente: bool) -> tuple:
    """:data:`ATTACKS` per king square (index r * N + c): the on-board squares an enemy stepping piece
    attacks the king from, with the enemy letters that do, and the on-board rays a sliding piece attacks
    along (squares outward from the king), with the letters that slide along each. One look-up per
    square or ray instead of one per (piece, offset) pair; the same verdict."""
    steps, slides = ATTACKS[sente]
    out = []
    for r in range(N):
        for c in range(N):
            by_square: dict[tuple[int, int], set[str]] = {}
            for dr, dc, enemy in steps:
                if 0 <= r + dr < N and 0 <= c + dc < N:
                    by_square.setdefault((r + dr, c + dc), set()).add(enemy)
            by_direction: dict[tuple[int, int], set[str]] = {}
            for dr, dc, enemy in slides:
                by_direction.setdefault((dr, dc), set()).add(enemy)
            rays = []
            for (dr, dc), enemies in by_direction.items():
                ray = []
                rr, cc = r + dr, c + dc
                while 0 <= rr < N and 0 <= cc < N:
                    ray.append((rr, cc))
                    rr, cc = rr + dr, cc + dc
                if ray:
                    rays.append((tuple(ray), frozenset(enemies)))
            out.append((tuple((rr, cc, frozenset(e)) for (rr, cc), e in by_square.items()), tuple(rays)))
    return tuple(out)


def legal_moves(board: Board, sente: bool) -> list[MoveTuple]:
    work = copy_board(board)
    quiet = _quiet_king(work, sente)
    return [m for m in pseudo_moves(work, sente) if _off_lines(m, quiet) or _safe_after(work, m, sente)]


def has_legal_move(board: Board, sente: bool) -> bool:
    work = copy_board(board)
    quiet = _quiet_king(work, sente)
    moves = pseudo_moves(work, sente)
    if quiet is None:  # king attacked (or missing): its own steps first, the likeliest way out (a yes/no: any order)
        king = find_king(work, sente)
        if king is not None:
            moves = chain(_king_steps(work, king, sente), moves)
    return any(_off_lines(m, quiet) or _safe_after(work, m, sente) for m in moves)


def _king_steps(board: Board, king: tuple[int, int], sente: bool) -> Iterator[MoveTuple]:
    """The pseudo-moves of ``sente``'s king on ``king`` (as :func:`pseudo_moves` yields them)."""
    r, c = king
    for dr, dc in SIGNED["k", sente][0]:
        r2, c2 = r + dr, c + dc
        if 0 <= r2 < N and 0 <= c2 < N:
            q = board[r2][c2]
            if q == "." or q.isupper() != sente:
                yield (r, c, r2, c2)


def _quiet_king(board: Board, sente: bool) -> tuple[tuple[int, int], frozenset] | None:
    """``sente``'s king square and the squares on its eight lines when it is on the board and not attacked;
    else None. Then a move by another piece from a square off those lines cannot leave it attacked: the
    enemy's stepping pieces attack the same squares as before, and the only line the move opens is
    through its from-square (the to-square can only block, a capture only removes an attacker)."""
    king = find_king(board, sente)
    if king is None or attacked(board, sente):
        return None
    return king, _lines_through(king[0] * N + king[1])


def _off_lines(move: MoveTuple, quiet: tuple[tuple[int, int], frozenset] | None) -> bool:
    """Whether ``move`` is legal by :func:`_quiet_king`'s rule alone (False: test it)."""
    if quiet is None:
        return False
    frm = (move[0], move[1])
    return frm != quiet[0] and frm not in quiet[1]


@lru_cache(maxsize=None)
def _lines_through(square: int) -> frozenset[tuple[int, int]]:
    """The squares on the rank, file and diagonals through ``square`` (index r * N + c), itself excluded."""
    r, c = divmod(square, N)
    out = set()
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            rr, cc = r + dr, c + dc
            while (dr or dc) and 0 <= rr < N and 0 <= cc < N:
                out.add((rr, cc))
                rr, cc = rr + dr, cc + dc
    return frozenset(out)


def _safe_after(work: Board, move: MoveTuple, sente: bool) -> bool:
    """Whether ``move`` leaves ``sente``'s king unattacked: played on ``work`` and taken back (no board
    copy per move; :func:`pseudo_moves` reads ``work`` lazily, and finds it restored when it resumes)."""
    r, c, r2, c2 = move
    moved, captured = work[r][c], work[r2][c2]
    work[r2][c2], work[r][c] = moved, EMPTY
    try:
        return not attacked(work, sente)
    finally:
        work[r][c], work[r2][c2] = moved, captured


def mating_moves(board: Board, sente: bool) -> tuple[list[MoveTuple], int]:
    """Legal moves giving check after which the opponent has no legal move, and positions searched."""
    mates, nodes = [], 0
    work = copy_board(board)
    quiet = _quiet_king(work, sente)
    enemy = _quiet_king(work, not sente)
    if enemy is not None:
        reach = _attack_squares(not sente, enemy[0][0] * N + enemy[0][1])
    king_targets = None  # squares the enemy attacks with the (quiet) king's square empty, when needed
    for m in pseudo_moves(work, sente):
        r, c, r2, c2 = m
        legal = _off_lines(m, quiet)
        moved, captured = work[r][c], work[r2][c2]
        work[r2][c2], work[r][c] = moved, EMPTY
        try:
            if not legal:
                if quiet is not None and (r, c) != quiet[0]:
                    # the king was not attacked and stays: only the line through the from-square opens
                    if _attacked_via(work, quiet[0], sente, (r, c), (r, c)):
                        continue
                elif quiet is not None:  # the king steps: attacked there iff the enemy attacks that square
                    if king_targets is None:
                        king_targets = _attacked_squares(board, not sente, quiet[0])
                    if (r2, c2) in king_targets:
                        continue
                elif attacked(work, sente):
                    continue
            nodes += 1
            if enemy is not None:
                check = ((r, c) in reach or (r2, c2) in reach) and \
                    _attacked_via(work, enemy[0], not sente, (r, c), (r2, c2))
            else:
                check = attacked(work, not sente)
            if check and not has_legal_move(work, not sente):
                mates.append(m)
        finally:
            work[r][c], work[r2][c2] = moved, captured
    return mates, nodes


def _attacked_squares(board: Board, sente: bool, empty: tuple[int, int]) -> set[tuple[int, int]]:
    """Every square a piece of ``sente`` attacks (steps and slides, whatever stands on the square), with
    the square ``empty`` taken as empty: where the other side's king, moving from ``empty``, would be
    attacked (:func:`attacked` after the move: a capture on the square removes no attacker of it)."""
    out = set()
    for r, row in enumerate(board):
        for c, p in enumerate(row):
            if p == "." or p.isupper() != sente:
                continue
            steps, slides = SIGNED[p.lower(), sente]
            for dr, dc in steps:
                r2, c2 = r + dr, c + dc
                if 0 <= r2 < N and 0 <= c2 < N:
                    out.add((r2, c2))
            for dr, dc in slides:
                r2, c2 = r + dr, c + dc
                while 0 <= r2 < N and 0 <= c2 < N:
                    out.add((r2, c2))
                    if board[r2][c2] != "." and (r2, c2) != empty:
                        break
                    r2, c2 = r2 + dr, c2 + dc
    return out


@lru_cache(maxsize=None)
def _attacks_by_square(sente: bool, square: int) -> tuple[dict, dict]:
    """:func:`_attack_lookups` for ``sente``'s king on ``square`` by the square an attack comes from: the
    enemy letters that attack it by a step from there, and the ray (with its sliding letters) through
    there."""
    steps, rays = _attack_lookups(sente)[square]
    by_step = {(rr, cc): enemies for rr, cc, enemies in steps}
    by_ray = {sq: (ray, enemies) for ray, enemies in rays for sq in ray}
    return by_step, by_ray


@lru_cache(maxsize=None)
def _attack_squares(sente: bool, square: int) -> frozenset[tuple[int, int]]:
    """Every square an attack on ``sente``'s king on ``square`` can come from (:func:`_attacks_by_square`):
    a change elsewhere cannot attack it."""
    by_step, by_ray = _attacks_by_square(sente, square)
    return frozenset(by_step) | frozenset(by_ray)


def _attacked_via(board: Board, king: tuple[int, int], sente: bool, frm: tuple[int, int],
                  to: tuple[int, int]) -> bool:
    """Whether ``sente``'s king on ``king`` (not attacked before, and not moved) is attacked on ``board``
    after a change at the squares ``frm`` and ``to`` only: the same verdict as :func:`attacked`. A
    stepping piece attacks from the same squares whatever stands between, so a new step attack comes
    from a changed square; a ray's first piece changes only on a ray through a changed square."""
    by_step, by_ray = _attacks_by_square(sente, king[0] * N + king[1])
    if board[to[0]][to[1]] in by_step.get(to, ()) or board[frm[0]][frm[1]] in by_step.get(frm, ()):
        return True
    for sq in (frm, to) if frm != to else (frm,):
        hit = by_ray.get(sq)
        if hit is None:
            continue
        if _ray_hits(board, *hit):
            return True
    return False


def move_name(move: MoveTuple) -> str:
    """``"e3e4"``: from and to as printed on genpuzzle's board (files a-i from the left, ranks 1-9 from
    the bottom; traditional shogi notation would say ``5g5f``)."""
    r, c, r2, c2 = move
    return cell_name(r, c, N) + cell_name(r2, c2, N)


def to_sfen(board: Board, sente_to_move: bool) -> str:
    return fen_placement(board) + (" b" if sente_to_move else " w")


def from_sfen(sfen: str) -> tuple[Board, bool]:
    placement, side = sfen.split()[:2]
    return parse_fen_placement(placement), side == "b"


def flip(board: Board) -> Board:
    """The board turned 180 degrees with the sides swapped."""
    return [[p.swapcase() for p in reversed(row)] for row in reversed(board)]


# ------------------------------------------------------------------------------------------ generation


def random_position(rng: random.Random, defenders: int, attackers: int) -> Board:
    """Sente to move: Gote's king in its camp with ``defenders`` pieces near it, Sente's king in its camp
    and ``attackers`` pieces, most of them within three ranks of Gote's king."""
    board = [["."] * N for _ in range(N)]
    # each piece goes to a random empty cell of a list (near Gote's king, or anywhere), drawn from the
    # list's empty cells in its order: the lists are kept as their empty cells (a placed piece's cell
    # removed), so the draws are the same as filtering the whole list for each piece
    kr, kc = rng.choice(GOTE_KING_CELLS)  # the board is empty: every cell of the list is
    board[kr][kc] = "k"
    sr, sc = rng.choice(SENTE_KING_CELLS)  # rows 6-8: Gote's king is not there
    board[sr][sc] = "K"
    near = [(r, c) for r in range(max(0, kr - 1), min(N, kr + 4)) for c in range(max(0, kc - 3), min(N, kc + 4))
            if board[r][c] == "."]
    anywhere = [rc for rc in ALL_CELLS if board[rc[0]][rc[1]] == "."]

    def put(piece: str, cells: list[tuple[int, int]]) -> None:
        kind = piece.lower()
        if kind in "pln":  # the only kinds with dead squares
            dead = DEAD_ROWS[kind, piece.isupper()]
            cells = [rc for rc in cells if rc[0] not in dead]
        if not cells:
            return
        rc = rng.choice(cells)
        board[rc[0]][rc[1]] = piece
        if rc in near:
            near.remove(rc)
        anywhere.remove(rc)

    for _ in range(defenders):
        put(rng.choice("ggsspplnb"), near)
    for _ in range(attackers):
        put(rng.choice("RRBBGGSSNLP").upper(), near if rng.random() < 0.75 else anywhere)
    return board


GOTE_KING_CELLS = [(r, c) for r in range(3) for c in range(N)]
SENTE_KING_CELLS = [(r, c) for r in range(6, 9) for c in range(N)]
ALL_CELLS = [(r, c) for r in range(N) for c in range(N)]


PIECES_BY_LEVEL = {"easy": ((0, 1), (2, 2)), "medium": ((1, 3), (2, 3)), "hard": ((3, 5), (3, 5))}
SIDES = ("sente", "gote")


def _move(board: Board, m: MoveTuple) -> Move:
    return Move(move_name(m), move_piece(board, m), [(m[0], m[1]), (m[2], m[3])])


class Shogi(BoardGame):
    name = "shogi"
    rows = cols = N
    codes = tuple("KRBGSNLPkrbgsnlp")
    side_names = {"sente": "Sente", "gote": "Gote"}
    cell_kind = "glyph"
    title = "shogi (letter pieces)"
    description = "unique mate in 1, 9x9, letter pieces, no drops, no promotion (own rules engine)"

    def legal_moves(self, board: Board, side: str) -> list[Move]:
        return [_move(board, m) for m in legal_moves(board, side == "sente")]

    def solve(self, board: Board, side: str, task: str) -> list[Move]:
        if task != "mate_in_1":
            raise ValueError(f"shogi has no task {task!r}")
        return [_move(board, m) for m in mating_moves(board, side == "sente")[0]]

    def generate(self, rng: random.Random) -> Instance:
        """A certified mate in one; the level (more defenders and attackers at higher levels) is drawn
        from ``rng`` in equal shares; Sente or Gote to move (a Gote instance is a Sente one turned 180
        degrees with the sides swapped)."""
        level = LEVELS[rng.randrange(len(LEVELS))]
        (dlo, dhi), (alo, ahi) = PIECES_BY_LEVEL[level]
        nodes = 0
        for attempt in range(1, MAX_TRIES + 1):
            board = random_position(rng, rng.randint(dlo, dhi), rng.randint(alo, ahi))
            if attacked(board, False):
                continue
            # (a position without a legal move for Sente gives no mates and no nodes: skipped alike)
            mates, searched = mating_moves(board, True)
            nodes += searched
            if len(mates) != 1:
                continue
            sente = rng.random() < 0.7
            key = mates[0]
            if not sente:
                board, key = flip(board), (N - 1 - key[0], N - 1 - key[1], N - 1 - key[2], N - 1 - key[3])
            side = "sente" if sente else "gote"
            name, opp = self.side_names[side], self.side_names["gote" if sente else "sente"]
            legal = self.legal_moves(board, side)
            return Instance(
                position=board, side=side, side_name=name, task="mate_in_1",
                task_text=(f"{name} to move ({'light pieces pointing up' if sente else 'dark pieces pointing down'}). "
                           f"Exactly one move checkmates {opp} at once (mate in 1). Rules: no drops, no "
                           "promotion. Play it and draw the board after that move."),
                accepted=[_move(board, key)], legal=legal,
                certificate={"kind": "exhaustive: every legal move and every reply", "solution": move_name(key),
                             "search_nodes": nodes},
                difficulty={"level": level, "pieces": sum(p != EMPTY for row in board for p in row),
                            "legal_moves": len(legal), "depth_plies": 2, "search_nodes": nodes,
                            "attempts": attempt, "capture": board[key[2]][key[3]] != EMPTY},
                notation=to_sfen(board, sente),
            )
        raise RuntimeError(f"shogi {level}: no certified position in {MAX_TRIES} tries")


GAME = Shogi()
