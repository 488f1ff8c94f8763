"""Drawing helpers shared by renderers: the drawing record, grid geometry, the shipped fonts, text."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont

import genpuzzle.data


@dataclass
class Drawing:
    """The three images of one instance and the pixel layout the verifier reads them with."""

    input_image: Image.Image
    reference_image: Image.Image
    edit_mask: Image.Image
    layout: dict[str, Any]


def cell_box(layout: dict[str, Any], r: int, c: int) -> tuple[float, float, float, float]:
    """Pixel box ``(x0, y0, x1, y1)`` of cell (r, c) of a grid with ``layout.grid_bbox``, ``rows``, ``cols``."""
    x0, y0, x1, y1 = layout["grid_bbox"]
    w = (x1 - x0) / layout["cols"]
    h = (y1 - y0) / layout["rows"]
    return (x0 + c * w, y0 + r * h, x0 + (c + 1) * w, y0 + (r + 1) * h)


def font_path(bold: bool = False) -> Path:
    """Path of the DejaVu Sans font shipped in ``genpuzzle/data/fonts`` (licence beside it)."""
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return Path(genpuzzle.data.__file__).resolve().parent / "fonts" / name


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The shipped DejaVu Sans at ``size`` pixels (cached)."""
    return ImageFont.truetype(str(font_path(bold)), size)


def draw_centered_text(draw: ImageDraw.ImageDraw, center: tuple[float, float], text: str,
                       size: int, fill: tuple[int, int, int], bold: bool = False) -> None:
    """Draw ``text`` with its ink box centred on ``center``."""
    draw_text(draw, center, text, font(size, bold), fill, anchor="mm")


_TEXT_MASKS: dict[tuple, tuple[Any, tuple[int, int]]] = {}


def draw_text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, font: ImageFont.FreeTypeFont,
              fill: Any, anchor: str | None = None) -> None:
    """``draw.text(xy, text, font=font, fill=fill, anchor=anchor)`` with the same pixels, the glyph mask
    rasterised once per process for each (font, text, anchor, sub-pixel offset) and reused: FreeType
    rendering is most of a text call, and pages repeat the same labels at the same offsets."""
    if "\n" in text or not isinstance(font, ImageFont.FreeTypeFont):
        draw.text(xy, text, font=font, fill=fill, anchor=anchor)
        return
    ink, fill_ink = draw._getink(fill)
    ink = fill_ink if ink is None else ink
    if ink is None:
        return
    # the steps of ImageDraw.text for one line without stroke (Pillow 10-13)
    start = (math.modf(xy[0])[0], math.modf(xy[1])[0])
    key = (font, text, draw.fontmode, anchor or "la", ink, start)
    cached = _TEXT_MASKS.get(key)
    if cached is None:
        if len(_TEXT_MASKS) > 20000:
            _TEXT_MASKS.clear()
        cached = _TEXT_MASKS[key] = font.getmask2(text, draw.fontmode, None, None, None, 0, anchor or "la", ink,
                                                  start, stroke_filled=True)
    mask, offset = cached
    draw.draw.draw_bitmap((int(xy[0]) + offset[0], int(xy[1]) + offset[1]), mask, ink)
