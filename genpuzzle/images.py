"""Reading image files into the arrays every verifier works on.

:func:`load_image` returns RGB uint8 for any mode Pillow reads; plain 8-bit RGB/grey PNG and
baseline RGB/grey JPEG (most answers and every set image) take a faster OpenCV decode, which gives
the same pixels for PNG (tested) and the same libjpeg-turbo decode for JPEG. Everything else (alpha,
palettes, 16-bit, CMYK, EXIF rotation, WEBP, truncated files) goes through Pillow, which also
produces the error messages.
"""

from __future__ import annotations

import io
from pathlib import Path

import cv2
import numpy as np
from PIL import Image, ImageOps, UnidentifiedImageError

from genpuzzle.errors import ImageError

__all__ = ["load_image", "load_image_reduced", "load_mask"]

MIN_FIT_RESOLUTION = 0.75  # a reduced decode keeps at least this share of the target frame's resolution

EXIF_ORIENTATION = 0x0112
_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_PNG_END = b"\x00\x00\x00\x00IEND\xaeB`\x82"
_JPEG_START, _JPEG_END = b"\xff\xd8\xff", b"\xff\xd9"


def load_image(path: str | Path) -> np.ndarray:
    """Read PNG/JPEG/WEBP (any mode: L, LA, P, RGBA, CMYK, 16-bit) into RGB uint8, alpha composited on white.

    Raises ImageError(f"{path}: <problem>") for a missing, empty, truncated or non-image file.
    """
    return load_image_reduced(path)[0]


def load_image_reduced(path: str | Path, fit: tuple[int, int] | None = None) -> tuple[np.ndarray, int]:
    """:func:`load_image`, decoding a large JPEG at reduced size: returns (RGB image, reduction).

    ``fit`` is the (width, height) of the frame the image will be mapped onto (the puzzle's input).
    A JPEG is decoded at 1/2, 1/4 or 1/8 scale by libjpeg's own DCT scaling (a fraction of the cost of
    a full decode) as far as that keeps at least ``MIN_FIT_RESOLUTION`` of the frame's resolution on
    both sides, i.e. from 1.5x the frame's size; ``reduction`` is that factor (1: full size).
    """
    path = Path(path)
    data = _read(path)
    reduction = 1
    if fit is not None and data.startswith(_JPEG_START):
        size = _jpeg_size(data)
        if size is not None:
            while reduction < 8 and all(s / (2 * reduction) >= MIN_FIT_RESOLUTION * f for s, f in zip(size, fit)):
                reduction *= 2
    flags = {1: cv2.IMREAD_COLOR, 2: cv2.IMREAD_REDUCED_COLOR_2, 4: cv2.IMREAD_REDUCED_COLOR_4,
             8: cv2.IMREAD_REDUCED_COLOR_8}[reduction]
    fast = _decode_plain(data, flags)
    if fast is not None:
        return cv2.cvtColor(fast, cv2.COLOR_GRAY2RGB if fast.ndim == 2 else cv2.COLOR_BGR2RGB), reduction
    return _decode_with_pillow(path), 1


def _jpeg_size(data: bytes) -> tuple[int, int] | None:
    """(width, height) from a JPEG header, or None when Pillow cannot read it."""
    try:
        with Image.open(io.BytesIO(data)) as header:
            return header.size
    except (OSError, SyntaxError, ValueError, EOFError, Image.DecompressionBombError):
        return None


def load_mask(path: str | Path) -> np.ndarray:
    """Read an edit mask (white = editable) as a bool array; any image mode, thresholded at 50 % grey.

    Raises ImageError naming the file, as :func:`load_image` does.
    """
    path = Path(path)
    grey = _decode_plain(_read(path), cv2.IMREAD_GRAYSCALE)
    if grey is None:
        grey = cv2.cvtColor(_decode_with_pillow(path), cv2.COLOR_RGB2GRAY)
    return grey > 127


def _read(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        raise ImageError(f"{path}: file not found") from None
    except IsADirectoryError:
        raise ImageError(f"{path}: is a directory, not an image file") from None
    except OSError as err:
        raise ImageError(f"{path}: cannot read ({err.strerror or err})") from None


def _decode_plain(data: bytes, flags: int) -> np.ndarray | None:
    """OpenCV decode of a complete 8-bit RGB/grey PNG without transparency or EXIF, or of a complete
    RGB/grey JPEG without EXIF; None for anything else (the caller falls back to Pillow).

    Pillow reads the header first, so its size limit (decompression bombs) applies to both paths. A grey PNG asked
    for in colour comes back grey (2-D, for the caller to spread over three channels: the same pixels as libpng's
    own grey-to-colour expansion, sooner; every set image and reference is a grey PNG).
    """
    if data.startswith(_PNG_SIGNATURE):
        # IHDR is always first: bit depth at byte 24 (16-bit RGB would also open as mode "RGB").
        if len(data) < 33 or data[24] != 8 or not data.endswith(_PNG_END) or b"eXIf" in data:
            return None
    elif data.startswith(_JPEG_START):
        if not data.rstrip(b"\x00").endswith(_JPEG_END):
            return None  # truncated: Pillow reports it
    else:
        return None
    try:
        with Image.open(io.BytesIO(data)) as header:
            if header.mode not in ("RGB", "L") or "transparency" in header.info or "exif" in header.info:
                return None
            if header.mode == "L" and flags == cv2.IMREAD_COLOR and data.startswith(_PNG_SIGNATURE):
                flags = cv2.IMREAD_GRAYSCALE
    except (OSError, SyntaxError, ValueError, EOFError, Image.DecompressionBombError):
        return None
    image = cv2.imdecode(np.frombuffer(data, np.uint8), flags | cv2.IMREAD_IGNORE_ORIENTATION)
    if image is None or image.dtype != np.uint8:
        return None
    return image


def _decode_with_pillow(path: Path) -> np.ndarray:
    try:
        with Image.open(path) as im:
            im.load()
            if im.getexif().get(EXIF_ORIENTATION, 1) != 1:  # exif_transpose copies even when upright
                im = ImageOps.exif_transpose(im)
            return _pil_to_rgb(im)
    except FileNotFoundError:
        raise ImageError(f"{path}: file not found") from None
    except IsADirectoryError:
        raise ImageError(f"{path}: is a directory, not an image file") from None
    except UnidentifiedImageError:
        size = path.stat().st_size if path.is_file() else 0
        problem = "empty file" if size == 0 else "not a readable image (unknown format)"
        raise ImageError(f"{path}: {problem}") from None
    except Image.DecompressionBombError as err:
        raise ImageError(f"{path}: image too large ({err})") from None
    except (OSError, SyntaxError, ValueError, EOFError) as err:
        raise ImageError(f"{path}: broken or truncated image ({err})") from None


def _pil_to_rgb(im: Image.Image) -> np.ndarray:
    mode = im.mode
    if mode in ("I;16", "I;16B", "I;16L", "I;16N", "I", "F"):
        arr = np.asarray(im).astype(np.float64)
        top = 65535.0 if (mode.startswith("I;16") or arr.max() > 255) else 255.0
        gray = np.clip(np.round(arr * (255.0 / top)), 0, 255).astype(np.uint8)
        return np.ascontiguousarray(np.repeat(gray[:, :, None], 3, axis=2))
    if mode == "1":
        im = im.convert("L")
    has_alpha = im.mode in ("RGBA", "LA", "PA", "La", "RGBa") or (
        im.mode in ("P", "L", "RGB") and "transparency" in im.info
    )
    if has_alpha:
        rgba = np.asarray(im.convert("RGBA")).astype(np.float32)
        alpha = rgba[:, :, 3:4] / 255.0
        rgb = rgba[:, :, :3] * alpha + 255.0 * (1.0 - alpha)
        return np.clip(np.round(rgb), 0, 255).astype(np.uint8)
    if im.mode != "RGB":
        im = im.convert("RGB")
    return np.asarray(im, dtype=np.uint8)
