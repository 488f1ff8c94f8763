"""Piece drawing for the glyph games (chess, xiangqi, shogi, checkers): one function per game draws one
piece into a box of a PIL image. The renderers draw the boards with them and the verifiers render their
recognition templates with the same functions, so what is read is exactly what is drawn.

Fonts: chess glyphs U+2654-265F and shogi letters from the shipped DejaVu Sans (``data/fonts``,
Bitstream Vera licence); xiangqi characters from the shipped subset of WenQuanYi Micro Hei
(``data/fonts/WenQuanYiMicroHei-boardgames.ttf``, Apache-2.0).
"""

from __future__ import annotations

import math
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

import genpuzzle.data
from genpuzzle.renderers.common import draw_text

INK = (0, 0, 0)
PAPER = (255, 255, 255)

# chess: FEN letter -> (outline glyph, filled glyph); the filled glyph is the piece's silhouette
CHESS_GLYPHS = {"k": ("\u2654", "\u265a"), "q": ("\u2655", "\u265b"), "r": ("\u2656", "\u265c"),
                "b": ("\u2657", "\u265d"), "n": ("\u2658", "\u265e"), "p": ("\u2659", "\u265f")}

# xiangqi: piece letter -> (Red's character, Black's character), the traditional forms
XIANGQI_CHARS = {"k": ("帥", "將"), "a": ("仕", "士"), "b": ("相", "象"), "n": ("傌", "馬"), "r": ("俥", "車"),
                 "c": ("炮", "砲"), "p": ("兵", "卒")}
# other characters a redrawn board may use for the same piece (simplified or the other side's form)
XIANGQI_VARIANTS = {"k": "帅将", "a": "", "b": "", "n": "马", "r": "车", "c": "包", "p": ""}
XIANGQI_RED = (200, 20, 20)
XIANGQI_BLACK = (20, 20, 20)
XIANGQI_DISC = (250, 238, 210)
XIANGQI_DISC_EDGE = (120, 80, 30)

SHOGI_SENTE_FILL = (255, 251, 238)
SHOGI_GOTE_FILL = (40, 40, 40)
SHOGI_EDGE = (60, 40, 20)

CHECKERS_BLACK = (25, 25, 25)
CHECKERS_WHITE = (245, 245, 240)
CHECKERS_CROWN = (225, 170, 20)


def font_dir() -> Path:
    return Path(genpuzzle.data.__file__).resolve().parent / "fonts"


@lru_cache(maxsize=64)
def dejavu(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return ImageFont.truetype(str(font_dir() / name), max(4, size))


@lru_cache(maxsize=32)
def cjk(size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(font_dir() / "WenQuanYiMicroHei-boardgames.ttf"), max(4, size))


def _box_geometry(box: tuple[float, float, float, float]) -> tuple[float, float, float]:
    x0, y0, x1, y1 = box
    return (x0 + x1) / 2, (y0 + y1) / 2, min(x1 - x0, y1 - y0)


def draw_chess_piece(image: Image.Image, piece: str, box: tuple[float, float, float, float]) -> None:
    """A chess piece (FEN letter) centred in ``box``: White = the silhouette filled white under the
    outline glyph, Black = the silhouette filled black."""
    cx, cy, side = _box_geometry(box)
    draw = ImageDraw.Draw(image)
    outline, filled = CHESS_GLYPHS[piece.lower()]
    f = dejavu(int(round(side * 0.86)))
    if piece.isupper():
        draw_text(draw, (cx, cy), filled, f, PAPER, anchor="mm")
        draw_text(draw, (cx, cy), outline, f, INK, anchor="mm")
    else:
        draw_text(draw, (cx, cy), filled, f, INK, anchor="mm")


def draw_xiangqi_piece(image: Image.Image, piece: str, box: tuple[float, float, float, float]) -> None:
    """A xiangqi piece: a buff disc with a ring, the traditional character in red (Red) or black."""
    cx, cy, side = _box_geometry(box)
    draw = ImageDraw.Draw(image)
    r = side * 0.44
    ring = max(1, int(round(side * 0.03)))
    draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=XIANGQI_DISC, outline=XIANGQI_DISC_EDGE, width=ring)
    red = piece.isupper()
    colour = XIANGQI_RED if red else XIANGQI_BLACK
    r2 = r * 0.82
    draw.ellipse([cx - r2, cy - r2, cx + r2, cy + r2], outline=colour, width=max(1, ring // 2 + 1))
    char = XIANGQI_CHARS[piece.lower()][0 if red else 1]
    draw_text(draw, (cx, cy), char, cjk(int(round(side * 0.52))), colour, anchor="mm")


def shogi_pentagon(cx: float, cy: float, side: float, up: bool) -> list[tuple[float, float]]:
    """The five corners of a shogi piece pointing up (Sente) or down (Gote)."""
    w, h = side * 0.74, side * 0.86
    top, shoulder, bottom = -h / 2, -h / 2 + h * 0.28, h / 2
    pts = [(0.0, top), (w * 0.40, shoulder), (w * 0.5, bottom), (-w * 0.5, bottom), (-w * 0.40, shoulder)]
    s = 1 if up else -1
    return [(cx + x * s, cy + y * s) for x, y in pts]


def draw_shogi_piece(image: Image.Image, piece: str, box: tuple[float, float, float, float]) -> None:
    """A shogi piece as GenPuzzle's letters: Sente = a light pentagon pointing up with a black letter,
    Gote = a dark pentagon pointing down with a white letter (letters upright for legibility)."""
    cx, cy, side = _box_geometry(box)
    draw = ImageDraw.Draw(image)
    sente = piece.isupper()
    fill = SHOGI_SENTE_FILL if sente else SHOGI_GOTE_FILL
    draw.polygon(shogi_pentagon(cx, cy, side, sente), fill=fill, outline=SHOGI_EDGE,
                 width=max(1, int(round(side * 0.03))))
    letter_y = cy + side * (0.06 if sente else -0.06)
    draw_text(draw, (cx, letter_y), piece.upper(), dejavu(int(round(side * 0.46)), bold=True),
              INK if sente else PAPER, anchor="mm")


def crown_polygon(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """A three-pointed crown centred on (cx, cy) within radius ``r``."""
    w, h = r * 1.1, r * 0.8
    x0, x1, yb, yt = cx - w / 2, cx + w / 2, cy + h / 2, cy - h / 2
    ym = cy + h * 0.05
    return [(x0, yb), (x0, yt), (x0 + w * 0.25, ym), (cx, yt), (x1 - w * 0.25, ym), (x1, yt), (x1, yb)]


def draw_checkers_piece(image: Image.Image, piece: str, box: tuple[float, float, float, float]) -> None:
    """A checkers piece: a black or white disc with an inner ring; a king carries a gold crown."""
    cx, cy, side = _box_geometry(box)
    draw = ImageDraw.Draw(image)
    black = piece.lower() == "b"
    fill = CHECKERS_BLACK if black else CHECKERS_WHITE
    edge = (120, 120, 120) if black else (30, 30, 30)
    r = side * 0.40
    width = max(1, int(round(side * 0.03)))
    draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=fill, outline=edge, width=width)
    r2 = r * 0.72
    draw.ellipse([cx - r2, cy - r2, cx + r2, cy + r2], outline=edge, width=width)
    if piece.isupper():
        draw.polygon(crown_polygon(cx, cy, r * 0.9), fill=CHECKERS_CROWN, outline=(90, 60, 0))


def star_point(draw: ImageDraw.ImageDraw, cx: float, cy: float, size: float, width: int, fill: tuple,
               left: bool = True, right: bool = True) -> None:
    """The small corner marks of a xiangqi board at a cannon or soldier point."""
    g, L = size * 0.08, size * 0.2
    for sx in ((-1,) if left else ()) + ((1,) if right else ()):
        for sy in (-1, 1):
            x, y = cx + sx * g, cy + sy * g
            draw.line([(x, y), (x + sx * L, y)], fill=fill, width=width)
            draw.line([(x, y), (x, y + sy * L)], fill=fill, width=width)


def unit_angle(deg: float) -> tuple[float, float]:
    return math.cos(math.radians(deg)), math.sin(math.radians(deg))
