"""Image loading: the OpenCV fast path must give Pillow's pixels, and every other file takes Pillow."""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageDraw

from genpuzzle.dataset import encode_png
from genpuzzle.errors import ImageError
from genpuzzle.images import _decode_plain, _decode_with_pillow, load_image, load_image_reduced, load_mask


def _scene(size: tuple[int, int] = (96, 64)) -> Image.Image:
    rng = np.random.default_rng(5)
    image = Image.fromarray(rng.integers(0, 256, (size[1], size[0], 3), dtype=np.uint8))
    ImageDraw.Draw(image).rectangle([10, 10, 40, 30], fill=(200, 10, 10))
    return image


def _write(tmp_path: Path, name: str, image: Image.Image, **kw) -> Path:
    path = tmp_path / name
    image.save(path, **kw)
    return path


@pytest.mark.parametrize("name, mode, kw", [
    ("rgb.png", "RGB", {}), ("grey.png", "L", {}), ("rgb.jpg", "RGB", {"quality": 80}),
    ("grey.jpg", "L", {"quality": 80}), ("fast.png", "RGB", {"compress_level": 1}),
])
def test_fast_path_gives_pillows_pixels(tmp_path, name, mode, kw):
    path = _write(tmp_path, name, _scene().convert(mode), **kw)
    assert _decode_plain(path.read_bytes(), 1) is not None  # really the OpenCV path
    fast = load_image(path)
    assert fast.dtype == np.uint8 and fast.shape == (64, 96, 3)
    slow = _decode_with_pillow(path)
    if name.endswith(".png"):
        assert np.array_equal(fast, slow)
    else:  # both wheels bundle libjpeg-turbo (identical here); allow for a different IDCT build elsewhere
        diff = np.abs(fast.astype(int) - slow)
        assert diff.mean() < 0.5 and diff.max() <= 8


def test_files_the_fast_path_must_not_take(tmp_path):
    rgb = _scene()
    rotated = io.BytesIO()
    exif = Image.Exif()
    exif[0x0112] = 6  # rotate 90 deg clockwise on display
    rgb.save(rotated, format="JPEG", exif=exif.tobytes(), quality=95)
    rgba = rgb.convert("RGBA")
    rgba.putalpha(128)
    buffer16 = io.BytesIO()
    Image.fromarray(np.full((64, 96), 40000, np.uint16)).save(buffer16, format="PNG")
    transparent = io.BytesIO()
    rgb.convert("P", palette=Image.ADAPTIVE).save(transparent, format="PNG", transparency=0)
    for data in (rotated.getvalue(), encode_png(rgba), buffer16.getvalue(), transparent.getvalue()):
        assert _decode_plain(data, 1) is None
    path = tmp_path / "rotated.jpg"
    path.write_bytes(rotated.getvalue())
    assert load_image(path).shape == (96, 64, 3)  # EXIF orientation applied by Pillow


def test_truncated_files_still_raise_a_clear_error(tmp_path):
    for name, kw in (("a.jpg", {"quality": 90}), ("a.png", {})):
        data = _write(tmp_path, name, _scene((256, 256)), **kw).read_bytes()
        broken = tmp_path / f"broken-{name}"
        broken.write_bytes(data[: len(data) * 2 // 3])
        with pytest.raises(ImageError) as info:
            load_image(broken)
        assert str(info.value).startswith(f"{broken}: ")


def _drawing(side: int) -> Image.Image:
    """Line work on paper, like a puzzle answer."""
    image = Image.new("RGB", (side, side), (250, 248, 240))
    draw = ImageDraw.Draw(image)
    for i in range(0, side, side // 9):
        draw.line([(i, 0), (i, side)], fill=(0, 0, 0), width=4)
        draw.line([(0, i), (side, i)], fill=(0, 0, 0), width=4)
    draw.ellipse([side // 4, side // 4, side // 2, side // 2], outline=(30, 60, 200), width=9)
    return image


def test_large_jpeg_is_decoded_reduced_but_never_below_the_fit(tmp_path):
    path = _write(tmp_path, "big.jpg", _drawing(1024), quality=90)
    full = load_image(path)
    for fit, reduction in (((520, 520), 2), ((656, 656), 2), ((800, 800), 1), ((256, 256), 4), ((100, 100), 8),
                           ((520, 900), 1), (None, 1)):
        image, got = load_image_reduced(path, fit)
        assert got == reduction, fit
        assert image.shape == (1024 // reduction, 1024 // reduction, 3)
        if fit is not None:
            assert min(image.shape[1] / fit[0], image.shape[0] / fit[1]) >= 0.75
    half, _ = load_image_reduced(path, (520, 520))
    # libjpeg's DCT scaling is an area-like average of the full decode
    area = full.reshape(512, 2, 512, 2, 3).mean(axis=(1, 3))
    assert np.abs(half.astype(float) - area).mean() < 2.0
    png = _write(tmp_path, "big.png", _scene((1024, 1024)))
    assert load_image_reduced(png, (256, 256))[1] == 1  # only JPEG has a cheap reduced decode


def test_load_mask_thresholds_any_mode(tmp_path):
    mask = np.zeros((30, 40), np.uint8)
    mask[5:20, 10:30] = 255
    for mode in ("L", "RGB", "1"):
        path = _write(tmp_path, f"mask-{mode}.png", Image.fromarray(mask).convert(mode))
        got = load_mask(path)
        assert got.dtype == bool and np.array_equal(got, mask > 127), mode
    with pytest.raises(ImageError):
        load_mask(tmp_path / "missing.png")


def test_colourless_images_are_stored_grey_and_load_back_identical():
    grey = Image.fromarray(np.repeat(np.arange(64, dtype=np.uint8).reshape(8, 8)[:, :, None] * 4, 3, axis=2))
    data = encode_png(grey)
    assert Image.open(io.BytesIO(data)).mode == "L"
    coloured = _scene()
    assert Image.open(io.BytesIO(encode_png(coloured))).mode == "RGB"
    for image, payload in ((grey, data), (coloured, encode_png(coloured))):
        decoded = np.asarray(Image.open(io.BytesIO(payload)).convert("RGB"))
        assert np.array_equal(decoded, np.asarray(image))
