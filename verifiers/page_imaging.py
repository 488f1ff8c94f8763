"""How an answer page re-imaged the input: blur and contrast fitted on content the answer must keep.

A model that redraws a puzzle, or a camera or scanner in between, often softens it (blur) and washes it
out (lower contrast) as a whole. A page-change check that compares darkness maps pixel by pixel then
sees every thin line "removed" and every fill "lightened". :func:`fit_page_imaging` models the answer's
darkness on the given content as ``gain * blur_sigma(input darkness)`` and the checks compare the answer
with that modelled input instead (:meth:`PageImaging.model`). The model is global (one sigma, one gain
for the page) and fitted only on content outside the answer's region, so a local change -- a panel erased,
a figure redrawn -- does not fit it; an erasure large enough to pull the gain down leaves the kept content
darker than the model, and the checks charge that as added ink instead.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

SIGMAS = (0.0, 0.8, 1.2, 1.6, 2.0, 2.5, 3.0)  # px of the input's resolution
GAIN_RANGE = (0.35, 1.0)  # washed out, never darkened: a darker page is not explained away
IMPROVEMENT = 0.8  # a model other than the identity must cut the fit error to this share of the identity's
MIN_SAMPLE_PX = 400


@dataclass(frozen=True)
class PageImaging:
    """``answer darkness ~ gain * GaussianBlur(input darkness, sigma)`` on the page's given content."""

    sigma: float = 0.0
    gain: float = 1.0
    error: float = 0.0  # mean absolute residual of the fit, darkness 0..255
    identity_error: float = 0.0

    @property
    def is_identity(self) -> bool:
        return self.sigma == 0.0 and self.gain == 1.0

    def model(self, input_dark: np.ndarray) -> np.ndarray:
        """The input's darkness map as this page would show it (float32)."""
        out = np.asarray(input_dark, np.float32)
        if self.sigma > 0:
            out = cv2.GaussianBlur(out, (0, 0), self.sigma)
        return out * np.float32(self.gain) if self.gain != 1.0 else out

    def to_json(self) -> dict[str, float]:
        return {"sigma": self.sigma, "gain": round(self.gain, 3), "error": round(self.error, 2),
                "identity_error": round(self.identity_error, 2)}


IDENTITY = PageImaging()


def fit_page_imaging(answer_dark: np.ndarray, input_dark: np.ndarray, region: np.ndarray,
                     ink_darkness: float = 60.0) -> PageImaging:
    """Fit blur and gain on ``region`` (bool, True where the answer must show the input unchanged) near
    the input's ink (within a few pixels of darkness > ``ink_darkness``). Returns :data:`IDENTITY` unless
    a non-identity model explains the page clearly better (:data:`IMPROVEMENT`)."""
    a = np.asarray(answer_dark, np.float32)
    i = np.asarray(input_dark, np.float32)
    near = cv2.dilate((i > ink_darkness).astype(np.uint8), np.ones((7, 7), np.uint8)).astype(bool) & region
    if int(near.sum()) < MIN_SAMPLE_PX:
        return IDENTITY
    ys, xs = np.nonzero(near)
    step = max(1, len(ys) // 20000)
    ys, xs = ys[::step], xs[::step]
    av = a[ys, xs]
    base = float(np.abs(av - i[ys, xs]).mean())
    best = PageImaging(0.0, 1.0, base, base)
    for sigma in SIGMAS:
        m = (cv2.GaussianBlur(i, (0, 0), sigma) if sigma else i)[ys, xs]
        mm = float((m * m).sum())
        if mm <= 0:
            continue
        gain = float(np.clip((av * m).sum() / mm, *GAIN_RANGE))
        err = float(np.abs(av - gain * m).mean())
        if err < best.error:
            best = PageImaging(sigma, gain, err, base)
    if best.is_identity or best.error > IMPROVEMENT * base:
        return PageImaging(0.0, 1.0, base, base)
    return best
