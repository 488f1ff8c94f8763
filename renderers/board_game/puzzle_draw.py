"""Drawing shared by the single-player board puzzles (issue 17): a square-cell grid on the track's shared
geometry (``renderers/board_game/base.py``: column letters below, row numbers left, 1 = bottom), cell
fills, glyphs, numbers and marks, and the finished layout the verifiers read the answer with.

Besides the track's required layout keys, every puzzle layout holds ``puzzle`` (the game) and its own
keys (colours, geometry of non-grid parts).
"""

from __future__ import annotations

from typing import Any, Sequence

from PIL import Image, ImageDraw

from genpuzzle.renderers.board_game.base import (BoardDrawing, draw_labels, finish_layout, new_canvas,
                                                 segment_points, square_geometry)
from genpuzzle.renderers.common import draw_centered_text

PAPER = (255, 255, 255)
INK = (0, 0, 0)
GRID_INK = (40, 40, 40)


def cell_px_for(rows: int, cols: int, span: int = 520) -> int:
    return max(44, min(96, span // max(rows, cols)))


class Board:
    """One drawn grid of square cells: geometry (the track's :func:`square_geometry`), canvas and painters."""

    def __init__(self, rows: int, cols: int, cell_px: int | None = None):
        self.rows, self.cols = rows, cols
        self.cell = cell_px or cell_px_for(rows, cols)
        self.label_px = max(16, min(26, int(self.cell * 0.3)))
        self.line = max(2, self.cell // 28)
        self.g = square_geometry(rows, cols, self.cell, label_px=self.label_px, frame=self.line)
        self.x0, self.y0, self.x1, self.y1 = self.g["grid_bbox"]
        self.image, self.draw = new_canvas(self.g)

    def box(self, r: int, c: int) -> tuple[float, float, float, float]:
        return tuple(self.g["cell_boxes"][r][c])  # type: ignore[return-value]

    def centre(self, r: int, c: int) -> tuple[float, float]:
        return tuple(self.g["cell_centers"][r][c])  # type: ignore[return-value]

    def fill(self, r: int, c: int, colour: Sequence[int]) -> None:
        x0, y0, x1, y1 = self.box(r, c)
        self.draw.rectangle([x0, y0, x1, y1], fill=tuple(colour))

    def segments(self) -> list[list[float]]:
        return ([[self.x0 + k * self.cell, self.y0, self.x0 + k * self.cell, self.y1] for k in range(self.cols + 1)]
                + [[self.x0, self.y0 + k * self.cell, self.x1, self.y0 + k * self.cell] for k in range(self.rows + 1)])

    def grid(self, ink: Sequence[int] = GRID_INK) -> None:
        for x0, y0, x1, y1 in self.segments():
            self.draw.line([(x0, y0), (x1, y1)], fill=tuple(ink), width=self.line)
        w = self.line * 2
        self.draw.rectangle([self.x0 - w // 2, self.y0 - w // 2, self.x1 + w // 2, self.y1 + w // 2],
                            outline=tuple(ink), width=w)

    def text(self, r: int, c: int, text: str, colour: Sequence[int] = INK, scale: float = 0.5,
             bold: bool = True) -> None:
        size = int(self.cell * scale * (1.0 if len(text) <= 2 else 2.2 / len(text)))
        draw_centered_text(self.draw, self.centre(r, c), text, size, tuple(colour), bold=bold)

    def disc(self, r: int, c: int, colour: Sequence[int] | None, radius: float = 0.32,
             outline: Sequence[int] | None = None, width: int = 0) -> None:
        cx, cy = self.centre(r, c)
        k = radius * self.cell
        self.draw.ellipse([cx - k, cy - k, cx + k, cy + k], fill=tuple(colour) if colour else None,
                          outline=tuple(outline) if outline else None, width=width)

    def glyph(self, r: int, c: int, char: str, colour: Sequence[int] = INK, scale: float = 0.72) -> None:
        draw_centered_text(self.draw, self.centre(r, c), char, int(self.cell * scale), tuple(colour))

    def finish(self, game: str, palette: dict[str, Sequence[int]], piece_radius: float = 0.36,
               **extra: Any) -> BoardDrawing:
        """Draw the labels and return the drawing with its layout (line points sampled along the grid
        lines, away from the cell middles where marks sit)."""
        labels = draw_labels(self.draw, self.g, size=self.label_px)
        centres = [p for row in self.g["cell_centers"] for p in row]
        points = segment_points(self.segments(), self.cell / 6, avoid=centres, avoid_radius=0.45 * self.cell)
        layout = finish_layout(game, "puzzle", self.g, piece_radius=piece_radius * self.cell, line_points=points,
                               labels=labels, palette=palette, puzzle=game, line_px=self.line, **extra)
        return BoardDrawing(self.image, layout)


def image_of(drawing: BoardDrawing) -> Image.Image:
    return drawing.image


def draw_route(draw: ImageDraw.ImageDraw, points: Sequence[Sequence[float]], colour: Sequence[int], width: int) -> None:
    draw.line([tuple(p) for p in points], fill=tuple(colour), width=width, joint="curve")
