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
WASHED_FIT_SHARE = 0.5  # a washed-out page: the model's fit error at most this share of the identity's
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

    def washed_out(self, below_gain: float) -> bool:
        """The page came out washed out as a whole: gain below ``below_gain``, and the model explains the
        given content (fit error <= :data:`WASHED_FIT_SHARE` of the identity's). An erasure lowers the
        fitted gain too, but the ink it kept stays off the model: with a share k of the ink kept, the gain
        fits ~k and the error is ~2k x the identity's, while a wash leaves only noise."""
        return (not self.is_identity and self.gain < below_gain
                and self.error <= WASHED_FIT_SHARE * self.identity_error)

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


TONE_REFITS = 3  # least-squares fits, each without the pixels the previous one does not explain
TONE_MIN_EXPLAINED = 0.8  # share of the region a tone map must explain to be used


@dataclass(frozen=True)
class ChannelTones:
    """``answer channel c ~ gains[c] * GaussianBlur(input channel c, sigma) + offsets[c]`` on the region."""

    gains: tuple[float, float, float]
    offsets: tuple[float, float, float]
    explained: tuple[float, float, float]  # per channel, the share of the region's pixels the map explains

    def restore(self, answer: np.ndarray) -> np.ndarray:
        """The answer's colours mapped back onto the input's tones (the map inverted; uint8 RGB)."""
        a = np.asarray(answer, np.float32)[:, :, :3]
        out = np.stack([(a[..., c] - self.offsets[c]) / self.gains[c] for c in range(3)], axis=2)
        return np.clip(np.round(out), 0, 255).astype(np.uint8)

    def to_json(self) -> dict[str, list[float]]:
        return {"gains": [round(g, 3) for g in self.gains], "offsets": [round(o, 1) for o in self.offsets],
                "explained": [round(e, 3) for e in self.explained]}


def fit_channel_tones(answer: np.ndarray, input_image: np.ndarray, region: np.ndarray,
                      imaging: PageImaging) -> ChannelTones | None:
    """Per RGB channel, the affine tone map from the input (blurred by ``imaging.sigma``) to the answer over
    ``region`` (bool; every other pixel), refitted :data:`TONE_REFITS` times without the pixels it does not
    explain (off by more than max(10, 6 x the median residual): marks, erasures, a recoloured face). For a
    page :func:`fit_page_imaging` found washed out; None when the region is too small or flat to fit."""
    a = np.asarray(answer, np.float32)
    i = np.asarray(input_image, np.float32)
    if a.ndim != 3 or i.ndim != 3 or a.shape[:2] != i.shape[:2] or a.shape[:2] != region.shape:
        return None
    take = region[::2, ::2]
    fits = []
    for c in range(3):
        src = np.ascontiguousarray(i[..., c])
        if imaging.sigma > 0:
            src = cv2.GaussianBlur(src, (0, 0), imaging.sigma)
        av, iv = a[::2, ::2, c][take], src[::2, ::2][take]
        keep = np.ones(len(av), bool)
        gain, offset = 1.0, 0.0
        for _ in range(TONE_REFITS):
            if keep.sum() < MIN_SAMPLE_PX or np.ptp(iv[keep]) < 1:
                return None
            design = np.stack([iv[keep], np.ones(int(keep.sum()), np.float32)], 1)
            (gain, offset), *_ = np.linalg.lstsq(design, av[keep], rcond=None)
            residual = np.abs(av - (gain * iv + offset))
            keep = residual < max(10.0, 6.0 * float(np.median(residual[keep])))
        fits.append((float(gain), float(offset), float(keep.mean())))
    return ChannelTones(tuple(f[0] for f in fits), tuple(f[1] for f in fits), tuple(f[2] for f in fits))
