"""Checkers (English draughts, 8x8) rules engine and "capture the most pieces" instances.

Board form: 8 rows x 8 columns, row 0 = rank 8 at the top, column 0 = file a; pieces stand on the dark
squares ((row + col) odd, a1 dark). Each square holds ``"."`` or a piece code: ``b`` black man, ``B``
black king, ``w`` white man, ``W`` white king. Black starts at the bottom and moves up, White moves
down. Text form: ``"B:<board rows joined by '/'>"`` with ``B``/``W`` the side to move, rows as in
FEN (digits count empty squares). A move is written as its path: ``"c3-d4"`` or ``"c3xe5xc7"``.

Rules implemented (English draughts / American checkers):
- Men move one square diagonally forward; kings one square diagonally in any direction (no flying
  kings).
- Captures are compulsory: when any capture exists, the side to move must capture. A man captures
  forward only (diagonally over an adjacent enemy piece to the empty square beyond); a king in all four
  directions. Any capturing sequence may be chosen (there is no majority rule), but it must be continued
  while the capturing piece can jump again.
- Jumped pieces are removed when the move ends: a piece cannot be jumped twice and its square stays
  blocked during the move.
- A man reaching the far rank is crowned king, and a capture that reaches the far rank ends there.

Task "capture the most": the side to move (which must capture) has exactly one resulting position whose
move captures the most pieces, at least two, and at least one other legal move. Certified by listing
every legal move (exhaustive). No drawing, no I/O.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from genpuzzle.solvers.board_game.base import (EMPTY, Board, BoardGame, Instance, Move, fen_placement,
                                               parse_fen_placement)

Path = tuple[tuple[int, int], ...]

N = 8
FILES = "abcdefgh"
LEVELS = ("easy", "medium", "hard")
MAX_TRIES = 200_000
DIAG = ((-1, -1), (-1, 1), (1, -1), (1, 1))


def side_of(piece: str) -> str:
    return piece.lower()


def directions(piece: str) -> tuple[tuple[int, int], ...]:
    if piece.isupper():
        return DIAG
    return DIAG[:2] if piece == "b" else DIAG[2:]


def crown_row(side: str) -> int:
    return 0 if side == "b" else N - 1


def dark(r: int, c: int) -> bool:
    return (r + c) % 2 == 1


@dataclass(frozen=True)
class CheckersMove:
    path: Path
    captured: tuple[tuple[int, int], ...]

    @property
    def name(self) -> str:
        sep = "x" if self.captured else "-"
        return sep.join(square_name(r, c) for r, c in self.path)


def square_name(r: int, c: int) -> str:
    return f"{FILES[c]}{N - r}"


def _captures_from(board: Board, r: int, c: int, piece: str, captured: tuple, path: Path) -> list[CheckersMove]:
    side = side_of(piece)
    out = []
    for dr, dc in directions(piece):
        mr, mc, lr, lc = r + dr, c + dc, r + 2 * dr, c + 2 * dc
        if not (0 <= lr < N and 0 <= lc < N):
            continue
        mid = board[mr][mc]
        if mid == "." or side_of(mid) == side or (mr, mc) in captured or board[lr][lc] != ".":
            continue
        new_path, new_captured = path + ((lr, lc),), captured + ((mr, mc),)
        if piece.islower() and lr == crown_row(side):
            out.append(CheckersMove(new_path, new_captured))  # crowned: the move ends
            continue
        more = _captures_from(board, lr, lc, piece, new_captured, new_path)
        out.extend(more or [CheckersMove(new_path, new_captured)])
    return out


def legal_moves(board: Board, side: str) -> list[CheckersMove]:
    """Every legal move of ``side`` (``"b"`` or ``"w"``): all complete capture sequences if any capture
    exists, else all simple moves."""
    captures, simple = [], []
    for r in range(N):
        for c in range(N):
            piece = board[r][c]
            if piece == "." or side_of(piece) != side:
                continue
            work = [row[:] for row in board]
            work[r][c] = "."  # the moving piece leaves its square
            captures.extend(_captures_from(work, r, c, piece, (), ((r, c),)))
            if not captures:
                for dr, dc in directions(piece):
                    r2, c2 = r + dr, c + dc
                    if 0 <= r2 < N and 0 <= c2 < N and board[r2][c2] == ".":
                        simple.append(CheckersMove(((r, c), (r2, c2)), ()))
    return captures or simple


def apply(board: Board, move: CheckersMove) -> Board:
    out = [row[:] for row in board]
    (r, c), (r2, c2) = move.path[0], move.path[-1]
    piece = out[r][c]
    out[r][c] = "."
    for mr, mc in move.captured:
        out[mr][mc] = "."
    if piece.islower() and r2 == crown_row(piece):
        piece = piece.upper()
    out[r2][c2] = piece
    return out


def to_text(board: Board, side: str) -> str:
    return side.upper() + ":" + fen_placement(board)


def from_text(text: str) -> tuple[Board, str]:
    side, placement = text.split(":", 1)
    return parse_fen_placement(placement), side.lower()


def flip(board: Board) -> Board:
    """The board turned 180 degrees with the colours swapped (dark squares stay dark)."""
    swap = {"b": "w", "w": "b", "B": "W", "W": "B", ".": "."}
    return [[swap[p] for p in reversed(row)] for row in reversed(board)]


# ------------------------------------------------------------------------------------------ generation


def best_captures(board: Board, side: str) -> tuple[list[CheckersMove], list[CheckersMove]]:
    """(legal moves, the legal moves capturing the most pieces)."""
    moves = legal_moves(board, side)
    top = max((len(m.captured) for m in moves), default=0)
    return moves, [m for m in moves if len(m.captured) == top]


def random_position(rng: random.Random, own: int, enemy: int, kings: float) -> Board:
    """Black to move: ``own`` black and ``enemy`` white pieces on random dark squares (men never on their
    crowning row), each a king with probability ``kings``; the white pieces lie mostly in the middle
    of the board, where they can be jumped."""
    board = [["."] * N for _ in range(N)]
    cells = [(r, c) for r in range(N) for c in range(N) if dark(r, c)]
    rng.shuffle(cells)
    for piece, count in (("b", own), ("w", enemy)):
        placed = 0
        for r, c in list(cells):
            if placed == count:
                break
            if piece == "w" and not 1 <= r <= 6 and rng.random() < 0.7:
                continue
            king = rng.random() < kings
            if not king and r == crown_row(piece):
                continue
            board[r][c] = piece.upper() if king else piece
            cells.remove((r, c))
            placed += 1
    return board


PIECES_BY_LEVEL = {"easy": ((2, 3), (3, 5), 2), "medium": ((3, 5), (5, 7), 2), "hard": ((4, 7), (6, 9), 3)}


def _move(board: Board, m: CheckersMove) -> Move:
    return Move(m.name, apply(board, m), list(m.path))


class Checkers(BoardGame):
    name = "checkers"
    rows = cols = N
    codes = ("b", "B", "w", "W")
    side_names = {"b": "Black", "w": "White"}
    cell_kind = "glyph"
    title = "checkers (English draughts)"
    description = "the unique capture sequence taking the most pieces (English draughts, own rules engine)"

    def legal_moves(self, board: Board, side: str) -> list[Move]:
        return [_move(board, m) for m in legal_moves(board, side)]

    def solve(self, board: Board, side: str, task: str) -> list[Move]:
        if task != "capture_most":
            raise ValueError(f"checkers has no task {task!r}")
        _, best = best_captures(board, side)
        if not best or not best[0].captured:
            return []
        seen, out = set(), []
        for m in best:
            mv = _move(board, m)
            key = to_text(mv.board, side)
            if key not in seen:  # two paths over the same pieces to the same square are one answer
                seen.add(key)
                out.append(mv)
        return out

    def generate(self, rng: random.Random) -> Instance:
        """A certified "capture the most" instance; the level (more pieces, a longer best sequence) is
        drawn from ``rng`` in equal shares; Black or White to move (a White instance is a Black one turned
        180 degrees with the colours swapped)."""
        level = LEVELS[rng.randrange(len(LEVELS))]
        (olo, ohi), (elo, ehi), min_jumps = PIECES_BY_LEVEL[level]
        nodes = 0
        for attempt in range(1, MAX_TRIES + 1):
            board = random_position(rng, rng.randint(olo, ohi), rng.randint(elo, ehi), 0.15)
            moves, best = best_captures(board, "b")
            nodes += len(moves)
            if not best or len(best[0].captured) < min_jumps or len(moves) < 2:
                continue
            results = {to_text(apply(board, m), "w") for m in best}
            if len(results) != 1 or any(to_text(apply(board, m), "w") in results for m in moves if m not in best):
                continue
            side = "b" if rng.random() < 0.6 else "w"
            if side == "w":
                board = flip(board)
            moves, best = best_captures(board, side)
            key = best[0]
            name = self.side_names[side]
            crowned = board[key.path[0][0]][key.path[0][1]].islower() and key.path[-1][0] == crown_row(side)
            return Instance(
                position=board, side=side, side_name=name, task="capture_most",
                task_text=(f"{name} to move ({name} men move {'up' if side == 'b' else 'down'} the board). English "
                           "draughts rules: captures are compulsory and a capturing piece keeps jumping while it "
                           "can; a man reaching the far row becomes a king (crowned) and its move ends. Play the "
                           "capture sequence that captures the most pieces (there is exactly one) and draw the "
                           "board after the whole sequence, captured pieces removed."),
                accepted=[_move(board, key)], legal=[_move(board, m) for m in moves],
                certificate={"kind": "exhaustive: every legal capture sequence", "solution": key.name,
                             "captures": {m.name: len(m.captured) for m in moves}, "search_nodes": nodes},
                difficulty={"level": level, "pieces": sum(p != EMPTY for row in board for p in row),
                            "legal_moves": len(moves), "jumps": len(key.captured), "depth_plies": len(key.captured),
                            "search_nodes": nodes, "attempts": attempt, "crowned": crowned},
                notation=to_text(board, side),
            )
        raise RuntimeError(f"checkers {level}: no certified position in {MAX_TRIES} tries")


GAME = Checkers()
