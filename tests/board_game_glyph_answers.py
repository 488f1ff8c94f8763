"""Answers for the glyph games (chess, xiangqi, shogi, checkers) drawn as image models redraw them, for
tests and reports.

An answer is the game's *empty* board (the track's own drawing, so the geometry is the input's) with its
dark line work optionally thickened, every piece of the answer board drawn in a piece style of its own
(the track's glyphs, another chess font, letters on discs, bold or simplified characters, square or
direction-only shogi tokens, flat checkers with a letter or a glyph for kings ...), then page effects
(rescale with other proportions, JPEG, tint, blur, rotation, :func:`genpuzzle.perturb.model_like`).

``TUNE`` styles were looked at while setting the readers' thresholds; ``HELDOUT`` styles were written
before the readers were run on them and are only ever run as a check, never tuned on. ``PEN``: the
track's own pieces on a whole page redrawn with a heavier or lighter pen (1 and 2 px bolder, 1 px
thinner), the heavier-pen fix was made on it (tuned). ``HELDOUT_3``: a third set written (Dec 1) before
the open-set and heavier-pen changes were made, never tuned on; it uses fonts of the machine (FreeSerif's
chess glyphs, setofont's handwritten characters, Liberation Serif letters: Debian packages
fonts-freefont-ttf, fonts-seto, fonts-liberation), so it is a measurement, not a test. ``HELDOUT_4``: a fourth set written (Dec 1, second session) before
that session's changes and run blind once (YOzFont, kiloji, Go, Comic Neue and DejaVu Sans Bold
letters and glyphs; pages 1-2 px bolder, thinner, blurred), likewise a measurement.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np
from PIL import Image, ImageDraw

from genpuzzle import perturb
from genpuzzle.renderers.board_game import pieces as P
from genpuzzle.solvers.board_game.base import EMPTY


@dataclass(frozen=True)
class Style:
    name: str
    pieces: str = "own"  # a key of PIECE_STYLES[game]
    line_extra: int = 0  # px the board's dark line work is thickened by (each side)
    scale: float = 1.0  # piece size relative to the renderer's
    page: tuple = ()  # ("rescale", fx, fy), ("jpeg", q), ("tint",), ("blur", s), ("rotate", d), ("model_like",),
    # ("bolder", k) / ("thinner", k): the whole page redrawn with a pen k px heavier / lighter per side


TUNE = {
    "chess": (Style("t_own_rescale_jpeg", page=(("rescale", 0.8, 0.8), ("jpeg", 70))),
              Style("t_wqy_font", pieces="wqy", page=(("jpeg", 85),)),
              Style("t_letter_discs_thick", pieces="letter_discs", line_extra=2),
              Style("t_own_model", page=(("model_like",),)),
              Style("t_own_smaller_jpeg", scale=0.88, page=(("jpeg", 80),))),
    "xiangqi": (Style("t_own_rescale_jpeg", page=(("rescale", 0.8, 0.8), ("jpeg", 70))),
                Style("t_bold_chars", pieces="bold", page=(("jpeg", 85),)),
                Style("t_plain_discs_thick", pieces="plain", line_extra=2),
                Style("t_own_model", page=(("model_like",),))),
    "shogi": (Style("t_own_rescale_jpeg", page=(("rescale", 0.8, 0.8), ("jpeg", 70))),
              Style("t_hershey_letters", pieces="hershey", page=(("jpeg", 85),)),
              Style("t_square_tokens_thick", pieces="squares", line_extra=2),
              Style("t_own_model", page=(("model_like",),))),
    "checkers": (Style("t_own_rescale_jpeg", page=(("rescale", 0.8, 0.8), ("jpeg", 70))),
                 Style("t_flat_k_letter", pieces="flat_k", page=(("jpeg", 85),)),
                 Style("t_own_thick", line_extra=2),
                 Style("t_own_model", page=(("model_like",),))),
}

HELDOUT = {
    "chess": (Style("h_outline_white_stretched", pieces="outline", page=(("rescale", 1.1, 1.0), ("jpeg", 60))),
              Style("h_hershey_letter_squares_tint", pieces="letter_squares", page=(("tint",), ("jpeg", 75))),
              Style("h_wqy_small_rotated", pieces="wqy", scale=0.85, page=(("rotate", 1.0), ("blur", 0.8))),
              Style("h_own_large_model", scale=1.08, line_extra=1, page=(("model_like",),))),
    "xiangqi": (Style("h_simplified_stretched", pieces="simplified", page=(("rescale", 1.1, 1.0), ("jpeg", 60))),
                Style("h_rim_discs_tint", pieces="rims", page=(("tint",), ("jpeg", 75))),
                Style("h_small_rotated", scale=0.85, page=(("rotate", 1.0), ("blur", 0.8))),
                Style("h_bold_model", pieces="bold", line_extra=1, page=(("model_like",),))),
    "shogi": (Style("h_direction_only_stretched", pieces="direction_only", page=(("rescale", 1.1, 1.0), ("jpeg", 60))),
              Style("h_triplex_letters_tint", pieces="triplex", page=(("tint",), ("jpeg", 75))),
              Style("h_small_rotated", scale=0.85, page=(("rotate", 1.0), ("blur", 0.8))),
              Style("h_thick_model", line_extra=1, page=(("model_like",),))),
    "checkers": (Style("h_crown_glyph_stretched", pieces="crown_glyph", page=(("rescale", 1.1, 1.0), ("jpeg", 60))),
                 Style("h_inner_disc_king_tint", pieces="inner_disc", page=(("tint",), ("jpeg", 75))),
                 Style("h_small_rotated", scale=0.85, page=(("rotate", 1.0), ("blur", 0.8))),
                 Style("h_gradient_model", pieces="gradient", page=(("model_like",),))),
}

PEN = {game: (Style("p_own_bolder1", page=(("bolder", 1),)),
              Style("p_own_bolder2", page=(("bolder", 2),)),
              Style("p_own_thinner1", page=(("thinner", 1),)),
              Style("p_own_bolder1_jpeg", page=(("rescale", 0.9, 0.9), ("bolder", 1), ("jpeg", 75))))
       for game in ("chess", "xiangqi", "shogi", "checkers")}

HELDOUT_3 = {
    "chess": (Style("h3_freeserif_glyphs_jpeg", pieces="freeserif", page=(("jpeg", 80),)),
              Style("h3_serif_letter_discs_rotated", pieces="serif_letter_discs", page=(("rotate", 0.7), ("jpeg", 80))),
              Style("h3_grey_glyphs_bolder", pieces="grey_glyphs", page=(("rescale", 0.9, 0.95), ("bolder", 1))),
              Style("h3_wqy_bolder2", pieces="wqy", page=(("bolder", 2), ("jpeg", 85)))),
    "xiangqi": (Style("h3_handwritten_chars", pieces="seto", page=(("jpeg", 80),)),
                Style("h3_inverse_discs", pieces="inverse"),
                Style("h3_own_bolder_squashed", page=(("bolder", 1), ("rescale", 0.9, 0.95))),
                Style("h3_simplified_bold_thinner", pieces="simplified_bold", page=(("thinner", 1), ("blur", 0.6)))),
    "shogi": (Style("h3_serif_letters_rotated", pieces="serif", page=(("rotate", -0.8),)),
              Style("h3_own_bolder2", page=(("bolder", 2),)),
              Style("h3_grey_gote_complex_tint", pieces="grey_gote", page=(("tint",), ("jpeg", 80))),
              Style("h3_large_thinner_jpeg", scale=1.1, page=(("thinner", 1), ("jpeg", 60)))),
    "checkers": (Style("h3_stacked_kings", pieces="stacked"),
                 Style("h3_own_bolder2_rotated", page=(("bolder", 2), ("rotate", 1.0))),
                 Style("h3_star_kings_tint", pieces="star", page=(("tint",),)),
                 Style("h3_small_thinner_model", scale=0.8, page=(("thinner", 1), ("model_like",)))),
}

HELDOUT_4 = {
    "chess": (Style("h4_yoz_glyphs_jpeg", pieces="yoz", page=(("jpeg", 85),)),
              Style("h4_dejavu_bold_glyphs_stretched", pieces="dejavu_bold", page=(("rescale", 1.0, 1.08),)),
              Style("h4_own_bolder1_blur_rotated", page=(("bolder", 1), ("rotate", 0.5), ("blur", 1.0))),
              Style("h4_wqy_thinner_tint_jpeg", pieces="wqy", page=(("thinner", 1), ("tint",), ("jpeg", 70)))),
    "xiangqi": (Style("h4_mincho_chars", pieces="mincho"),
                Style("h4_own_bolder2_jpeg", page=(("bolder", 2), ("jpeg", 85))),
                Style("h4_kiloji_bold_plain_bolder1", pieces="kiloji_plain", page=(("bolder", 1), ("rescale", 1.05, 1.0))),
                Style("h4_own_bolder1_rotated_blur", page=(("bolder", 1), ("rotate", -0.8), ("blur", 0.8)))),
    "shogi": (Style("h4_go_bold_letters_rotated", pieces="go_bold", page=(("rotate", 0.5),)),
              Style("h4_own_bolder1_stretched_jpeg", page=(("bolder", 1), ("rescale", 0.95, 1.0), ("jpeg", 75))),
              Style("h4_comic_letters_tint", pieces="comic", page=(("tint",),)),
              Style("h4_small_bolder2_blur", scale=0.9, page=(("bolder", 2), ("blur", 0.8)))),
    "checkers": (Style("h4_red_black_outline_crowns", pieces="red_outline_crown"),
                 Style("h4_side_stack_kings_bolder1", pieces="side_stack", page=(("bolder", 1),)),
                 Style("h4_heavy_crown_outline_jpeg", pieces="heavy_crown_outline", page=(("jpeg", 70),)),
                 Style("h4_thin_king_glyph_thinner_rotated", pieces="thin_king_glyph", page=(("thinner", 1), ("rotate", -1.0)))),
}

Box = tuple[float, float, float, float]


def _scaled(box: Sequence[float], scale: float) -> Box:
    x0, y0, x1, y1 = box
    cx, cy, h = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) * scale / 2
    return (cx - h, cy - h, cx + h, cy + h)


def _geometry(box: Box) -> tuple[float, float, float]:
    x0, y0, x1, y1 = box
    return (x0 + x1) / 2, (y0 + y1) / 2, x1 - x0


def _hershey_letter(image: Image.Image, letter: str, cx: float, cy: float, height: float,
                    colour: tuple[int, int, int], face: int, rotate: bool = False) -> None:
    """Draw ``letter`` in an OpenCV Hershey font, ``height`` px tall, centred (optionally turned 180)."""
    a = np.asarray(image).copy()
    size = int(height * 2)
    tile = np.zeros((size, size), np.uint8)
    scale = height / 22.0
    thick = max(2, int(round(height / 9)))
    (w, h), _ = cv2.getTextSize(letter, face, scale, thick)
    cv2.putText(tile, letter, ((size - w) // 2, (size + h) // 2), face, scale, 255, thick, cv2.LINE_AA)
    if rotate:
        tile = tile[::-1, ::-1]
    x0, y0 = int(round(cx - size / 2)), int(round(cy - size / 2))
    H, W = a.shape[:2]
    for dy in range(size):
        for_y = y0 + dy
        if not 0 <= for_y < H:
            continue
        row = tile[dy]
        xs = np.nonzero(row)[0]
        for dx in xs:
            x = x0 + dx
            if 0 <= x < W:
                t = row[dx] / 255.0
                a[for_y, x] = (1 - t) * a[for_y, x] + t * np.array(colour)
    image.paste(Image.fromarray(a.astype(np.uint8)))


# ------------------------------------------------------------------------------------------ chess


def chess_wqy(image: Image.Image, code: str, box: Box) -> None:
    _chess_font_glyph(image, code, box, P.cjk, 0.84)


def chess_outline(image: Image.Image, code: str, box: Box) -> None:
    """White pieces as the outline glyph only (the square shows through), Black filled."""
    cx, cy, side = _geometry(box)
    outline, filled = P.CHESS_GLYPHS[code.lower()]
    ImageDraw.Draw(image).text((cx, cy), outline if code.isupper() else filled, font=P.dejavu(int(side * 0.86)),
                               fill=(0, 0, 0), anchor="mm")


def chess_letter_discs(image: Image.Image, code: str, box: Box) -> None:
    cx, cy, side = _geometry(box)
    d = ImageDraw.Draw(image)
    r = side * 0.38
    white = code.isupper()
    d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=(250, 250, 250) if white else (30, 30, 30),
              outline=(0, 0, 0), width=2)
    d.text((cx, cy), code.upper(), font=P.dejavu(int(side * 0.45), bold=True),
           fill=(0, 0, 0) if white else (255, 255, 255), anchor="mm")


def chess_letter_squares(image: Image.Image, code: str, box: Box) -> None:
    cx, cy, side = _geometry(box)
    d = ImageDraw.Draw(image)
    h = side * 0.34
    white = code.isupper()
    d.rounded_rectangle([cx - h, cy - h, cx + h, cy + h], radius=int(h * 0.25),
                        fill=(245, 245, 235) if white else (35, 35, 45), outline=(20, 20, 20), width=2)
    _hershey_letter(image, code.upper(), cx, cy, side * 0.42, (10, 10, 10) if white else (245, 245, 245),
                    cv2.FONT_HERSHEY_DUPLEX)


def _system_font(path: str, size: int) -> Any:
    from PIL import ImageFont

    return ImageFont.truetype(path, size)


FREESERIF = "/usr/share/fonts/truetype/freefont/FreeSerif.ttf"
SERIF_BOLD = "/usr/share/fonts/truetype/liberation/LiberationSerif-Bold.ttf"
SETO = "/usr/share/fonts/truetype/seto/setofont.ttf"


def chess_freeserif(image: Image.Image, code: str, box: Box) -> None:
    """A third glyph design (GNU FreeSerif), drawn as the track draws its own."""
    cx, cy, side = _geometry(box)
    d = ImageDraw.Draw(image)
    outline, filled = P.CHESS_GLYPHS[code.lower()]
    f = _system_font(FREESERIF, int(side * 0.86))
    if code.isupper():
        d.text((cx, cy), filled, font=f, fill=(255, 255, 255), anchor="mm")
        d.text((cx, cy), outline, font=f, fill=(0, 0, 0), anchor="mm")
    else:
        d.text((cx, cy), filled, font=f, fill=(0, 0, 0), anchor="mm")


def chess_serif_letter_discs(image: Image.Image, code: str, box: Box) -> None:
    cx, cy, side = _geometry(box)
    d = ImageDraw.Draw(image)
    r = side * 0.4
    white = code.isupper()
    d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=(238, 228, 205) if white else (70, 40, 25),
              outline=(60, 40, 20), width=3)
    d.text((cx, cy), code.upper(), font=_system_font(SERIF_BOLD, int(side * 0.5)),
           fill=(40, 25, 10) if white else (245, 235, 215), anchor="mm")


def chess_grey_glyphs(image: Image.Image, code: str, box: Box) -> None:
    """The track's glyphs with White filled light grey and Black dark grey (a model's soft palette)."""
    cx, cy, side = _geometry(box)
    d = ImageDraw.Draw(image)
    outline, filled = P.CHESS_GLYPHS[code.lower()]
    f = P.dejavu(int(side * 0.85))
    if code.isupper():
        d.text((cx, cy), filled, font=f, fill=(212, 212, 212), anchor="mm")
        d.text((cx, cy), outline, font=f, fill=(50, 50, 50), anchor="mm")
    else:
        d.text((cx, cy), filled, font=f, fill=(70, 70, 70), anchor="mm")


# ------------------------------------------------------------------------------------------ xiangqi


def _xiangqi_disc(image: Image.Image, code: str, box: Box, char: str, *, stroke: int = 0, ring: bool = True,
                  disc: tuple[int, int, int] = P.XIANGQI_DISC, rim: tuple[int, int, int] | None = None) -> None:
    cx, cy, side = _geometry(box)
    d = ImageDraw.Draw(image)
    r = side * 0.44
    red = code.isupper()
    colour = P.XIANGQI_RED if red else P.XIANGQI_BLACK
    d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=disc, outline=rim or P.XIANGQI_DISC_EDGE,
              width=max(2, int(side * 0.05)) if rim else 2)
    if ring:
        r2 = r * 0.82
        d.ellipse([cx - r2, cy - r2, cx + r2, cy + r2], outline=colour, width=2)
    d.text((cx, cy), char, font=P.cjk(int(side * 0.52)), fill=colour, anchor="mm", stroke_width=stroke,
           stroke_fill=colour)


def xiangqi_own_char(code: str) -> str:
    return P.XIANGQI_CHARS[code.lower()][0 if code.isupper() else 1]


SIMPLIFIED = {"k": ("帅", "将"), "a": ("仕", "士"), "b": ("相", "象"), "n": ("马", "马"), "r": ("车", "车"),
              "c": ("炮", "炮"), "p": ("兵", "卒")}


def xiangqi_bold(image: Image.Image, code: str, box: Box) -> None:
    _xiangqi_disc(image, code, box, xiangqi_own_char(code), stroke=1)


def xiangqi_plain(image: Image.Image, code: str, box: Box) -> None:
    _xiangqi_disc(image, code, box, xiangqi_own_char(code), ring=False, disc=(255, 250, 240))


def xiangqi_simplified(image: Image.Image, code: str, box: Box) -> None:
    _xiangqi_disc(image, code, box, SIMPLIFIED[code.lower()][0 if code.isupper() else 1])


def xiangqi_rims(image: Image.Image, code: str, box: Box) -> None:
    _xiangqi_disc(image, code, box, xiangqi_own_char(code), ring=False, disc=(245, 235, 215),
                  rim=P.XIANGQI_RED if code.isupper() else P.XIANGQI_BLACK)


def xiangqi_seto(image: Image.Image, code: str, box: Box) -> None:
    """Handwritten characters (setofont) on the track's discs."""
    cx, cy, side = _geometry(box)
    d = ImageDraw.Draw(image)
    r = side * 0.44
    colour = P.XIANGQI_RED if code.isupper() else P.XIANGQI_BLACK
    d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=P.XIANGQI_DISC, outline=P.XIANGQI_DISC_EDGE, width=2)
    d.text((cx, cy), xiangqi_own_char(code), font=_system_font(SETO, int(side * 0.55)), fill=colour, anchor="mm")


def xiangqi_inverse(image: Image.Image, code: str, box: Box) -> None:
    """Discs in the side's colour carrying a light character."""
    cx, cy, side = _geometry(box)
    d = ImageDraw.Draw(image)
    r = side * 0.43
    d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=(190, 30, 30) if code.isupper() else (35, 35, 35),
              outline=(90, 60, 30), width=2)
    d.text((cx, cy), xiangqi_own_char(code), font=P.cjk(int(side * 0.52)), fill=(250, 240, 220), anchor="mm")


def xiangqi_simplified_bold(image: Image.Image, code: str, box: Box) -> None:
    _xiangqi_disc(image, code, box, SIMPLIFIED[code.lower()][0 if code.isupper() else 1], stroke=1)


# ------------------------------------------------------------------------------------------ shogi


def _shogi_token(image: Image.Image, code: str, box: Box, *, shape: str = "pentagon", letter: str = "dejavu",
                 fill: tuple[int, int, int] | None = None, ink: tuple[int, int, int] | None = None,
                 rotate_gote: bool = False) -> None:
    cx, cy, side = _geometry(box)
    d = ImageDraw.Draw(image)
    sente = code.isupper()
    fill = fill or (P.SHOGI_SENTE_FILL if sente else P.SHOGI_GOTE_FILL)
    ink = ink or ((0, 0, 0) if sente else (255, 255, 255))
    if shape == "pentagon":
        d.polygon(P.shogi_pentagon(cx, cy, side, sente), fill=fill, outline=P.SHOGI_EDGE, width=2)
    else:
        h = side * 0.36
        d.rectangle([cx - h, cy - h, cx + h, cy + h], fill=fill, outline=P.SHOGI_EDGE, width=2)
    ly = cy + (side * 0.06 * (1 if sente else -1) if shape == "pentagon" else 0)
    faces = {"hershey": cv2.FONT_HERSHEY_DUPLEX, "triplex": cv2.FONT_HERSHEY_TRIPLEX}
    if letter in faces:
        _hershey_letter(image, code.upper(), cx, ly, side * 0.4, ink, faces[letter], rotate=rotate_gote and not sente)
    else:
        tile = Image.new("RGBA", (int(side), int(side)), (0, 0, 0, 0))
        ImageDraw.Draw(tile).text((side / 2, side / 2), code.upper(), font=P.dejavu(int(side * 0.46), bold=True),
                                  fill=ink + (255,), anchor="mm")
        if rotate_gote and not sente:
            tile = tile.rotate(180)
        image.paste(tile, (int(round(cx - side / 2)), int(round(ly - side / 2))), tile)


def shogi_hershey(image: Image.Image, code: str, box: Box) -> None:
    _shogi_token(image, code, box, letter="hershey")


def shogi_triplex(image: Image.Image, code: str, box: Box) -> None:
    _shogi_token(image, code, box, letter="triplex")


def shogi_squares(image: Image.Image, code: str, box: Box) -> None:
    _shogi_token(image, code, box, shape="square")


def shogi_direction_only(image: Image.Image, code: str, box: Box) -> None:
    """Both sides light pentagons; Gote's points down with its letter turned 180 degrees."""
    _shogi_token(image, code, box, fill=(250, 240, 215), ink=(0, 0, 0), rotate_gote=True)


def shogi_serif(image: Image.Image, code: str, box: Box) -> None:
    _shogi_font_letter(image, code, box, SERIF_BOLD)


def shogi_grey_gote(image: Image.Image, code: str, box: Box) -> None:
    """Gote pieces mid grey; letters in Hershey complex."""
    cx, cy, side = _geometry(box)
    sente = code.isupper()
    ImageDraw.Draw(image).polygon(P.shogi_pentagon(cx, cy, side, sente),
                                  fill=P.SHOGI_SENTE_FILL if sente else (105, 105, 110), outline=P.SHOGI_EDGE, width=2)
    _hershey_letter(image, code.upper(), cx, cy + side * 0.06 * (1 if sente else -1), side * 0.4,
                    (0, 0, 0) if sente else (255, 255, 255), cv2.FONT_HERSHEY_COMPLEX)


# ------------------------------------------------------------------------------------------ checkers


def _disc(image: Image.Image, code: str, box: Box, ring: bool) -> tuple[float, float, float, tuple, tuple]:
    cx, cy, side = _geometry(box)
    d = ImageDraw.Draw(image)
    black = code.lower() == "b"
    fill = (40, 40, 40) if black else (250, 250, 245)
    other = (250, 250, 245) if black else (30, 30, 30)
    r = side * 0.4
    d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=fill, outline=(10, 10, 10), width=2 if not black else 0)
    if ring:
        r2 = r * 0.72
        d.ellipse([cx - r2, cy - r2, cx + r2, cy + r2], outline=(120, 120, 120), width=2)
    return cx, cy, r, fill, other


def checkers_flat_k(image: Image.Image, code: str, box: Box) -> None:
    cx, cy, r, _, other = _disc(image, code, box, ring=False)
    if code.isupper():
        ImageDraw.Draw(image).text((cx, cy), "K", font=P.dejavu(int(r * 1.1), bold=True), fill=other, anchor="mm")


def checkers_crown_glyph(image: Image.Image, code: str, box: Box) -> None:
    cx, cy, r, _, other = _disc(image, code, box, ring=True)
    if code.isupper():
        ImageDraw.Draw(image).text((cx, cy), "\u265a", font=P.dejavu(int(r * 1.2)), fill=other, anchor="mm")


def checkers_inner_disc(image: Image.Image, code: str, box: Box) -> None:
    cx, cy, r, _, other = _disc(image, code, box, ring=False)
    if code.isupper():
        r2 = r * 0.42
        ImageDraw.Draw(image).ellipse([cx - r2, cy - r2, cx + r2, cy + r2], fill=(200, 40, 40))


def checkers_gradient(image: Image.Image, code: str, box: Box) -> None:
    cx, cy, side = _geometry(box)
    a = np.asarray(image).astype(np.float32).copy()
    black = code.lower() == "b"
    base = np.array((45, 45, 50) if black else (235, 232, 225), np.float32)
    r = side * 0.4
    R = int(np.ceil(r)) + 1
    H, W = a.shape[:2]
    for y in range(int(cy) - R, int(cy) + R + 1):
        for x in range(int(cx) - R, int(cx) + R + 1):
            if 0 <= y < H and 0 <= x < W:
                d = np.hypot(x - cx, y - cy)
                if d <= r:
                    hl = np.hypot(x - cx + 0.35 * r, y - cy + 0.35 * r) / (1.6 * r)
                    a[y, x] = np.clip(base * (0.8 + 0.2 * (1 - hl)) + 40 * max(0.0, 1 - hl) ** 2, 0, 255)
    image.paste(Image.fromarray(a.astype(np.uint8)))
    if code.isupper():
        ImageDraw.Draw(image).polygon(P.crown_polygon(cx, cy, r * 0.8), fill=P.CHECKERS_CROWN)


def checkers_stacked(image: Image.Image, code: str, box: Box) -> None:
    """A king as two discs stacked (the upper one shifted up), a man as one disc."""
    cx, cy, side = _geometry(box)
    d = ImageDraw.Draw(image)
    black = code.lower() == "b"
    fill, edge = ((35, 35, 35), (120, 120, 120)) if black else ((245, 242, 235), (20, 20, 20))
    r = side * 0.36
    offsets = (side * 0.06, -side * 0.06) if code.isupper() else (0.0,)
    for dy in offsets:
        d.ellipse([cx - r, cy + dy - r, cx + r, cy + dy + r], fill=fill, outline=edge, width=2)


def checkers_star(image: Image.Image, code: str, box: Box) -> None:
    cx, cy, r, _, other = _disc(image, code, box, ring=False)
    if code.isupper():
        ImageDraw.Draw(image).text((cx, cy), "\u2605", font=P.dejavu(int(r * 1.2)), fill=other, anchor="mm")



# ------------------------------------------------------------------------------------------ HELDOUT_4 pieces

KILOJI = "/usr/share/fonts/truetype/kiloji/kiloji.ttf"
KILOJI_BOLD = "/usr/share/fonts/truetype/kiloji/kiloji_b.ttf"
MINCHO = "/usr/share/fonts/truetype/yozvox-yozfont/YOzRAF.ttf"
GO_BOLD = "/usr/share/fonts/fonts-go/Go-Bold.ttf"
COMIC_BOLD = "/usr/share/fonts/opentype/comic-neue/ComicNeue-Bold.otf"
DEJAVU_BOLD = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"


def _chess_font_glyph(image: Image.Image, code: str, box: Box, load_font, size: float = 0.86) -> None:
    """A chess glyph from a font (``load_font(pixel_size)``): White as the filled glyph in white under the
    outline glyph, Black as the filled glyph."""
    cx, cy, side = _geometry(box)
    d = ImageDraw.Draw(image)
    outline, filled = P.CHESS_GLYPHS[code.lower()]
    f = load_font(int(side * size))
    if code.isupper():
        d.text((cx, cy), filled, font=f, fill=(255, 255, 255), anchor="mm")
        d.text((cx, cy), outline, font=f, fill=(0, 0, 0), anchor="mm")
    else:
        d.text((cx, cy), filled, font=f, fill=(0, 0, 0), anchor="mm")


def chess_yoz(image: Image.Image, code: str, box: Box) -> None:
    """A fourth glyph design (YOzFont's chess glyphs). (kiloji, first chosen, maps the chess code points
    to empty glyphs: its first blind run drew empty boards.)"""
    _chess_font_glyph(image, code, box, lambda px: _system_font(MINCHO, px))


def chess_dejavu_bold(image: Image.Image, code: str, box: Box) -> None:
    """DejaVu Sans Bold's chess glyphs (a heavier weight of the track's own design)."""
    _chess_font_glyph(image, code, box, lambda px: _system_font(DEJAVU_BOLD, px))


def _xiangqi_char_disc(image: Image.Image, code: str, box: Box, path: str, ring: bool, edge: int) -> None:
    cx, cy, side = _geometry(box)
    d = ImageDraw.Draw(image)
    r = side * 0.44
    colour = P.XIANGQI_RED if code.isupper() else P.XIANGQI_BLACK
    d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=P.XIANGQI_DISC, outline=P.XIANGQI_DISC_EDGE, width=edge)
    if ring:
        r2 = r * 0.82
        d.ellipse([cx - r2, cy - r2, cx + r2, cy + r2], outline=colour, width=2)
    char = xiangqi_own_char(code)
    if char == "\u508c":  # the font lacks Red's horse: 馬 for both sides, as many sets draw it
        char = "\u99ac"
    d.text((cx, cy), char, font=_system_font(path, int(side * 0.54)), fill=colour, anchor="mm")


def xiangqi_mincho(image: Image.Image, code: str, box: Box) -> None:
    """Characters in a Mincho (serif) design on the track's discs."""
    _xiangqi_char_disc(image, code, box, MINCHO, ring=True, edge=2)


def xiangqi_kiloji_plain(image: Image.Image, code: str, box: Box) -> None:
    """kiloji bold characters on discs without the inner ring, with a heavy edge."""
    _xiangqi_char_disc(image, code, box, KILOJI_BOLD, ring=False, edge=4)


def _shogi_font_letter(image: Image.Image, code: str, box: Box, path: str) -> None:
    """The input's pentagons with the letter set in the font at ``path``."""
    cx, cy, side = _geometry(box)
    sente = code.isupper()
    ImageDraw.Draw(image).polygon(P.shogi_pentagon(cx, cy, side, sente),
                                  fill=P.SHOGI_SENTE_FILL if sente else P.SHOGI_GOTE_FILL, outline=P.SHOGI_EDGE, width=2)
    ImageDraw.Draw(image).text((cx, cy + side * 0.06 * (1 if sente else -1)), code.upper(),
                               font=_system_font(path, int(side * 0.46)),
                               fill=(0, 0, 0) if sente else (255, 255, 255), anchor="mm")


def shogi_go_bold(image: Image.Image, code: str, box: Box) -> None:
    _shogi_font_letter(image, code, box, GO_BOLD)


def shogi_comic(image: Image.Image, code: str, box: Box) -> None:
    _shogi_font_letter(image, code, box, COMIC_BOLD)


def checkers_red_outline_crown(image: Image.Image, code: str, box: Box) -> None:
    """A classic set: White's side drawn red, Black's black; a king's crown is a thin outline."""
    cx, cy, side = _geometry(box)
    d = ImageDraw.Draw(image)
    black = code.lower() == "b"
    r = side * 0.4
    d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=(30, 30, 30) if black else (200, 35, 35),
              outline=(0, 0, 0), width=1)
    if code.isupper():
        d.polygon(P.crown_polygon(cx, cy, r * 0.85), outline=(240, 200, 60), width=1)


def checkers_side_stack(image: Image.Image, code: str, box: Box) -> None:
    """A king as a stack seen from the side: a second disc offset up and right, heavy edges."""
    cx, cy, side = _geometry(box)
    d = ImageDraw.Draw(image)
    black = code.lower() == "b"
    fill, edge = ((30, 30, 30), (140, 140, 140)) if black else ((248, 246, 240), (25, 25, 25))
    r = side * 0.35
    offsets = ((-side * 0.04, side * 0.05), (side * 0.04, -side * 0.05)) if code.isupper() else ((0.0, 0.0),)
    for dx, dy in offsets:
        d.ellipse([cx + dx - r, cy + dy - r, cx + dx + r, cy + dy + r], fill=fill, outline=edge, width=3)


def checkers_heavy_crown_outline(image: Image.Image, code: str, box: Box) -> None:
    """The track's discs; a king's crown drawn as a heavy outline, not filled."""
    cx, cy, side = _geometry(box)
    d = ImageDraw.Draw(image)
    black = code.lower() == "b"
    r = side * 0.4
    d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=P.CHECKERS_BLACK if black else P.CHECKERS_WHITE,
              outline=(120, 120, 120) if black else (30, 30, 30), width=2)
    if code.isupper():
        d.polygon(P.crown_polygon(cx, cy, r * 0.85), outline=P.CHECKERS_CROWN, width=4)


def checkers_thin_king_glyph(image: Image.Image, code: str, box: Box) -> None:
    """Flat discs; a king carries the outline king glyph (a thin pen) in the other side's colour."""
    cx, cy, r, _, other = _disc(image, code, box, ring=False)
    if code.isupper():
        ImageDraw.Draw(image).text((cx, cy), "\u2654", font=P.dejavu(int(r * 1.3)), fill=other, anchor="mm")


PieceFn = Callable[[Image.Image, str, Box], None]
PIECE_STYLES: dict[str, dict[str, PieceFn]] = {
    "chess": {"own": P.draw_chess_piece, "wqy": chess_wqy, "outline": chess_outline,
              "letter_discs": chess_letter_discs, "letter_squares": chess_letter_squares,
              "freeserif": chess_freeserif, "serif_letter_discs": chess_serif_letter_discs,
              "grey_glyphs": chess_grey_glyphs, "yoz": chess_yoz, "dejavu_bold": chess_dejavu_bold},
    "xiangqi": {"own": P.draw_xiangqi_piece, "bold": xiangqi_bold, "plain": xiangqi_plain,
                "simplified": xiangqi_simplified, "rims": xiangqi_rims, "seto": xiangqi_seto,
                "inverse": xiangqi_inverse, "simplified_bold": xiangqi_simplified_bold,
                "mincho": xiangqi_mincho, "kiloji_plain": xiangqi_kiloji_plain},
    "shogi": {"own": P.draw_shogi_piece, "hershey": shogi_hershey, "triplex": shogi_triplex,
              "squares": shogi_squares, "direction_only": shogi_direction_only, "serif": shogi_serif,
              "grey_gote": shogi_grey_gote, "go_bold": shogi_go_bold, "comic": shogi_comic},
    "checkers": {"own": P.draw_checkers_piece, "flat_k": checkers_flat_k, "crown_glyph": checkers_crown_glyph,
                 "inner_disc": checkers_inner_disc, "gradient": checkers_gradient, "stacked": checkers_stacked,
                 "star": checkers_star, "red_outline_crown": checkers_red_outline_crown,
                 "side_stack": checkers_side_stack, "heavy_crown_outline": checkers_heavy_crown_outline,
                 "thin_king_glyph": checkers_thin_king_glyph},
}


def _page(image: np.ndarray, effects: tuple, seed: int) -> np.ndarray:
    out = image
    for step in effects:
        kind = step[0]
        if kind == "rescale":
            out = perturb.rescale(out, step[1], step[2])
        elif kind == "jpeg":
            out = perturb.jpeg(out, step[1])
        elif kind == "tint":
            out = perturb.retint(out)
        elif kind == "blur":
            out = perturb.blur(out, step[1])
        elif kind == "rotate":
            out = perturb.rotate(out, step[1])
        elif kind == "model_like":
            out = perturb.model_like(out, seed)
        elif kind == "bolder":  # a min filter: every dark stroke k px wider per side
            out = cv2.erode(out, np.ones((2 * step[1] + 1,) * 2, np.uint8))
        elif kind == "thinner":  # a max filter on strokes wider than 2 px; a hairline cannot get thinner
            kernel = np.ones((2 * step[1] + 1,) * 2, np.uint8)
            lighter = cv2.dilate(out, kernel)
            hairline = (cv2.erode(cv2.dilate(out, np.ones((3, 3), np.uint8)), np.ones((3, 3), np.uint8)).astype(int)
                        - out.astype(int)).max(axis=2) > 40
            out = np.where(hairline[:, :, None], out, lighter)
    return out


def draw_answer(record: Any, board: Sequence[Sequence[str]], style: Style, seed: int = 0) -> np.ndarray:
    """The answer image (RGB uint8) showing ``board`` for ``record``'s game in ``style``."""
    game = record.variant
    renderer = importlib.import_module(f"genpuzzle.renderers.board_game.{game}")
    layout = record.layout
    rows, cols = layout["rows"], layout["cols"]
    image = np.asarray(renderer.render_board([[EMPTY] * cols for _ in range(rows)]).image).copy()
    if style.line_extra:
        grey = cv2.cvtColor(image, cv2.COLOR_RGB2GRAY)
        x0, y0, x1, y1 = (int(v) for v in layout["board_bbox"])
        lines = np.zeros_like(grey, bool)
        lines[y0:y1, x0:x1] = grey[y0:y1, x0:x1] < 110
        k = 2 * style.line_extra + 1
        thick = cv2.dilate(lines.astype(np.uint8), np.ones((k, k), np.uint8)).astype(bool)
        inside = np.zeros_like(thick)
        inside[y0:y1, x0:x1] = True
        thick &= inside
        image[thick & ~lines] = np.median(image[lines], axis=0).astype(np.uint8)
    pil = Image.fromarray(image)
    draw = PIECE_STYLES[game][style.pieces]
    for r in range(rows):
        for c in range(cols):
            if board[r][c] != EMPTY:
                draw(pil, board[r][c], _scaled(layout["cell_boxes"][r][c], style.scale))
    return _page(np.asarray(pil), style.page, seed)


# ------------------------------------------------------------------------------------------ measurement

ERRORS = ("wrong_move", "illegal_move", "changed_unrelated_pieces", "wrong_final_board")
GAMES = ("chess", "xiangqi", "shogi", "checkers")


def make_record(game: str, seed: int) -> tuple[Any, np.ndarray, np.ndarray]:
    """(record, input RGB, edit mask) of the track's instance ``seed``, in memory."""
    from genpuzzle.records import InstanceRecord
    from genpuzzle.registry import get_track

    track = get_track("board_game")
    p = track.generate(seed, game)
    record = InstanceRecord(id=f"{game}-{seed}", track="board_game", variant=game, difficulty=p.difficulty,
                            seed=seed, instruction=p.instruction, input_image="", reference_images=[], edit_mask="",
                            ground_truth=p.ground_truth, layout=p.layout, scoring=p.scoring,
                            track_version=track.version)
    return record, np.asarray(p.input_image), np.asarray(p.edit_mask) > 0


def planted(record: Any, kind: str) -> list[list[str]] | None:
    """The board of one planted error of ``kind`` for ``record``, or None where the game or instance has
    none (xiangqi and shogi capture by replacement and never promote: no wrong_final_board; chess only
    when the answer promotes)."""
    from genpuzzle.solvers.board_game.base import board_hash, parse_board

    truth = record.ground_truth
    position, target = parse_board(truth["position"]), parse_board(truth["accepted"][0]["board"])
    rows, cols = len(position), len(position[0])
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    legal = {h for _, h, _ in truth["legal_successors"]}
    accepted = {a["hash"] for a in truth["accepted"]}
    if kind == "wrong_move":
        solver = importlib.import_module(f"genpuzzle.solvers.board_game.{record.variant}").GAME
        wrong = [m.board for m in solver.legal_moves(position, truth["side_to_move"]) if board_hash(m.board) not in accepted]
        return wrong[0] if wrong else None
    if kind == "illegal_move":
        fr, fc = truth["accepted"][0]["cells"][0]
        for r, c in cells:
            if position[r][c] == EMPTY:
                board = [row[:] for row in position]
                board[r][c], board[fr][fc] = board[fr][fc], EMPTY
                if board_hash(board) not in legal:
                    return board
        return None
    if kind == "changed_unrelated_pieces":
        touched = {(r, c) for r, c in cells if position[r][c] != target[r][c]}
        spare = [(r, c) for r, c in cells if target[r][c] != EMPTY and (r, c) not in touched
                 and target[r][c].upper() != "K"]
        if not spare:
            return None
        board = [row[:] for row in target]
        board[spare[0][0]][spare[0][1]] = EMPTY
        return board
    if record.variant == "checkers":
        start = tuple(truth["accepted"][0]["cells"][0])
        jumped = [(r, c) for r, c in cells if position[r][c] != EMPTY and target[r][c] == EMPTY and (r, c) != start]
        board = [row[:] for row in target]
        board[jumped[0][0]][jumped[0][1]] = position[jumped[0][0]][jumped[0][1]]
        return board
    if record.variant == "chess" and truth["accepted"][0]["move"][4:]:
        (tr, tc) = truth["accepted"][0]["cells"][1]
        board = [row[:] for row in target]
        board[tr][tc] = "P" if target[tr][tc].isupper() else "p"
        return board
    return None


def measure(games: Sequence[str], styles: dict[str, Sequence[Style]], count: int, seed: int = 0) -> dict[str, Any]:
    """Verify every game's ``count`` instances (seeds ``seed``..) in every style of ``styles[game]``
    (correct answers) and each planted error drawn in one of them: pass rate, caught rate, failures."""
    from genpuzzle.evaluate import verify_image
    from genpuzzle.solvers.board_game.base import parse_board

    answers = passed = planted_n = caught = 0
    failures, missed = [], []
    for game in games:
        for k in range(count):
            record, inp, mask = make_record(game, seed + k)
            for j, style in enumerate(styles[game]):
                v = verify_image(record, draw_answer(record, parse_board(record.ground_truth["accepted"][0]["board"]),
                                                     style, seed + k + j), inp, mask)
                answers += 1
                ok = v.score == 100 and v.status.value == "correct"
                passed += ok
                if not ok:
                    failures.append((game, seed + k, style.name, v.status.value, v.codes, "review" if v.needs_review else "CONFIDENT"))
            for e, kind in enumerate(ERRORS):
                board = planted(record, kind)
                if board is None:
                    continue
                style = styles[game][(k + e) % len(styles[game])]
                v = verify_image(record, draw_answer(record, board, style, seed + k), inp, mask)
                planted_n += 1
                ok = kind in v.codes and v.score < 100
                caught += ok
                if not ok:
                    missed.append((game, seed + k, kind, style.name, v.codes, v.score))
    return {"answers": answers, "pass_rate": passed / max(1, answers), "failures": failures,
            "planted": planted_n, "caught_rate": caught / max(1, planted_n), "missed": missed}


if __name__ == "__main__":
    import sys

    games = sys.argv[1].split(",") if len(sys.argv) > 1 else list(GAMES)
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    sets = {"tuned": TUNE, "held_out": HELDOUT, "pen": PEN, "held_out_3": HELDOUT_3, "held_out_4": HELDOUT_4}
    chosen = sys.argv[3].split(",") if len(sys.argv) > 3 else list(sets)
    for label, styles in ((name, sets[name]) for name in chosen):
        m = measure(games, styles, count, seed=1000)
        print(label, {k: (round(v, 4) if isinstance(v, float) else v) for k, v in m.items() if k not in ("failures", "missed")})
        for f in m["failures"]:
            print("  fail", f)
        for f in m["missed"]:
            print("  missed", f)
