"""Realistic distortions of answer images, as image models produce them.

Used by the test suite and handy for users who want to check a verifier's robustness on their own
answers. Every function takes and returns an RGB uint8 array and is deterministic.
"""

from __future__ import annotations

import io

import cv2
import numpy as np
from PIL import Image


def rescale(image: np.ndarray, fx: float, fy: float | None = None) -> np.ndarray:
    """Resize by ``fx`` horizontally and ``fy`` (default ``fx``) vertically."""
    h, w = image.shape[:2]
    size = (max(1, round(w * fx)), max(1, round(h * (fy if fy is not None else fx))))
    interp = cv2.INTER_AREA if fx < 1 else cv2.INTER_LINEAR
    return cv2.resize(image, size, interpolation=interp)


def pad(image: np.ndarray, top: int, bottom: int, left: int, right: int,
        color: tuple[int, int, int] = (255, 255, 255)) -> np.ndarray:
    """Add borders of the given widths."""
    return cv2.copyMakeBorder(image, top, bottom, left, right, cv2.BORDER_CONSTANT, value=color)


def crop(image: np.ndarray, top: int, bottom: int, left: int, right: int) -> np.ndarray:
    """Cut the given widths off each side."""
    h, w = image.shape[:2]
    return np.ascontiguousarray(image[top:h - bottom, left:w - right])


def shift(image: np.ndarray, dx: int, dy: int) -> np.ndarray:
    """Translate content by (dx, dy) pixels within the same canvas, filling with white."""
    matrix = np.float32([[1, 0, dx], [0, 1, dy]])
    h, w = image.shape[:2]
    return cv2.warpAffine(image, matrix, (w, h), borderValue=(255, 255, 255))


def rotate(image: np.ndarray, degrees: float) -> np.ndarray:
    """Rotate about the centre by ``degrees`` (counter-clockwise), filling with white."""
    h, w = image.shape[:2]
    matrix = cv2.getRotationMatrix2D((w / 2, h / 2), degrees, 1.0)
    return cv2.warpAffine(image, matrix, (w, h), flags=cv2.INTER_LINEAR, borderValue=(255, 255, 255))


def jpeg(image: np.ndarray, quality: int = 60) -> np.ndarray:
    """Round-trip through JPEG at ``quality``."""
    buffer = io.BytesIO()
    Image.fromarray(image).save(buffer, format="JPEG", quality=quality)
    return np.asarray(Image.open(io.BytesIO(buffer.getvalue())).convert("RGB"))


def blur(image: np.ndarray, sigma: float = 1.0) -> np.ndarray:
    """Gaussian blur with standard deviation ``sigma`` pixels."""
    return cv2.GaussianBlur(image, (0, 0), sigma)


def retint(image: np.ndarray, paper: tuple[int, int, int] = (245, 235, 210)) -> np.ndarray:
    """Multiply by a paper colour, as if the background were re-tinted (white becomes ``paper``)."""
    tint = np.array(paper, dtype=np.float32) / 255.0
    return np.clip(image.astype(np.float32) * tint, 0, 255).astype(np.uint8)


def noise(image: np.ndarray, sigma: float, seed: int = 0) -> np.ndarray:
    """Add Gaussian pixel noise of standard deviation ``sigma`` (grey levels)."""
    rng = np.random.default_rng(seed)
    return np.clip(image.astype(np.float32) + rng.normal(0, sigma, image.shape), 0, 255).astype(np.uint8)


def warp(image: np.ndarray, amplitude: float, seed: int = 0) -> np.ndarray:
    """Bend the image smoothly, as a model that redraws the picture does: a low-frequency displacement
    field (a few sine waves across the image) moving no pixel by more than ``amplitude`` px."""
    h, w = image.shape[:2]
    rng = np.random.default_rng(seed)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    dx, dy = np.zeros((h, w), np.float32), np.zeros((h, w), np.float32)
    for _ in range(3):
        fx, fy = rng.uniform(0.5, 1.5, 2)
        px, py = rng.uniform(0, 2 * np.pi, 2)
        dx += (np.sin(2 * np.pi * fy * yy / h + px) * np.cos(2 * np.pi * fx * xx / w)).astype(np.float32)
        dy += (np.sin(2 * np.pi * fx * xx / w + py) * np.cos(2 * np.pi * fy * yy / h)).astype(np.float32)
    dx *= amplitude / max(float(np.abs(dx).max()), 1e-6)
    dy *= amplitude / max(float(np.abs(dy).max()), 1e-6)
    return cv2.remap(image, xx + dx, yy + dy, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


def model_like(image: np.ndarray, seed: int = 0) -> np.ndarray:
    """A typical image-model return: squashed to 1024x1024, off-white paper, slight blur, JPEG 75."""
    out = cv2.resize(image, (1024, 1024), interpolation=cv2.INTER_LINEAR)
    out = retint(out, (250, 246, 236))
    out = blur(out, 0.8)
    out = noise(out, 2.0, seed)
    return jpeg(out, 75)
