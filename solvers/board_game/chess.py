"""Chess instances: mate in 1 with exactly one mating move; hard level: mate in 2 with a unique key move.

Rules are python-chess's (GPL-3.0+, imported inside the functions that use it): standard FIDE chess. The
generated positions carry no castling rights and no en-passant square (random placements), so the
rules exercised are piece moves, captures, promotion (any of Q/R/B/N is its own move), check, mate and
stalemate.

Board form used by the verifier: a list of 8 rows, top row = rank 8, each a list of 8 one-letter piece
codes (FEN letters, upper case White, lower case Black) or ``"."`` for an empty square. Text form of a
position: its FEN.

Certificates:
- mate in 1: every legal move is tried; exactly one ends in checkmate. (Moves that cannot give check
  are not played out: python-chess generates only the moves of :func:`_checking_masks`; nor are moves
  after which the enemy king can step to a free, unattacked square (:func:`_king_escapes`);
  ``reference_check`` in ``validate`` plays every move.)
- mate in 2: there is no mate in 1, and exactly one first move (the key) leaves Black at least one
  legal reply while every legal reply allows a mate in 1 (exhaustive over all replies).
No drawing, no I/O.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from genpuzzle.solvers.board_game.base import Board, BoardGame, Instance, Move, fen_placement

FILES = "abcdefgh"
LEVELS = ("easy", "medium", "hard")
PIECES_BY_LEVEL = {"easy": (3, 5), "medium": (6, 10), "hard": (4, 8)}  # pieces besides the two kings
MAX_TRIES = 200_000


def board_of(cb: Any) -> Board:
    """The 8x8 letter board (rank 8 first) of a ``chess.Board``: each piece's symbol from its bit board
    (the board's pieces in a dozen masks, instead of 64 ``piece_at`` look-ups)."""
    import chess

    rows = [["."] * 8 for _ in range(8)]
    for colour in chess.COLORS:
        for kind in chess.PIECE_TYPES:
            letter = chess.Piece(kind, colour).symbol()
            for square in chess.scan_forward(cb.pieces_mask(kind, colour)):
                rows[7 - chess.square_rank(square)][chess.square_file(square)] = letter
    return rows


def square_cell(name: str) -> tuple[int, int]:
    """``"e4"`` -> (row, col) in the board form (row 0 = rank 8)."""
    return 8 - int(name[1]), FILES.index(name[0])


def mating_moves(cb: Any) -> list[Any]:
    """Every legal move of the side to move that checkmates, in ``legal_moves`` order."""
    found = set()
    for move in _candidates(cb):
        if move in found:
            continue
        cb.push(move)
        if cb.is_checkmate():
            found.add(move)
        cb.pop()
    return [m for m in cb.legal_moves if m in found] if found else []


def has_mate_in_1(cb: Any) -> bool:
    return mate_in_1_move(cb) is not None


def mate_in_1_move(cb: Any, hint: Any = None) -> Any:
    """A legal move of the side to move that checkmates, or None; ``hint`` (a move that mated in a
    similar position) is tried first when it is legal here, which decides most calls of the mate-in-2
    search at once (any mating move answers the question)."""
    if hint is not None and cb.is_legal(hint):
        cb.push(hint)
        mate = cb.is_checkmate()
        cb.pop()
        if mate:
            return hint
    for move in _candidates(cb):
        cb.push(move)
        mate = cb.is_checkmate()
        cb.pop()
        if mate:
            return move
    return None


def _candidates(cb: Any) -> Iterator[Any]:
    """Legal moves of the side to move, every mating move among them (each move once): in a position with
    no castling rights and no en passant square and the side to move not in check (what the generator
    and most of the mate-in-2 search see), the moves that can give check (as :func:`_checking_masks`)
    less those after which the enemy king has a square to step to, tested on the bit boards before
    python-chess makes them moves and tests them for legality; in any other position the legal moves
    of the checking masks less those :func:`_king_escapes` rules out (a move may then come twice).

    The square test: a square next to the enemy king, free of its pieces, that no other piece of the
    side to move attacks when the moved piece's square is empty (and the king's: it steps along the line
    of a check) stays unattacked after the move unless the moved piece attacks it from its new square (a
    piece landing elsewhere only blocks lines). Whether another piece attacks it is read from one
    attacker set per square (``attackers_mask`` of the board without the enemy king), and, only where
    the moved piece's square lies on a line through it, with that square empty as well."""
    import chess

    king = _plain_king(cb)
    turn = cb.turn
    own_king_mask = cb.kings & cb.occupied_co[turn]
    private = hasattr(cb, "_slider_blockers") and hasattr(cb, "_is_safe")  # as in _legal_moves_by_mask
    if king is None or not own_king_mask or not private or cb.is_variant_end() or \
            cb.attackers_mask(not turn, chess.msb(own_king_mask)):
        for moves in _legal_moves_by_mask(cb, _checking_masks(cb)):
            for move in moves:
                if king is None or not _king_escapes(cb, move, king):
                    yield move
        return
    own, occ = cb.occupied_co[turn], cb.occupied
    king_bb = chess.BB_SQUARES[king]
    diag_attacks, rank_attacks, file_attacks = chess.BB_DIAG_ATTACKS, chess.BB_RANK_ATTACKS, chess.BB_FILE_ATTACKS
    diag_masks, rank_masks, file_masks = chess.BB_DIAG_MASKS, chess.BB_RANK_MASKS, chess.BB_FILE_MASKS
    diagonal = diag_attacks[king][diag_masks[king] & occ]
    straight = rank_attacks[king][rank_masks[king] & occ] | file_attacks[king][file_masks[king] & occ]
    discovering = _discovering(cb, king, own, occ)
    knights, kings, bishops, rooks, queens = cb.knights, cb.kings, cb.bishops, cb.rooks, cb.queens
    attackers_mask, rays = cb.attackers_mask, chess.BB_RAYS
    sliders = own & (bishops | rooks | queens)
    Move = chess.Move
    cover: tuple[int, int, int, dict[int, int]] | None = None  # _neighbour_cover, when needed
    safety: list[Any] = []  # (own king, pinned pieces) for python-chess's legality test, when needed

    def free_without(frm: int) -> int:
        """The squares next to the enemy king, free of its pieces, attacked by no piece but the one on
        ``frm`` (lines through ``frm`` still blocked by it)."""
        nonlocal cover
        if cover is None:
            cover = _neighbour_cover(cb, king)
        near, once, twice, by_piece = cover
        return near & ~twice & ~(once & ~by_piece.get(frm, 0))

    def stays_free(frm: int, to: int, kind: int, left: int) -> bool:
        """Whether a square of ``left`` (:func:`free_without`) is still free after the move: not attacked
        by the moved piece from ``to``, and no line through ``frm`` opens onto it."""
        vacated = 1 << frm
        after = (occ & ~vacated | 1 << to) & ~king_bb
        if kind == chess.KNIGHT:
            hits = chess.BB_KNIGHT_ATTACKS[to]
        elif kind == chess.PAWN:
            hits = chess.BB_PAWN_ATTACKS[turn][to]
        elif kind == chess.KING:
            hits = chess.BB_KING_ATTACKS[to]
        else:
            hits = diag_attacks[to][diag_masks[to] & after] if kind != chess.ROOK else 0
            if kind != chess.BISHOP:
                hits |= rank_attacks[to][rank_masks[to] & after] | file_attacks[to][file_masks[to] & after]
        left &= ~hits
        line = rays[frm]
        while left:
            square = left.bit_length() - 1
            left ^= 1 << square
            # a line through frm can open onto the square only with a slider of the side on that line
            if not line[square] & sliders & ~vacated or not attackers_mask(turn, square, after) & ~vacated:
                return True
        return False

    def legal(move: Any) -> bool:
        if not safety:
            own_king = chess.msb(own_king_mask)
            safety.extend((own_king, cb._slider_blockers(own_king)))
        return cb._is_safe(safety[0], safety[1], move)

    pieces = own & ~cb.pawns
    while pieces:
        frm = pieces.bit_length() - 1
        bb = 1 << frm
        pieces ^= bb
        if bb & knights:
            kind, targets, reach = chess.KNIGHT, chess.BB_KNIGHT_ATTACKS[frm], chess.BB_KNIGHT_ATTACKS[king]
        elif bb & kings:
            kind, targets, reach = chess.KING, chess.BB_KING_ATTACKS[frm], 0
        else:
            targets = reach = 0
            if bb & (bishops | queens):
                targets, reach = diag_attacks[frm][diag_masks[frm] & occ], diagonal
            if bb & (rooks | queens):
                targets |= rank_attacks[frm][rank_masks[frm] & occ] | file_attacks[frm][file_masks[frm] & occ]
                reach |= straight
            kind = chess.QUEEN if bb & queens else chess.ROOK if bb & rooks else chess.BISHOP
        targets &= ~own
        if not bb & discovering:
            targets &= reach
        if not targets:
            continue
        if cover is None:
            cover = _neighbour_cover(cb, king)
        near, once, twice, by_piece = cover
        left = near & ~twice & ~(once & ~by_piece.get(frm, 0))  # free_without(frm)
        if left:
            # a square of left that no line through frm can open onto must be attacked by the moved piece
            # from its target (else stays_free finds it free): keep only such targets (the ray between
            # two squares is the same both ways; the target itself, an end of it, blocks nothing)
            line, empty = rays[frm], occ & ~bb & ~king_bb
            squares_left = left
            while squares_left and targets:
                square = squares_left.bit_length() - 1
                squares_left ^= 1 << square
                if line[square] & sliders & ~bb:
                    continue
                if kind == chess.KNIGHT:
                    targets &= chess.BB_KNIGHT_ATTACKS[square]
                elif kind == chess.KING:
                    targets &= chess.BB_KING_ATTACKS[square]
                else:
                    from_square = diag_attacks[square][diag_masks[square] & empty] if kind != chess.ROOK else 0
                    if kind != chess.BISHOP:
                        from_square |= rank_attacks[square][rank_masks[square] & empty] | \
                            file_attacks[square][file_masks[square] & empty]
                    targets &= from_square
        while targets:
            to = targets.bit_length() - 1
            targets ^= 1 << to
            if left and stays_free(frm, to, kind, left):
                continue
            move = Move(frm, to)
            if legal(move):
                yield move
    pawns = cb.pawns & own
    if not pawns:
        return
    anywhere = pawns & (discovering | (chess.BB_RANK_7 if turn == chess.WHITE else chess.BB_RANK_2))
    checking = chess.BB_PAWN_ATTACKS[not turn][king]
    if not anywhere:
        # the other pawns matter only if one can reach a square attacking the king: a step or two
        # forward, or a capture diagonally forward (a superset: no pawn move is looked at otherwise)
        if turn == chess.WHITE:
            reach = pawns << 8 | pawns << 16 | (pawns & ~chess.BB_FILE_A) << 7 | (pawns & ~chess.BB_FILE_H) << 9
        else:
            reach = pawns >> 8 | pawns >> 16 | (pawns & ~chess.BB_FILE_H) >> 7 | (pawns & ~chess.BB_FILE_A) >> 9
        if not reach & checking:
            return
    for move in cb.generate_pseudo_legal_moves(pawns, chess.BB_ALL):
        if not (1 << move.from_square & anywhere or 1 << move.to_square & checking):
            continue
        left = free_without(move.from_square)
        if left and stays_free(move.from_square, move.to_square, move.promotion or chess.PAWN, left):
            continue
        if legal(move):
            yield move


def _neighbour_cover(cb: Any, king: int) -> tuple[int, int, int, dict[int, int]]:
    """Around the enemy ``king``: the squares next to it free of its pieces, those of them attacked by at
    least one and by at least two pieces of the side to move, and each such piece's attacks on them (the
    attacks read with the king's own square empty: it steps along the line of a check)."""
    import chess

    near = chess.BB_KING_ATTACKS[king] & ~cb.occupied_co[not cb.turn]
    occ = cb.occupied & ~chess.BB_SQUARES[king]
    once = twice = 0
    by_piece = {}
    pieces = cb.occupied_co[cb.turn]
    pawn_attacks = chess.BB_PAWN_ATTACKS[cb.turn]
    knights, kings, pawns = cb.knights, cb.kings, cb.pawns
    diagonal, straight = cb.bishops | cb.queens, cb.rooks | cb.queens
    while pieces:
        square = pieces.bit_length() - 1
        bb = 1 << square
        pieces ^= bb
        if bb & pawns:
            hits = pawn_attacks[square]
        elif bb & knights:
            hits = chess.BB_KNIGHT_ATTACKS[square]
        elif bb & kings:
            hits = chess.BB_KING_ATTACKS[square]
        else:
            hits = 0
            if bb & diagonal:
                hits = chess.BB_DIAG_ATTACKS[square][chess.BB_DIAG_MASKS[square] & occ]
            if bb & straight:
                hits |= chess.BB_RANK_ATTACKS[square][chess.BB_RANK_MASKS[square] & occ] | \
                    chess.BB_FILE_ATTACKS[square][chess.BB_FILE_MASKS[square] & occ]
        hits &= near
        if hits:
            twice |= once & hits
            once |= hits
            by_piece[square] = hits
    return near, once, twice, by_piece


def _legal_moves_by_mask(cb: Any, masks: list[tuple[int, int]]) -> Iterator[list[Any]]:
    """Per (from squares, to squares) mask, the list ``cb.generate_legal_moves(from, to)`` gives, in its
    order; the king's pinned pieces and checkers, which python-chess computes on each call, once (its own
    steps otherwise: evasions when in check, else pseudo-legal moves, each kept when ``_is_safe``). The
    board must be the same whenever the iterator resumes (moves played out in between are taken back)."""
    import chess

    king_mask = cb.kings & cb.occupied_co[cb.turn]
    # (the steps are python-chess's private methods, stable since 1.0; a version without them gets the
    # public generator, the same moves in the same order)
    private = all(hasattr(cb, name) for name in ("_slider_blockers", "_generate_evasions", "_is_safe"))
    if cb.is_variant_end() or not king_mask or not private:
        for from_mask, to_mask in masks:
            yield list(cb.generate_legal_moves(from_mask, to_mask))
        return
    king = chess.msb(king_mask)
    blockers = cb._slider_blockers(king)
    checkers = cb.attackers_mask(not cb.turn, king)
    for from_mask, to_mask in masks:
        moves = (cb._generate_evasions(king, checkers, from_mask, to_mask) if checkers
                 else cb.generate_pseudo_legal_moves(from_mask, to_mask))
        yield [move for move in moves if cb._is_safe(king, blockers, move)]


def _plain_king(cb: Any) -> int | None:
    """The enemy king's square, or None when the position has castling rights or an en passant square
    (moves :func:`_king_escapes` does not model; generated positions have neither, and a reply has one
    only after a pawn's double step)."""
    return None if cb.castling_rights or cb.ep_square is not None else cb.king(not cb.turn)


def _king_escapes(cb: Any, move: Any, king: int) -> bool:
    """Whether after ``move`` the enemy king (on ``king``) has a neighbouring square, free of its own
    pieces, that no piece of the side to move attacks: a legal king move, so ``move`` does not mate. A
    cheap no before playing the move: the attacks are those of the board after it (the moved piece from
    its new square, as what it promotes to; lines through the vacated square and the king's own square
    open), taken from the bit boards without pushing the move."""
    import chess

    frm, to = move.from_square, move.to_square
    vacated, landed = chess.BB_SQUARES[frm], chess.BB_SQUARES[to]
    occ = (cb.occupied & ~vacated | landed) & ~chess.BB_SQUARES[king]
    kind = move.promotion or cb.piece_type_at(frm)
    if kind == chess.PAWN:
        hits = chess.BB_PAWN_ATTACKS[cb.turn][to]
    elif kind == chess.KNIGHT:
        hits = chess.BB_KNIGHT_ATTACKS[to]
    elif kind == chess.KING:
        hits = chess.BB_KING_ATTACKS[to]
    else:
        hits = 0
        if kind in (chess.BISHOP, chess.QUEEN):
            hits |= chess.BB_DIAG_ATTACKS[to][chess.BB_DIAG_MASKS[to] & occ]
        if kind in (chess.ROOK, chess.QUEEN):
            hits |= chess.BB_RANK_ATTACKS[to][chess.BB_RANK_MASKS[to] & occ] | \
                chess.BB_FILE_ATTACKS[to][chess.BB_FILE_MASKS[to] & occ]
    own = cb.occupied_co[not cb.turn] & ~landed  # a piece taken on the landing square is gone
    for square in chess.scan_forward(chess.BB_KING_ATTACKS[king] & ~own & ~hits):
        if not cb.attackers_mask(cb.turn, square, occ) & ~vacated:  # the moved piece no longer on frm
            return True
    return False


def _checking_masks(cb: Any) -> list[tuple[int, int]]:
    """(from squares, to squares) masks whose legal moves include every move that can give check (so
    every mating move; a move may come up twice): a move of the one piece between the enemy king and a
    bishop, rook or queen of the side to move (it may open the line: :func:`_discovering`), a knight or
    pawn moving to a square attacking the king, a bishop, rook or queen moving to a square with a clear
    line to it (the moved piece is not on that line, else it would be that one piece or stand behind
    another), every promotion, every en passant capture (it may open a line through two squares) and,
    with castling rights, every king move. Letting python-chess filter by masks skips generating and
    testing the other moves."""
    import chess

    king = cb.king(not cb.turn)
    if king is None:
        return [(chess.BB_ALL, chess.BB_ALL)]
    own, occ = cb.occupied_co[cb.turn], cb.occupied
    diagonal = chess.BB_DIAG_ATTACKS[king][chess.BB_DIAG_MASKS[king] & occ]
    straight = chess.BB_RANK_ATTACKS[king][chess.BB_RANK_MASKS[king] & occ] | \
        chess.BB_FILE_ATTACKS[king][chess.BB_FILE_MASKS[king] & occ]
    last_but_one = chess.BB_RANK_7 if cb.turn == chess.WHITE else chess.BB_RANK_2
    masks = [(_discovering(cb, king, own, occ), chess.BB_ALL),
             (cb.knights & own, chess.BB_KNIGHT_ATTACKS[king]),
             (cb.pawns & own, chess.BB_PAWN_ATTACKS[not cb.turn][king]),
             (cb.pawns & own & last_but_one, chess.BB_ALL),
             ((cb.bishops | cb.queens) & own, diagonal),
             ((cb.rooks | cb.queens) & own, straight)]
    if cb.ep_square is not None:
        masks.append((cb.pawns & own, chess.BB_SQUARES[cb.ep_square]))
    if cb.castling_rights:
        masks.append((cb.kings & own, chess.BB_ALL))
    return masks


def _discovering(cb: Any, king: int, own: int, occ: int) -> int:
    """The pieces of the side to move that stand alone between the enemy ``king`` and one of its own
    bishops, rooks or queens on that line: the only pieces whose move can give discovered check (any
    other piece leaves every line to the king as blocked or as open as it was)."""
    import chess

    straight = (cb.rooks | cb.queens) & own
    diagonal = (cb.bishops | cb.queens) & own
    snipers = ((chess.BB_RANK_ATTACKS[king][0] | chess.BB_FILE_ATTACKS[king][0]) & straight) | \
        (chess.BB_DIAG_ATTACKS[king][0] & diagonal)
    found = 0
    for sniper in chess.scan_reversed(snipers):
        between = chess.between(king, sniper) & occ
        if between and between & (between - 1) == 0:  # exactly one piece
            found |= between
    return found & own


def mate_in_2_keys(cb: Any, limit: int = 2) -> tuple[list[Any], int]:
    """First moves forcing mate on the next move against every reply (up to ``limit`` of them), and the
    number of positions searched. A first move that mates or stalemates at once is not a key."""
    keys, nodes = [], 0
    for move in list(cb.legal_moves):
        cb.push(move)
        nodes += 1
        # replies generated one at a time: most first moves fail on their first reply, and the board is
        # back in the same state (push, pop) each time the generator resumes, so the replies are the same
        ok, replied, hint = True, False, None
        for reply in cb.generate_legal_moves():
            replied = True
            cb.push(reply)
            nodes += 1
            mate = mate_in_1_move(cb, hint)
            cb.pop()
            if mate is None:
                ok = False
                break
            hint = mate
        cb.pop()
        if ok and replied:
            keys.append(move)
            if len(keys) >= limit:
                break
    return keys, nodes


def random_position(rng: random.Random, n_pieces: int, white_to_move: bool) -> Any:
    """A random legal position: two kings plus ``n_pieces`` others, the attacker holding at least one
    major piece, no pawns on the first or last rank, the side not to move not in check."""
    import chess

    while True:
        cb = chess.Board(None)
        squares = list(range(64))
        rng.shuffle(squares)
        cb.set_piece_at(squares.pop(), chess.Piece(chess.KING, chess.WHITE))
        cb.set_piece_at(squares.pop(), chess.Piece(chess.KING, chess.BLACK))
        attacker = chess.WHITE if white_to_move else chess.BLACK
        kinds = [chess.QUEEN if rng.random() < 0.5 else chess.ROOK]
        pool = [chess.QUEEN, chess.ROOK, chess.ROOK, chess.BISHOP, chess.BISHOP, chess.KNIGHT, chess.KNIGHT,
                chess.PAWN, chess.PAWN, chess.PAWN, chess.PAWN]
        kinds += [rng.choice(pool) for _ in range(n_pieces - 1)]
        colours = [attacker] + [attacker if rng.random() < 0.55 else not attacker for _ in kinds[1:]]
        for kind, colour in zip(kinds, colours):
            while True:
                sq = squares.pop()
                if kind != chess.PAWN or 1 <= chess.square_rank(sq) <= 6:
                    break
            cb.set_piece_at(sq, chess.Piece(kind, colour))
        cb.turn = attacker
        cb.castling_rights = chess.BB_EMPTY
        if cb.is_valid() and not cb.is_check() and not cb.is_game_over():
            return cb


def fen_of(board: Board, side: str) -> str:
    """FEN of a letter board with ``side`` (``"w"``/``"b"``) to move, no castling, no en passant."""
    return fen_placement(board) + f" {side} - - 0 1"


def _move(cb: Any, move: Any) -> Move:
    import chess

    cb.push(move)
    board = board_of(cb)
    cb.pop()
    cells = [square_cell(chess.square_name(move.from_square)), square_cell(chess.square_name(move.to_square))]
    return Move(move.uci(), board, cells)


def _moves(cb: Any, moves: list[Any]) -> list[Move]:
    """``[_move(cb, m) for m in moves]``: a plain move or capture (with or without promotion) edits a copy
    of the board's letters (the piece, or what it promotes to, leaves its square for the target); castling
    and en passant, which move or take a third piece, are played out."""
    import chess

    base = board_of(cb)
    out = []
    for move in moves:
        if cb.is_castling(move) or cb.is_en_passant(move):
            out.append(_move(cb, move))
            continue
        frm, to = move.from_square, move.to_square
        (fr, fc), (tr, tc) = (7 - chess.square_rank(frm), chess.square_file(frm)), \
            (7 - chess.square_rank(to), chess.square_file(to))
        letter = base[fr][fc] if move.promotion is None else \
            chess.Piece(move.promotion, cb.turn).symbol()
        board = [row[:] for row in base]
        board[fr][fc] = "."
        board[tr][tc] = letter
        out.append(Move(move.uci(), board, [(fr, fc), (tr, tc)]))
    return out


class Chess(BoardGame):
    name = "chess"
    rows = cols = 8
    codes = tuple("KQRBNPkqrbnp")
    side_names = {"w": "White", "b": "Black"}
    cell_kind = "glyph"
    title = "chess"
    description = "mate in 1 with exactly one mating move; hard: mate in 2 with a unique key move (python-chess)"

    def legal_moves(self, board: Board, side: str) -> list[Move]:
        import chess

        cb = chess.Board(fen_of(board, side))
        return _moves(cb, list(cb.legal_moves))

    def solve(self, board: Board, side: str, task: str) -> list[Move]:
        import chess

        cb = chess.Board(fen_of(board, side))
        if task == "mate_in_1":
            return _moves(cb, mating_moves(cb))
        if task == "mate_in_2":
            if has_mate_in_1(cb):
                return []
            return _moves(cb, mate_in_2_keys(cb, limit=64)[0])
        raise ValueError(f"chess has no task {task!r}")

    def check_truth(self, truth: dict[str, Any]) -> list[str]:
        """The shared re-proof, plus the answer set re-derived from the stored FEN alone by a separate
        python-chess code path (:func:`reference_check`)."""
        problems = super().check_truth(truth)
        if reference_check(truth["notation"], truth["task"]) != sorted(a["move"] for a in truth["accepted"]):
            problems.append("the accepted moves differ from the ones re-derived from the FEN")
        return problems

    def generate(self, rng: random.Random) -> Instance:
        """A certified instance; the level (easy/medium: mate in 1 with few/more pieces; hard: mate in 2)
        is drawn from ``rng`` in equal shares."""
        import chess

        level = LEVELS[rng.randrange(len(LEVELS))]
        lo, hi = PIECES_BY_LEVEL[level]
        nodes = 0
        for attempt in range(1, MAX_TRIES + 1):
            cb = random_position(rng, rng.randint(lo, hi), rng.random() < 0.7)
            mates = mating_moves(cb)
            nodes += cb.legal_moves.count()
            if level != "hard":
                if len(mates) != 1:
                    continue
                task, key = "mate_in_1", mates[0]
            else:
                if mates:
                    continue
                keys, searched = mate_in_2_keys(cb)
                nodes += searched
                if len(keys) != 1:
                    continue
                task, key = "mate_in_2", keys[0]
            side = "w" if cb.turn == chess.WHITE else "b"
            name, opp = self.side_names[side], self.side_names["b" if side == "w" else "w"]
            san = cb.san(key)
            if task == "mate_in_1":
                text = (f"{name} to move. Exactly one move checkmates {opp} at once (mate in 1): play it and "
                        "draw the board after that move.")
            else:
                text = (f"{name} to move and mate in 2. Exactly one first move (the key) forces mate on the next "
                        f"move against every {opp} reply: play the key move and draw the board after it (the "
                        "key move only).")
            return Instance(
                position=board_of(cb), side=side, side_name=name, task=task, task_text=text,
                accepted=_moves(cb, [key]), legal=_moves(cb, list(cb.legal_moves)),
                certificate={"kind": "python-chess exhaustive search", "solution_uci": key.uci(),
                             "solution_san": san, "search_nodes": nodes},
                difficulty={"level": level, "pieces": len(cb.piece_map()), "legal_moves": cb.legal_moves.count(),
                            "depth_plies": 1 if task == "mate_in_1" else 3, "search_nodes": nodes,
                            "attempts": attempt, "promotion": key.promotion is not None,
                            "capture": cb.is_capture(key)},
                notation=cb.fen(),
            )
        raise RuntimeError(f"chess {level}: no certified position in {MAX_TRIES} tries")


def reference_check(fen: str, task: str) -> list[str]:
    """Independent re-derivation of the accepted moves (UCI) from the FEN alone, for ``validate``."""
    import chess

    cb = chess.Board(fen)
    if task == "mate_in_1":
        return sorted(m.uci() for m in cb.legal_moves if _mates(cb, m))
    if any(_mates(cb, m) for m in cb.legal_moves):
        return []
    keys = []
    for m in cb.legal_moves:
        after = cb.copy(stack=False)
        after.push(m)
        replies = list(after.legal_moves)
        if replies and all(any(_mates(_after(after, r), w) for w in _after(after, r).legal_moves) for r in replies):
            keys.append(m.uci())
    return sorted(keys)


def _after(cb: Any, move: Any) -> Any:
    nxt = cb.copy(stack=False)
    nxt.push(move)
    return nxt


def _mates(cb: Any, move: Any) -> bool:
    return _after(cb, move).is_checkmate()


GAME = Chess()
