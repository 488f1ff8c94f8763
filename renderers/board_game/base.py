"""Shared board drawing: geometry of square-cell and intersection boards, coordinate labels, stones,
discs, X/O marks, and the layout dict every board verifier reads.

A game's renderer module ``renderers/board_game/<game>.py`` exports
``render_board(board: list[list[str]]) -> BoardDrawing``: the image of ``board`` and its layout. It is
called for the input position and for the reference (accepted) position; both must share the geometry,
so the layout depends only on the game, never on the pieces.

Layout keys (all pixel values in the input image's frame; cell grids are ``rows`` x ``cols``, row 0 at
the top):

- ``game``, ``rows``, ``cols``, ``cell_kind`` (``stone``/``disc``/``mark``/``glyph``/``digit``/``bars``/...)
- ``image_size`` ``[w, h]``; ``board_bbox`` the playing area (the edit mask)
- ``cell_px`` the cell pitch; ``piece_radius`` the radius of a drawn stone/disc/mark
- ``cell_boxes`` ``[x0, y0, x1, y1]`` per cell (for intersection boards: the square around the point);
  ``cell_centers`` ``[x, y]`` per cell
- ``line_points`` points on the board's drawn line work (dark lines), ``fill_points`` points of the board's
  own fill colour (boards drawn as colour areas), both ``[x, y]``: what the layout dimension measures
- ``labels`` ``[{"text", "box"}]`` the coordinate labels
- ``palette`` code -> RGB the renderer draws each piece code in, ``"."`` -> the empty cell's colour
- ``hollow_code`` the code an outline-only stone reads as (a redrawn white stone), or ``None``
- ``edit_regions`` ``"discs"`` (default: a disc per cell, the edit mask) or ``"cells"`` (cell boxes)
- ``lines_through_centres`` True for boards whose lines cross at the cell centres (go): the stone reader
  then samples the cell's colour between the line arms
- anything game-specific (``square_shades``, ``river_bbox``, glyph font ...) under other keys.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Sequence

import numpy as np
from PIL import Image, ImageDraw

from genpuzzle.renderers.common import draw_text, font
from genpuzzle.solvers.board_game.base import FILES

PAPER = (255, 255, 255)
LINE_INK = (20, 20, 20)
LABEL_INK = (40, 40, 40)
WOOD = (222, 184, 120)
STONE_BLACK = (25, 25, 25)
STONE_WHITE = (248, 248, 248)
STONE_OUTLINE = (30, 30, 30)
LABEL_PX = 18
MARGIN = 20


@dataclass
class BoardDrawing:
    """One rendered board: the image and its layout (see the module docstring)."""

    image: Image.Image
    layout: dict[str, Any]


def _r(v: float) -> float:
    return round(float(v), 2)


def square_geometry(rows: int, cols: int, cell_px: int, *, label_px: int = LABEL_PX, margin: int = MARGIN,
                    frame: int = 0) -> dict[str, Any]:
    """Layout of a board of square cells (tic-tac-toe, othello, connect four, chess): cell boxes and
    centres, ``board_bbox`` (the cells plus ``frame`` px of board around them), the image size leaving
    room for rank labels on the left and file labels below. Computed once per process per argument set
    (a new dict each call; the layouts share its lists, which nothing mutates)."""
    return dict(_square_geometry(rows, cols, cell_px, label_px, margin, frame))


@lru_cache(maxsize=256)
def _square_geometry(rows: int, cols: int, cell_px: int, label_px: int, margin: int, frame: int) -> dict[str, Any]:
    left = margin + 2 * label_px + frame
    top = margin + frame
    x0, y0 = left, top
    boxes = [[[_r(x0 + c * cell_px), _r(y0 + r * cell_px), _r(x0 + (c + 1) * cell_px), _r(y0 + (r + 1) * cell_px)]
              for c in range(cols)] for r in range(rows)]
    centers = [[[_r(x0 + (c + 0.5) * cell_px), _r(y0 + (r + 0.5) * cell_px)] for c in range(cols)] for r in range(rows)]
    x1, y1 = x0 + cols * cell_px, y0 + rows * cell_px
    w = x1 + frame + margin + label_px
    h = y1 + frame + margin + 2 * label_px
    return {"rows": rows, "cols": cols, "cell_px": cell_px, "cell_boxes": boxes, "cell_centers": centers,
            "grid_bbox": [x0, y0, x1, y1], "board_bbox": [x0 - frame, y0 - frame, x1 + frame, y1 + frame],
            "image_size": [int(w), int(h)]}


def intersection_geometry(rows: int, cols: int, spacing: int, *, label_px: int = LABEL_PX, margin: int = MARGIN
                          ) -> dict[str, Any]:
    """Layout of a board whose cells are line intersections (go, gomoku): cell centres on the points,
    each cell box the square of one spacing around its point; ``board_bbox`` reaches half a spacing
    past the outer lines (room for the edge stones). Computed once per process per argument set (as
    :func:`square_geometry`)."""
    return dict(_intersection_geometry(rows, cols, spacing, label_px, margin))


@lru_cache(maxsize=64)
def _intersection_geometry(rows: int, cols: int, spacing: int, label_px: int, margin: int) -> dict[str, Any]:
    left = margin + 2 * label_px + spacing // 2
    top = margin + spacing // 2
    centers = [[[_r(left + c * spacing), _r(top + r * spacing)] for c in range(cols)] for r in range(rows)]
    boxes = [[[_r(x - spacing / 2), _r(y - spacing / 2), _r(x + spacing / 2), _r(y + spacing / 2)]
              for x, y in row] for row in centers]
    x1, y1 = left + (cols - 1) * spacing, top + (rows - 1) * spacing
    bbox = [left - spacing // 2, top - spacing // 2, x1 + spacing // 2, y1 + spacing // 2]
    return {"rows": rows, "cols": cols, "cell_px": spacing, "cell_boxes": boxes, "cell_centers": centers,
            "grid_bbox": [left, top, x1, y1], "board_bbox": bbox,
            "image_size": [int(bbox[2] + margin + label_px), int(bbox[3] + margin + 2 * label_px)]}


def new_canvas(layout: dict[str, Any], colour: tuple[int, int, int] = PAPER) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    image = Image.new("RGB", tuple(layout["image_size"]), colour)
    return image, ImageDraw.Draw(image)


def text_box(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, f: Any,
             anchor: str) -> tuple[float, float, float, float]:
    """``draw.textbbox(xy, text, font=f, anchor=anchor)`` for one line of text: the font's box of the text
    (FreeType layout, once per process per font, text, anchor and image mode) shifted to ``xy``, as
    Pillow computes it."""
    if "\n" in text:
        return draw.textbbox(xy, text, font=f, anchor=anchor)
    x0, y0, x1, y1 = _font_box(f, text, anchor, "1" if draw.mode in ("1", "P", "I", "F") else "L")
    x, y = xy
    return (x0 + x, y0 + y, x1 + x, y1 + y)


@lru_cache(maxsize=4096)
def _font_box(f: Any, text: str, anchor: str, fontmode: str) -> tuple[float, float, float, float]:
    return f.getbbox(text, fontmode, None, None, None, 0, anchor)


def draw_labels(draw: ImageDraw.ImageDraw, layout: dict[str, Any], *, size: int = LABEL_PX) -> list[dict[str, Any]]:
    """Column letters below the board and row numbers (1 = bottom) left of it, centred on the cells;
    returns the label entries (text and ink box) for the layout."""
    rows, cols = layout["rows"], layout["cols"]
    centers = layout["cell_centers"]
    bx0, by0, bx1, by1 = layout["board_bbox"]
    f = font(size)
    labels = []

    def put(text: str, x: float, y: float) -> None:
        draw_text(draw, (x, y), text, f, LABEL_INK, anchor="mm")
        box = text_box(draw, (x, y), text, f, "mm")
        labels.append({"text": text, "box": [int(box[0]), int(box[1]), int(box[2]), int(box[3])]})

    for c in range(cols):
        put(FILES[c], centers[0][c][0], by1 + 0.5 * size + 6)
    for r in range(rows):
        put(str(rows - r), bx0 - 0.5 * size - 6 - (0.3 * size if rows - r >= 10 else 0), centers[r][0][1])
    return labels


def segment_points(segments: Sequence[Sequence[float]], step: float, *,
                   avoid: Sequence[Sequence[float]] = (), avoid_radius: float = 0.0) -> list[list[float]]:
    """Sample points every ``step`` px along line segments ``[x0, y0, x1, y1]``, leaving out points within
    ``avoid_radius`` of any point in ``avoid`` (cell centres where pieces may cover the line).

    A board's line work is the same for every position, so the points are computed once per process for
    each argument set; every call with equal arguments returns the same list (layouts only read it)."""
    return _segment_points(tuple(tuple(s) for s in segments), step, tuple(tuple(p) for p in avoid), avoid_radius)


@lru_cache(maxsize=64)
def _segment_points(segments: tuple, step: float, avoid: tuple, avoid_radius: float) -> list[list[float]]:
    pts = []
    for x0, y0, x1, y1 in segments:
        n = max(1, int(np.hypot(x1 - x0, y1 - y0) // step))
        t = np.arange(n + 1) / n
        pts.append(np.stack([x0 + t * (x1 - x0), y0 + t * (y1 - y0)], axis=1))
    p = np.concatenate(pts) if pts else np.zeros((0, 2))
    av = np.asarray(avoid, np.float64).reshape(-1, 2)
    if len(av) and avoid_radius > 0 and len(p):
        d2 = ((p[:, None, :] - av[None, :, :]) ** 2).sum(axis=2).min(axis=1)
        p = p[d2 >= avoid_radius ** 2]
    return [[round(x, 2), round(y, 2)] for x, y in p.tolist()]  # _r of each coordinate, on Python floats


def draw_lines(draw: ImageDraw.ImageDraw, segments: Sequence[Sequence[float]], width: int,
               colour: tuple[int, int, int] = LINE_INK) -> None:
    for x0, y0, x1, y1 in segments:
        draw.line([(x0, y0), (x1, y1)], fill=colour, width=width)


def draw_stone(draw: ImageDraw.ImageDraw, center: Sequence[float], radius: float, fill: tuple[int, int, int],
               outline: tuple[int, int, int] | None = STONE_OUTLINE, width: int = 2) -> None:
    x, y = center
    draw.ellipse([x - radius, y - radius, x + radius, y + radius], fill=fill, outline=outline,
                 width=width if outline else 0)


def draw_x(draw: ImageDraw.ImageDraw, center: Sequence[float], half: float, colour: tuple[int, int, int],
           width: int) -> None:
    x, y = center
    draw.line([(x - half, y - half), (x + half, y + half)], fill=colour, width=width)
    draw.line([(x - half, y + half), (x + half, y - half)], fill=colour, width=width)


def draw_o(draw: ImageDraw.ImageDraw, center: Sequence[float], radius: float, colour: tuple[int, int, int],
           width: int) -> None:
    x, y = center
    draw.ellipse([x - radius, y - radius, x + radius, y + radius], outline=colour, width=width)


def finish_layout(game: str, cell_kind: str, geometry: dict[str, Any], *, piece_radius: float,
                  line_points: list[list[float]], fill_points: list[list[float]] | None = None,
                  labels: list[dict[str, Any]], palette: dict[str, Sequence[int]],
                  hollow_code: str | None = None, **extra: Any) -> dict[str, Any]:
    """The layout dict (see the module docstring) from a geometry and what the renderer drew."""
    return {"game": game, "cell_kind": cell_kind, **geometry, "piece_radius": _r(piece_radius),
            "line_points": line_points, "fill_points": fill_points or [], "labels": labels,
            "palette": {k: [int(v) for v in rgb] for k, rgb in palette.items()}, "hollow_code": hollow_code,
            **extra}


def edit_mask(layout: dict[str, Any], pad: int = 2) -> Image.Image:
    """Mode ``L`` mask, 255 where the answer changes pixels: the piece area of every cell (a disc of
    1.1 x ``piece_radius`` about each centre; for ``edit_regions == "cells"`` layouts each cell box inset
    by 6 %), so the board's line work, frame and labels stay outside it and anchor the registration. On
    boards whose lines cross at the centres (go) the discs are 0.3 pitch, so the line arms between the
    points stay outside (larger discs, even only at occupied points, left too little line work: measured
    registration failures on redrawn go answers).

    A layout whose cell lists are the shared ones of a cached geometry (every drawing of a board of that
    size) gets a copy of the mask drawn for the first of them: the cache keeps those very lists (nothing
    mutates them) and the other values the mask depends on."""
    boxes, centers = layout["cell_boxes"], layout["cell_centers"]
    key = (id(boxes), id(centers), tuple(layout["image_size"]), layout.get("edit_regions", "discs"),
           float(layout["piece_radius"]), bool(layout.get("lines_through_centres")), float(layout["cell_px"]), pad)
    hit = _EDIT_MASKS.get(key)
    if hit is not None and hit[0] is boxes and hit[1] is centers:
        return hit[2].copy()
    mask = _draw_edit_mask(layout, pad)
    if len(_EDIT_MASKS) < 256:
        _EDIT_MASKS[key] = (boxes, centers, mask.copy())
    return mask


_EDIT_MASKS: dict[tuple, tuple[Any, Any, Image.Image]] = {}


def _draw_edit_mask(layout: dict[str, Any], pad: int) -> Image.Image:
    w, h = layout["image_size"]
    mask = Image.new("L", (w, h), 0)
    d = ImageDraw.Draw(mask)
    cells = layout.get("edit_regions", "discs") == "cells"
    rad = 1.1 * float(layout["piece_radius"]) + pad
    if layout.get("lines_through_centres"):
        rad = 0.3 * float(layout["cell_px"])
    for r, row in enumerate(layout["cell_boxes"]):
        for c, (x0, y0, x1, y1) in enumerate(row):
            if cells:
                m = 0.06 * (x1 - x0)
                d.rectangle([x0 + m, y0 + m, x1 - m, y1 - m], fill=255)
            else:
                x, y = layout["cell_centers"][r][c]
                d.ellipse([x - rad, y - rad, x + rad, y + rad], fill=255)
    return mask


def render_stone_board(game: str, board: Sequence[Sequence[str]], spacing: int, colours: dict[str, tuple[int, int, int]],
                       *, line_width: int = 2, star_points: Sequence[tuple[int, int]] = (),
                       hollow_code: str | None = "W") -> BoardDrawing:
    """A wooden board of lines whose intersections hold stones (go, gomoku): ``colours`` maps each stone
    code to its fill (every stone gets a dark outline). Line points are sampled midway between
    neighbouring intersections, where no stone reaches."""
    rows, cols = len(board), len(board[0])
    static, g, labels, points = _stone_board_static(rows, cols, spacing, line_width, tuple(map(tuple, star_points)))
    image = static.copy()
    draw = ImageDraw.Draw(image)
    radius = 0.46 * spacing
    for r in range(rows):
        for c in range(cols):
            code = board[r][c]
            if code in colours:
                draw_stone(draw, g["cell_centers"][r][c], radius, colours[code])
    palette = {".": WOOD, **colours}
    return BoardDrawing(image, finish_layout(game, "stone", g, piece_radius=radius, line_points=points,
                                             labels=labels, palette=palette, hollow_code=hollow_code,
                                             lines_through_centres=True))


@lru_cache(maxsize=8)
def _stone_board_static(rows: int, cols: int, spacing: int, line_width: int, star_points: tuple[tuple[int, int], ...]
                        ) -> tuple[Image.Image, dict[str, Any], list[dict[str, Any]], list[list[float]]]:
    """The empty board of :func:`render_stone_board` (wood, lines, star points, labels), its geometry, labels
    and line points: the same for every position of a game, so drawn once per process (the layouts of its
    drawings share these lists, which nothing mutates)."""
    g = intersection_geometry(rows, cols, spacing)
    image, draw = new_canvas(g)
    draw.rectangle(g["board_bbox"], fill=WOOD)
    x0, y0, x1, y1 = g["grid_bbox"]
    segments = [[x0 + c * spacing, y0, x0 + c * spacing, y1] for c in range(cols)] + \
               [[x0, y0 + r * spacing, x1, y0 + r * spacing] for r in range(rows)]
    draw_lines(draw, segments, line_width)
    for r, c in star_points:
        x, y = g["cell_centers"][r][c]
        draw.ellipse([x - 3, y - 3, x + 3, y + 3], fill=LINE_INK)
    labels = draw_labels(draw, g)
    centers = [p for row in g["cell_centers"] for p in row]
    points = segment_points(segments, spacing / 4, avoid=centers, avoid_radius=0.47 * spacing)
    return image, g, labels, points
