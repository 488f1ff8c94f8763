"""Drawing helpers shared by renderers: the shipped fonts and text placement."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PIL import ImageDraw, ImageFont

import genpuzzle.data


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
    draw.text(center, text, font=font(size, bold), fill=fill, anchor="mm")
