"""Register a model's answer image into the pixel frame of the puzzle's input image.

Image models do not return pixel-aligned copies: answers come rescaled (also non-uniformly, e.g. to a
fixed square), padded/cropped/shifted a little, slightly rotated, blurred, JPEG-compressed, on re-tinted
paper, and they contain the edits that solve the puzzle; around the page they add captions, dark
borders, letterbox bars or the dark table the page was photographed on.  `register` first accepts a same-size answer
that repeats the input pixel for pixel outside the edit mask (an editor that pastes untouched pixels
back).  Otherwise it estimates the affine map from the answer to the input frame on ~256 px "ink" maps
(darkness relative to the paper colour), guarded against locking onto the wrong cell of a repetitive grid
by initialising from the content bounding box (upright, then with the dominant line orientation, then the
whole page, then the puzzle's own long lines matched as profiles axis by axis, then ORB+RANSAC); bars
around the page are found first (edge rows/columns without paper) and ignored, and uneven paper (a
shadow) is evened out. It refines the map coarse-to-fine with a robust ECC-style Gauss-Newton fit on edge
maps that ignores ink the answer added, validates it (scale, rotation, shear, coverage, quality), and
warps the answer once at full resolution. When no affine fit reaches the bar, or a good one is about to be
bent, the fit is refined as a homography (a page photographed at an angle) and taken only when it meets the
same bars and is clearly better. When nothing fits, the input's content is located anywhere in the page at
any scale (a puzzle inside an app's screen) and the search runs again on that spot. When the fit is not
near-perfect, smooth local offsets
(``genpuzzle.local_warp``) measured on a grid of patches bend the answer back onto the input, and are kept
only if the fit improves.
"""

from __future__ import annotations

import contextvars
import math
from dataclasses import dataclass, field

import cv2
import numpy as np

from genpuzzle.images import load_image
from genpuzzle.local_warp import dense_offsets, local_offsets
from genpuzzle.parallel import reproducible_numerics

__all__ = ["Registration", "load_image", "normalize_background", "register"]

WORK_SIDE = 256  # long side of the images the transform is estimated on
MIN_SIDE = 16  # answers/targets smaller than this (px) are rejected outright
SCALE_RANGE = (0.25, 3.0)  # allowed singular values of the answer -> input map (answer 0.33-4x the input)
MAX_ROTATION_DEG = 10.0  # (rubric 71: 5 until then; HELDOUT32 lays pages on a belt turned up to 6 deg, all read plainly)
MAX_SHEAR = 0.08  # |off-diagonal| / scale of the rotation-free part
MIN_COVERAGE = 0.7  # fraction of the input frame the warped answer must cover
MIN_QUALITY = 0.65  # below: not ok
GOOD_QUALITY = 0.8  # at or above: stop trying further initialisations (but see SETTLED_QUALITY)
SETTLED_QUALITY = 0.95  # a fit between GOOD and this (not an identity fit) still tries the line-profile starts
SETTLED_GAIN = 0.03  # ... which replace it only when their quality is at least this much higher
IDENTITY_TOL_PX = 0.5  # full-res corner displacement under which an aligned answer is returned as is
SETTLED_WORK_PX = 0.05  # a refinement pass moving the frame's corners less than this ends the refinement
UNSETTLED_WORK_PX = 2.0  # a last pass that still moved the corners this much had not converged: more passes
REFINE_EXTRA_PASSES = 2  # ... at most this many (a start far off, e.g. squashed by a caption, can need them)
UPRIGHT_QUALITY = 0.98  # quality that ends the search after the cheap upright start
HALVE_ABOVE = 1.8  # answers at least this much larger than the input (both sides) are halved first
LOCAL_SKIP_QUALITY = 0.985  # an affine fit this good leaves nothing for a local correction to fix
PROJECTIVE_CLOSE = 0.5  # a homography replaces a good affine fit when it closes this share of its misfit 1 - q (or
#                        SETTLED_GAIN, the smaller)
LOCAL_TRY_QUALITY = 0.55  # affine fits from here up may be rescued by the local correction
LATTICE_TRY_QUALITY = 0.5  # ... from here up on an input with a lattice, when the bent fit lands on it (lens distortion)
LOCAL_SIDE = 384  # long side of the maps local offsets are measured on
LOCAL_MAX_SHIFT = 0.015  # largest local offset searched, as a share of the image's long side
LOCAL_APPLY_PX = 0.75  # local offsets all below this (full-res px): keep the affine result
LOCAL_ROUNDS = 2  # measure-and-correct rounds; another runs only after offsets of LOCAL_AGAIN_PX or more
LOCAL_AGAIN_PX = 2.0
SHADING_BLOCKS = 8  # blocks per side on which the paper's brightness is measured
SHADING_MIN = 0.12  # paper brightness varying less than this across the page is left alone
PAGE_PAPER_INK = 0.45  # ink below this counts as paper when looking for the page among bars
PAGE_MIN_PAPER = 0.04  # edge rows/columns with less paper than this are bars, not page
PAGE_REWORK = 0.7  # a page smaller than this share of the answer gets its own work resolution
PAGE_MARGIN_PX = 2  # full-res px next to a bar that still count as not observed (resampled bar edge)
PROFILE_SCALES = (0.7, 1.3)  # searched scales, relative to the answer's page : input size ratio of the axis
PROFILE_WIDE_SCALES = (0.5, 1.3)  # ... searched when nothing else fits: a puzzle drawn small on a wide page
WIDE_OUTSIDE_INK = 0.15  # ... such a fit is kept only with at most this share of the page's ink outside its frame
PROFILE_LINE = 0.08  # strokes at least this long (share of the side) count as lines in line profiles
PROFILE_STEP = 0.012  # log-scale step of that search
PROFILE_MAX_ASPECT = 0.3
PROFILE_MIN_SCORE = 0.4  # profile correlation an axis fit needs (puzzles 0.6-0.9 with a caption, noise <= 0.31)
PROFILE_TRIES = 2  # line-profile starts refined at most (best combined correlation first), then one all-ink start  # |log(sx / sy)| above this pairs no profile fits
PLACED_RECALL = 0.98  # a line-profile fit under the bar is still kept when it places this share of the kept ink
LATTICE_AGREE = 0.9  # line profiles (both axes, no offset) this correlated: the puzzle's lines coincide (a fit 2-3 px or one cell off: <= 0.85)
GRID_QUALITY = 0.8  # quality of the line work alone (grid, frame) that anchors a fit the whole ink scores low
GRID_MIN_SHARE = 0.25  # the input's long straight strokes must be at least this share of its ink to anchor on
GRID_MIN_WHOLE = 0.4  # ... when the whole ink still scores this (clues redrawn larger: 0.49-0.62; another
# puzzle whose dense fills hide its own grid lines: 0.3-0.37)
GRID_TRIES = 3  # best distinct fits re-fitted on the line work
GRID_LINE_INK = 0.25  # ... and at least this dark
GRID_LONG_LINE = 0.2  # ... and at least this long (share of the side: longer than a hatched cell's strokes)
GRID_THIN_PX = 7  # work px: line ink thinner than this across is a line (thicker: a filled run of cells)
PIXEL_IDENTITY_RECALL = 0.97  # pixel check: share of the input's line pixels the answer must repeat exactly
PIXEL_IDENTITY_EXTRA = 0.03  # ... and at most this much ink (of the input's) added away from the edits
PROJECTIVE_TRIES = 2  # best distinct affine fits refined as homographies when no affine fit reaches the bar
MAX_KEYSTONE = 0.2  # a homography may narrow a side of the input frame by at most this against the opposite one
PROJECTIVE_MIN_START = 0.2  # affine fits under this are no start for one (angled pages: 0.36-0.52; noise <= 0.04)


@dataclass
class Registration:
    """Result of `register`.

    ok: the answer was aligned; image: RGB uint8 answer warped into the input frame (input's HxW), None
    when not ok; matrix: 3x3 float, maps answer pixel coords -> input pixel coords (affine, or with "+projective"
    a homography: apply it with the division by its third row; the "+local" bend comes on top);
    method: "identity", "ecc" (content-box/page initialisation + robust ECC-style refinement),
    "profile" (started from the puzzle's own lines matched as profiles) or "features" (ORB+RANSAC
    initialisation + the same refinement), with "+local" when ``image`` also
    carries a smooth local correction of a few pixels on top of ``matrix`` (a redrawn, bent answer),
    and "+lattice" when the quality is below MIN_QUALITY but the puzzle's lines coincide (:func:`_lattice_agrees`),
    "+grid" before "+local" when the bent answer's line work lies on the input's lattice (a lens bends the page),
    "+colour" when the answer's coloured ink was matched too (see :func:`register`), "+projective" when
    ``matrix`` is a homography (a page photographed at an angle; :func:`_projective_fit`), "+page" when the
    page was found as an island of paper in darker surroundings (:func:`_paper_island`) and "+contrast" when
    the answer was measured at its own, lower contrast (:func:`_page_contrast`; both retries in :func:`register`),
    "+located" when the input's content was found first somewhere in a larger page, at any scale, and that spot
    taken for the page (:func:`_locate`; the last retry), "+framed" when a located fit under the bar (or, with "+page",
    an island page's fit: :func:`_island_framed`) was taken because the answer shows the input's lattice in its frame
    (:func:`_lattice_framed`) and leaves none of its lines bare (:func:`_bare_lines`), "+enclosed" (after "+page") when the
    page was the area its surroundings enclose (:func:`_paper_island` with ``enclosed``), "+inverted" when the page is drawn light on dark and was
    registered with its lightness inverted (``image`` is that inverted page: dark ink on light paper; see
    :func:`register`), "+tiles" when every search failed and the input's lattice was fitted onto the gaps between the
    answer's tiles (a page drawn as tiles, no grid lines: :func:`_tile_fit`; ``quality`` is then the whole ink's, 0.1 up),
    "marks" when, after that, the input's lattice was placed on the answer's crossing marks (a grid drawn only as a "+"
    at each corner of the cells, in its own proportions: :func:`_mark_fit`; ``quality`` is the whole ink's),
    "lattice+blocks" when the page draws the input's 5x5 blocks apart (:func:`_block_fit`: ``image`` is warped by a
    separable piecewise map that jumps over the gaps, kept in ``blocks``; ``matrix`` is the affine map through the
    lattice's outermost lines), "lattice+heavy" when it draws the input's lattice within a larger one, found by its
    heavy lines (:func:`_heavy_fit`: a spreadsheet), and "lattice+ruled" when it draws the input's lattice ruled by
    hand, its cells a little uneven (:func:`_ruled_fit`: ``image`` warped by a separable piecewise map through each
    line found, kept in ``blocks`` as a block fit's);
    quality: 0..1 alignment quality (robust correlation of ink maps in the unchanged region);
    reason: why not ok, else None;
    local: the "+local" bend as (grid offsets, map scale) for :meth:`source_points`, else None;
    valid: bool HxW in the input frame, True where ``image`` shows the answer's page: False outside the
    answer image and on bars around its page (letterbox / pillarbox bars, a dark border, the surface the
    page lies on) plus PAGE_MARGIN_PX next to them. ``image`` shows the *input* there (on the answer's
    paper colour), so a pixel the answer does not show reads as unchanged: never as ink the answer added
    (a sliver of a bar) nor as line work it removed. A verifier that must see a region (the cells to
    fill, the route) can require ``valid`` there and flag the answer for review otherwise. None when
    not ok.
    """

    ok: bool
    image: np.ndarray | None
    matrix: np.ndarray | None
    method: str
    quality: float
    reason: str | None
    local: tuple[np.ndarray, float] | None = None  # (grid offsets, map scale) of the "+local" bend
    valid: np.ndarray | None = None  # bool HxW: input-frame pixels the answer's page actually shows
    unbent: np.ndarray | None = None  # with "+local": the answer warped by ``matrix`` alone (no bend)
    near: np.ndarray | None = field(default=None, repr=False)  # not ok for its quality: the best map tried
    # "lattice+blocks", "lattice+ruled": the separable piecewise map (x in, x out, y in, y out knots; out -> answer px)
    blocks: tuple | None = field(default=None, repr=False)

    def source_points(self, points: np.ndarray) -> np.ndarray:
        """Where input-frame points (N, 2) were sampled from in the answer image as given (N, 2): the
        inverse of ``matrix`` plus the local bend when there is one. Raises ValueError when not ok."""
        if not self.ok or self.matrix is None or self.image is None:
            raise ValueError("registration failed: no mapping")
        pts = np.asarray(points, dtype=np.float64).reshape(-1, 2)
        if self.blocks is not None:  # a lattice drawn as blocks apart: the piecewise map jumps over the gaps
            xin, xan, yin, yan, back = self.blocks
            u, v = _piecewise(pts[:, 0], xin, xan), _piecewise(pts[:, 1], yin, yan)
            return (back[:2, :2] @ np.stack([u, v])).T + back[:2, 2]
        shifted = pts.copy()
        if self.local is not None:
            h, w = self.image.shape[:2]
            dx, dy = dense_offsets(self.local[0], w, h, self.local[1])
            xi = np.clip(np.round(pts[:, 0]).astype(int), 0, w - 1)
            yi = np.clip(np.round(pts[:, 1]).astype(int), 0, h - 1)
            shifted[:, 0] += dx[yi, xi]
            shifted[:, 1] += dy[yi, xi]
        inv = np.linalg.inv(self.matrix)
        if _is_projective(inv):
            return _apply(inv, np.vstack([shifted.T, np.ones(len(shifted))])).T
        return (inv[:2, :2] @ shifted.T).T + inv[:2, 2]


# ------------------------------------------------------------------------------------------- background


def normalize_background(image: np.ndarray) -> np.ndarray:
    """Map a re-tinted / off-white paper background back to white (per-channel gain from the modal
    bright colour), keep inks.  Returns a new RGB uint8 array."""
    rgb = _as_rgb(image)
    return white_balance(rgb, paper_colour(rgb))


def white_balance(image: np.ndarray, paper: np.ndarray) -> np.ndarray:
    """``image`` (RGB uint8) with the per-channel gain that maps ``paper`` to white; a new array."""
    gain = (255.0 / np.maximum(paper, 1.0)).astype(np.float32)
    # A lookup table per channel: the same float32 products as multiplying every pixel, 256 of them.
    lut = np.clip(np.arange(256, dtype=np.float32)[:, None] * gain[None, :], 0, 255).astype(np.uint8)
    return cv2.LUT(np.ascontiguousarray(image), lut[:, None, :])


def white_balance_inverse(image: np.ndarray, paper: np.ndarray) -> np.ndarray:
    """``image`` (RGB uint8, on white paper) as if printed on ``paper``: white becomes ``paper``."""
    gain = (np.clip(np.asarray(paper, dtype=np.float32), 0, 255) / 255.0).astype(np.float32)
    lut = np.clip(np.arange(256, dtype=np.float32)[:, None] * gain[None, :] + 0.5, 0, 255).astype(np.uint8)
    return cv2.LUT(np.ascontiguousarray(image), lut[:, None, :])


def paper_colour(rgb: np.ndarray) -> np.ndarray:
    """Modal bright colour (the paper), as float RGB; white if the image has no bright pixels."""
    small = rgb
    if max(rgb.shape[:2]) > 2 * WORK_SIDE:
        f = WORK_SIDE / max(rgb.shape[:2])
        small = _downscale(rgb, max(1, round(rgb.shape[1] * f)), max(1, round(rgb.shape[0] * f)))[0]
    px = small.reshape(-1, 3)
    if px.dtype != np.uint8:
        return _paper_colour_gathered(px)
    bright = px[:, 0].astype(np.uint16) + px[:, 1] + px[:, 2] >= 3 * 96
    if not bright.any():
        return np.array([255.0, 255.0, 255.0])
    q = px >> 3  # 32 levels per channel
    keys = (q[:, 0].astype(np.int32) << 10) | (q[:, 1].astype(np.int32) << 5) | q[:, 2]
    # (speed, twenty-sixth session: no copy of the bright pixels) the dark ones are counted apart, past every colour
    keys[~bright] = _DARK_KEY
    counts = np.bincount(keys, minlength=_DARK_KEY + 1)
    key = int(counts[:_DARK_KEY].argmax())
    mode = (keys == key).astype(np.int64)
    # (the mean: integer sums are exact)
    return np.array([int(mode @ px[:, c]) for c in range(3)], np.int64) / int(counts[key])


_DARK_KEY = 1 << 15  # paper_colour's key for the pixels too dark to be paper


def _paper_colour_gathered(px: np.ndarray) -> np.ndarray:
    """:func:`paper_colour` of pixels ``px`` (N x 3) of any integer type, the bright ones gathered first."""
    bright = px[px[:, 0].astype(np.uint16) + px[:, 1] + px[:, 2] >= 3 * 96]
    if len(bright) == 0:
        return np.array([255.0, 255.0, 255.0])
    q = bright >> 3  # 32 levels per channel
    keys = (q[:, 0].astype(np.int32) << 10) | (q[:, 1].astype(np.int32) << 5) | q[:, 2]
    mode = bright[keys == np.bincount(keys).argmax()]
    return mode.sum(axis=0, dtype=np.int64) / len(mode)  # (the mean: integer sums are exact)


# ------------------------------------------------------------------------------------------ work images


def _as_rgb(image: np.ndarray) -> np.ndarray:
    arr = np.asarray(image)
    if arr.dtype != np.uint8:
        if np.issubdtype(arr.dtype, np.floating) and arr.size and arr.max() <= 1.0:
            arr = arr * 255.0
        arr = np.clip(arr, 0, 255).astype(np.uint8)
    if arr.ndim == 2:
        arr = np.repeat(arr[:, :, None], 3, axis=2)
    elif arr.ndim == 3 and arr.shape[2] == 1:
        arr = np.repeat(arr, 3, axis=2)
    elif arr.ndim == 3 and arr.shape[2] == 4:
        a = arr[:, :, 3:4].astype(np.float32) / 255.0
        arr = np.round(arr[:, :, :3] * a + 255.0 * (1 - a)).astype(np.uint8)
    elif not (arr.ndim == 3 and arr.shape[2] == 3):
        raise ValueError(f"expected an HxW or HxWx{{1,3,4}} image, got shape {arr.shape}")
    return np.ascontiguousarray(arr)


def _scale_mat(fx: float, fy: float) -> np.ndarray:
    """Pixel-centre-correct map from full-res coords to coords resized by (fx, fy)."""
    return np.array([[fx, 0, 0.5 * fx - 0.5], [0, fy, 0.5 * fy - 0.5], [0, 0, 1]], dtype=np.float64)


def _downscale(img: np.ndarray, ww: int, wh: int) -> tuple[np.ndarray, np.ndarray]:
    """Resize to (ww, wh) <= the image size; returns (small, 3x3 full-res -> small coords).

    Exact 2x area halvings first (OpenCV's fast path; a non-integer INTER_AREA costs 10-20x more),
    then one linear step of factor > 0.5.
    """
    to = np.eye(3)
    while img.shape[1] >= 2 * ww and img.shape[0] >= 2 * wh:
        h2, w2 = img.shape[0] // 2, img.shape[1] // 2
        img = cv2.resize(img[: 2 * h2, : 2 * w2], (w2, h2), interpolation=cv2.INTER_AREA)
        to = _scale_mat(0.5, 0.5) @ to
    if (img.shape[1], img.shape[0]) != (ww, wh):
        to = _scale_mat(ww / img.shape[1], wh / img.shape[0]) @ to
        img = cv2.resize(img, (ww, wh), interpolation=cv2.INTER_LINEAR)
    return img, to


@dataclass
class _Work:
    ink: np.ndarray  # float32 0..1 darkness relative to the paper, at work resolution
    to_work: np.ndarray  # 3x3 full-res -> work coords
    paper: np.ndarray  # RGB paper colour (float)
    chromatic: float  # fraction of the inked pixels that are coloured
    lighter: float = 0.0  # share of the page (grey >= 96) clearly lighter than the paper (see _paper_grey)
    cache: dict = field(default_factory=dict)  # derived maps, computed once per register() call

    def derived(self, key: str, make) -> np.ndarray:
        if key not in self.cache:
            self.cache[key] = make()
        return self.cache[key]


def _work_image(rgb: np.ndarray, scale: float, achromatic_ink: bool | None = None,
                lighter: float | None = None, contrast: float = 1.0, even_shading: bool = True) -> _Work:
    """Downscale and convert to an ink map.

    achromatic_ink=True measures ink as darkness of the brightest channel, so coloured strokes (a red
    path, blue digits: typical edits) almost vanish while black line work stays; used when the input
    itself is drawn in black/grey only.  None decides from the image itself.
    lighter: the input's :attr:`_Work.lighter`, so that an answer's paper is the same surface as the
    input's (see :func:`_paper_grey`).
    contrast: the page's ink depth relative to the input's (a washed-out page: < 1, see
    :func:`_page_contrast`); levels and ink are measured as if the page had the input's contrast.
    even_shading: even out the paper's shading first (:func:`_paper_shading`); False leaves it as it is.
    """
    h, w = rgb.shape[:2]
    ww, wh = max(1, round(w * scale)), max(1, round(h * scale))
    small, to_work = _downscale(rgb, ww, wh)
    gray = cv2.cvtColor(small, cv2.COLOR_RGB2GRAY)
    paper_gray = _paper_grey(gray, lighter, contrast)
    shade = _paper_shading(gray, paper_gray) if even_shading else None
    if shade is not None:  # a shadow or light falloff across the page: even the paper out first
        small = np.clip(small.astype(np.float32) / shade[:, :, None], 0, 255).astype(np.uint8)
        gray = cv2.cvtColor(small, cv2.COLOR_RGB2GRAY)
    near = cv2.inRange(gray, paper_gray - 4, paper_gray + 4)
    paper = np.array(cv2.mean(small, mask=near)[:3]) if near.any() else np.full(3, 255.0)
    paper = np.maximum(paper, 16.0)
    chans = [c.astype(np.float32) * (1.0 / float(p)) for c, p in zip(cv2.split(small), paper)]
    vmax = cv2.max(cv2.max(chans[0], chans[1]), chans[2])
    depth = np.float32(1.0 / contrast)
    lum_ink = np.clip((1.0 - gray.astype(np.float32) * (1.0 / max(16.0, float(paper_gray)))) * depth, 0.0, 1.0)
    inked = lum_ink > 0.3
    chroma = 0.0
    if achromatic_ink is None and inked.any():
        vmin = cv2.min(cv2.min(chans[0], chans[1]), chans[2])
        chroma = float(((vmax - vmin)[inked] > 0.3).mean())
    if achromatic_ink is None:
        achromatic_ink = chroma < 0.1
    ink = np.clip((1.0 - vmax) * depth, 0.0, 1.0) if achromatic_ink else lum_ink
    return _Work(np.ascontiguousarray(ink, dtype=np.float32), to_work, paper, chroma,
                 _lighter_share(_grey_hist(gray), paper_gray, contrast))


def _paper_shading(gray: np.ndarray, paper_gray: int) -> np.ndarray | None:
    """Relative paper brightness (float32, 1 = the modal paper) over the image when it varies by more
    than SHADING_MIN across the page, else None.

    The paper level of each of ~SHADING_BLOCKS x SHADING_BLOCKS blocks is its 90th percentile grey, so
    lines, text and filled cells (less than 90 % of a block) do not count; blocks darker than half the
    paper (bars, large fills) take their neighbours' level."""
    h, w = gray.shape
    n = SHADING_BLOCKS
    bh, bw = h // n, w // n
    if bh < 4 or bw < 4:
        return None
    blocks = gray[: bh * n, : bw * n].reshape(n, bh, n, bw).transpose(0, 2, 1, 3).reshape(n, n, -1)
    k = int(0.9 * (blocks.shape[2] - 1))
    level = np.partition(blocks, k, axis=2)[:, :, k].astype(np.float32) / max(float(paper_gray), 16.0)
    level[level < 0.5] = np.nan
    for _ in range(3):
        missing = np.isnan(level)
        if not missing.any() or missing.all():
            break
        padded = np.pad(level, 1, constant_values=np.nan)
        near = np.stack([padded[i:i + n, j:j + n] for i in range(3) for j in range(3)])
        with np.errstate(all="ignore"):
            fill = np.nanmax(np.where(np.isnan(near), -np.inf, near), axis=0)
        level[missing] = np.where(np.isfinite(fill[missing]), fill[missing], np.nan)
    if np.isnan(level).all():
        return None
    level = np.where(np.isnan(level), 1.0, np.minimum(level, 1.0)).astype(np.float32)
    if float(level.max() - level.min()) < SHADING_MIN:
        return None
    field = cv2.resize(level, (w, h), interpolation=cv2.INTER_CUBIC)
    return np.clip(field, 0.3, 1.0)


PAPER_LIGHTER = 1.06  # a level this much lighter than the paper's is another surface (texture stays within)
PAPER_SWITCH = 0.2  # the modal level's lighter share this far off the input's: it is not the input's paper


def _grey_hist(gray: np.ndarray) -> np.ndarray:
    return cv2.calcHist([gray], [0], None, [256], [0, 256]).ravel()


def _lighter_share(hist: np.ndarray, level: int, contrast: float = 1.0) -> float:
    """Share of the pixels from grey 96 up that are clearly lighter than ``level`` (by PAPER_LIGHTER, the
    step shrunk by ``contrast`` on a washed-out page)."""
    n = float(hist[96:].sum())
    above = level * (1.0 + (PAPER_LIGHTER - 1.0) * contrast)
    return float(hist[min(256, math.ceil(above) + 1):].sum()) / n if n else 0.0


def _paper_grey(gray: np.ndarray, lighter: float | None = None, contrast: float = 1.0) -> int:
    """The paper's grey level: the most common level from 96 up (255 when there is none).

    With ``lighter`` (the input's share of the page clearly lighter than its paper), the level is the
    answer's surface that plays the input's paper's part: the most common level, unless its lighter share
    is more than PAPER_SWITCH off, then the histogram peak whose share is closest. On a tinted, textured
    page the spread-out paper can lose the mode to a board's dark squares or lit cells (then everything
    lighter than those read as paper and the board's pattern vanished from the ink map), and a white
    caption band can win it over an input whose paper is the board's own fill. ``contrast``: the page's
    (see :func:`_work_image`)."""
    hist = _grey_hist(gray)
    if not hist[96:].any():
        return 255
    mode = int(hist[96:].argmax()) + 96
    if lighter is None or abs(_lighter_share(hist, mode, contrast) - lighter) <= PAPER_SWITCH:
        return mode
    smooth = np.convolve(hist, np.ones(9) / 9, mode="same")
    smooth[:96] = 0
    peaks = [i for i in range(96, 256) if smooth[i] >= 0.1 * smooth.max() and smooth[i] == smooth[max(96, i - 6):i + 7].max()]
    best = min(peaks + [mode], key=lambda level: abs(_lighter_share(hist, level, contrast) - lighter))
    return int(hist[max(96, best - 6):best + 7].argmax()) + max(96, best - 6)  # the peak's own modal level


def _added_ink(ink: np.ndarray, wide_input: np.ndarray) -> np.ndarray:
    """Bool map of ink an answer added: its blurred ink above the input's widened, blurred ink
    (``wide_input``, from :func:`_wide_ink`) by 0.15, grown by 2 px."""
    added = _soft(ink, 2.5) - wide_input > 0.15
    return cv2.dilate(added.astype(np.uint8), np.ones((5, 5), np.uint8)) > 0


def _wide_ink(ink: np.ndarray) -> np.ndarray:
    """The input's ink widened by 2 px and blurred, so bolder redrawn lines do not count as added."""
    return _soft(cv2.dilate(ink, np.ones((5, 5), np.uint8)), 2.5)


def _soft(ink: np.ndarray, sigma: float) -> np.ndarray:
    return cv2.GaussianBlur(ink, (0, 0), sigma)


def _edges(ink: np.ndarray) -> np.ndarray:
    """Gradient magnitude of the ink: a filled cell shows only its outline, which lies on the grid."""
    b = _soft(ink, 0.7)
    return cv2.magnitude(cv2.Sobel(b, cv2.CV_32F, 1, 0, ksize=3), cv2.Sobel(b, cv2.CV_32F, 0, 1, ksize=3)) * 0.25


# ------------------------------------------------------------------------------------ initialisations


def _orientation_hist(ink: np.ndarray) -> np.ndarray:
    """Gradient-magnitude weighted histogram of edge orientation modulo 90 deg, 0.25 deg bins."""
    b = _soft(ink, 1.0)
    gx = cv2.Sobel(b, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(b, cv2.CV_32F, 0, 1, ksize=3)
    mag, ang = cv2.cartToPolar(gx, gy, angleInDegrees=True)
    sel = mag > 0.2 * float(mag.max() if mag.size else 0.0)
    if not sel.any():
        return np.zeros(360)
    hist = np.bincount((ang[sel] * 4).astype(np.int64) % 360, weights=mag[sel], minlength=360)
    k = np.exp(-0.5 * (np.arange(-4, 5) / 1.5) ** 2)
    padded = np.concatenate([hist[-4:], hist, hist[:4]])
    return np.convolve(padded, k, mode="valid")


def _estimate_rotation(t_ink: np.ndarray, a_ink: np.ndarray) -> float:
    """Rotation (deg, image coords) of the answer relative to the target from edge-orientation histograms."""
    ht, ha = _orientation_hist(t_ink), _orientation_hist(a_ink)
    if ht.sum() == 0 or ha.sum() == 0:
        return 0.0
    shifts = np.arange(-24, 25)  # +-6 deg
    corr = ha[(np.arange(360)[None, :] + shifts[:, None]) % 360] @ ht
    i = int(corr.argmax())
    off = 0.0
    if 0 < i < len(corr) - 1:
        c0, c1, c2 = corr[i - 1], corr[i], corr[i + 1]
        den = c0 - 2 * c1 + c2
        off = 0.5 * (c0 - c2) / den if den < 0 else 0.0
    return float((shifts[i] + off) / 4.0)


def _content_box(ink: np.ndarray, angle_deg: float = 0.0) -> tuple[float, float, float, float] | None:
    """Bounding box (x0, y0, x1, y1) of the ink after rotating it by -angle about the image centre."""
    h, w = ink.shape
    ys, xs = np.nonzero(ink > 0.3)
    if len(xs) < 8:
        return None
    cx, cy = (w - 1) / 2, (h - 1) / 2
    if angle_deg:
        c, s = math.cos(math.radians(angle_deg)), math.sin(math.radians(angle_deg))
        dx, dy = xs - cx, ys - cy
        xs, ys = c * dx + s * dy + cx, -s * dx + c * dy + cy
    thr = max(2, int(0.01 * max(h, w)))
    out = []
    for v in (xs, ys):
        lo = math.floor(v.min())
        counts = np.bincount(np.floor(v - lo).astype(np.int64))
        idx = np.nonzero(counts >= thr)[0]
        if len(idx) < 2:
            return None
        out.append((lo + idx[0], lo + idx[-1] + 1))
    (x0, x1), (y0, y1) = out
    if x1 - x0 < 4 or y1 - y0 < 4:
        return None
    return float(x0), float(y0), float(x1), float(y1)


def _box_init(t: _Work, a: _Work, angle_deg: float) -> np.ndarray | None:
    """Target-work -> answer-work affine mapping content boxes onto each other, rotated by angle."""
    bt = _content_box(t.ink)
    ba = _content_box(a.ink, angle_deg)
    if bt is None or ba is None:
        return None
    sx = (ba[2] - ba[0]) / (bt[2] - bt[0])
    sy = (ba[3] - ba[1]) / (bt[3] - bt[1])
    # q (de-rotated answer coords) = S (p - c_t) + c_q ; p_a = O + R (q - O)
    S = np.array([[sx, 0, (ba[0] + ba[2]) / 2 - sx * (bt[0] + bt[2]) / 2],
                  [0, sy, (ba[1] + ba[3]) / 2 - sy * (bt[1] + bt[3]) / 2], [0, 0, 1]])
    h, w = a.ink.shape
    return _rotation_about((w - 1) / 2, (h - 1) / 2, angle_deg) @ S


def _rotation_about(cx: float, cy: float, angle_deg: float) -> np.ndarray:
    c, s = math.cos(math.radians(angle_deg)), math.sin(math.radians(angle_deg))
    return np.array([[c, -s, cx - c * cx + s * cy], [s, c, cy - s * cx - c * cy], [0, 0, 1]])


def _feature_init(t: _Work, a: _Work) -> np.ndarray | None:
    """Target-work -> answer-work affine from ORB matches + RANSAC; None when too few inliers."""
    orb = cv2.ORB_create(nfeatures=600, scaleFactor=1.2, nlevels=6, edgeThreshold=15, patchSize=15,
                         fastThreshold=10)
    imt = (255 - _soft(t.ink, 0.7) * 255).astype(np.uint8)
    ima = (255 - _soft(a.ink, 0.7) * 255).astype(np.uint8)
    kt, dt = orb.detectAndCompute(imt, None)
    ka, da = orb.detectAndCompute(ima, None)
    if dt is None or da is None or len(kt) < 12 or len(ka) < 12:
        return None
    pairs = cv2.BFMatcher(cv2.NORM_HAMMING).knnMatch(dt, da, k=2)
    good = [p[0] for p in pairs if len(p) == 2 and p[0].distance < 0.8 * p[1].distance]
    if len(good) < 12:
        return None
    src = np.float32([kt[m.queryIdx].pt for m in good])
    dst = np.float32([ka[m.trainIdx].pt for m in good])
    M, inl = cv2.estimateAffine2D(src, dst, method=cv2.RANSAC, ransacReprojThreshold=3.0, maxIters=2000,
                                  confidence=0.995)
    if M is None or inl is None or int(inl.sum()) < 12:
        return None
    return np.vstack([M, [0, 0, 1]])


# ------------------------------------------------------------------------------------------------ page


def _page_box(ink: np.ndarray) -> tuple[int, int, int, int]:
    """(x0, y0, x1, y1), half-open, of the answer's page in an ink map: the image minus the rows and
    columns at its edges that hold (almost) no paper, i.e. letterbox / pillarbox bars, a dark border
    or frame, the dark surface a page lies on. A page row always shows some paper (margins, blank
    cells); a bar shows none."""
    h, w = ink.shape
    paper = ink < PAGE_PAPER_INK
    x0, y0, x1, y1 = 0, 0, w, h
    for _ in range(2):  # rows within the current columns, then columns within those rows, twice
        rows = paper[:, x0:x1].mean(axis=1) >= PAGE_MIN_PAPER if x1 > x0 else np.zeros(h, bool)
        y0, y1 = _first_last(rows, y0, y1)
        cols = paper[y0:y1].mean(axis=0) >= PAGE_MIN_PAPER if y1 > y0 else np.zeros(w, bool)
        x0, x1 = _first_last(cols, x0, x1)
    if x1 - x0 < 0.2 * w or y1 - y0 < 0.2 * h:
        return 0, 0, w, h  # no page left: not a page on bars, leave it to the search (and the checks)
    return x0, y0, x1, y1


def _page_box_full(answer: np.ndarray, paper: np.ndarray) -> tuple[int, int, int, int]:
    """:func:`_page_box` of the answer at full resolution (bars end at the exact pixel)."""
    gray = cv2.cvtColor(answer, cv2.COLOR_RGB2GRAY)
    paper_grey = max(16.0, float(cv2.cvtColor(np.uint8([[np.clip(paper, 0, 255)]]), cv2.COLOR_RGB2GRAY)[0, 0]))
    ink = 1.0 - gray.astype(np.float32) * (1.0 / paper_grey)
    return _page_box(ink)


def _dark_edge(answer: np.ndarray, paper: np.ndarray) -> bool:
    """Whether an outermost row or column of the answer holds no paper (RGB ``paper``): a bar too thin
    to show at work resolution (a one-pixel sliver) still has to be found."""
    paper_grey = float(cv2.cvtColor(np.uint8([[np.clip(paper, 0, 255)]]), cv2.COLOR_RGB2GRAY)[0, 0])
    for line in (answer[0], answer[-1], answer[:, 0], answer[:, -1]):
        grey = cv2.cvtColor(np.ascontiguousarray(line[None]), cv2.COLOR_RGB2GRAY).ravel().astype(np.float32)
        if float((grey > (1.0 - PAGE_PAPER_INK) * paper_grey).mean()) < PAGE_MIN_PAPER:
            return True
    return False


def _box_to(M: np.ndarray, box: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    """A half-open pixel box mapped by the axis-aligned pixel-centre map ``M`` (a resize)."""
    x0, y0, x1, y1 = box
    p = M @ np.array([[x0 - 0.5, x1 - 0.5], [y0 - 0.5, y1 - 0.5], [1, 1]], dtype=np.float64)
    return float(p[0, 0] + 0.5), float(p[1, 0] + 0.5), float(p[0, 1] + 0.5), float(p[1, 1] + 0.5)


def _blank_outside(ink: np.ndarray, box: tuple[float, float, float, float], shape: tuple[int, int]) -> np.ndarray:
    """``ink`` with everything outside ``box`` (and one more pixel on each side that borders a bar,
    where a resampled bar edge lingers) set to paper."""
    h, w = shape
    x0, y0, x1, y1 = box
    cx0 = 0 if x0 <= 0.5 else min(w, math.ceil(x0) + 1)
    cy0 = 0 if y0 <= 0.5 else min(h, math.ceil(y0) + 1)
    cx1 = w if x1 >= w - 0.5 else max(cx0, math.floor(x1) - 1)
    cy1 = h if y1 >= h - 0.5 else max(cy0, math.floor(y1) - 1)
    out = np.zeros_like(ink)
    out[cy0:cy1, cx0:cx1] = ink[cy0:cy1, cx0:cx1]
    return out


def _page_mask(hw: tuple[int, int], page: tuple[int, int, int, int]) -> np.ndarray:
    """uint8 255 on the page (minus PAGE_MARGIN_PX next to each bar), 0 on the bars."""
    h, w = hw
    x0, y0, x1, y1 = page
    m = PAGE_MARGIN_PX
    mask = np.zeros((h, w), np.uint8)
    mask[y0 + (m if y0 > 0 else 0):y1 - (m if y1 < h else 0), x0 + (m if x0 > 0 else 0):x1 - (m if x1 < w else 0)] = 255
    return mask


def _first_last(flags: np.ndarray, lo: int, hi: int) -> tuple[int, int]:
    """Narrow [lo, hi) to the first..last True of ``flags`` inside it."""
    idx = np.nonzero(flags[lo:hi])[0]
    return (lo + int(idx[0]), lo + int(idx[-1]) + 1) if len(idx) else (lo, hi)


# -------------------------------------------------------------------------------- profile initialisation


def _profile(ink: np.ndarray, axis: int, lines: bool) -> np.ndarray:
    """Ink summed along ``axis`` (0: a value per column) with its slow trend removed.

    lines=True sums only the edges of long straight strokes across the profile's direction (a grid's
    lines and frame: vertical strokes for the column profile), so text (a caption), filled cells and
    other short marks hardly count; lines=False sums all ink."""
    if lines:
        k = max(5, round(PROFILE_LINE * ink.shape[axis]))
        b = _soft(ink, 0.7)
        if axis == 0:  # vertical strokes: edges across x, long along y
            g = np.abs(cv2.Sobel(b, cv2.CV_32F, 1, 0, ksize=3))
            ink = cv2.morphologyEx(g, cv2.MORPH_OPEN, np.ones((k, 1), np.uint8))
        else:
            g = np.abs(cv2.Sobel(b, cv2.CV_32F, 0, 1, ksize=3))
            ink = cv2.morphologyEx(g, cv2.MORPH_OPEN, np.ones((1, k), np.uint8))
    p = ink.sum(axis=axis).astype(np.float32)
    sigma = max(2.0, 0.04 * len(p))
    trend = cv2.GaussianBlur(p.reshape(1, -1), (0, 0), sigmaX=sigma).ravel()
    return p - trend


def _axis_fits(target: np.ndarray, answer: np.ndarray, scales: np.ndarray, top: int = 2
               ) -> list[tuple[float, float, float]]:
    """Best (score, s, d) with answer(u) ~ target((u - d) / s): normalised correlation of the target's
    profile resampled by s against every placement in the answer's profile (the target may stick out
    of the answer by 15 % at either end). The ``top`` best placements that differ by more than a few
    percent in scale or a few pixels in offset.

    Both profiles are blurred by half a scale step at the target's far end first: line profiles are
    spikes 1-2 px wide, and with unblurred spikes a long lattice scored high only at scales within a
    pixel of the right one, which the log-scale grid can step over (a math_proof construction page under
    a caption then had no start near the truth)."""
    n_t = len(target)
    sigma = max(1.0, PROFILE_STEP * n_t / 2)
    target = cv2.GaussianBlur(target.astype(np.float32).reshape(1, -1), (0, 0), sigmaX=sigma).ravel()
    answer = cv2.GaussianBlur(answer.astype(np.float32).reshape(1, -1), (0, 0), sigmaX=sigma).ravel()
    found: list[tuple[float, float, float]] = []
    x = np.arange(n_t, dtype=np.float32)
    pad = int(0.15 * n_t * float(np.max(scales))) + 1
    ap = np.concatenate([np.zeros(pad, np.float32), answer.astype(np.float32), np.zeros(pad, np.float32)])
    c2 = np.concatenate([[0.0], np.cumsum(ap.astype(np.float64) ** 2)])
    for s in scales:
        m = max(4, int(round(n_t * s)))
        if len(ap) < m:
            continue
        ts = np.interp(np.arange(m, dtype=np.float32) / np.float32(s), x, target).astype(np.float32)
        ts -= ts.mean()
        norm_t = float(np.sqrt((ts * ts).sum()))
        if norm_t <= 1e-6:
            continue
        first = max(0, pad - int(0.15 * m))  # the target may stick out of the answer by 15 % of its length
        corr = np.correlate(ap[first:len(ap) - first], ts, mode="valid")
        win = np.sqrt(np.maximum(c2[first + m:len(ap) - first + 1] - c2[first:len(ap) - first - m + 1], 1e-9))
        score = corr / (norm_t * win)
        k = int(score.argmax())
        found.append((float(score[k]), float(s), float(first + k - pad)))
    found.sort(reverse=True)
    picked: list[tuple[float, float, float]] = []
    for sc, s, d in found:
        if all(abs(math.log(s / s2)) > 0.04 or abs(d - d2) > 4 for _, s2, d2 in picked):
            picked.append((sc, s, d))
        if len(picked) == top:
            break
    return picked


def _profile_inits(t: _Work, a: _Work, angle_deg: float, page: tuple[float, float, float, float],
                   lines: bool, scale_range: tuple[float, float] = PROFILE_SCALES) -> list[np.ndarray]:
    """Target-work -> answer-work affines from matching profiles, axis by axis, after undoing
    ``angle_deg``: the puzzle's lines (``lines=True``; all ink otherwise) line up wherever the answer
    places them, whatever else the page carries (a caption, a wide margin), so the fit is anchored on
    the puzzle itself. Scales are searched around the ratio of the answer's ``page`` (work coords) to
    the input (``scale_range`` of it). Best first."""
    h, w = a.ink.shape
    R = _rotation_about((w - 1) / 2, (h - 1) / 2, angle_deg)
    upright = a.ink if not angle_deg else cv2.warpAffine(
        a.ink, R[:2], (w, h), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP, borderValue=0)
    th, tw = t.ink.shape
    lo, hi = scale_range
    fits = []
    for axis, (n_t, n_a) in ((0, (tw, page[2] - page[0])), (1, (th, page[3] - page[1]))):
        base = n_a / n_t
        scales = np.exp(np.arange(math.log(lo * base), math.log(hi * base), PROFILE_STEP))
        fits.append(_axis_fits(t.derived(f"profile{axis}{lines}", lambda: _profile(t.ink, axis, lines)),
                               _profile(upright, axis, lines), scales))
    inits = []
    for fx in fits[0]:
        for fy in fits[1]:
            if min(fx[0], fy[0]) < PROFILE_MIN_SCORE:
                continue  # no puzzle lines to anchor on along an axis (noise, a blank page)
            if abs(math.log(fx[1] / fy[1])) > PROFILE_MAX_ASPECT:
                continue
            S = np.array([[fx[1], 0, fx[2]], [0, fy[1], fy[2]], [0, 0, 1]])
            inits.append((fx[0] + fy[0], R @ S))
    inits.sort(key=lambda c: -c[0])
    return [W for _, W in inits]



# ------------------------------------------------------------------------------------------ refinement


def _align(Ts: np.ndarray, Is: np.ndarray, W: np.ndarray, mask: np.ndarray | None, iters: int,
           max_points: int = 3000, projective: bool = False) -> np.ndarray | None:
    """Robust inverse-compositional Gauss-Newton affine alignment of ink maps (an ECC-like refinement).

    Ts, Is: the (blurred) maps to align; W (3x3) maps Ts coords -> Is coords.  Only Ts's edge pixels are sampled, so ink the answer adds on blank
    paper (the edits) does not pull; a per-iteration gain/offset fit absorbs blur and JPEG contrast loss;
    Huber weights damp residuals from edits that touch the line work.  Returns None if it diverges.
    ``projective``: fit a homography (8 parameters: a page photographed at an angle) instead of an affine map.
    """
    gx = cv2.Sobel(Ts, cv2.CV_32F, 1, 0, ksize=3) * 0.125
    gy = cv2.Sobel(Ts, cv2.CV_32F, 0, 1, ksize=3) * 0.125
    mag = np.abs(gx) + np.abs(gy)
    sel = mag > 0.15 * float(mag.max()) if mag.size else mag > 0
    if mask is not None:
        sel &= mask > 0
    ys, xs = np.nonzero(sel)
    if len(xs) < 24:
        return None
    if len(xs) > max_points:  # deterministic thinning
        step = len(xs) / max_points
        idx = (np.arange(max_points) * step).astype(np.int64)
        ys, xs = ys[idx], xs[idx]
    h, w = Ts.shape
    cx, cy, sc = (w - 1) / 2, (h - 1) / 2, max(w, h) / 2
    u, v = (xs - cx) / sc, (ys - cy) / sc
    tx, ty = gx[ys, xs] * sc, gy[ys, xs] * sc
    cols = [tx * u, ty * u, tx * v, ty * v, tx, ty]
    if projective:  # d(warp)/d(h20, h21) at the identity, in the normalised coordinates
        radial = tx * u + ty * v
        cols += [-radial * u, -radial * v]
    SD = np.stack(cols, axis=1).astype(np.float32)
    n_par = len(cols)
    tval = Ts[ys, xs]
    N = np.array([[1 / sc, 0, -cx / sc], [0, 1 / sc, -cy / sc], [0, 0, 1]])
    Ninv = np.linalg.inv(N)
    pts = np.stack([xs, ys, np.ones_like(xs)]).astype(np.float64)
    W = W.copy()
    best_W, best_cost, k_fixed = W.copy(), math.inf, None
    for _ in range(iters):
        P = W @ pts
        if projective:
            P = P / P[2]
        mx = P[0].astype(np.float32).reshape(-1, 1)
        my = P[1].astype(np.float32).reshape(-1, 1)
        iw = cv2.remap(Is, mx, my, cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT, borderValue=-1.0)
        iw = iw.ravel()
        ok = iw >= 0
        if ok.sum() < 24:
            return None
        iv, tv = iw[ok], tval[ok]
        ivm, tvm = iv.mean(), tv.mean()
        var = float(((iv - ivm) ** 2).mean())
        gain = float(((iv - ivm) * (tv - tvm)).mean()) / var if var > 1e-9 else 1.0
        gain = min(5.0, max(0.2, gain))
        r = gain * (iv - ivm) + tvm - tv
        scale = 1.4826 * float(np.median(np.abs(r))) + 1e-3
        ar = np.abs(r)
        wgt = np.minimum(1.0, 1.345 * scale / np.maximum(ar, 1e-12))
        if k_fixed is None:
            k_fixed = 1.345 * scale
        # Huber cost at a fixed scale, over all sampled points (leaving the image counts as a miss)
        cost = (float(np.where(ar <= k_fixed, 0.5 * ar * ar, k_fixed * (ar - 0.5 * k_fixed)).sum())
                + k_fixed * float(np.abs(tval[~ok] - tvm).sum())) / len(tval)
        if cost < best_cost:
            best_W, best_cost = W.copy(), cost
        sd = SD[ok]
        sdw = sd * wgt[:, None].astype(np.float32)
        H = (sdw.T @ sd).astype(np.float64)
        b = (sdw.T @ r.astype(np.float32)).astype(np.float64)
        try:
            dp = np.linalg.solve(H + 1e-9 * np.eye(n_par), b)
        except np.linalg.LinAlgError:
            return None
        D = np.array([[1 + dp[0], dp[2], dp[4]], [dp[1], 1 + dp[3], dp[5]],
                      [dp[6], dp[7], 1] if projective else [0, 0, 1]])
        W = W @ np.linalg.inv(Ninv @ D @ N)
        if not np.all(np.isfinite(W)):
            return None
        if max(abs(dp[4]), abs(dp[5]), np.abs(dp[:4]).max(), np.abs(dp[6:]).max(initial=0)) * sc < 0.02:
            best_W = W  # converged: the last tiny step is no worse
            break
    return best_W


def _refine(t: _Work, a: _Work, W: np.ndarray, keep: np.ndarray | None,
            levels: tuple[float, ...] = (0.5,), passes: int = 2, projective: bool = False,
            edit_paper: bool = True) -> np.ndarray:
    """Coarse-to-fine robust alignment of the ink maps; W maps target-work -> answer-work coords.

    The coarse levels see everything; the final full work-resolution pass ignores the ink the answer
    added at the current estimate (the edits).  A level that diverges keeps the previous estimate.
    ``projective``: a homography (see :func:`_align`). ``edit_paper`` False: the edit mask's paper is ignored
    too (as in :func:`_quality`).
    """
    align_keep = None if keep is None else ((keep > 0) | (t.ink < 0.25)).astype(np.uint8) if edit_paper else keep
    unchanged = _unchanged(t, a, W, align_keep).astype(np.uint8)
    for f in levels:
        th, tw = t.ink.shape
        ah, aw = a.ink.shape
        if min(th, tw, ah, aw) * f < 16:
            continue
        ti, St = _downscale(t.ink, max(1, round(tw * f)), max(1, round(th * f)))
        ai, Sa = _downscale(a.ink, max(1, round(aw * f)), max(1, round(ah * f)))
        km = cv2.resize(unchanged, (ti.shape[1], ti.shape[0]), interpolation=cv2.INTER_NEAREST)
        Wl = _align(_soft(_edges(ti), 1.5), _soft(_edges(ai), 1.5), Sa @ W @ np.linalg.inv(St), km, 15,
                    projective=projective)
        if Wl is not None:
            W = np.linalg.inv(Sa) @ Wl @ St
    extra = REFINE_EXTRA_PASSES if passes > 1 else 0
    for i in range(passes + extra):
        m = unchanged if i == 0 and not levels else _unchanged(t, a, W, align_keep)
        Wl = _align(t.derived("edges1", lambda: _soft(_edges(t.ink), 1.0)),
                    a.derived("edges1", lambda: _soft(_edges(a.ink), 1.0)), W, m.astype(np.uint8), 12,
                    projective=projective)
        if Wl is None:
            break
        # A pass that hardly moved would see the same unchanged pixels again: the next one is moot.
        motion = _corner_motion(W, Wl, t.ink.shape)
        W = Wl
        if motion < SETTLED_WORK_PX or (i + 1 >= passes and motion < UNSETTLED_WORK_PX):
            break
    return W


def _corner_motion(W0: np.ndarray, W1: np.ndarray, shape: tuple[int, int]) -> float:
    """Largest displacement (px) between where W0 and W1 send the corners of a frame of ``shape``."""
    h, w = shape
    corners = np.array([[0, 0, 1], [w - 1, 0, 1], [0, h - 1, 1], [w - 1, h - 1, 1]], dtype=np.float64).T
    return float(np.abs(_apply(W1, corners) - _apply(W0, corners)).max())


def _is_projective(M: np.ndarray) -> bool:
    """Whether the 3x3 map M has a perspective part (else it is affine; its last row is [0, 0, 1] up to
    rounding)."""
    return abs(float(M[2, 0])) + abs(float(M[2, 1])) > 1e-12


def _apply(M: np.ndarray, pts: np.ndarray) -> np.ndarray:
    """M (3x3, affine or projective) applied to homogeneous points (3, N): the (2, N) image points."""
    P = M @ pts
    return P[:2] / P[2] if _is_projective(M) else P[:2]


# --------------------------------------------------------------------------------------------- quality


def _warp_to_target(img: np.ndarray, W: np.ndarray, shape: tuple[int, int], border: float = 0) -> np.ndarray:
    if _is_projective(W):
        return cv2.warpPerspective(img, W, (shape[1], shape[0]), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                                   borderMode=cv2.BORDER_CONSTANT, borderValue=border)
    return cv2.warpAffine(img, W[:2], (shape[1], shape[0]), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                          borderMode=cv2.BORDER_CONSTANT, borderValue=border)


def _unchanged(t: _Work, a: _Work, W: np.ndarray, keep: np.ndarray | None) -> np.ndarray:
    """Bool map (target work frame): inside the answer, not in keep==0, and no ink added by the answer.

    Edits mostly add ink (digits, paths, fills); where the answer is locally much darker than the input
    at a coarse scale the pixels say nothing about alignment.
    """
    aw = _warp_to_target(a.ink, W, t.ink.shape, border=-1)
    valid = _inside(a, W, t.ink.shape)
    added = _added_ink(np.maximum(aw, 0), t.derived("wide_blur", lambda: _wide_ink(t.ink)))
    m = valid & ~added
    if keep is not None:
        m &= keep > 0
    return m


def _inside(a: _Work, W: np.ndarray, shape: tuple[int, int]) -> np.ndarray:
    """Bool map (target work frame) of the pixels whose sample lies wholly inside the answer: a pixel
    blended with the outside would show the answer's edge as structure."""
    ones = a.derived("ones", lambda: np.ones_like(a.ink))
    return _warp_to_target(ones, W, shape, border=0) >= 0.999


def _work_keep(t: _Work, keep_full: np.ndarray | None) -> np.ndarray | None:
    """Where the answer must keep the input (``keep_full``: bool, the input's frame, outside the edit mask) at the
    work scale of ``t``, eroded by a px (edits bleed a little); None when there is none or under 5 % of the page."""
    if keep_full is None:
        return None
    small_keep = _downscale(keep_full.astype(np.uint8) * 255, t.ink.shape[1], t.ink.shape[0])[0]
    keep = cv2.erode((small_keep >= 128).astype(np.uint8), np.ones((3, 3), np.uint8))
    return None if keep.mean() < 0.05 else keep


def _quality(t: _Work, a: _Work, W: np.ndarray, keep: np.ndarray | None, edit_paper: bool = True
             ) -> tuple[float, float, float]:
    """(quality, ncc, recall) of an alignment W (target-work -> answer-work).

    ncc: correlation of the blurred ink maps over the unchanged pixels (inside the answer, where the
    answer added no ink, minus the input's ink inside the edit mask; with ``edit_paper`` False, minus the whole
    edit mask); recall: share of the input's ink outside the edit mask
    that the answer also has (within 1 px, at >= 40 % of its strength).  quality = min(ncc, recall): edits may add ink anywhere but
    must leave the input's line work in place, and a different drawing fails one or the other.
    """
    # inside the edit mask only the input's ink may legitimately vanish; blank paper there still has to
    # stay blank unless the answer adds ink (which _unchanged drops anyway)
    inside = None if keep is None else ((keep > 0) | (t.ink < 0.25)).astype(np.uint8) if edit_paper else keep
    m = _unchanged(t, a, W, inside)
    ts = t.derived("soft1", lambda: _soft(t.ink, 1.0))
    aw = _warp_to_target(a.derived("soft1", lambda: _soft(a.ink, 1.0)), W, t.ink.shape, border=-1)
    x, y = ts[m], aw[m]
    if x.size < 64 or float(y.std()) < 0.02:  # too little seen, or a flat answer: nothing correlates
        return 0.0, 0.0, 0.0
    xd, yd = x - x.mean(), y - y.mean()
    den = math.sqrt(float((xd * xd).sum()) * float((yd * yd).sum()))
    ncc = float((xd * yd).sum()) / den if den > 0 else 0.0
    region = _inside(a, W, t.ink.shape)
    if keep is not None:
        region &= keep > 0
    ref = ts[region]
    total = float(ref.sum())
    got = cv2.dilate(aw, np.ones((3, 3), np.uint8))[region]
    # present = the answer has at least 40 % of the input's ink strength there (lighter/grey ink is fine)
    recall = float(ref[got >= 0.4 * ref].sum()) / total if total > 0 else 0.0
    q = min(max(0.0, ncc), recall)
    return float(np.clip(q, 0.0, 1.0)), ncc, recall


def _line_ink(ink: np.ndarray) -> np.ndarray:
    """The ink of long straight strokes (grid lines, thick lines, the frame: at least PROFILE_LINE of the
    side, upright): text, digits, pieces and most marks drop out."""
    kv = max(5, round(PROFILE_LINE * ink.shape[0]))
    kh = max(5, round(PROFILE_LINE * ink.shape[1]))
    return np.maximum(cv2.morphologyEx(ink, cv2.MORPH_OPEN, np.ones((kv, 1), np.uint8)),
                      cv2.morphologyEx(ink, cv2.MORPH_OPEN, np.ones((1, kh), np.uint8)))


def _line_work(w: _Work) -> _Work:
    """``w`` with its ink replaced by :func:`_line_ink` (cached on ``w``)."""
    lines = w.derived("line_work", lambda: _Work(_line_ink(w.ink), w.to_work, w.paper, w.chromatic, w.lighter))
    return lines


def _has_lattice(t: _Work) -> bool:
    """Whether the input carries enough long straight line work (a grid, a frame) to anchor a fit on."""
    total = float(t.ink.sum())
    return total > 0 and float(_line_work(t).ink.sum()) >= GRID_MIN_SHARE * total


def _long_thin_lines(ink: np.ndarray) -> np.ndarray:
    """Upright lines thinner than GRID_THIN_PX across and at least GRID_LONG_LINE of the side long: a
    grid's lines, not a filled run of cells (too thick) nor the strokes of a hatched fill (too short)."""
    return np.maximum(*_long_thin_line_axes(ink))


def _long_thin_line_axes(ink: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """:func:`_long_thin_lines` as its vertical and its horizontal lines."""
    k = GRID_THIN_PX
    kv, kh = max(5, round(GRID_LONG_LINE * ink.shape[0])), max(5, round(GRID_LONG_LINE * ink.shape[1]))
    v = cv2.morphologyEx(ink - cv2.morphologyEx(ink, cv2.MORPH_OPEN, np.ones((1, k), np.uint8)),
                         cv2.MORPH_OPEN, np.ones((kv, 1), np.uint8))
    h = cv2.morphologyEx(ink - cv2.morphologyEx(ink, cv2.MORPH_OPEN, np.ones((k, 1), np.uint8)),
                         cv2.MORPH_OPEN, np.ones((1, kh), np.uint8))
    return v, h


def _grid_precision(t: _Work, a: _Work, W: np.ndarray) -> float:
    """Share of the answer's long thin upright lines (:func:`_long_thin_lines` of the answer warped by W)
    that lie on the input's line work (within GRID_THIN_PX / 2: a line redrawn thicker stays on it): a grid
    with more lines than the puzzle's (a 15x15 grid over a 5x5 one, a Sudoku) scores low."""
    k = GRID_THIN_PX | 1
    near = t.derived("line_near", lambda: cv2.dilate(_line_work(t).ink, np.ones((k, k), np.uint8)))
    lines = (_long_thin_lines(_warp_to_target(a.ink, W, t.ink.shape)) >= GRID_LINE_INK) & _inside(a, W, t.ink.shape)
    total = int(np.count_nonzero(lines))
    return int(np.count_nonzero(lines & (near >= 0.3))) / total if total > 0 else 0.0


def _grid_quality(t: _Work, a: _Work, W: np.ndarray) -> float:
    """:func:`_quality` of W on the line work only (no edit mask: an answer keeps the puzzle's lines;
    fills and marks it adds are dropped as added ink), and at most the share of the answer's thin lines
    that are the input's (:func:`_grid_precision`). Independent of the input's text, digits and pieces
    reappearing pixel for pixel: clues redrawn in another font and size leave it unchanged."""
    return min(_quality(_line_work(t), _line_work(a), W, None)[0], _grid_precision(t, a, W))


def _grid_fits(t: _Work, a: _Work, tried: list[tuple[float, np.ndarray, str]], by_lines: bool = False
               ) -> list[tuple[float, np.ndarray, str]]:
    """The best GRID_TRIES distinct fits tried, each re-fitted on the line work alone, with their grid
    quality (:func:`_grid_quality`). Best by quality, or with ``by_lines`` by grid quality (the page
    apart from its surroundings: a lattice squashed a cell short can score best on the whole ink)."""
    out: list[tuple[float, np.ndarray, str]] = []
    seen: list[np.ndarray] = []
    tl, al = _line_work(t), _line_work(a)
    rank = (lambda c: -_grid_quality(t, a, c[1])) if by_lines else (lambda c: -c[0])
    for q, W, method in sorted(tried, key=rank):
        if any(_corner_motion(W, S, t.ink.shape) < 1.0 for S in seen):
            continue
        seen.append(W)
        Wg = _refine(tl, al, W, None)
        out.append((_grid_quality(t, a, Wg), Wg, method + "+grid"))
        if len(seen) == GRID_TRIES:
            break
    return out


# ---------------------------------------------------------------------------------------- validation


def _check_transform(A: np.ndarray, target_hw: tuple[int, int], answer_hw: tuple[int, int],
                     page: tuple[float, float, float, float] | None = None) -> str | None:
    """Reason why the answer -> input map A is implausible, or None. Coverage counts the answer's
    ``page`` (x0, y0, x1, y1 half-open; default the whole answer), not bars around it. A projective A is
    judged by its linear part at the input frame's centre, and its perspective must narrow no side of the
    input frame (as the answer shows it) by more than MAX_KEYSTONE against the opposite side."""
    h, w = target_hw
    L = A[:2, :2]
    if _is_projective(A):
        B = np.linalg.inv(A)  # input -> answer
        frame = np.array([[-0.5, w - 0.5, w - 0.5, -0.5], [-0.5, -0.5, h - 0.5, h - 0.5], [1, 1, 1, 1]])
        if np.any((B @ frame)[2] <= 0) or np.any((B @ np.array([[(w - 1) / 2], [(h - 1) / 2], [1]]))[2] <= 0):
            return "transform folds the image (perspective)"
        q = _apply(B, frame).T
        sides = [float(np.hypot(*(q[(i + 1) % 4] - q[i]))) for i in range(4)]
        for s1, s2 in ((sides[0], sides[2]), (sides[1], sides[3])):
            if min(s1, s2) < (1 - MAX_KEYSTONE) * max(s1, s2):
                return f"implausible perspective (a side {1 - min(s1, s2) / max(s1, s2):.0%} shorter than the opposite one, max {MAX_KEYSTONE:.0%})"
        c = _apply(B, np.array([[(w - 1) / 2], [(h - 1) / 2], [1.0]]))[:, 0]
        den = float(A[2, 0] * c[0] + A[2, 1] * c[1] + A[2, 2])
        img = A @ np.array([c[0], c[1], 1.0])
        # Jacobian of the homography at c: d(x'/z')/dx = (A[0,0] - x' A[2,0]) / z', ...
        L = (A[:2, :2] - np.outer(img[:2] / den, A[2, :2])) / den
    U, s, Vt = np.linalg.svd(L)
    R = U @ Vt  # polar decomposition L = R P
    if np.linalg.det(R) < 0:
        return "transform mirrors the image"
    P = R.T @ L
    rot = math.degrees(math.atan2(R[1, 0], R[0, 0]))
    if not (SCALE_RANGE[0] <= s.min() and s.max() <= SCALE_RANGE[1]):
        return f"implausible scale {1 / s.max():.2f}-{1 / s.min():.2f}x (allowed {1 / SCALE_RANGE[1]:.1f}-{1 / SCALE_RANGE[0]:.1f}x)"
    if abs(rot) > MAX_ROTATION_DEG:
        return f"implausible rotation {rot:.1f} deg (max {MAX_ROTATION_DEG:.0f})"
    shear = abs(P[0, 1]) / math.sqrt(P[0, 0] * P[1, 1])
    if shear > MAX_SHEAR:
        return f"implausible shear {shear:.2f} (max {MAX_SHEAR})"
    ah, aw = answer_hw
    x0, y0, x1, y1 = page if page is not None else (0, 0, aw, ah)
    frame = np.array([[x0 - 0.5, y0 - 0.5, 1], [x1 - 0.5, y0 - 0.5, 1], [x1 - 0.5, y1 - 0.5, 1],
                      [x0 - 0.5, y1 - 0.5, 1]]).T
    if _is_projective(A) and np.any((A @ frame)[2] <= 0):
        return "transform folds the image (perspective)"
    poly = _apply(A, frame).T.astype(np.float32)
    rect = np.array([[-0.5, -0.5], [w - 0.5, -0.5], [w - 0.5, h - 0.5], [-0.5, h - 0.5]], np.float32)
    inter, _ = cv2.intersectConvexConvex(poly, rect)
    cover = float(inter) / (w * h)
    if cover < MIN_COVERAGE:
        return f"answer covers only {cover:.0%} of the input frame (min {MIN_COVERAGE:.0%})"
    return None


# ------------------------------------------------------------------------------------------ register


def _fail(reason: str, quality: float = 0.0, method: str = "none", near: np.ndarray | None = None) -> Registration:
    return Registration(False, None, None, method, float(quality), reason, near=near)


POLARITY_BINS = 16  # lightness levels the modal level (the paper) of a page is taken among
POLARITY_MODE_SHARE = 0.25  # ... which, with the fuller of its two neighbours, must hold at least this share of the
#                             page: a page has paper (noise has none: 2/16 at most). The neighbour counts because a
#                             textured paper straddles two levels (a chalkboard's dust: 0.24-0.34 of the page at its
#                             modal level, 0.42-0.66 with the neighbour)
POLARITY_APART = 0.65  # the answer's paper this far from the input's (lightness 0..1), on the other side of mid-grey:
#                        the page may be drawn in the opposite polarity (a dark-mode page: light ink on dark paper;
#                        dark-mode paper 0.03-0.16 and a green chalkboard's 0.28 against white paper 0.97: apart
#                        0.69-0.94; a shadowed or angled photo's, a table round a receipt 0.34-0.47: apart <= 0.63;
#                        levels as bin centres, 18th session; as the levels' means, white reads 0.99, a blueprint's
#                        blue 0.30-0.32, and 7 of 2664 older answers became candidates, all fitted as before)
POLARITY_SIDE = 128  # long side of the thumbnail the modal level is measured on


def invert_lightness(image: np.ndarray) -> np.ndarray:
    """``image`` (RGB uint8) with its lightness inverted and its hues kept (CIELAB L -> 255 - L): a page drawn light
    on dark (a dark-mode rendering) back as dark ink on light paper; a new array."""
    lab = cv2.cvtColor(_as_rgb(image), cv2.COLOR_RGB2LAB)
    lab[:, :, 0] = 255 - lab[:, :, 0]
    return cv2.cvtColor(lab, cv2.COLOR_LAB2RGB)


def _thumbnail_lightness(rgb: np.ndarray) -> np.ndarray:
    """CIELAB L (0..255) of ``rgb`` shrunk to POLARITY_SIDE px on its long side (as it is when smaller)."""
    f = min(1.0, POLARITY_SIDE / max(rgb.shape[:2]))
    small = _downscale(rgb, max(1, round(rgb.shape[1] * f)), max(1, round(rgb.shape[0] * f)))[0] if f < 1 else rgb
    return cv2.cvtColor(small, cv2.COLOR_RGB2LAB)[:, :, 0]


def _paper_level(rgb: np.ndarray) -> tuple[float, float]:
    """The page's modal lightness (0..1) and the share of the page at the fullest of :data:`POLARITY_BINS` levels and
    the fuller of its two neighbours, measured on a thumbnail. The lightness is the mean over those two levels'
    pixels: a paper lying on the edge between two levels (a blueprint's mottled blue, 0.28 and 0.34 by turns as its
    mottling falls) measures the same on every page, not the centre of whichever holds more."""
    lightness = _thumbnail_lightness(rgb)
    hist = np.bincount((lightness.ravel().astype(np.int32) * POLARITY_BINS) >> 8, minlength=POLARITY_BINS)
    mode = int(hist.argmax())
    other = max((m for m in (mode - 1, mode + 1) if 0 <= m < POLARITY_BINS), key=lambda m: hist[m])
    bins = (lightness.astype(np.int32) * POLARITY_BINS) >> 8
    on = (bins == mode) | (bins == other)
    return float(lightness[on].mean()) / 255, float(np.count_nonzero(on)) / lightness.size


def _polarity_flipped(answer: np.ndarray, target: np.ndarray) -> bool:
    """The answer's paper and the input's lie on opposite sides of mid-grey, at least :data:`POLARITY_APART` apart,
    and each is a real paper (its level holds :data:`POLARITY_MODE_SHARE` of the page): the answer may show the
    puzzle in the opposite polarity. Only a candidate: whether it does is what registering it inverted decides."""
    a_level, a_share = _paper_level(answer)
    t_level, t_share = _paper_level(target)
    return (min(a_share, t_share) >= POLARITY_MODE_SHARE and (a_level < 0.5) != (t_level < 0.5)
            and abs(a_level - t_level) >= POLARITY_APART)


def _dark_page(answer: np.ndarray, target: np.ndarray) -> bool:
    """:func:`_polarity_flipped`, and the answer holds no paper at the input's paper level: no page of the input's
    polarity lies in dark surroundings there. The searches for the answer's own lattice (:func:`_lattice_fit`,
    :func:`_block_fit`, :func:`_heavy_fit`, :func:`_keystone_last`) leave a dark page to :func:`register`'s inverted
    retry; a light page on a dark desk as large as it (HELDOUT23's redrawn board on a navy cloth: the cloth's level 0.39
    of the answer, the page's 0.39) is no dark page, and its lattice is looked for as drawn (rubric 65). Nor is a page
    whose paper lies on the input's side of mid-grey at another level than the input's (rubric 72: HELDOUT33's clay
    tablet, its paper at 0.69 on 0.29-0.34 of the answer, a dark velvet round it on 0.31)."""
    if not _polarity_flipped(answer, target):
        return False
    t_level = _paper_level(target)[0]
    bins = (_thumbnail_lightness(answer).astype(np.int32) * POLARITY_BINS) >> 8
    share = np.bincount(bins.ravel(), minlength=POLARITY_BINS) / bins.size
    light = range(POLARITY_BINS // 2, POLARITY_BINS) if t_level >= 0.5 else range(POLARITY_BINS // 2)
    # (each level with the fuller of its neighbours, as the page's paper is measured: a textured paper straddles two)
    fullest = max(share[at] + max(share[b] for b in (at - 1, at + 1) if 0 <= b < POLARITY_BINS) for at in light)
    return float(fullest) < POLARITY_MODE_SHARE


POLARITY_STEP = 0.1  # the registered page's paper at least this much lighter than its ink (lightness 0..1) where the
#                     input has them: the page is seen in the input's polarity
POLARITY_PAPER_RANK = 0.25  # ... its paper taken at this lower rank: most of the input's paper must be light (a light
#                             desk around a dark block, inverted, put half the input's paper on the block: median light)


def _ink_step(image: np.ndarray, target: np.ndarray, edit_mask: np.ndarray | None, valid: np.ndarray | None) -> float:
    """How much lighter the registered ``image`` (input frame) is on the input's paper than on its ink, outside the
    edit mask and where the page is observed: the lightness (0..1) over the input's paper (lighter than 0.8, 2 px
    clear of anything darker) at its lower quartile (:data:`POLARITY_PAPER_RANK`) minus the median over its ink
    (darker than 0.5). Positive on a page seen in the input's polarity, about 0 or negative on one seen inverted
    (its paper dark under the input's paper); 0 without both kinds of pixel."""
    tl = cv2.cvtColor(_as_rgb(target), cv2.COLOR_RGB2LAB)[:, :, 0]
    il = cv2.cvtColor(_as_rgb(image), cv2.COLOR_RGB2LAB)[:, :, 0]
    use = np.ones(tl.shape, bool) if valid is None else valid.astype(bool)
    if edit_mask is not None:
        use &= ~np.asarray(edit_mask).astype(bool)
    ink = (tl < 128) & use
    paper = (cv2.erode((tl > 204).astype(np.uint8), np.ones((5, 5), np.uint8)) > 0) & use
    if ink.sum() < 50 or paper.sum() < 50:
        return 0.0
    return (float(np.percentile(il[paper], 100 * POLARITY_PAPER_RANK)) - float(np.median(il[ink]))) / 255


def register(answer: np.ndarray, target: np.ndarray, *, edit_mask: np.ndarray | None = None) -> Registration:
    """Align `answer` (RGB uint8 model output, any size) to `target` (RGB uint8 input image).

    edit_mask: optional bool HxW in the target frame, True where the answer may change pixels; those
    areas are ignored when matching and when measuring quality.  Never raises for bad image content or
    sizes: returns ok=False with a reason instead.

    An input drawn in black and grey is matched on the answer's dark ink only (coloured strokes are
    edits); when that finds no fit, the answer's coloured ink is matched too (its line work redrawn in a
    colour: an app's blue grid), method ``+colour``, and taken at GOOD_QUALITY or better, or from MIN_QUALITY
    when the input has a lattice and the fit's line work lies on it (:func:`_grid_quality` >= GRID_QUALITY).
    Still no fit: the page as an island of paper in darker surroundings (``+page``), then a washed-out page
    measured at its own contrast (``+contrast``); a fit either retry finds under GOOD_QUALITY is taken only on
    the input's lattice (:func:`_retry_lines_agree`). Still no fit: the input's content is looked for anywhere
    in the page at any scale (an app's screen around it, a legend under it) and the page is that spot
    (``+located``, :func:`_locate`), under the same rule; then once more taking a located fit that shows the
    input's lattice in its frame (``+framed``); then the page as the area its surroundings enclose (``+enclosed``);
    then the island page once more, taking a fit that shows the input's lattice in its frame and leaves none of its
    lines bare (``+framed+page``, :func:`_island_framed`); then the answer's own lattice (tiles, crossing marks, blocks,
    a sheet: :func:`_register_page`). A light page nothing of that registers, last of all, has its own lattice fitted
    in perspective (``lattice+keystone``, :func:`_keystone_last`: a redraw photographed at a slant).
    When the best fit is under SETTLED_QUALITY (or none) and the answer's paper lies on the other side of mid-grey
    from the input's, far from it
    (:func:`_polarity_flipped`: a dark-mode page, light ink on dark paper), a fit is kept only when the registered
    page shows the input's paper lighter than its ink (:func:`_ink_step` >= POLARITY_STEP); an upright fit under
    GOOD_QUALITY (or refused so) first meets the island retries (a light page in dark surroundings), whose fit at
    GOOD_QUALITY replaces it when it is SETTLED_GAIN better or the upright fit was refused; else (or with no fit)
    all of the above runs once more on the answer with its lightness inverted (:func:`invert_lightness`), taken
    under the same condition and when it leaves at most FRAMED_BARE of the input's lines bare
    (:func:`_registered_bare_lines`), method ``+inverted``: ``image`` is then that inverted answer warped (dark ink on light
    paper, as the input), so the track reads it as any other page. Neither: not registered.

    Computes within :func:`genpuzzle.parallel.reproducible_numerics` (OpenCV and BLAS at one thread, OpenCV's IPP
    off): without it, the local bend ("+local") of the same answer came out different from call to call.
    """
    token = _LATTICE_STARTS_SEEN.set([])  # the answer's lattice maps, looked for once (:func:`_lattice_starts`)
    try:
        with reproducible_numerics():
            return _register_any(answer, target, edit_mask)
    finally:
        _LATTICE_STARTS_SEEN.reset(token)


def _register_any(answer: np.ndarray, target: np.ndarray, edit_mask: np.ndarray | None) -> Registration:
    """:func:`register`'s search (its docstring), within its memo of the lattice maps."""
    first = _register_page(answer, target, edit_mask)
    if first.ok and first.quality >= SETTLED_QUALITY:
        return first  # a dark page taken as it is fitted at 0.69-0.86 at most: its dark paper is no input's ink
    if not first.ok and (first.reason is None or not first.reason.startswith(("alignment quality too low",
                                                                               "answer image is blank"))):
        return first  # (a dark page drawn in light ink alone has no ink darker than its paper: blank, unless inverted)
    try:
        flipped = _polarity_flipped(_as_rgb(answer), _as_rgb(target))
    except ValueError:
        return first
    if not flipped:
        return _keystone_last(answer, target, edit_mask, _refuted_retries(answer, target, edit_mask, first))
    upright = first.ok and _ink_step(first.image, target, edit_mask, first.valid) >= POLARITY_STEP
    if upright and first.quality >= GOOD_QUALITY:
        return first
    if (first.ok or (first.reason or "").endswith(TILES_REFUTED)) and "+page" not in first.method:
        # Under the bar, an upright fit of a dark page can lie anywhere on its dark surroundings, which are ink
        # there: a paused video's 5x5 page (a light page in a black frame) fitted squashed by a quarter onto the
        # frame at 0.72, 132 px off, and its ink step still passed (the frame covers under a quarter of the
        # input's paper). Its page is an island of paper in those surroundings; the island retries (which ran
        # only when nothing fitted) are tried, and an island fit that shows the input's polarity replaces the
        # upright fit when it is clearly better (0.91 there) or the upright fit is refused. Only a fit at
        # GOOD_QUALITY on the whole ink counts here (not one the retries' line rule or the grid anchor lets
        # through): a 10x10 video page over a 5x5 input fitted its island at 0.80 through the grid anchor.
        for island in (_island_page(answer, target, edit_mask), _enclosed_page(answer, target, edit_mask)):
            if (island is not None and island.quality >= GOOD_QUALITY and "+grid" not in island.method
                    and "+lattice" not in island.method
                    and _ink_step(island.image, target, edit_mask, island.valid) >= POLARITY_STEP
                    and (not upright or island.quality >= first.quality + SETTLED_GAIN)):
                return island
    if upright:
        return first
    if not _dark_page(answer, target):
        # (rubric 65) a light page on a dark desk as large as it: its own lattice, drawn line for line, where the fit
        # found (HELDOUT23's redrawn board on a navy cloth, its clues set elsewhere: the crossing marks' fit, 0.3 px
        # off the lattice's, put the input's 1-px lines beside the page's and its ink step under POLARITY_STEP)
        lines = _lattice_fit(answer, target, edit_mask)
        if (lines is not None and _lattice_shown(lines.image, target)
                and _ink_step(lines.image, target, edit_mask, lines.valid) >= POLARITY_STEP):
            return lines
    # A dark page (light ink on dark paper) taken as it is reads its dark paper as ink, which lies under every ink
    # of the input, so the upright search can fit it anywhere (HELDOUT12's dark-mode pages 9-59 px off at 0.69-0.72,
    # dark references of a maze and a nonogram 10-300 px off at 0.81-0.86); the whole search runs once more on the
    # page inverted, and a fit in either polarity is taken only when the registered page shows the input's paper
    # lighter than its ink (:func:`_ink_step`): the quality alone cannot tell the polarities apart (a dark chat
    # app's light picture, inverted, fitted 17 px off at 0.93 over its right upright fit at 0.87-0.90).
    # An inverted fit must also leave the input's lines on the page (:func:`_registered_bare_lines`): a 5x5 board in
    # chalk over a 10x10 input fitted its lattice onto every other line of the input's through the grid anchor
    # (0.82), the input's lines between bare (0.13 of them; the right fits of dark pages and boards: 0-0.008).
    inverted = _register_page(invert_lightness(answer), target, edit_mask)
    if (inverted.ok and _ink_step(inverted.image, target, edit_mask, inverted.valid) >= POLARITY_STEP
            and _registered_bare_lines(inverted.image, target) <= FRAMED_BARE):
        inverted.method += "+inverted"
        return inverted
    if inverted.ok and "lattice" not in inverted.method:
        # a fit the inverted page's search found but refused (a dark app's 5x5 bent at 0.81 leaving 0.15 of the input's
        # lines bare) never met the answer's own lattice (:func:`_lattice_fit`), the retry of a search that finds none
        inverted = _lattice_fit(invert_lightness(answer), target, edit_mask) or inverted
        if ("lattice" in inverted.method
                and _ink_step(inverted.image, target, edit_mask, inverted.valid) >= POLARITY_STEP):
            inverted.method += "+inverted"
            return inverted
    if first.ok:
        return _fail(f"alignment quality too low ({first.quality:.2f}, but the page shows the input's paper no "
                     f"lighter than its ink, and inverted it does not register)", first.quality, first.method,
                     first.matrix)
    return first


def _refuted_retries(answer: np.ndarray, target: np.ndarray, edit_mask: np.ndarray | None, first: Registration
                     ) -> Registration:
    """``first`` (a light page's :func:`_register_page`), or when its plain fit was refused as another lattice's tiles
    (:func:`_tiles_refute`, TILES_REFUTED), the retries a failed plain search meets (colour, island, contrast, located,
    kept: :func:`_register_page_search`), whose fit is taken unless refused the same way: a refused fit is no fit. A
    desk photo's 15x15 page (pebbled leather fills with a pale stitched square in each) fitted 75 px off at 0.66 and was
    refused, and the island retry that registers its sibling pages (0.5 px) never ran. A dark page's refused fit meets
    :func:`register`'s own island retries instead."""
    if first.ok or not (first.reason or "").endswith(TILES_REFUTED):
        return first
    again = _register_page_search(answer, target, edit_mask, refused=first)
    if again.ok and again.quality < SETTLED_QUALITY and _tiles_refute(answer, target, again):
        return first
    return again if again.ok else first


def _registered_bare_lines(image: np.ndarray, target: np.ndarray) -> float:
    """:func:`_bare_lines` of a registered page (``image``, in the input's frame) at the identity: the share of the
    input's long thin lines where the page shows bare paper; 0 when the input has no such lines."""
    ft = min(1.0, WORK_SIDE / max(target.shape[:2]))
    t = _work_image(_as_rgb(target), ft)
    if not np.any(t.derived("thin_lines", lambda: _long_thin_lines(t.ink) >= GRID_LINE_INK)):
        return 0.0
    a = _work_image(_as_rgb(image), ft, achromatic_ink=t.chromatic < 0.1, lighter=t.lighter)
    return _bare_lines(t, a, np.eye(3))


TILES_REFUTED = "but the answer's tiles lie across the input's lattice)"  # the end of a refuted fit's reason: a dark
# page's upright fit so refused still meets the island retries of :func:`register` (a video page's 5x5, 199 px off)


def _register_page(answer: np.ndarray, target: np.ndarray, edit_mask: np.ndarray | None) -> Registration:
    """:func:`_register_page_search`, a fit it finds refused when the answer shows another lattice of tiles there
    (:func:`_tiles_refute`), and when none is left, the input's lattice fitted onto the gaps between the answer's tiles
    from the fits its searches tried (:func:`_tile_fit`, ``+tiles``: a page drawn as tiles, no grid lines), then placed
    on the answer's crossing marks (:func:`_mark_fit`, ``marks``: a grid drawn only as marks at its crossings)."""
    starts: list[tuple[float, np.ndarray, str]] = []
    token = _TILE_STARTS.set(starts)
    try:
        found = _register_page_search(answer, target, edit_mask)
    finally:
        _TILE_STARTS.reset(token)
    if found.ok and found.quality < SETTLED_QUALITY and _tiles_refute(answer, target, found):
        found = _fail(f"alignment quality too low ({found.quality:.2f}, {TILES_REFUTED}", found.quality, found.method,
                      found.matrix)
    if found.ok and found.quality < SETTLED_QUALITY and _twice_scale(answer, target, found):
        found = _fail(f"alignment quality too low ({found.quality:.2f}, but the page's lattice has twice the cells "
                      f"of the input's lattice as the fit places it)", found.quality, found.method, found.matrix)
    if found.ok or found.reason is None or not found.reason.startswith("alignment quality too low"):
        return _lattice_over(found, answer, target, edit_mask)
    tiles = _tile_fit(answer, target, edit_mask, starts)
    if tiles is None:
        tiles = _mark_fit(answer, target, edit_mask)  # a grid drawn only as marks at its crossings
    if tiles is None:
        tiles = _lattice_fit(answer, target, edit_mask)
    return tiles if tiles is not None else found


def _register_page_search(answer: np.ndarray, target: np.ndarray, edit_mask: np.ndarray | None,
                          refused: Registration | None = None) -> Registration:
    """:func:`register` without the inverted retry: the plain search and its retries (colour, island, contrast,
    located, kept); with ``refused`` (the plain search's failure) the retries alone."""
    first = _register(answer, target, edit_mask, False) if refused is None else refused
    if first.ok or first.reason is None or not first.reason.startswith("alignment quality too low"):
        return first
    again = _register(answer, target, edit_mask, True)
    if again.ok:
        again.method += "+colour"
        return again
    contrast = _page_contrast(answer, target, edit_mask, first)
    contrast = contrast if contrast < CONTRAST_RETRY else 1.0
    # a page of paper within dark surroundings that are no bars (a picture in a dark-mode app, a sheet lying
    # askew on a desk): the page is the island of paper
    for coloured_ink in (False, True):
        page = _register(answer, target, edit_mask, coloured_ink, contrast, paper_island=True)
        if page.ok:
            page.method += "+page" + ("+colour" if coloured_ink else "") + ("+contrast" if contrast < 1.0 else "")
            return page
        if page.reason is not None and "no page of paper" in page.reason:
            break
    if contrast < 1.0:
        # a washed-out page (a faded scan, a pale redraw): its paper's lighter surroundings and its ink lie
        # closer to the paper than the input's; measured as if it had the input's contrast
        washed = _register(answer, target, edit_mask, False, contrast)
        if washed.ok:
            washed.method += "+contrast"
            return washed
    # the puzzle somewhere within a larger page, at any scale (an app's screenshot, a legend under it): found
    # first by its content, and that spot is the page
    for coloured_ink in (False, True):
        spot = _register(answer, target, edit_mask, coloured_ink, contrast, locate=True)
        if spot.ok:
            spot.method += "+located" + ("+colour" if coloured_ink else "") + ("+contrast" if contrast < 1.0 else "")
            return spot
    # edits that restyle the edit mask's faint lines (a lattice filled over its grid lines): the fits scored on the
    # input's content outside the edit mask alone; the last retry, so a page any other path registers keeps it
    for coloured_ink in (False, True):
        outside = _register(answer, target, edit_mask, coloured_ink, kept=True)
        if outside.ok:
            outside.method += "+colour" if coloured_ink else ""
            return outside
    # the located page once more, now also taking a fit under the bar whose answer shows the input's lattice in its
    # frame (:func:`_lattice_framed`; a clipboard's or a tablet's densely filled 15x15 page)
    for coloured_ink in (False, True):
        spot = _register(answer, target, edit_mask, coloured_ink, contrast, locate=True, framed_fit=True)
        if spot.ok:
            spot.method += "+located" + ("+colour" if coloured_ink else "") + ("+contrast" if contrast < 1.0 else "")
            return spot
    # a page its surroundings enclose, whose paper the puzzle's lines cut into pieces (a paused video's page with a
    # dash-dot grid): the island is all the surroundings enclose (:func:`_paper_island` with ``enclosed``)
    enclosed = _enclosed_page(answer, target, edit_mask, contrast)
    if enclosed is not None:
        return enclosed
    # the island page once more, now taking a fit under the bar whose answer shows the input's lattice in its frame
    # and leaves none of its lines bare (:func:`_island_framed`; a dithered receipt on a table)
    page = _register(answer, target, edit_mask, False, contrast, paper_island=True, framed_fit=True)
    if page.ok:
        page.method += "+page" + ("+contrast" if contrast < 1.0 else "")
        return page
    return first


def _island_page(answer: np.ndarray, target: np.ndarray, edit_mask: np.ndarray | None, contrast: float = 1.0,
                 enclosed: bool = False) -> Registration | None:
    """The island retry of :func:`_register_page` (``+page``, on dark ink, then on all ink) on its own: the
    registration when one of them registers, else None."""
    for coloured_ink in (False, True):
        page = _register(answer, target, edit_mask, coloured_ink, contrast, paper_island=True, enclosed=enclosed)
        if page.ok:
            page.method += ("+page" + ("+enclosed" if enclosed else "") + ("+colour" if coloured_ink else "")
                            + ("+contrast" if contrast < 1.0 else ""))
            return page
        if page.reason is not None and "no page of paper" in page.reason:
            break
    return None


def _enclosed_page(answer: np.ndarray, target: np.ndarray, edit_mask: np.ndarray | None, contrast: float = 1.0
                   ) -> Registration | None:
    """:func:`_island_page` with the island taken as all its surroundings enclose (``+page+enclosed``)."""
    return _island_page(answer, target, edit_mask, contrast, enclosed=True)


CONTRAST_RETRY = 0.8  # a page whose ink is at most this deep relative to the input's is retried as washed out
CONTRAST_FLOOR = 0.25  # ... and measured at no less than this
CONTRAST_DARKEST = 0.5  # share of the input's kept ink whose darkness the measure compares (its median)
CONTRAST_NEAR = 0.4  # a failed fit scoring this shows where the input's kept ink lies in the answer


def _grey_span(rgb: np.ndarray) -> float:
    """Levels between the 1st and the 99th percentile of ``rgb``'s channel values (every 3rd pixel each way,
    not averaged: averaging, or a grey conversion, would narrow a noisy page's span)."""
    lo, hi = np.percentile(rgb[::3, ::3], (1, 99))
    return float(hi - lo)


def _page_contrast(answer: np.ndarray, target: np.ndarray, edit_mask: np.ndarray | None,
                   near: Registration | None = None) -> float:
    """How deep the answer's ink is relative to the input's, CONTRAST_FLOOR..1 (1: as deep or deeper; a
    page washed out to 45 % contrast: ~0.5), from the content the answer must keep: the input's ink
    outside the edit mask. With ``near`` (a failed registration whose best map scored CONTRAST_NEAR or
    more) the answer's ink is read where that map puts the input's kept ink (the larger within 1 work px,
    so a map a pixel off still finds the line); otherwise the input's darkest kept ink (the n-th darkest
    pixel, n = CONTRAST_DARKEST of it) is compared with as many of the answer's darkest pixels, which ink
    the answer adds (edits, a caption, bars) can only raise: a page of the input's contrast never measures
    as washed out, but a washed-out page under darker added ink (a proof's region borders) is missed."""
    try:
        answer, target = _as_rgb(answer), _as_rgb(target)
    except ValueError:
        return 1.0
    th, tw = target.shape[:2]
    ah, aw = answer.shape[:2]
    ft = min(1.0, WORK_SIDE / max(th, tw))
    t = _work_image(target, ft)
    a = _work_image(answer, min(1.0, ft * math.sqrt((th * tw) / (ah * aw))), achromatic_ink=t.chromatic < 0.1)
    keep = np.ones(t.ink.shape, bool)
    if edit_mask is not None and np.shape(edit_mask) == (th, tw):
        keep = _downscale((~np.asarray(edit_mask).astype(bool)).astype(np.uint8) * 255, t.ink.shape[1],
                          t.ink.shape[0])[0] >= 128
    kept = keep & (t.ink >= 0.3)
    # the grey levels a washed-out page spans shrink with its contrast; a page spanning the input's levels
    # (noise, a photo with black ink) is no washed-out page whatever its ink reads
    span = _grey_span(answer) / max(1.0, _grey_span(target))
    if span >= CONTRAST_RETRY:
        return 1.0
    if near is not None and near.near is not None and near.quality >= CONTRAST_NEAR:
        W = a.to_work @ np.linalg.inv(near.near) @ np.linalg.inv(t.to_work)  # target work -> answer work
        seen = cv2.dilate(_warp_to_target(a.ink, W, t.ink.shape), np.ones((3, 3), np.uint8))
        kept &= _inside(a, W, t.ink.shape)
        if np.count_nonzero(kept) >= 16:
            return float(np.clip(float(seen[kept].sum()) / float(t.ink[kept].sum()), CONTRAST_FLOOR, 1.0))
    ink = t.ink[kept]
    n = round(CONTRAST_DARKEST * ink.size)
    if n < 16:
        return 1.0
    depth_t = float(np.partition(ink, ink.size - n)[ink.size - n])
    n_a = max(1, min(a.ink.size, round(n * a.ink.size / t.ink.size)))
    flat = a.ink.ravel()
    depth_a = float(np.partition(flat, flat.size - n_a)[flat.size - n_a])
    return float(np.clip(depth_a / depth_t, CONTRAST_FLOOR, 1.0))


ISLAND_PAPER_INK = 0.25  # ink below this is the island page's paper (a desk's light grain is darker)
ISLAND_OPEN_PX = 5  # work px: paper thinner than this (grain, text strokes) is no part of the island
ISLAND_AREA = (0.2, 0.92)  # share of the answer the island's box covers
ISLAND_PAPER_OUTSIDE = 0.15  # at most this share of the surroundings may be paper ...
ISLAND_SURFACE_PIECE = 0.1  # (the island look's retry) ... counting pieces of paper this share of the island's or more


def _paper_island(answer: np.ndarray, scale: float, lighter: float, contrast: float = 1.0, enclosed: bool = False,
                  patterned: bool = False) -> tuple[tuple[int, int, int, int], np.ndarray] | None:
    """The page when it is an island of paper in darker surroundings (a picture in a dark-mode app, a
    sheet on a desk), as (box in the answer's px, half-open; bool hull map at work scale ``scale``), or
    None: the largest connected area of paper (luminance ink < ISLAND_PAPER_INK, opened by
    ISLAND_OPEN_PX) with the other areas of paper centred inside its box, and within their box all that the
    surroundings (what is no paper and joins the answer's border) do not reach: their convex hull, when their box
    covers ISLAND_AREA of the answer and at most ISLAND_PAPER_OUTSIDE of the hull's surroundings is paper.

    ``enclosed``: the page is instead the largest connected area the surroundings enclose (everything but the
    area without paper that is connected to the answer's border), grid, fills and all: a page whose paper the
    puzzle's lines cut into pieces (a dash-dot grid's gaps join cells to a margin that a narrow margin breaks)
    has a largest area of paper that is only part of it (a paused video's 10x10 page: a triangle).

    The paper is read with its shading evened out (a sheet on a desk in a photo, lit unevenly); when the
    surroundings so read hold paper (the area of paper spans more than ISLAND_AREA of the answer, or more than
    ISLAND_PAPER_OUTSIDE of what lies around it is paper), once more as it is: evening the shading lifts light grey
    surroundings to paper (a story frame's picture over a blurred, dimmed copy of itself: the copy's grey at 0.7 of
    the paper read as shaded paper, the whole frame one area of paper, or half the surroundings paper).

    ``patterned`` (the lattice look on the island alone, the last search of all: :func:`_island_grey`): when neither
    read finds the island, both are read once more counting as paper round the page only the pieces of paper at least
    ISLAND_SURFACE_PIECE of the island's largest -- a cloth's small light patches are its pattern, not a surface of
    paper (HELDOUT45's granny-square blanket: white centres and rings, 0.04 of the page each, 0.2-0.3 of the
    surroundings). Only there: the page retries, taking such an island earlier, registered pages the plain rule left to
    other retries otherwise (two HELDOUT43 pages then read a sliver more or a digit less)."""
    for surface_pieces in (False, True) if patterned else (False,):
        found = _paper_island_read(answer, scale, lighter, contrast, enclosed, True, surface_pieces)
        if isinstance(found, str):
            found = _paper_island_read(answer, scale, lighter, contrast, enclosed, False, surface_pieces)
        if not isinstance(found, str):
            return found
    return None


def _paper_island_read(answer: np.ndarray, scale: float, lighter: float, contrast: float, enclosed: bool,
                       even_shading: bool, surface_pieces: bool = False
                       ) -> tuple[tuple[int, int, int, int], np.ndarray] | str | None:
    """:func:`_paper_island` on the page read with its shading evened out or as it is (``even_shading``);
    ``"surroundings"`` when the surroundings read hold paper (the largest area of paper's box spans more than
    ISLAND_AREA of the answer, or ISLAND_PAPER_OUTSIDE of what lies around its hull is paper)."""
    w = _work_image(answer, scale, achromatic_ink=False, lighter=lighter, contrast=contrast, even_shading=even_shading)
    paper = (w.ink < ISLAND_PAPER_INK).astype(np.uint8)
    opened = cv2.morphologyEx(paper, cv2.MORPH_OPEN, np.ones((ISLAND_OPEN_PX, ISLAND_OPEN_PX), np.uint8))
    # what is no paper and joins the answer's border: the surroundings (the paper as it is, not opened: a narrow
    # margin opened away would let the surroundings flood in along the grid's lines and fills)
    _, around = cv2.connectedComponents(1 - paper, connectivity=4)
    edge = np.unique(np.concatenate([around[0], around[-1], around[:, 0], around[:, -1]]))
    surroundings = np.isin(around, edge[edge > 0])
    if enclosed:
        opened = (~surroundings).astype(np.uint8)
    n, labels, stats, centres = cv2.connectedComponentsWithStats(opened, connectivity=4)
    if n < 2:
        return None
    i = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    x, y, bw, bh = (int(v) for v in stats[i, :4])
    # (rubric 71) with it, the other pieces of paper centred inside its box, and within their box all the
    # surroundings do not reach: a grid whose frame runs close to the page's edge cuts the margin there (opened
    # away), so the largest piece (the clue strips' L) left the cells' paper outside its hull, and the fills in the
    # far corner, unobserved (HELDOUT32's pages on a bus seat, on a conveyor belt: the page cut along its diagonal)
    pieces = np.flatnonzero((centres[:, 0] >= x) & (centres[:, 0] < x + bw) & (centres[:, 1] >= y)
                            & (centres[:, 1] < y + bh))
    pieces = pieces[pieces > 0]
    x0, y0 = int(stats[pieces, 0].min()), int(stats[pieces, 1].min())
    x1, y1 = int((stats[pieces, 0] + stats[pieces, 2]).max()), int((stats[pieces, 1] + stats[pieces, 3]).max())
    x, y, bw, bh = x0, y0, x1 - x0, y1 - y0
    inside = np.isin(labels, pieces)
    inside[y0:y1, x0:x1] |= ~surroundings[y0:y1, x0:x1]
    hull = np.zeros_like(paper)
    cv2.fillConvexPoly(hull, cv2.convexHull(np.argwhere(inside)[:, ::-1].astype(np.int32)), 1)
    share = bw * bh / paper.size
    outside = hull == 0
    around = paper
    if surface_pieces:  # (rubric 83) only pieces of paper a tenth of the page's or more: a surface, no cloth's pattern
        surface = stats[:, cv2.CC_STAT_AREA] >= ISLAND_SURFACE_PIECE * stats[i, cv2.CC_STAT_AREA]
        surface[0] = False
        around = surface[labels]
    if share > ISLAND_AREA[1] or (share >= ISLAND_AREA[0] and float(around[outside].mean()) > ISLAND_PAPER_OUTSIDE):
        return "surroundings"
    if share < ISLAND_AREA[0]:
        return None
    x0, y0, x1, y1 = _box_to(np.linalg.inv(w.to_work), (x, y, x + bw, y + bh))
    ah, aw = answer.shape[:2]
    box = (max(0, round(x0)), max(0, round(y0)), min(aw, round(x1)), min(ah, round(y1)))
    return box, hull


LOCATE_SIDE = 192  # long side of the coarse edge maps the input is located on in a larger page
LOCATE_STEP = 0.03  # log-scale step of that search
LOCATE_MIN_SHARE = 0.25  # the input frame spans at least this share of the page along its wider share
LOCATE_TRIES = 3  # best distinct placements refined
LOCATE_MIN_QUALITY = 0.4  # a refined placement under this is no puzzle (unrelated drawings <= 0.51 are refused later)
LOCATE_MARGIN = 0.02  # share of the located frame's size kept around it as the page
LOCATE_BORDER = 0.06  # share of the frame's side on either side of its border where lines crossing it are sought
LOCATE_CROSSINGS = 3  # a border this many lines cross: the placement cuts through a larger lattice


def _crossing_lines(t: _Work, a: _Work, W: np.ndarray) -> int:
    """The most straight lines crossing one border of the input's frame as W (target-work -> answer-work)
    places it in the answer: edges of the answer's ink running across the border, unbroken from 0.8 LOCATE_BORDER
    of the side inside to as far outside. A puzzle's own lines end at its frame, within its margins; a placement
    inside a larger lattice (a 9x9 Sudoku input over a 10x10 nonogram's grid) has that lattice's lines run on."""
    th, tw = t.ink.shape
    g = max(3, round(LOCATE_BORDER * max(th, tw)))
    reach = max(2, round(0.8 * g))
    ink = _soft(_warp_to_target(a.ink, W @ np.array([[1.0, 0, -g], [0, 1, -g], [0, 0, 1]]), (th + 2 * g, tw + 2 * g)), 0.7)
    most = 0
    for axis in (0, 1):  # 0: lines across x (vertical ones) crossing the top and bottom borders
        edge = np.abs(cv2.Sobel(ink, cv2.CV_32F, 1 - axis, axis, ksize=3))
        if axis == 1:
            edge = edge.T
        for border in (g, g + (th if axis == 0 else tw)):
            run = edge[border - reach:border + reach + 1].min(axis=0) > 0.5  # unbroken across the border
            on = np.flatnonzero(run)
            # each line shows two edges a few px apart: runs closer than 4 px are one line
            most = max(most, int(len(on) > 0) + int(np.count_nonzero(np.diff(on) > 4)))
    return most


def _locate(t: _Work, a: _Work, page: tuple[float, float, float, float], keep: np.ndarray | None
            ) -> tuple[float, np.ndarray] | None:
    """(quality, W: target-work -> answer-work) of the input's content found anywhere in the answer's ``page``
    (work coords), at any scale from LOCATE_MIN_SHARE of the page to the page, or None.

    Coarse edge maps (~LOCATE_SIDE px) of the input, resized over a log grid of uniform scales, are correlated
    with the answer's at every position (zero-mean normalised correlation over the input's pixels outside the
    edit mask, so the answer's fills do not count; windows of nearly flat paper score 0). The LOCATE_TRIES best
    distinct placements are refined (:func:`_refine`) and the one of best :func:`_quality` is returned when it
    reaches LOCATE_MIN_QUALITY. Whatever the page carries outside the placement (an app's bars and buttons, a
    legend, a caption) takes no part: the correlation and the refinement sample the input's frame only."""
    th, tw = t.ink.shape
    f = min(1.0, LOCATE_SIDE / max(th, tw))
    small_t, St = _downscale(t.ink, max(1, round(tw * f)), max(1, round(th * f)))
    ah, aw = a.ink.shape
    small_a, Sa = _downscale(a.ink, max(1, round(aw * f)), max(1, round(ah * f)))
    te, ae = _soft(_edges(small_t), 1.0), _soft(_edges(small_a), 1.0)
    x0, y0, x1, y1 = _box_to(Sa, page)
    cx0, cy0 = max(0, math.floor(x0)), max(0, math.floor(y0))
    ae = np.ascontiguousarray(ae[cy0:min(ae.shape[0], math.ceil(y1)), cx0:min(ae.shape[1], math.ceil(x1))])
    n_h, n_w = te.shape
    if min(n_h, n_w, *ae.shape) < 8:
        return None
    weight = None
    if keep is not None:
        weight = cv2.resize(keep.astype(np.float32), (n_w, n_h), interpolation=cv2.INTER_AREA)
    hi = min(ae.shape[1] / n_w, ae.shape[0] / n_h)
    lo = max(LOCATE_MIN_SHARE * max(ae.shape[1] / n_w, ae.shape[0] / n_h), 8.0 / min(n_h, n_w))
    found = []
    for s in np.exp(np.arange(math.log(lo), math.log(hi) + 1e-9, LOCATE_STEP)):
        m = (max(4, round(n_w * s)), max(4, round(n_h * s)))
        if m[0] > ae.shape[1] or m[1] > ae.shape[0]:
            continue
        tmpl = cv2.resize(te, m, interpolation=cv2.INTER_AREA)
        if weight is not None:
            mk = (cv2.resize(weight, m, interpolation=cv2.INTER_AREA) > 0.5).astype(np.float32)
            score = cv2.matchTemplate(ae, tmpl, cv2.TM_CCOEFF_NORMED, mask=mk)
        else:
            score = cv2.matchTemplate(ae, tmpl, cv2.TM_CCOEFF_NORMED)
        # a window of (nearly) blank paper has no variance to normalise by: its score is noise
        mean = cv2.boxFilter(ae, -1, m, anchor=(0, 0), borderType=cv2.BORDER_CONSTANT)
        square = cv2.boxFilter(ae * ae, -1, m, anchor=(0, 0), borderType=cv2.BORDER_CONSTANT)
        flat = (square - mean * mean)[:score.shape[0], :score.shape[1]] < (0.25 * float(tmpl.std())) ** 2
        score[flat | ~np.isfinite(score)] = 0
        _, peak, _, (x, y) = cv2.minMaxLoc(score)
        found.append((float(peak), m, x + cx0, y + cy0))
    found.sort(key=lambda c: -c[0])
    starts: list[np.ndarray] = []
    for _, (mw, mh), x, y in found:
        sx, sy = mw / n_w, mh / n_h
        C = np.array([[sx, 0, x + 0.5 * sx - 0.5], [0, sy, y + 0.5 * sy - 0.5], [0, 0, 1]])
        W = np.linalg.inv(Sa) @ C @ St
        if all(_corner_motion(W, S, t.ink.shape) > 0.1 * max(th, tw) for S in starts):
            starts.append(W)
        if len(starts) == LOCATE_TRIES:
            break
    best = None
    for W0 in starts:
        W = _refine(t, a, W0, keep)
        q = _quality(t, a, W, keep)[0]
        if (best is None or q > best[0]) and _crossing_lines(t, a, W) < LOCATE_CROSSINGS:
            best = (q, W)
    return best if best is not None and best[0] >= LOCATE_MIN_QUALITY else None


KEPT_MIN_SHARE = 0.3  # share of the input frame outside the edit mask a fit scored there alone needs
KEPT_TRIES = 3  # best distinct fits (by that score) refined there


def _kept_fit(t: _Work, a: _Work, tried: list[tuple[float, np.ndarray, str]], keep: np.ndarray | None
              ) -> tuple[float, np.ndarray, str] | None:
    """The fit among ``tried`` (none reached MIN_QUALITY) that puts the input's content outside the edit mask in
    place, when one does: scored there alone (:func:`_quality` without the edit mask's paper) at GOOD_QUALITY or
    more; else None. Regions a proof's lattice is filled with (pastel
    fills over the input's light grid lines, inside the edit mask) kept the right fit of such a page at 0.49-0.59
    on the whole ink, 0.97-0.99 outside the mask. The quality returned is the one outside the mask."""
    if keep is None or float(keep.mean()) < KEPT_MIN_SHARE:
        return None
    scored = sorted(((_quality(t, a, W, keep, edit_paper=False)[0], W, method) for _, W, method in tried),
                    key=lambda c: -c[0])
    starts: list[tuple[float, np.ndarray, str]] = []
    for c in scored:
        if all(_corner_motion(c[1], s[1], t.ink.shape) > 1.0 for s in starts):
            starts.append(c)
    best = None
    for _, W0, method in starts[:KEPT_TRIES]:
        # the fit as found, and refined there (which the edits' rims can pull a little, so it must score better)
        for W in (W0, _refine(t, a, W0, keep, levels=(), edit_paper=False)):
            q = _quality(t, a, W, keep, edit_paper=False)[0]
            if q >= GOOD_QUALITY and (best is None or q > best[0]):
                best = (q, W, method)
    return best


ISLAND_LINES = 0.75  # grid quality a retried fit under GOOD_QUALITY needs, as the best of the fits tried


def _retry_lines_agree(t: _Work, a: _Work, W: np.ndarray, tried: list[tuple[float, np.ndarray, str]]) -> bool:
    """Whether a fit under GOOD_QUALITY on an island page (:func:`_paper_island`) or a washed-out page
    (:func:`_page_contrast`) is the puzzle's position:
    the input has a lattice and the fit's line work lies on it (:func:`_grid_quality` >= GRID_QUALITY), or
    scores at least ISLAND_LINES and no other fit tried scores better on it (the whole ink and the line
    work agree: a dark-mode chat's 15x15 picture with glossy fills hiding its thin lines, 0.78)."""
    if not _has_lattice(t):
        return False
    g = _grid_quality(t, a, W)
    if g >= GRID_QUALITY:
        return True
    return g >= ISLAND_LINES and all(_grid_quality(t, a, c[1]) <= g + 0.005 for c in tried)


def _register(answer: np.ndarray, target: np.ndarray, edit_mask: np.ndarray | None,
              coloured_ink: bool, contrast: float = 1.0, paper_island: bool = False, locate: bool = False,
              kept: bool = False, enclosed: bool = False, framed_fit: bool = False) -> Registration:
    """:func:`register` once; ``coloured_ink``: the answer's ink is its darkness whatever its colour
    (fails at once when the input has coloured ink: that is how it was matched already); ``kept``: when no fit
    reaches MIN_QUALITY, one scored outside the edit mask alone may be taken (:func:`_kept_fit`, ``+kept``)."""
    try:
        answer = _as_rgb(answer)
        target = _as_rgb(target)
    except ValueError as err:
        return _fail(str(err))
    th, tw = target.shape[:2]
    ah, aw = answer.shape[:2]
    if min(th, tw) < MIN_SIDE:
        return _fail(f"input image too small ({tw}x{th}, min side {MIN_SIDE})")
    if min(ah, aw) < MIN_SIDE:
        return _fail(f"answer image too small ({aw}x{ah}, min side {MIN_SIDE})")
    rx, ry = aw / tw, ah / th
    lo, hi = 1 / SCALE_RANGE[1] / 1.15, 1 / SCALE_RANGE[0] * 1.15
    # one side may be far longer: a letterbox / pillarbox canvas around the page (checked on the page later)
    if not (lo <= min(rx, ry) <= hi and max(rx, ry) <= 2 * hi):
        return _fail(f"answer size {aw}x{ah} is not a plausible rescale of the input {tw}x{th}")
    keep_full = None
    if edit_mask is not None:
        em = np.asarray(edit_mask).astype(bool)
        if em.shape != (th, tw):
            return _fail(f"edit_mask shape {em.shape} does not match input {th}x{tw}")
        keep_full = ~em
    if answer.shape == target.shape:
        q_pixels = _pixel_identity(answer, target, keep_full)
        if q_pixels is not None:
            image, valid = answer.copy(), np.ones((th, tw), bool)
            paper = paper_colour(answer)
            if _dark_edge(answer, paper):  # a pasted-back copy with a sliver of a bar at its edge
                valid = _page_mask((th, tw), _page_box_full(answer, paper)) > 0
                image[~valid] = white_balance_inverse(target, paper)[~valid]
            return Registration(True, image, np.eye(3), "identity", q_pixels, None, None, valid)
    full_hw = (ah, aw)
    pre = np.eye(3)  # original answer coords -> the coords of the answer image worked on
    if aw >= HALVE_ABOVE * tw and ah >= HALVE_ABOVE * th:
        # An exact 2x area halving first: cheaper everywhere below, and a better-filtered final warp
        # than sampling every other pixel; the half still has >= 0.9x the input's resolution.
        answer, pre = _downscale(answer, aw // 2, ah // 2)
        ah, aw = answer.shape[:2]

    ft = min(1.0, WORK_SIDE / max(th, tw))
    t = _work_image(target, ft)
    if coloured_ink:
        if t.chromatic >= 0.1:
            return _fail("alignment quality too low (coloured ink matched already)")
        t.chromatic = 1.0  # the answer's ink maps below then take coloured ink as ink
    # bring the answer to roughly the target's work scale so both carry the same level of detail
    fa = min(1.0, ft * math.sqrt((th * tw) / (ah * aw)))
    a = _work_image(answer, fa, achromatic_ink=t.chromatic < 0.1, lighter=t.lighter, contrast=contrast)
    keep = _work_keep(t, keep_full)

    if t.ink.max() < 0.2:
        return _fail("input image is blank")
    if a.ink.max() < 0.2:
        return _fail("answer image is blank (no ink on the paper)")
    # Bars around the page (letterbox, a dark border, the table a page lies on) are not puzzle: they
    # must neither pull the fit nor count as ink, and the frame start uses the page, not the canvas.
    page = (0, 0, aw, ah)  # the page in the coords of the answer image worked on, half-open
    island = None
    if paper_island:
        island = _paper_island(answer, fa, t.lighter, contrast, enclosed)
        if island is None:
            return _fail("alignment quality too low (no page of paper apart from its surroundings)")
        page = island[0]
    page_work = _page_box(a.ink)
    bars = island is None and (page_work != (0, 0, a.ink.shape[1], a.ink.shape[0]) or _dark_edge(answer, a.paper))
    located = None  # with ``locate``: the located input frame as a map input px -> answer px (worked on)
    if locate:
        # the puzzle within a larger page (an app's screen, a legend under it): the page is where the input's
        # content is found, with a small margin; whatever lies around it is not the puzzle
        if bars:
            page = _page_box_full(answer, a.paper)
        around = page  # the page the spot is looked for in (for :func:`_located_seen`)
        bars_work = a.ink if not bars else _blank_outside(a.ink, _box_to(a.to_work, page), a.ink.shape)
        spot = _locate(t, _Work(bars_work, a.to_work, a.paper, a.chromatic, a.lighter), _box_to(a.to_work, page), keep)
        if spot is None:
            return _fail("alignment quality too low (the input's content is nowhere on the page)")
        located = np.linalg.inv(a.to_work) @ spot[1] @ t.to_work
        corners = _apply(located, np.array([[-0.5, tw - 0.5, tw - 0.5, -0.5], [-0.5, -0.5, th - 0.5, th - 0.5],
                                            [1, 1, 1, 1]]))
        (bx0, by0), (bx1, by1) = corners.min(axis=1), corners.max(axis=1)
        gx, gy = LOCATE_MARGIN * (bx1 - bx0), LOCATE_MARGIN * (by1 - by0)
        page = (max(page[0], math.floor(bx0 - gx)), max(page[1], math.floor(by0 - gy)),
                min(page[2], math.ceil(bx1 + gx)), min(page[3], math.ceil(by1 + gy)))
        if page[2] - page[0] < MIN_SIDE or page[3] - page[1] < MIN_SIDE:
            return _fail("alignment quality too low (the input's content is nowhere on the page)")
    if island is not None or located is not None or bars:
        if island is None and located is None:
            page = _page_box_full(answer, a.paper)
        page_area = (page[2] - page[0]) * (page[3] - page[1])
        if located is not None:
            # the located page alone, at the input's level of detail: its paper, its shading and its ink are
            # measured on it (a white legend band or an app's chrome beside a lamp-lit page is another surface)
            x0, y0, x1, y1 = page
            a = _work_image(np.ascontiguousarray(answer[y0:y1, x0:x1]), min(1.0, ft * math.sqrt((th * tw) / page_area)),
                            achromatic_ink=t.chromatic < 0.1, lighter=t.lighter, contrast=contrast)
            a.to_work = a.to_work @ np.array([[1.0, 0, -x0], [0, 1, -y0], [0, 0, 1]])
        elif page_area < PAGE_REWORK * aw * ah:
            # wide bars: give the page itself the input's level of detail at work resolution
            a = _work_image(answer, min(1.0, ft * math.sqrt((th * tw) / page_area)),
                            achromatic_ink=t.chromatic < 0.1, lighter=t.lighter, contrast=contrast)
        a.ink = _blank_outside(a.ink, _box_to(a.to_work, page), a.ink.shape)
        if island is not None:  # the surroundings inside the page's box (a page lying askew): not ink either
            hull = cv2.resize(island[1], (a.ink.shape[1], a.ink.shape[0]), interpolation=cv2.INTER_NEAREST)
            a.ink[cv2.erode(hull, np.ones((3, 3), np.uint8)) == 0] = 0
        a.cache.clear()
        if a.ink.max() < 0.2:
            return _fail("answer image is blank (no ink on the paper)")
    page_full = _box_to(np.linalg.inv(pre), page)  # the page in the original answer's coords

    def to_answer(W: np.ndarray) -> np.ndarray:
        """Work-res target->answer map to the matrix from the answer image worked on -> target."""
        return np.linalg.inv(np.linalg.inv(a.to_work) @ W @ t.to_work)

    def to_full(W: np.ndarray) -> np.ndarray:
        """Work-res target->answer map to the original answer->target matrix."""
        return to_answer(W) @ pre

    best: tuple[float, np.ndarray, str] | None = None
    rejected: list[str] = []
    tried: list[tuple[float, np.ndarray, str]] = []  # every plausible fit, for the lattice check below
    placed: list[tuple[float, np.ndarray, str]] = []  # line-profile fits below the bar that place all kept ink

    def consider(W: np.ndarray | None, method: str, bar: float = GOOD_QUALITY, only_if_good: bool = False) -> bool:
        """Validate and score W; True when its quality reaches ``bar``. With ``only_if_good`` a W below
        the bar is not kept as a candidate either."""
        nonlocal best
        if W is None:
            return False
        why = _check_transform(to_full(W), (th, tw), full_hw, page_full)
        if why is not None:
            rejected.append(why)
            return False
        q, _, recall = _quality(t, a, W, keep)
        tried.append((q, W, method))
        if (best is None or q > best[0]) and (q >= bar or not only_if_good):
            best = (q, W, method)
        elif only_if_good and method == "profile" and q >= MIN_QUALITY and recall >= PLACED_RECALL:
            placed.append((q, W, method))
        return q >= bar

    frame = a.to_work @ np.diag([aw / tw, ah / th, 1.0]) @ _shift_center(tw, th, aw, ah) @ np.linalg.inv(t.to_work)
    if page != (0, 0, aw, ah):  # the page, not the canvas with its bars
        px0, py0, px1, py1 = page
        frame = a.to_work @ np.array([[(px1 - px0) / tw, 0, px0 - 0.5 + 0.5 * (px1 - px0) / tw],
                                      [0, (py1 - py0) / th, py0 - 0.5 + 0.5 * (py1 - py0) / th],
                                      [0, 0, 1]]) @ np.linalg.inv(t.to_work)
    done = False
    if located is not None:
        # the located frame first: every other start also begins from the page, which is now that frame
        done = consider(_refine(t, a, a.to_work @ located @ np.linalg.inv(t.to_work), keep), "ecc")
    # 0. fast path: same size and already aligned (checked at work resolution)
    if full_hw == (th, tw):
        q_id = _quality(t, a, frame, keep)[0]
        if q_id >= GOOD_QUALITY:
            W = _refine(t, a, frame, keep, levels=(), passes=1)
            # aligned: the refinement barely moves, or what it moves to fits no better (edit bias)
            if (_max_corner_shift(to_full(W), np.eye(3), tw, th) < IDENTITY_TOL_PX
                    or _quality(t, a, W, keep)[0] <= q_id + 0.005):
                done = consider(frame, "identity")
    # 1. content box, upright, fine level only: most answers are not rotated, and a near-perfect fit
    #    (quality >= UPRIGHT_QUALITY) ends the search; anything less is dropped and the search goes on as
    #    before (at the usual 0.8 bar this start settled 6-8 px off on answers rotated ~2.5 deg)
    angle = None
    if not done:
        W0 = _box_init(t, a, 0.0)
        done = W0 is not None and consider(_refine(t, a, W0, keep, levels=()), "ecc", UPRIGHT_QUALITY,
                                           only_if_good=True)
    # 1b. content box + dominant line orientation: fine level only, then coarse to fine
    if not done:
        angle = _estimate_rotation(t.ink, a.ink)
        W0 = _box_init(t, a, angle)
        done = W0 is not None and (consider(_refine(t, a, W0, keep, levels=()), "ecc")
                                   or consider(_refine(t, a, W0, keep), "ecc"))
    # 2. the whole frame resized (content box spoiled by edits outside it or by a crop)
    if not done:
        done = consider(_refine(t, a, frame, keep), "ecc")
    # 2b. the puzzle's line profiles, axis by axis: anchored on the puzzle's own lines and frame, so a
    #     caption, a margin or other content beside the puzzle does not pull the start. Also tried after a
    #     merely good fit: a page with a text caption can settle squashed onto the caption at ~0.82-0.86.
    good_fit = best if done and best is not None and best[2] != "identity" and best[0] < SETTLED_QUALITY else None
    if not done or good_fit is not None:
        if angle is None:
            angle = _estimate_rotation(t.ink, a.ink)
        page_w = _box_to(a.to_work, page)
        starts = _profile_inits(t, a, angle, page_w, True)[:PROFILE_TRIES]
        starts += _profile_inits(t, a, angle, page_w, False)[:1]
        for W0 in starts:
            # only a good fit is kept: the lines of any lattice-like drawing line up with a grid's
            # somewhere, which a start that searches this widely would otherwise find
            if consider(_refine(t, a, W0, keep), "profile", only_if_good=True):
                done = True
                if best[0] >= SETTLED_QUALITY:
                    break
        if good_fit is not None and best[0] < good_fit[0] + SETTLED_GAIN:
            best = good_fit  # a profile fit must be clearly better to replace a good one
    # 3. content box without rotation, then ORB features + RANSAC
    if not done and angle:
        W0 = _box_init(t, a, 0.0)
        done = W0 is not None and consider(_refine(t, a, W0, keep), "ecc")
    if not done:
        W0 = _feature_init(t, a)
        if W0 is not None:
            consider(_refine(t, a, W0, keep), "features")

    # 3b. a puzzle drawn small on a wide page (white margins, a large canvas): line-profile starts with either
    #     axis down to PROFILE_WIDE_SCALES[0] (the margins of the two axes differ, so one may still be in
    #     PROFILE_SCALES). So wide a search finds some lattice-like part of any drawing (a Sudoku's grid in a
    #     corner of a nonogram page), so a fit is kept only when the page holds almost no ink outside the
    #     input's frame as the fit places it (the puzzle is all there is on the page) and the answer's
    #     lines are the input's lattice, line for line (:func:`_lines_coincide`).
    if not done and (best is None or best[0] < GOOD_QUALITY):
        if angle is None:
            angle = _estimate_rotation(t.ink, a.ink)
        page_w = _box_to(a.to_work, page)
        for W0 in _profile_inits(t, a, angle, page_w, True, PROFILE_WIDE_SCALES)[:PROFILE_TRIES]:
            W = _refine(t, a, W0, keep)
            if W is None or _ink_outside(t, a, W) > WIDE_OUTSIDE_INK or not _lines_coincide(t, a, W):
                continue
            if consider(W, "profile-wide", only_if_good=True):  # else left to the grid anchor, as in 2b
                done = True
                break

    # Anchor on the puzzle's grid: clues redrawn in another font and size (or other text and pieces
    # redrawn) keep the whole-ink quality low, and can pull the fit, although the grid lies plainly where
    # it should. The best fits are re-fitted on the long straight lines alone and scored on them.
    grid_anchored = False
    if (best is None or best[0] < GOOD_QUALITY) and tried and _has_lattice(t):
        fits = [c for c in _grid_fits(t, a, tried, by_lines=paper_island)
                if _check_transform(to_full(c[1]), (th, tw), full_hw, page_full) is None
                and _quality(t, a, c[1], keep)[0] >= GRID_MIN_WHOLE]
        if fits:
            g = max(fits, key=lambda c: c[0])
            if g[0] >= GRID_QUALITY and (best is None or best[0] < MIN_QUALITY
                                         or g[0] >= _grid_quality(t, a, best[1]) + SETTLED_GAIN):
                best, grid_anchored = g, True
    # A page photographed at an angle: no affine map fits its far side and its near side at once, so every
    # affine fit stays under the bar. The best of them are refined as homographies; one is taken only when
    # it reaches the bar an affine fit must reach and is clearly better than the fit it replaces.
    if (best is None or best[0] < GOOD_QUALITY) and tried:
        fit = _projective_fit(t, a, tried, keep, best,
                              lambda W: _check_transform(to_full(W), (th, tw), full_hw, page_full) is None)
        if fit is not None:
            best, grid_anchored = fit[:3], fit[3]
    if placed and (best is None or best[0] < MIN_QUALITY):
        # A fill that restyles the input's faint lattice inside the edit mask (coloured regions of a proof
        # without words) keeps even the right fit under the bar, and a caption can pull the other starts
        # off; a line-profile fit that puts every bit of the input's ink outside the edit mask (its text,
        # its frame) in place is the puzzle's position, not a lattice matched one cell off.
        best = max(placed, key=lambda c: c[0])
    kept_fit = None
    if kept and (best is None or best[0] < MIN_QUALITY) and tried:
        kept_fit = _kept_fit(t, a, tried + [(0.0, frame, "ecc")], keep)  # the page's frame as it is, too
        if kept_fit is not None:
            best = kept_fit
    starts = _TILE_STARTS.get()
    if starts is not None:  # for the tile fit, should every search of the page fail (:func:`_register_page`)
        starts.extend((c[0], to_full(c[1]), c[2]) for c in tried)
    if best is None:
        return _fail(rejected[0] if rejected else "no alignment found (images do not correlate)")
    q, W, method = best
    on_lattice = kept_fit is not None
    if kept_fit is not None:
        method += "+kept"
    # A located page (the last retries) under the bar whose answer shows the input's lattice in its frame, line for
    # line and framed by the input's outermost lines (:func:`_lattice_framed`): dense fills, a grid redrawn in
    # colour and clues in another font keep the whole ink at 0.60-0.75 and the line work at 0.67-0.75 on a
    # clipboard's or a tablet's 15x15 page, although the grid lies plainly in place (0.2-0.7 work px there; every
    # other fit tried, 7-100 work px off, is not framed).
    # The fit of best quality tried counts, also a line-profile fit under the bar (which is not kept as ``best``);
    # only when the best fit would be refused otherwise, so a located page that registered keeps its fit.
    framed = False
    if (framed_fit and locate and q < GOOD_QUALITY and kept_fit is None and _has_lattice(t)
            and (q < MIN_QUALITY or not _retry_lines_agree(t, a, W, tried))):
        top = max(tried + [best], key=lambda c: c[0])
        if (LOCAL_TRY_QUALITY <= top[0] < GOOD_QUALITY and _lattice_framed(t, a, top[1])
                and _bare_lines(t, a, top[1]) <= FRAMED_BARE):
            (q, W, method), framed = top, True
            method += "+framed"
    if framed_fit and paper_island and not framed and q < MIN_QUALITY and kept_fit is None and _has_lattice(t):
        # An island page (a receipt on a table) no fit registers: the fits tried that show the input's lattice in its
        # frame and leave none of its lines bare (:func:`_island_framed`)
        fit = _island_framed(t, a, tried + [best], keep,
                             lambda V: _check_transform(to_full(V), (th, tw), full_hw, page_full) is None)
        if fit is not None:
            (q, W, method), framed = fit, True
    on_lattice = on_lattice or framed
    if q < MIN_QUALITY and not on_lattice:
        # a low score need not be a wrong fit: pieces redrawn smaller than the input's leave its rims
        # (outside the edit mask) bare. A fit on which the puzzle's own lines coincide exactly is right.
        agreeing = [c for c in tried if c[0] >= LOCAL_TRY_QUALITY and _lattice_agrees(t, a, c[1])]
        if agreeing:
            (q, W, method), on_lattice = max(agreeing, key=lambda c: c[0]), True
    lattice = not grid_anchored and not on_lattice and q < MIN_QUALITY and _has_lattice(t)
    if q < (LATTICE_TRY_QUALITY if lattice else LOCAL_TRY_QUALITY) and kept_fit is None and not framed:
        return _fail(f"alignment quality too low ({q:.2f} < {MIN_QUALITY})", q, method, to_full(W))
    border = tuple(float(c) for c in a.paper)
    A, matrix = (np.eye(3), np.eye(3)) if method == "identity" else (to_answer(W), to_full(W))
    image = answer.copy() if method == "identity" else _warp_full(answer, A, (tw, th), cv2.INTER_LINEAR, border)
    page_mask = _page_mask((ah, aw), page if located is None else _located_seen(A, around, (tw, th), page))
    if island is not None:
        # the surroundings inside the page's box (a picture's rounded corners, a sheet lying askew) are not
        # observed either; the hull is known to a work pixel, so PAGE_MARGIN_PX plus one work pixel is left out
        grow = PAGE_MARGIN_PX + math.ceil(aw / island[1].shape[1])
        hull = cv2.resize(island[1] * np.uint8(255), (aw, ah), interpolation=cv2.INTER_NEAREST)
        page_mask &= cv2.erode(hull, np.ones((2 * grow + 1, 2 * grow + 1), np.uint8))
    observed = page_mask if method == "identity" else _warp_full(page_mask, A, (tw, th), cv2.INTER_NEAREST, 0)
    local = unbent = remap = None
    if q >= GOOD_QUALITY and method != "identity" and not grid_anchored and not _is_projective(W):
        # A good affine fit: a page in mild perspective (1-3 % of the side) is bent back unevenly by the local
        # correction (a 3 % orthographic page kept a stray_ink at 0.996, another its front view changed at 0.99, 10 px
        # off in a corner) or not at all (a 3 % math_proof page kept extra_ink at 0.82 and 0.91), and from
        # LOCAL_SKIP_QUALITY not bent at all though still several px off at full resolution (a 3 % orthographic
        # reference on an 880 px input fitted at 0.988, 8 px off at two corners: 2 work px, under the blur the quality
        # sees). The fit is refined as a homography, taken when it is clearly better: SETTLED_GAIN, or near the top
        # of the scale PROJECTIVE_CLOSE of the misfit left (1 - q); the bend then fixes what is left.
        Wh = _refine(t, a, W, keep, levels=(), projective=True)
        if _check_transform(to_full(Wh), (th, tw), full_hw, page_full) is None:
            qh = _quality(t, a, Wh, keep)[0]
            if qh >= q + min(SETTLED_GAIN, PROJECTIVE_CLOSE * (1.0 - q)):
                q, W, method = qh, Wh, method + "+projective"
                A, matrix = to_answer(W), to_full(W)
                image = _warp_full(answer, A, (tw, th), cv2.INTER_LINEAR, border)
                observed = _warp_full(page_mask, A, (tw, th), cv2.INTER_NEAREST, 0)
    if q < LOCAL_SKIP_QUALITY:
        bent = _bend_locally(answer, image, A, target, t, keep, border, grid_anchored, contrast)
        if bent is not None and lattice and (bent[1] < MIN_QUALITY or q < LOCAL_TRY_QUALITY):
            # a lens bends the lattice: an affine fit is short everywhere, and the whole ink bent back still
            # scores low (lines redrawn fainter, clues in another font); a bent fit whose line work lies on
            # the input's lattice (:func:`_grid_quality`, the bar a grid-anchored fit meets) is the puzzle.
            # From an affine fit under LOCAL_TRY_QUALITY only such a fit is taken.
            a2 = _work_image(bent[0], t.ink.shape[1] / tw, achromatic_ink=t.chromatic < 0.1, lighter=t.lighter,
                             contrast=contrast)
            g = _grid_quality(t, a2, a2.to_work @ np.linalg.inv(t.to_work))
            if g >= GRID_QUALITY:
                bent, method = (bent[0], g) + bent[2:], method + "+grid"
            elif q < LOCAL_TRY_QUALITY:
                bent = None
        if bent is not None and bent[1] > q + 0.005:
            unbent = image
            unbent[observed == 0] = white_balance_inverse(target, a.paper)[observed == 0]
            image, q, method, local = bent[0], bent[1], method + "+local", bent[2]
            observed = cv2.remap(page_mask, *bent[3], cv2.INTER_NEAREST, borderMode=cv2.BORDER_CONSTANT,
                                 borderValue=0)
            remap = bent[3]
    if q < MIN_QUALITY:
        if not on_lattice:
            return _fail(f"alignment quality too low ({q:.2f} < {MIN_QUALITY})", q, method, matrix)
        method += "" if framed else "+lattice"
    if coloured_ink and not locate and q < GOOD_QUALITY and (q < MIN_QUALITY or not _has_lattice(t)
                                                             or _grid_quality(t, a, W) < GRID_QUALITY):
        # Coloured ink includes coloured surroundings (a wooden desk's grain), which carried a desk page's fit
        # 30 px off at 0.67. Under GOOD_QUALITY a fit is taken only when the answer's line work lies on the
        # input's lattice: a grid redrawn in blue, with clues redrawn and marks in the cells, scores 0.69-0.77
        # on the whole ink at the right fit, its line work 0.8-0.87; that desk fit's line work 0.65.
        # (A located page has no surroundings left: its fits meet the retry's rule below and the lattice's
        # line-for-line check.)
        return _fail(f"alignment quality too low ({q:.2f} < {GOOD_QUALITY} on coloured ink, its lines not the "
                     f"input's)", q, method)
    if (paper_island or contrast < 1.0 or locate) and q < GOOD_QUALITY and not framed and not _retry_lines_agree(
            t, a, W, tried):
        # The same on a page found as an island of paper or measured as washed out: a 5x5 sheet on a desk
        # whose clues are redrawn faint fitted a cell squashed at 0.72 on the whole ink (its line work 0.2-0.5;
        # the true fit's 0.94), and, taken for a washed-out page, 0.68 stretched by a cell.
        return _fail(f"alignment quality too low ({q:.2f} < {GOOD_QUALITY} on the "
                     f"{'page of paper' if paper_island else 'washed-out page'}, its lines not the input's)", q, method)
    if _is_projective(A):
        observed[_surface_seen(answer, a.paper, target, A, remap)] = 0
    valid = observed > 0
    if not valid.all():
        # not observed (outside the answer, or on its bars): shown as the input on the answer's paper,
        # so it reads as unchanged, never as ink the answer added or line work it removed
        image[~valid] = white_balance_inverse(target, a.paper)[~valid]
    return Registration(True, image, matrix, method, q, None, local, valid, unbent)


def _located_seen(A: np.ndarray, around: tuple[int, int, int, int], size: tuple[int, int],
                  spot: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
    """The page a located fit observes: the input frame where the fit A (answer px -> input px) puts it, with
    LOCATE_MARGIN, within the page the spot was looked for in (``around``); not the located spot's box (``spot``): the
    fit refines the spot and may leave it (a redraw whose cells are 1.4x taller than wide was located at one scale, its
    fit kept the redraw's proportions and the top of its column clues fell outside the spot's box: not observed).
    ``spot`` when the fit's frame is not plausible."""
    tw, th = size
    corners = _apply(np.linalg.inv(A), np.array([[-0.5, tw - 0.5, tw - 0.5, -0.5], [-0.5, -0.5, th - 0.5, th - 0.5],
                                                 [1, 1, 1, 1]]))
    if not np.all(np.isfinite(corners)):
        return spot
    (bx0, by0), (bx1, by1) = corners.min(axis=1), corners.max(axis=1)
    gx, gy = LOCATE_MARGIN * (bx1 - bx0), LOCATE_MARGIN * (by1 - by0)
    seen = (max(around[0], math.floor(bx0 - gx)), max(around[1], math.floor(by0 - gy)),
            min(around[2], math.ceil(bx1 + gx)), min(around[3], math.ceil(by1 + gy)))
    return seen if seen[2] - seen[0] >= MIN_SIDE and seen[3] - seen[1] >= MIN_SIDE else spot


SURFACE_MIN_RUN = 0.05  # share of an image side a surface must lie along (a mark touching the border does not)
SURFACE_BAND = 0.1  # share of the input frame's side next to its edges where a photo's surface may show


def _surface_seen(answer: np.ndarray, paper: np.ndarray, target: np.ndarray, A: np.ndarray,
                  remap: tuple[np.ndarray, np.ndarray] | None) -> np.ndarray:
    """Bool map (input frame) of where a page photographed at an angle shows the surface it lies on: the
    answer's pixels without paper (the :func:`_dark_edge` test) lying along the answer image's border for at
    least SURFACE_MIN_RUN of a side (a mark drawn at the page's edge is not a table),
    grown by PAGE_MARGIN_PX + 1 (the blend along the page's edge), warped by A (or ``remap``, the bent map),
    within SURFACE_BAND of the frame's edges, where the input shows paper. The axis-aligned bar test cannot see a trapezoid's wedges of table."""
    th, tw = target.shape[:2]
    paper_grey = float(cv2.cvtColor(np.uint8([[np.clip(paper, 0, 255)]]), cv2.COLOR_RGB2GRAY)[0, 0])
    dark = (cv2.cvtColor(answer, cv2.COLOR_RGB2GRAY) <= (1.0 - PAGE_PAPER_INK) * paper_grey).astype(np.uint8)
    n, labels = cv2.connectedComponents(dark, connectivity=8)
    edge = np.unique(np.concatenate([labels[0], labels[-1], labels[:, 0], labels[:, -1]]))
    edge = edge[edge > 0]
    # a surface lies along the image's border (a wedge of table); a mark that merely touches it does not
    sides = (labels[0], labels[-1], labels[:, 0], labels[:, -1])
    edge = [k for k in edge if any(np.count_nonzero(side == k) >= SURFACE_MIN_RUN * len(side) for side in sides)]
    if n <= 1 or len(edge) == 0:
        return np.zeros((th, tw), bool)
    # grown by the blend of surface and paper along the page's edge (resampled, JPEG): a grey line there
    # is no ink either
    k = 2 * (PAGE_MARGIN_PX + 1) + 1
    surface = cv2.dilate(np.isin(labels, edge).astype(np.uint8), np.ones((k, k), np.uint8))
    if remap is not None:
        seen = cv2.remap(surface, *remap, cv2.INTER_NEAREST, borderMode=cv2.BORDER_CONSTANT, borderValue=0)
    else:
        seen = _warp_full(surface, A, (tw, th), cv2.INTER_NEAREST, 0)
    b = max(1, round(SURFACE_BAND * min(th, tw)))
    band = np.ones((th, tw), bool)
    band[b:th - b, b:tw - b] = False
    target_grey = cv2.cvtColor(target, cv2.COLOR_RGB2GRAY)
    input_paper = target_grey > (1.0 - PAGE_PAPER_INK) * _paper_grey(target_grey)
    return (seen > 0) & band & input_paper


def _warp_full(img: np.ndarray, A: np.ndarray, size: tuple[int, int], interpolation: int, border) -> np.ndarray:
    """``img`` warped by A (answer -> input, affine or projective) into an input frame of ``size`` (w, h)."""
    if _is_projective(A):
        return cv2.warpPerspective(img, A, size, flags=interpolation, borderMode=cv2.BORDER_CONSTANT,
                                   borderValue=border)
    return cv2.warpAffine(img, A[:2], size, flags=interpolation, borderMode=cv2.BORDER_CONSTANT, borderValue=border)


def _projective_fit(t: _Work, a: _Work, tried: list[tuple[float, np.ndarray, str]], keep: np.ndarray | None,
                    best: tuple[float, np.ndarray, str] | None, plausible
                    ) -> tuple[float, np.ndarray, str, bool] | None:
    """(quality, W, method, grid_anchored) of a homography that beats ``best`` (the best affine fit, under
    GOOD_QUALITY), else None.

    The PROJECTIVE_TRIES best distinct fits tried (from PROJECTIVE_MIN_START) are refined as homographies (:func:`_refine` with
    ``projective``) on the whole ink and, on an input with a lattice, once more on its line work. A whole-ink
    fit is taken at GOOD_QUALITY and SETTLED_GAIN above ``best``; else a line-work fit at GRID_QUALITY whose
    whole ink scores GRID_MIN_WHOLE, under the grid anchor's rule (``best`` under MIN_QUALITY, or its grid
    quality SETTLED_GAIN lower). ``plausible(W)``: the map passes :func:`_check_transform` (which bounds the
    perspective by MAX_KEYSTONE). Method ``+projective`` (``+grid`` after it when anchored on the lattice)."""
    lattice = _has_lattice(t)
    tl, al = (_line_work(t), _line_work(a)) if lattice else (None, None)
    q_best = best[0] if best is not None else 0.0
    whole: tuple[float, np.ndarray, str] | None = None
    grid: tuple[float, np.ndarray, str] | None = None
    seen: list[np.ndarray] = []
    for q, W, method in sorted(tried, key=lambda c: -c[0]):
        if q < PROJECTIVE_MIN_START:
            break
        if any(_corner_motion(W, S, t.ink.shape) < 1.0 for S in seen):
            continue
        seen.append(W)
        Wh = _refine(t, a, W, keep, projective=True)
        if plausible(Wh):
            qh = _quality(t, a, Wh, keep)[0]
            if whole is None or qh > whole[0]:
                whole = (qh, Wh, method + "+projective")
        if lattice:
            Wg = _refine(tl, al, Wh, None, levels=(), projective=True)
            if plausible(Wg) and _quality(t, a, Wg, keep)[0] >= GRID_MIN_WHOLE:
                g = _grid_quality(t, a, Wg)
                if grid is None or g > grid[0]:
                    grid = (g, Wg, method + "+projective+grid")
        if len(seen) == PROJECTIVE_TRIES:
            break
    if whole is not None and whole[0] >= GOOD_QUALITY and whole[0] >= q_best + SETTLED_GAIN:
        return whole + (False,)
    if grid is not None and grid[0] >= GRID_QUALITY and (
            best is None or q_best < MIN_QUALITY or grid[0] >= _grid_quality(t, a, best[1]) + SETTLED_GAIN):
        return grid + (True,)
    return None


LINE_PEAK_PX = 2.0  # work px: a line of the answer this near one of the input's is the same line
LINES_MATCHED = 0.8  # share of the answer's lines (each axis) that must be the input's
LINES_FOUND = 0.5  # ... and of the input's lines the answer must show (fills hide lines between filled cells)


def _line_positions(ink: np.ndarray, axis: int) -> np.ndarray:
    """Positions (work px) of the long thin straight lines across ``axis`` (0: vertical lines, by x;
    :func:`_long_thin_lines`, so filled runs of cells do not count): the runs of their profile above 15 % of
    its peak, each at its maximum."""
    prof = _long_thin_lines(ink).sum(axis=axis)
    if prof.max() <= 0:
        return np.zeros(0)
    spans = _true_spans(prof >= 0.15 * prof.max())
    return np.asarray([i + int(np.argmax(prof[i:j])) for i, j in spans], np.float64)


def _true_spans(on: np.ndarray) -> list[tuple[int, int]]:
    """The runs of True in a 1-D boolean array, as (start, stop) index pairs."""
    edges = np.flatnonzero(np.diff(np.concatenate(([0], on.astype(np.int8), [0]))))
    return [(int(a), int(b)) for a, b in zip(edges[::2], edges[1::2])]


def _lines_coincide(t: _Work, a: _Work, W: np.ndarray) -> bool:
    """Whether the answer warped by W has the input's lattice: on both axes, at least LINES_MATCHED of the
    answer's long thin lines inside the frame lie within LINE_PEAK_PX of one of the input's, and LINES_FOUND
    of the input's have one of the answer's there (another grid with other cells fails: a 10x10
    nonogram's lines over a 9x9 Sudoku's coincide only near its frame)."""
    warped = _warp_to_target(a.ink, W, t.ink.shape)
    for axis in (0, 1):
        ti = t.derived(f"line_positions{axis}", lambda: _line_positions(t.ink, axis))
        ai = _line_positions(warped, axis)
        if len(ti) == 0 or len(ai) == 0:
            return False
        near_a = np.abs(ai[:, None] - ti[None, :]).min(axis=1) <= LINE_PEAK_PX
        near_t = np.abs(ti[:, None] - ai[None, :]).min(axis=1) <= LINE_PEAK_PX
        if near_a.mean() < LINES_MATCHED or near_t.mean() < LINES_FOUND:
            return False
    return True


FRAMED_MIN_LINES = 3  # long thin lines the answer must show on each axis for :func:`_lattice_framed`
FRAMED_PEAK_PX = 1.5  # work px: ... and how near the input's outermost lines two of them must lie


def _lattice_framed(t: _Work, a: _Work, W: np.ndarray) -> bool:
    """Whether the answer warped by W shows the input's lattice in its frame, fills or not: on both axes the
    answer has FRAMED_MIN_LINES or more long thin lines between the input's outermost ones (LINE_PEAK_PX of slack),
    LINES_MATCHED of them lie within LINE_PEAK_PX of one of the input's, and two of them lie within FRAMED_PEAK_PX of
    the input's outermost lines (its frame). Unlike :func:`_lines_coincide` the input's lines need not be found: dense fills
    hide most of a 15x15 page's thin lines (a tablet's woven fills left 3-7 of 16). A fit a cell off moves the
    frame off the input's; a fit at another scale puts the answer's lines between the input's. Lines outside the
    input's frame (the edge of a located page, a clipboard's clip) do not count."""
    warped = _warp_to_target(a.ink, W, t.ink.shape)
    for axis in (0, 1):
        ti = t.derived(f"line_positions{axis}", lambda: _line_positions(t.ink, axis))
        if len(ti) < 2:
            return False
        ai = _line_positions(warped, axis)
        ai = ai[(ai >= ti[0] - LINE_PEAK_PX) & (ai <= ti[-1] + LINE_PEAK_PX)]
        if len(ai) < FRAMED_MIN_LINES:
            return False
        near_a = np.abs(ai[:, None] - ti[None, :]).min(axis=1) <= LINE_PEAK_PX
        if near_a.mean() < LINES_MATCHED:
            return False
        if np.abs(ai - ti[0]).min() > FRAMED_PEAK_PX or np.abs(ai - ti[-1]).min() > FRAMED_PEAK_PX:
            return False
    return True


ISLAND_FRAMED_WHOLE = 0.4  # whole-ink quality a framed fit of an island page needs (receipts 0.46-0.74)
ISLAND_FRAMED_START = 0.3  # ... and the fits tried it starts from (one re-fitted on the line work is re-scored)
ISLAND_FRAMED_TRIES = 3  # best distinct fits tried, each also re-fitted on the line work
BARE_LINE_INK = 0.15  # the answer's ink (3x3 maximum) under this where the input has a line: the line is bare
FRAMED_BARE = 0.05  # share of the input's line pixels a framed fit may leave bare (:func:`_bare_lines`)
FAINT_LINE_RUN = 7  # work px: a faint line's ink is averaged this far along the line (paper grain averages out)
FAINT_LINE_SIDE = 3  # work px: ... and compared with the paper this far to either side of it
FAINT_LINE_STEP = 0.05  # ... a line this much darker than the lighter side is drawn, however faint (a blueprint's
#                         minor lines inverted: 0.06-0.13 over its paper; a bare line on a chalkboard: <= 0.01)


def _bare_lines(t: _Work, a: _Work, W: np.ndarray) -> float:
    """Share of the input's long thin lines (:func:`_long_thin_lines`, ink >= GRID_LINE_INK) inside the answer where
    the answer warped by W shows bare paper (ink under BARE_LINE_INK within a work px, and no faint line drawn there:
    :func:`_faint_line_drawn`): an answer keeps the puzzle's lines, or hides them under its fills, but does not erase
    them. Another lattice whose lines are a subset of the input's (a 5x5 page over a 15x15 input: every 5x5 line lies
    on a 15x15 one) leaves the lines between bare."""
    vertical, horizontal = t.derived("thin_line_axes", lambda: tuple(m >= GRID_LINE_INK
                                                                     for m in _long_thin_line_axes(t.ink)))
    inside = _inside(a, W, t.ink.shape)
    lines = (vertical | horizontal) & inside
    total = int(np.count_nonzero(lines))
    if total == 0:
        return 1.0
    raw = _warp_to_target(a.ink, W, t.ink.shape)
    bare = lines & (cv2.dilate(raw, np.ones((3, 3), np.uint8)) < BARE_LINE_INK)
    if bare.any():
        bare &= ~((vertical & _faint_line_drawn(raw, True)) | (horizontal & _faint_line_drawn(raw, False)))
    return int(np.count_nonzero(bare)) / total


def _faint_line_drawn(ink: np.ndarray, vertical: bool) -> np.ndarray:
    """Where ``ink`` shows an upright line (``vertical`` or horizontal) however faint: averaged over FAINT_LINE_RUN
    along it, within a work px across it at least FAINT_LINE_STEP darker than the lighter of its two sides
    FAINT_LINE_SIDE away, or lying between two inks (both sides at BARE_LINE_INK or more: a narrow gap between fills).
    A blueprint's minor lines (white on blue, inverted: ink 0.10-0.14 on its mottled paper) are drawn, a chalkboard's
    bare board is not."""
    n, s = FAINT_LINE_RUN, FAINT_LINE_SIDE
    axis = 1 if vertical else 0
    run = cv2.blur(ink, (1, n) if vertical else (n, 1))
    line = cv2.dilate(run, np.ones((1, 3) if vertical else (3, 1), np.uint8))
    side = np.minimum(np.roll(run, s, axis=axis), np.roll(run, -s, axis=axis))
    return (line - side >= FAINT_LINE_STEP) | (side >= BARE_LINE_INK)


def _island_framed(t: _Work, a: _Work, tried: list[tuple[float, np.ndarray, str]], keep: np.ndarray | None,
                   plausible) -> tuple[float, np.ndarray, str] | None:
    """(quality, W, method ``+framed``) of the best fit (by whole-ink quality, at least ISLAND_FRAMED_WHOLE) among the
    ISLAND_FRAMED_TRIES best distinct fits tried from ISLAND_FRAMED_START up, each as found and re-fitted on the line
    work (as :func:`_grid_fits`), that shows the input's lattice in its frame (:func:`_lattice_framed`) and leaves at most
    FRAMED_BARE of the input's lines bare (:func:`_bare_lines`); else None. ``plausible(W)``: the map passes
    :func:`_check_transform`. A receipt printed dithered on a table (15x15, densely filled, a cross in every other
    cell): the right fit scores 0.46-0.74 on the whole ink and 0 on the grid's precision (the dithered lines are
    lighter than GRID_LINE_INK), under every bar."""
    tl, al = _line_work(t), _line_work(a)
    seen: list[np.ndarray] = []
    best = None
    for q0, W0, method in sorted((c for c in tried if c[0] >= ISLAND_FRAMED_START), key=lambda c: -c[0]):
        if any(_corner_motion(W0, S, t.ink.shape) < 1.0 for S in seen):
            continue
        seen.append(W0)
        for W, m in ((W0, method), (_refine(tl, al, W0, None), method + "+grid")):
            if W is None or not plausible(W):
                continue
            q = q0 if W is W0 else _quality(t, a, W, keep)[0]
            if (q >= ISLAND_FRAMED_WHOLE and (best is None or q > best[0]) and _lattice_framed(t, a, W)
                    and _bare_lines(t, a, W) <= FRAMED_BARE):
                best = (q, W, m + "+framed")
        if len(seen) == ISLAND_FRAMED_TRIES:
            break
    return best


def _ink_outside(t: _Work, a: _Work, W: np.ndarray) -> float:
    """Share of the answer's ink (bars excluded) lying outside the input's frame as W (target-work ->
    answer-work) places it, with 2 work px of slack."""
    th, tw = t.ink.shape
    corners = np.array([[-0.5, -0.5, 1], [tw - 0.5, -0.5, 1], [tw - 0.5, th - 0.5, 1], [-0.5, th - 0.5, 1]]).T
    poly = _apply(W, corners).T
    inside = np.zeros(a.ink.shape, np.uint8)
    cv2.fillConvexPoly(inside, np.round(poly).astype(np.int32), 1)
    inside = cv2.dilate(inside, np.ones((5, 5), np.uint8))
    total = float(a.ink.sum())
    return float(a.ink[inside == 0].sum()) / total if total > 0 else 1.0


def _lattice_agrees(t: _Work, a: _Work, W: np.ndarray) -> bool:
    """Whether the puzzle's long straight lines (grid, frame: :func:`_profile` with ``lines=True``) of the
    answer warped by W coincide with the input's on both axes at zero offset (correlation >= LATTICE_AGREE):
    a fit 2-3 px or one cell off scores 0.85 or less on a lattice (measured on go boards), noise far less."""
    warped = _warp_to_target(a.ink, W, t.ink.shape)
    for axis in (0, 1):
        tp = t.derived(f"profile{axis}True", lambda: _profile(t.ink, axis, True))
        ap = _profile(warped, axis, True)
        tp, ap = tp - tp.mean(), ap - ap.mean()
        den = math.sqrt(float((tp * tp).sum()) * float((ap * ap).sum()))
        if den <= 0 or float((tp * ap).sum()) / den < LATTICE_AGREE:
            return False
    return True


def _bend_locally(answer: np.ndarray, warped: np.ndarray, A: np.ndarray, target: np.ndarray, t: _Work,
                  keep: np.ndarray | None, border: tuple[float, ...], lines: bool = False, contrast: float = 1.0
                  ) -> tuple[np.ndarray, float, tuple[np.ndarray, float], tuple[np.ndarray, np.ndarray]] | None:
    """The answer resampled with the affine map ``A`` (answer -> input) plus smooth local offsets, and
    its quality (:func:`_grid_quality` when ``lines``), the offsets (grid, map scale) and the remap (map_x, map_y); None when the offsets are all below LOCAL_APPLY_PX or cannot be measured.

    Offsets are measured between edge maps of ``target`` and of the ``warped`` answer at ~LOCAL_SIDE
    px, ignoring ink the answer added (the edits), searched up to LOCAL_MAX_SHIFT of the image side
    (see :mod:`genpuzzle.local_warp`); a second round measures what the first left. The answer is
    resampled once, at full resolution, at the end."""
    th, tw = target.shape[:2]
    f = min(1.0, LOCAL_SIDE / max(th, tw))
    tl = _work_image(target, f)
    wide = _wide_ink(tl.ink)
    ink = _work_image(warped, f, achromatic_ink=t.chromatic < 0.1, lighter=tl.lighter, contrast=contrast).ink
    mh, mw = ink.shape
    grid_x, grid_y = np.arange(mw, dtype=np.float32)[None, :], np.arange(mh, dtype=np.float32)[:, None]
    total = None
    current = ink
    for round_ in range(LOCAL_ROUNDS):
        added = _added_ink(current, wide)
        # the same pixels are left out of both maps: a filled cell hides one edge of the grid line
        # beside it, and matching the input's two edges against the answer's one pulls the patch
        offsets = local_offsets(_soft(_edges(np.where(added, 0, tl.ink)), 1.0),
                                _soft(_edges(np.where(added, 0, current)), 1.0),
                                round(LOCAL_MAX_SHIFT * max(mh, mw)))
        largest = 0.0 if offsets is None else float(np.abs(offsets).max()) / f
        if largest < LOCAL_APPLY_PX:
            break
        total = offsets if total is None else total + offsets
        if largest < LOCAL_AGAIN_PX or round_ + 1 == LOCAL_ROUNDS:
            break
        # offsets this large are only partly found in one round: measure again on the corrected ink map
        dx, dy = dense_offsets(total, mw, mh, 1.0)
        current = cv2.remap(ink, grid_x + dx, grid_y + dy, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    if total is None:
        return None
    dx, dy = dense_offsets(total, tw, th, f)
    B = np.linalg.inv(A).astype(np.float32)  # input -> answer coordinates
    xs, ys = np.arange(tw, dtype=np.float32)[None, :], np.arange(th, dtype=np.float32)[:, None]
    map_x = (B[0, 0] * xs + B[0, 1] * ys + B[0, 2]) + (B[0, 0] * dx + B[0, 1] * dy)
    map_y = (B[1, 0] * xs + B[1, 1] * ys + B[1, 2]) + (B[1, 0] * dx + B[1, 1] * dy)
    if _is_projective(A):
        z = (B[2, 0] * xs + B[2, 1] * ys + B[2, 2]) + (B[2, 0] * dx + B[2, 1] * dy)
        map_x, map_y = map_x / z, map_y / z
    bent = cv2.remap(answer, map_x, map_y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT, borderValue=border)
    a2 = _work_image(bent, t.ink.shape[1] / tw, achromatic_ink=t.chromatic < 0.1, lighter=t.lighter,
                     contrast=contrast)
    same_frame = a2.to_work @ np.linalg.inv(t.to_work)  # both maps are the input frame, resized alike
    quality = _grid_quality(t, a2, same_frame) if lines else _quality(t, a2, same_frame, keep)[0]
    return bent, quality, (total, f), (map_x, map_y)


def _pixel_identity(answer: np.ndarray, target: np.ndarray, keep: np.ndarray | None) -> float | None:
    """Quality of the identity map when a same-size answer repeats the input pixel for pixel, else None.

    Checked at full resolution on ink masks (darker than half the paper's grey): away from the edit
    mask, the answer must have ink on >= PIXEL_IDENTITY_RECALL of the input's ink pixels and add little
    ink elsewhere. A shift of one pixel already misses 1/w of a w px wide line, so this accepts only
    answers aligned to well under a pixel; anything else takes the full search.
    """
    ink_t = _ink_pixels(target)
    ink_a = _ink_pixels(answer)
    added = ink_a & ~ink_t
    if keep is not None:
        ink_t = ink_t & keep
        # edits bleed a little past the mask: added ink counts only 3 px clear of it
        added &= cv2.erode(keep.astype(np.uint8), np.ones((7, 7), np.uint8)) > 0
    n_t = int(np.count_nonzero(ink_t))
    if n_t < 64:
        return None
    recall = int(np.count_nonzero(ink_t & ink_a)) / n_t
    extra = int(np.count_nonzero(added)) / n_t
    if recall < PIXEL_IDENTITY_RECALL or extra > PIXEL_IDENTITY_EXTRA:
        return None
    return recall


def _ink_pixels(rgb: np.ndarray) -> np.ndarray:
    """Bool mask of pixels darker than half the paper's grey (the modal bright grey level)."""
    gray = cv2.cvtColor(rgb, cv2.COLOR_RGB2GRAY)
    # every 4th pixel each way is plenty to find the paper's level, at a sixteenth of the cost
    return gray < _paper_grey(np.ascontiguousarray(gray[::4, ::4])) // 2


def _shift_center(tw: int, th: int, aw: int, ah: int) -> np.ndarray:
    """Full-res correction so a pure resize maps pixel centres (not corners) onto each other."""
    sx, sy = aw / tw, ah / th
    return np.array([[1, 0, 0.5 - 0.5 / sx], [0, 1, 0.5 - 0.5 / sy], [0, 0, 1]])


def _max_corner_shift(A: np.ndarray, B: np.ndarray, w: int, h: int) -> float:
    pts = np.array([[0, 0, 1], [w - 1, 0, 1], [0, h - 1, 1], [w - 1, h - 1, 1]], dtype=np.float64).T
    Ai, Bi = np.linalg.inv(A), np.linalg.inv(B)
    return float(np.abs((Ai @ pts)[:2] - (Bi @ pts)[:2]).max())


# ------------------------------------------------------------------------------------- tiles (a lattice of gaps)

TILE_MIN_LINES = 4  # the input's lattice needs this many lines on each axis (three cells) for the tile fit
TILE_TRIES = 8  # best distinct fits tried (of every failed search of the page, half a cell apart) the tile fit starts
TILE_START = 0.2  # ... from, scoring at least this (the app tiles' best: 0.39-0.62; random noise far less)
TILE_SCALE = 0.15  # ... searched within this relative scale of the start, each axis
TILE_SHIFT = 2.5  # ... and this many cells of offset (a gutter a cell past either outermost line refutes a shift)
TILE_RIDGE = 0.25  # cells: a gutter is lighter than the page this far to both sides of it (tiles; :func:`_ridges`)
TILE_GUTTER = 0.4  # median ridge (:func:`_ridge_maps`, -1..1) at the input's lines a tile page must show (0.75-0.9)
TILE_GUTTER_EACH = 0.25  # ... and every line at least this share of it (the outermost: 0.5-0.76 at the right map)
TILE_MID = 0.35  # a ridge between the input's lines (mid-cell): at most this share of it
TILE_PAST = 0.6  # ... a cell past its outermost lines (the clues' gaps there: up to 0.37; the tiles go on: ~1)
TILE_RESIDUAL = (1.5, 0.06)  # the gutters' largest distance from the fitted lattice: max(px, share of a cell)
TILE_WHOLE = 0.1  # whole-ink quality a tile fit needs at least (the app tiles at the right map: 0.15-0.47)
REFUTE_GUTTER = 0.3  # a lightness ridge this strong between the input's lines is another lattice's gutter (paper
#                     between dark fills: 0.58 on the wrong fit seen; grey grid lines between black fills and crosses
#                     in the cells make ridges of 0.12 on a right one) ...
REFUTE_ON_LINES = 0.5  # ... and the fit is refuted when under this share of the input's inner lines lie on gutters
REFUTE_LINES = 0.05  # ... and they are not drawn as lines either (a trough this deep at the median inner line)

# the fits every search of a page tried (quality, answer -> input px, method), for :func:`_tile_fit`
_TILE_STARTS: contextvars.ContextVar[list | None] = contextvars.ContextVar("_TILE_STARTS", default=None)


def _lattice_full(target: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
    """The input's lattice lines (x of its vertical lines, y of its horizontal ones) in full-res input px: the runs of
    the profile of its long straight strokes (GRID_LONG_LINE of the side, upright) above a quarter of its peak, each at
    its centroid; None unless both axes have TILE_MIN_LINES or more, evenly spaced (each gap 0.8-1.25 of the median
    gap: a grid of cells, not a frame with a line or two)."""
    dark = 1.0 - cv2.cvtColor(target, cv2.COLOR_RGB2GRAY).astype(np.float32) / 255.0
    h, w = dark.shape
    out = []
    for axis, kernel in ((0, (1, max(5, round(GRID_LONG_LINE * h)))), (1, (max(5, round(GRID_LONG_LINE * w)), 1))):
        prof = cv2.morphologyEx(dark, cv2.MORPH_OPEN, np.ones(kernel[::-1], np.uint8)).sum(axis=axis).astype(np.float64)
        if prof.max() <= 0:
            return None
        pos = [float((prof[i:j] * np.arange(i, j)).sum() / prof[i:j].sum())
               for i, j in _true_spans(prof >= 0.25 * prof.max())]
        if len(pos) < TILE_MIN_LINES:
            return None
        gaps = np.diff(pos)
        cell = float(np.median(gaps))
        if cell <= 0 or gaps.min() < 0.8 * cell or gaps.max() > 1.25 * cell:
            return None
        out.append(np.asarray(pos))
    return out[0], out[1]


def _lightness_in(answer_grey: np.ndarray, A: np.ndarray, shape: tuple[int, int]) -> np.ndarray:
    """The answer's grey (0..1) warped into the input frame by A (answer -> input px), outside the answer white."""
    h, w = shape
    if _is_projective(A):
        return cv2.warpPerspective(answer_grey, A, (w, h), flags=cv2.INTER_LINEAR, borderValue=1.0)
    return cv2.warpAffine(answer_grey, A[:2], (w, h), flags=cv2.INTER_LINEAR, borderValue=1.0)


def _ridges(light: np.ndarray, xs: np.ndarray, ys: np.ndarray) -> tuple[np.ndarray, np.ndarray, float, float]:
    """Lightness ridges across each axis of the input frame: the mean lightness of each column over the lattice's
    rows (and of each row over its columns), relative to its 95th percentile, minus the mean of that profile
    TILE_RIDGE of a cell to either side. A gutter between tiles is a narrow light band with darker tiles on both
    sides (ridge 0.2-0.4); a cell's paper between dark grid lines is a plateau (0), a line a trough."""
    cx, cy = float(np.median(np.diff(xs))), float(np.median(np.diff(ys)))
    h, w = light.shape
    y0, y1 = max(0, int(ys[0])), min(h, int(math.ceil(ys[-1])) + 1)
    x0, x1 = max(0, int(xs[0])), min(w, int(math.ceil(xs[-1])) + 1)
    out = []
    for prof, cell in ((light[y0:y1].mean(axis=0), cx), (light[:, x0:x1].mean(axis=1), cy)):
        top = float(np.percentile(prof, 95))
        prof = prof / top if top > 0 else prof
        u = np.arange(len(prof), dtype=np.float64)
        d = TILE_RIDGE * cell
        out.append(prof - 0.5 * (np.interp(u - d, u, prof) + np.interp(u + d, u, prof)))
    return out[0], out[1], cx, cy


def _at(profile: np.ndarray, u: np.ndarray) -> np.ndarray:
    """``profile`` (1-D, one value a px) linearly interpolated at the positions ``u`` (any shape), 0 outside it: value
    for value ``np.interp(u, arange(len(profile)), profile, left=0, right=0)``, without its search for each position's
    interval (on a grid a px apart, the interval is the position's floor). The lattice searches interpolate millions
    of positions, and the search was the largest single cost of registering a page the plain fits miss."""
    P = np.asarray(profile, dtype=np.float64)
    x = np.asarray(u, dtype=np.float64)
    n = len(P)
    if n < 2 or not (np.isfinite(P).all() and np.isfinite(x).all()):
        return np.interp(x, np.arange(n, dtype=np.float64), P, left=0.0, right=0.0)
    j = np.clip(np.floor(x), 0, n - 2).astype(np.intp)
    lo = P[j]
    out = (P[j + 1] - lo) * (x - j) + lo
    out = np.where(x == n - 1, P[-1], out)
    return np.where((x >= 0) & (x <= n - 1), out, 0.0)


def _fit_gutters(G3: np.ndarray, lines: np.ndarray, cell: float, residual: bool = True) -> tuple[float, float] | None:
    """(s, o): the input's lines ``lines`` show at c + s (l - c) + o (c their mean) on the gutters of the ridge profiles
    G3 (:func:`_ridge_maps` averaged along the lattice: [0] two-sided for the inner lines, [1] and [2] against the tile
    inside for the first and the last line, whose other side is the page's margin), searched within TILE_SCALE and
    TILE_SHIFT cells, then fitted to each inner gutter's middle (least squares, twice); None unless every line lies on
    a gutter (TILE_GUTTER, TILE_GUTTER_EACH) within TILE_RESIDUAL (``residual``), no gutter lies midway between two
    lines (TILE_MID: a lattice with more cells) nor a cell past the outermost ones, the tiles going on (TILE_PAST: a
    lattice shifted by a cell puts all but one line on gutters too)."""
    G, G_first, G_last = G3
    c = float(lines.mean())
    rel = lines - c
    scale, shift = (LATTICE_TILE_SCALE, LATTICE_TILE_SHIFT) if _TILE_FROM_LATTICE.get() else (TILE_SCALE, TILE_SHIFT)
    ss = 1.0 + np.arange(-scale, scale + 1e-9, 0.0025)
    oo = np.arange(-shift * cell, shift * cell + 1e-9, 0.5)
    pos = c + ss[:, None, None] * rel[None, None, :] + oo[None, :, None]
    at = _at(G, pos[:, :, 1:-1].ravel()).reshape(pos[:, :, 1:-1].shape).sum(axis=2)
    step = ss[:, None] * cell
    at += _at(G_first, pos[:, :, 0].ravel()).reshape(step.shape[0], -1) + _at(G_last, pos[:, :, -1].ravel()).reshape(
        step.shape[0], -1)
    past = (np.clip(_at(G_first, (pos[:, :, 0] - step).ravel()), 0.0, None)
            + np.clip(_at(G_last, (pos[:, :, -1] + step).ravel()), 0.0, None)).reshape(at.shape)
    score = at / len(lines) - 0.5 * past
    i, j = np.unravel_index(int(np.argmax(score)), score.shape)
    s, o = float(ss[i]), float(oo[j])
    win = np.arange(-0.5, 0.5 + 1e-9, 0.025) * TILE_RIDGE * cell
    for _ in range(2):
        pred = c + s * rel + o
        cand = pred[:, None] + win[None, :]
        vals = _at(G, cand.ravel()).reshape(cand.shape)
        top = vals.max(axis=1, keepdims=True)
        lift = np.clip(vals - 0.5 * top, 0.0, None)  # the gutter's upper half: its middle, not its noisiest pixel
        peak = (lift * cand).sum(axis=1) / np.maximum(lift.sum(axis=1), 1e-9)
        wgt = np.clip(top[:, 0], 1e-3, None)
        wgt[[0, -1]] = 0.0  # the outermost gutters have the page's margin on one side: their middle is not known
        X = np.stack([rel, np.ones_like(rel)], axis=1) * np.sqrt(wgt)[:, None]
        sol = np.linalg.lstsq(X, (peak - c) * np.sqrt(wgt), rcond=None)[0]
        s, o = float(sol[0]), float(sol[1])
    fitted = c + s * rel + o
    g = _at(G, fitted)
    # an outermost gutter's middle is not known: its peak against the tile inside, near the line
    g[0] = _at(G_first, fitted[0] + win).max()
    g[-1] = _at(G_last, fitted[-1] + win).max()
    med = float(np.median(g))
    # a start still turned or sheared (``residual`` off) can leave an outermost gutter out of its band: inner ones only
    if med < TILE_GUTTER or (g if residual else g[1:-1]).min() < TILE_GUTTER_EACH * med:
        return None
    if residual and np.abs(peak - fitted)[1:-1].max() > max(TILE_RESIDUAL[0], TILE_RESIDUAL[1] * cell):
        return None
    step = s * cell
    if _at(G, (fitted[:-1] + fitted[1:]) / 2).max() > TILE_MID * med:
        return None
    past = (_at(G_first, fitted[:1] - step)[0], _at(G_last, fitted[-1:] + step)[0])
    if max(past) > TILE_PAST * med and not (_TILE_FROM_LATTICE.get() and min(past) <= TILE_PAST * med
                                            and _beats_shifts(G3, fitted, step)):
        return None
    return s, o


TILE_ROUNDS = 3  # corrections of a start (each re-warps the answer and fits the lattice again)
TILE_PAPER = 0.85  # ... and lies on paper: at least this share of the lattice's lightest (95th percentile) grey
TILE_SATURATE = 0.05  # a pixel lighter than the page TILE_RIDGE of a cell to both sides by this much is a gutter's


def _ridge_maps(light: np.ndarray, cx: float, cy: float, paper: float) -> tuple[np.ndarray, np.ndarray]:
    """Per pixel, how much lighter it is than the page TILE_RIDGE of a cell to either side across the x axis (first:
    3 x HxW) and across the y axis (second), as a share of TILE_SATURATE (at most 1, at least -1): [0] than both sides
    (a gutter between tiles), [1] than the side after it (the tile inside the lattice's first line), [2] than the side
    before it (inside its last line). Every row of tiles shows its gutters alike, pale tiles with a cross in each (a 0.06
    step from the paper at 0.8x) as tiles under dark fills. A gutter is paper: a pixel darker than TILE_PAPER of
    ``paper`` is no ridge (an app's dark surroundings, where a small step would count in full)."""
    out = []
    dim = light < TILE_PAPER * paper
    for axis, cell in ((1, cx), (0, cy)):
        d = max(1, int(round(TILE_RIDGE * cell)))
        pad = [(0, 0), (0, 0)]
        pad[axis] = (d, d)
        p = np.pad(light, pad, mode="edge")
        n = light.shape[axis]
        lo = p[:, :n] if axis == 1 else p[:n]
        hi = p[:, 2 * d:] if axis == 1 else p[2 * d:]
        after = np.clip((light - hi) / TILE_SATURATE, -1.0, 1.0)
        before = np.clip((light - lo) / TILE_SATURATE, -1.0, 1.0)
        maps = np.stack([np.minimum(after, before), after, before])
        maps[:, dim] = np.minimum(maps[:, dim], 0.0)
        out.append(maps)
    return out[0], out[1]


def _lattice_correction(light: np.ndarray, xs: np.ndarray, ys: np.ndarray, residual: bool = True
                        ) -> np.ndarray | None:
    """Affine map input px -> where the answer warped into the input frame (``light``) shows the input's lattice on its
    gutters (:func:`_ridge_maps` averaged along the lattice): per axis a scale and an offset (:func:`_fit_gutters` over
    the whole lattice, with its checks), and how the offset changes across the other axis (a rotation or shear left
    over: the offset fitted on each row of cells, the scale kept, regressed on the row's middle); None when the gutters
    do not show the input's lattice (``residual``: each gutter also within TILE_RESIDUAL of the fitted lattice)."""
    cx, cy = float(np.median(np.diff(xs))), float(np.median(np.diff(ys)))
    h, w = light.shape
    y0, y1 = max(0, int(ys[0])), min(h, int(math.ceil(ys[-1])) + 1)
    x0, x1 = max(0, int(xs[0])), min(w, int(math.ceil(xs[-1])) + 1)
    if y1 - y0 < 2 or x1 - x0 < 2:
        return None
    Rx, Ry = _ridge_maps(light, cx, cy, float(np.percentile(light[y0:y1, x0:x1], 95)))
    G_x, G_y = Rx[:, y0:y1].mean(axis=1), Ry[:, :, x0:x1].mean(axis=2)
    fx, fy = _fit_gutters(G_x, xs, cx, residual=residual), _fit_gutters(G_y, ys, cy, residual=residual)
    if fx is None or fy is None:
        return None
    slopes = []
    for lines, other, (s, o), cell, axis in ((xs, ys, fx, cx, 0), (ys, xs, fy, cy, 1)):
        c = float(lines.mean())
        mids, offs = [], []
        for lo, hi in zip(other[:-1], other[1:]):
            a0, a1 = max(0, int(lo)), min(h if axis == 0 else w, int(math.ceil(hi)) + 1)
            if a1 - a0 < 2:
                continue
            G = Rx[0, a0:a1].mean(axis=0) if axis == 0 else Ry[0, :, a0:a1].mean(axis=1)
            # the band's offset: the ridge-weighted shift of its inner gutters around the whole lattice's fit
            pred = c + s * (lines[1:-1] - c) + o
            win = np.arange(-0.5, 0.5 + 1e-9, 0.025) * TILE_RIDGE * cell
            cand = pred[:, None] + win[None, :]
            vals = _at(G, cand.ravel()).reshape(cand.shape)
            lift = np.clip(vals - 0.5 * vals.max(axis=1, keepdims=True), 0.0, None)
            ok = vals.max(axis=1) > 0
            if ok.sum() < 1:
                continue
            shift = ((lift * cand).sum(axis=1) / np.maximum(lift.sum(axis=1), 1e-9) - pred)[ok]
            wgt = vals.max(axis=1)[ok]
            mids.append(0.5 * (lo + hi))
            offs.append(float((shift * wgt).sum() / wgt.sum()))
        if len(mids) < 2:
            return None
        k, _ = np.polyfit(np.asarray(mids), np.asarray(offs), 1)
        slopes.append(float(k))
    kx, ky = slopes
    mx, my = float(xs.mean()), float(ys.mean())
    return np.array([[fx[0], kx, mx * (1 - fx[0]) + fx[1] - kx * my],
                     [ky, fy[0], my * (1 - fy[0]) + fy[1] - ky * mx], [0, 0, 1.0]])


def _tile_fit(answer: np.ndarray, target: np.ndarray, edit_mask: np.ndarray | None,
              starts: list[tuple[float, np.ndarray, str]], whole: float = TILE_WHOLE) -> Registration | None:
    """A page drawn as tiles with gaps between them (an app's cells, highlighted tiles: no grid lines at all) whose
    every search failed: the gaps are the input's lattice. From the TILE_TRIES best distinct fits the searches tried
    (answer -> input px, full res), the answer is warped into the input frame and the input's lattice lines
    (:func:`_lattice_full`) are fitted, axis by axis, onto its gutters (:func:`_fit_gutters`: each line on a gutter,
    none between them nor past the frame); the corrected map is taken when it passes :func:`_check_transform` and
    its whole-ink quality reaches ``whole`` (TILE_WHOLE; from the answer's own lattice LATTICE_WHOLE, :func:`_lattice_fit`).
    Method ``<start>+tiles``."""
    try:
        answer, target = _as_rgb(answer), _as_rgb(target)
    except ValueError:
        return None
    starts = [c for c in starts if c[0] >= TILE_START]
    if not starts:
        return None
    th, tw = target.shape[:2]
    ft = min(1.0, WORK_SIDE / max(th, tw))
    t = _work_image(target, ft)
    lattice = _lattice_full(target)
    if lattice is None:
        return None
    xs, ys = lattice
    # the answer is looked at a cell and a half past the input's frame too (where the tiles must not go on)
    m = int(math.ceil(1.5 * max(np.diff(xs).max(), np.diff(ys).max())))
    pad, padded = np.array([[1.0, 0, m], [0, 1, m], [0, 0, 1]]), (th + 2 * m, tw + 2 * m)
    grey = cv2.cvtColor(answer, cv2.COLOR_RGB2GRAY).astype(np.float32) / 255.0
    ones = np.ones(answer.shape[:2], np.uint8)
    seen: list[np.ndarray] = []
    near = 0.5 * min(np.diff(xs).min(), np.diff(ys).min())  # starts this close end on the same lattice
    for q0, A0, method in sorted(starts, key=lambda c: -c[0]):
        if any(_max_corner_shift(A0, S, tw, th) < near for S in seen):
            continue
        seen.append(A0)
        if len(seen) > TILE_TRIES:
            break
        if _check_transform(A0, (th, tw), answer.shape[:2]) is not None:
            continue
        A = A0
        for _ in range(TILE_ROUNDS):
            # a start's rotation spreads each gutter along the lattice: the gutters' residuals are checked at the end
            C = _lattice_correction(_lightness_in(grey, pad @ A, padded), xs + m, ys + m, residual=False)
            if C is None:
                A = None
                break
            A = np.linalg.inv(pad) @ np.linalg.inv(C) @ pad @ A
            if _check_transform(A, (th, tw), answer.shape[:2]) is not None:
                A = None
                break
        # the corrected map once more: its lines must sit on the gutters as they are now found
        if A is None or _lattice_correction(_lightness_in(grey, pad @ A, padded), xs + m, ys + m) is None:
            continue
        paper = paper_colour(answer)
        border = tuple(float(v) for v in paper)
        image = _warp_full(answer, A, (tw, th), cv2.INTER_LINEAR, border)
        valid = _warp_full(ones, A, (tw, th), cv2.INTER_NEAREST, 0) > 0
        a2 = _work_image(image, t.ink.shape[1] / tw, achromatic_ink=t.chromatic < 0.1, lighter=t.lighter)
        keep = _work_keep(t, None if edit_mask is None else ~np.asarray(edit_mask).astype(bool))
        q = _quality(t, a2, a2.to_work @ np.linalg.inv(t.to_work), keep)[0]
        if q < whole:
            continue
        if not valid.all():
            image[~valid] = white_balance_inverse(target, paper)[~valid]
        return Registration(True, image, A, method + "+tiles", q, None, None, valid)
    return None


def _tiles_refute(answer: np.ndarray, target: np.ndarray, reg: Registration) -> bool:
    """Whether a fit is another lattice's: the answer warped by it shows gutters between tiles (lightness ridges of
    REFUTE_GUTTER or more, :func:`_ridges`) midway between the input's lines on an axis, and under REFUTE_ON_LINES of the
    input's inner lines on that axis lie on a gutter (half that ridge), nor are drawn as lines there (REFUTE_LINES: a 5x5 input placed at
    0.37x on four of a 10x10 page's tiles), and no inner line carries a gutter as strong as the strongest one between
    them. A page drawn with the input's grid lines shows them as troughs: not refuted (marks in its cells can make a
    ridge between two lines: HELDOUT's 5x5 black X pages, 0.1+); nor is a page whose fills are tiles with their gaps on
    the input's lines and whose fills' slots line up between them (a blueprint's stencil fills inverted, 15x15: the
    strongest gutter on a line 0.51-0.53, between lines 0.39-0.52; the refuted wrong fits: on a line at most 0.77 of
    the one between). A slot exactly mid-cell in every fill is still stronger than the gaps: refuted."""
    if not reg.ok or reg.image is None or reg.method == "identity":
        return False
    lattice = _lattice_full(_as_rgb(target))
    if lattice is None:
        return False
    xs, ys = lattice
    G_x, G_y, _, _ = _ridges(cv2.cvtColor(reg.image, cv2.COLOR_RGB2GRAY).astype(np.float32) / 255.0, xs, ys)
    for G, lines in ((G_x, xs), (G_y, ys)):
        mids = (lines[:-1] + lines[1:]) / 2
        inner = _at(G, lines[1:-1])
        gutter = float(_at(G, mids).max())
        if (gutter >= REFUTE_GUTTER and np.mean(inner >= 0.5 * REFUTE_GUTTER) < REFUTE_ON_LINES
                and float(np.median(-inner)) < REFUTE_LINES and float(inner.max()) < gutter):
            return True
    return False


# ------------------------------------------------------------------ a lattice shown by marks at its crossings

MARK_STROKE = 0.05  # cells: a crossing mark's stroke stands out against the page this far (x2, +1 px) to both sides
MARK_ARM = 0.08  # cells: ... and runs at least this long (a "+" arm: 0.14-0.16 of a cell each side of the centre)
MARK_REACH = 0.05  # cells: ... and both strokes reach at least this far to both sides of the crossing
MARK_CELL_PX = 96  # the answer is looked at with its estimated cell at most this large (px)
MARK_SPAN = (0.25, 1.0)  # share of the answer's side the lattice may span (each axis)
MARK_STEP = 0.01  # log-scale step of the per-axis search
MARK_TRIES = 3  # best distinct placements per axis, all pairs of them checked
MARK_MIN = 0.1  # a mark's ink (0..1) at least; the median mark of the input's inner crossings at least this
MARK_HIT = 0.5  # share of the median mark's strength a crossing (or a line's ink) needs to count as marked
MARK_HITS = 0.9  # share of the input's inner crossings the answer must mark (graphite redraw: 1.0 at the truth)
MARK_MIDS = 0.05  # share of the cells' centres and of their edges' middles that may show a mark (truth: <= 0.012)
MARK_PAST = 0.3  # share of the crossings a cell past an outer line that may show a mark (the lattice goes on: ~1)
MARK_LINE = 0.7  # share of an outer line's cell edges that must be inked when its crossings are not marked
MARK_RESIDUAL = 1.5  # px: marks farther than this (and 3x the median) from the fitted map are left out of the fit
MARK_WIN = 0.2  # cells: a mark's centre is looked for this far around where the placement puts a crossing


def _mark_maps(answer: np.ndarray, cell: float) -> tuple[np.ndarray, np.ndarray, int]:
    """The answer's ink (0..1 against its paper), its crossing-mark map and the stroke distance d (px) for a lattice of
    cells ~``cell`` px: a crossing mark is a horizontal and a vertical stroke at one point, each a run of ink at least
    MARK_ARM of a cell long and darker than the page 2d + 1 px to both sides of it (a fill or its texture is not; the
    other direction's stroke is no part of the run, so it does not hide the crossing). A drawn grid's crossings are
    marks too; a plus, a small cross or a T where a line meets the frame all are."""
    grey = cv2.cvtColor(answer, cv2.COLOR_RGB2GRAY).astype(np.float32) / 255.0
    paper = float(np.dot(paper_colour(answer), [0.299, 0.587, 0.114])) / 255.0
    ink = np.clip(1.0 - grey / max(paper, 1e-3), 0.0, 1.0)
    d = max(2, int(round(MARK_STROKE * cell)))
    t = 2 * d + 1
    k = max(3, int(round(MARK_ARM * cell)))
    runs_h = cv2.morphologyEx(ink, cv2.MORPH_OPEN, np.ones((1, k), np.uint8))
    runs_v = cv2.morphologyEx(ink, cv2.MORPH_OPEN, np.ones((k, 1), np.uint8))
    strokes_h = np.clip(runs_h - np.maximum(np.roll(runs_h, t, 0), np.roll(runs_h, -t, 0)), 0.0, None)
    strokes_v = np.clip(runs_v - np.maximum(np.roll(runs_v, t, 1), np.roll(runs_v, -t, 1)), 0.0, None)
    # the two runs of ink go on to both sides of the point (a "+", a drawn grid's inner crossing; not a bold digit's
    # corner or T, nor the end of a stroke)
    a = 2 * max(1, int(round(MARK_REACH * cell))) + 1
    across = (cv2.erode((runs_h >= MARK_MIN).astype(np.uint8), np.ones((1, a), np.uint8))
              & cv2.erode((runs_v >= MARK_MIN).astype(np.uint8), np.ones((a, 1), np.uint8)))
    box = np.ones((t, t), np.uint8)
    marks = np.minimum(cv2.dilate(strokes_h, box), cv2.dilate(strokes_v, box))
    return ink, np.where(cv2.dilate(across, box) > 0, marks, 0.0), d


def _mark_comb(counts: np.ndarray, lines: np.ndarray) -> list[tuple[float, float]]:
    """Up to MARK_TRIES placements (s, o) of the input's lattice lines ``lines`` on one axis of the answer, at
    s * l + o: every inner line on a row of marks (``counts``: marks per answer px along the axis), best first by the
    fewest marks on any inner line minus the median count midway between lines, the lattice spanning MARK_SPAN of the
    axis and lying within it."""
    c = float(lines.mean())
    rel = lines - c
    inner, mids = rel[1:-1], (rel[:-1] + rel[1:]) / 2
    n = len(counts)
    span = float(rel[-1] - rel[0])
    scales = np.exp(np.arange(math.log(MARK_SPAN[0] * n / span), math.log(MARK_SPAN[1] * n / span), MARK_STEP))
    found = []
    for s in scales:
        oo = np.arange(math.ceil(-s * rel[0]), math.floor(n - 1 - s * rel[-1]) + 1)
        if len(oo) == 0:
            continue
        teeth = counts[np.rint(oo[:, None] + s * inner[None, :]).astype(int)].min(axis=1)
        best = np.argsort(-teeth, kind="stable")[:MARK_TRIES * 4]  # the median between lines only where lines fit
        gaps = np.median(counts[np.rint(oo[best, None] + s * mids[None, :]).astype(int)], axis=1)
        j = int(np.argmax(teeth[best] - gaps))
        found.append((float(teeth[best[j]] - gaps[j]), float(s), float(oo[best[j]] - s * c)))
    found.sort(key=lambda f: -f[0])
    out: list[tuple[float, float]] = []
    cell = float(np.median(np.diff(lines)))
    for _, s, o in found:
        if all(abs(s - s2) > 0.03 * s2 or abs(s * c + o - s2 * c - o2) > 0.5 * s2 * cell for s2, o2 in out):
            out.append((s, o))
        if len(out) >= MARK_TRIES:
            break
    return out


def _mark_at(M: np.ndarray, B: np.ndarray, x, y) -> np.ndarray:
    """M at the points B (input -> answer px, affine) puts input points (x, y) (broadcast) at, nearest pixel."""
    x, y = np.broadcast_arrays(np.asarray(x, np.float64), np.asarray(y, np.float64))
    u = B[0, 0] * x + B[0, 1] * y + B[0, 2]
    v = B[1, 0] * x + B[1, 1] * y + B[1, 2]
    h, w = M.shape
    return M[np.clip(np.rint(v).astype(int), 0, h - 1), np.clip(np.rint(u).astype(int), 0, w - 1)]


def _mark_lattice(C: np.ndarray, ink: np.ndarray, B: np.ndarray, xs: np.ndarray, ys: np.ndarray, out: float = 0.0
                  ) -> float | None:
    """The share of the input's inner crossings the answer marks when B (input -> answer px) places the input's lattice
    lines ``xs`` x ``ys``, or None unless the answer shows that lattice and no other: the frame inside the answer, the
    median inner crossing marked at least MARK_MIN and MARK_HITS of them at least MARK_HIT of it, at most MARK_MIDS of
    the cells' centres and edge middles marked (a lattice with more cells), every outer line inked along MARK_LINE of
    its cell edges (with paper ``out`` answer px outside it: a dark surround is no line) or marked at its crossings,
    and at most MARK_PAST of the crossings a cell past an outer line marked (a larger lattice, or this one a cell off).
    Rubric 54: an e-reader's 5x5 page whose vertical lines run past the frame (each crossing of the frame a "+") was
    taken a cell down, its bottom line on the bezel."""
    h, w = C.shape
    cx, cy = float(np.median(np.diff(xs))), float(np.median(np.diff(ys)))
    fx, fy = xs[[0, -1, -1, 0]], ys[[0, 0, -1, -1]]
    u, v = B[0, 0] * fx + B[0, 1] * fy + B[0, 2], B[1, 0] * fx + B[1, 1] * fy + B[1, 2]
    if min(u.min(), v.min()) < 0 or u.max() > w - 1 or v.max() > h - 1:
        return None
    marks = _mark_at(C, B, *np.meshgrid(xs[1:-1], ys[1:-1]))
    ref = float(np.median(marks))
    if ref < MARK_MIN:
        return None
    level = MARK_HIT * ref
    hits = float(np.mean(marks >= level))
    if hits < MARK_HITS:
        return None
    mx, my = (xs[:-1] + xs[1:]) / 2, (ys[:-1] + ys[1:]) / 2
    between = np.concatenate([_mark_at(C, B, *np.meshgrid(mx, my)).ravel(), _mark_at(C, B, *np.meshgrid(mx, ys)).ravel(),
                              _mark_at(C, B, *np.meshgrid(xs, my)).ravel()])
    if np.mean(between >= level) > MARK_MIDS:
        return None
    # an outer line's cell edge is inked with paper just outside it (``out`` px of the answer past it, away from the
    # lattice): a dark surround (an e-reader's bezel, a desk) is no line, however dark
    ox, oy = out / max(abs(B[0, 0]), 1e-9), out / max(abs(B[1, 1]), 1e-9)
    for x, y, dx, dy in ((mx, ys[0], 0.0, -oy), (mx, ys[-1], 0.0, oy), (xs[0], my, -ox, 0.0), (xs[-1], my, ox, 0.0)):
        crossings = (xs[1:-1], y) if np.ndim(y) == 0 else (x, ys[1:-1])
        inked = (_mark_at(ink, B, x, y) >= level) & (_mark_at(ink, B, x + dx, y + dy) < level)
        if np.mean(inked) < MARK_LINE and np.mean(_mark_at(C, B, *crossings) >= level) < MARK_HITS:
            return None
    for x, y in ((xs[1:-1], ys[0] - cy), (xs[1:-1], ys[-1] + cy), (xs[0] - cx, ys[1:-1]), (xs[-1] + cx, ys[1:-1])):
        if np.mean(_mark_at(C, B, x, y) >= level) > MARK_PAST:
            return None
    return hits


def _mark_refine(C: np.ndarray, B: np.ndarray, xs: np.ndarray, ys: np.ndarray) -> np.ndarray | None:
    """B (input -> answer px) refitted (affine least squares, far marks left out) to the centres of the marks found
    within MARK_WIN of a cell of where B puts the input's inner crossings; None with fewer than 4 marks."""
    h, w = C.shape
    cell = min(abs(B[0, 0]) * float(np.median(np.diff(xs))), abs(B[1, 1]) * float(np.median(np.diff(ys))))
    r = max(2, int(round(MARK_WIN * cell)))
    gx, gy = (g.ravel() for g in np.meshgrid(xs[1:-1], ys[1:-1]))
    u = np.rint(B[0, 0] * gx + B[0, 1] * gy + B[0, 2]).astype(int)
    v = np.rint(B[1, 0] * gx + B[1, 1] * gy + B[1, 2]).astype(int)
    dy, dx = (g.ravel() for g in np.mgrid[-r:r + 1, -r:r + 1])
    px, py = u[:, None] + dx[None, :], v[:, None] + dy[None, :]  # each crossing's window, off the image: no ink
    inside = (px >= 0) & (px < w) & (py >= 0) & (py < h)
    patch = np.where(inside, C[np.clip(py, 0, h - 1), np.clip(px, 0, w - 1)], 0.0)
    top = patch.max(axis=1)
    wgt = np.clip(patch - 0.5 * top[:, None], 0.0, None)
    found = (top >= MARK_MIN) & (wgt.sum(axis=1) > 0)
    wsum = np.maximum(wgt.sum(axis=1), 1e-12)
    src = np.stack([gx, gy], axis=1)[found]
    dst = np.stack([(wgt * px).sum(axis=1) / wsum, (wgt * py).sum(axis=1) / wsum], axis=1)[found]
    if len(src) < 4:
        return None
    X = np.hstack([src, np.ones((len(src), 1))])
    Y = dst
    keep = np.ones(len(src), bool)
    for _ in range(2):
        sol = np.linalg.lstsq(X[keep], Y[keep], rcond=None)[0]
        res = np.hypot(*(X @ sol - Y).T)
        keep = res <= max(MARK_RESIDUAL, 3.0 * float(np.median(res)))
    return np.vstack([sol.T, [0.0, 0.0, 1.0]])


def _mark_fit(answer: np.ndarray, target: np.ndarray, edit_mask: np.ndarray | None) -> Registration | None:
    """A page whose grid is drawn only as marks at its crossings (a "+" at each corner of the cells, a dot grid's
    crosses), with its own cell proportions and clue layout, when every search and the tile fit failed: the input's
    lattice (:func:`_lattice_full`) placed on the answer's crossing marks (:func:`_mark_maps`). Start-free: per axis
    the marks are counted along the axis and the input's inner lines placed on rows of marks at any scale
    (:func:`_mark_comb`); each pair of placements is refitted to the marks' centres (:func:`_mark_refine`, affine, so a
    slight turn is followed) and taken when the answer shows that lattice and no other (:func:`_mark_lattice`) and the
    map is plausible (:func:`_check_transform`). Method ``marks``; ``quality`` is the whole ink's (a redrawn page's
    clues and fills do not repeat the input's: 0.3-0.5 at the right map); ``valid`` is the answer image."""
    try:
        answer, target = _as_rgb(answer), _as_rgb(target)
    except ValueError:
        return None
    lattice = _lattice_full(target)
    if lattice is None:
        return None
    xs, ys = lattice
    th, tw = target.shape[:2]
    ah, aw = answer.shape[:2]
    cell = float(np.median(np.concatenate([np.diff(xs), np.diff(ys)]))) * math.sqrt(ah * aw / (th * tw))
    f = min(1.0, MARK_CELL_PX / cell)
    small = answer if f == 1.0 else cv2.resize(answer, (max(1, round(aw * f)), max(1, round(ah * f))),
                                               interpolation=cv2.INTER_AREA)
    sh, sw = small.shape[:2]
    to_small = np.array([[sw / aw, 0, 0.5 * sw / aw - 0.5], [0, sh / ah, 0.5 * sh / ah - 0.5], [0, 0, 1.0]])
    ink, C, d = _mark_maps(small, cell * f)
    # the marks as points (local maxima), each counted once: a thick frame's corner or a bold digit is one mark
    peak = (C >= cv2.dilate(C, np.ones((2 * d + 1, 2 * d + 1), np.uint8))) & (C >= MARK_MIN)
    n, _, _, centres = cv2.connectedComponentsWithStats(peak.astype(np.uint8), connectivity=8)
    if n < 5:
        return None
    px, py = np.rint(centres[1:]).astype(int).T  # a flat maximum (a solid stroke's) is one mark
    k = 2 * d + 1

    def counts(pos: np.ndarray, n: int, near: np.ndarray | None = None) -> np.ndarray:
        pos = pos if near is None else pos[near]
        return cv2.blur(np.bincount(pos, minlength=n).astype(np.float32)[None], (k, 1))[0]

    def near(pos: np.ndarray, s: float, o: float, lines: np.ndarray) -> np.ndarray:
        return np.abs(pos[:, None] - (s * lines[None, 1:-1] + o)).min(axis=1) <= k

    # each axis placed on all marks, and once more on the marks lying on the other axis's placed lines only (clue digits
    # stacked at the cells' centres make rows of marks of their own)
    cand_x, cand_y = _mark_comb(counts(px, sw), xs), _mark_comb(counts(py, sh), ys)
    pairs = [(cx, cy) for cx in cand_x for cy in cand_y]
    for sy, oy in cand_y:
        pairs += [(cx, (sy, oy)) for cx in _mark_comb(counts(px, sw, near(py, sy, oy, ys)), xs)[:2]]
    for sx, ox in cand_x:
        pairs += [((sx, ox), cy) for cy in _mark_comb(counts(py, sh, near(px, sx, ox, xs)), ys)[:2]]
    ink = cv2.dilate(ink, np.ones((3, 3), np.uint8))
    best, tried = None, set()
    for (sx, ox), (sy, oy) in pairs:
        if (round(sx, 3), round(ox), round(sy, 3), round(oy)) in tried:
            continue
        tried.add((round(sx, 3), round(ox), round(sy, 3), round(oy)))
        B: np.ndarray | None = np.array([[sx, 0.0, ox], [0.0, sy, oy], [0.0, 0.0, 1.0]])
        for _ in range(2):
            B = _mark_refine(C, B, xs, ys) if B is not None else None
        hits = _mark_lattice(C, ink, B, xs, ys, 2 * d + 1) if B is not None else None
        if hits is not None and (best is None or hits > best[0]):
            best = (hits, B)
    if best is None:
        return None
    A = np.linalg.inv(np.linalg.inv(to_small) @ best[1])  # answer -> input px, full res
    if _check_transform(A, (th, tw), (ah, aw)) is not None:
        return None
    paper = paper_colour(answer)
    image = _warp_full(answer, A, (tw, th), cv2.INTER_LINEAR, tuple(float(v) for v in paper))
    valid = _warp_full(np.ones((ah, aw), np.uint8), A, (tw, th), cv2.INTER_NEAREST, 0) > 0
    ft = min(1.0, WORK_SIDE / max(th, tw))
    t = _work_image(target, ft)
    a2 = _work_image(image, t.ink.shape[1] / tw, achromatic_ink=t.chromatic < 0.1, lighter=t.lighter)
    keep = _work_keep(t, None if edit_mask is None else ~np.asarray(edit_mask).astype(bool))
    q = _quality(t, a2, a2.to_work @ np.linalg.inv(t.to_work), keep)[0]
    if not valid.all():
        image[~valid] = white_balance_inverse(target, paper)[~valid]
    return Registration(True, image, A, "marks", q, None, None, valid)


# ------------------------------------------------------------------------ the answer's own lattice (a redrawn page)

LATTICE_SIDE = 1200  # long side (px) the answer's lattice is looked for at (a larger page is resized first)
LATTICE_SCALES = (0.6, 1.6)  # the answer's cell is searched within this share of the input's cell x the sizes' ratio
LATTICE_THIN = 0.12  # cells: a line or a gutter is darker or lighter than the page this far to both sides of it ...
LATTICE_THIN_PX = 3  # ... or this many px (a line in the narrow paper between a fill and its cell's edge)
LATTICE_SATURATE = 0.1  # ... and a pixel counts by at most this much (a digit's black stroke no more than a pale line)
LATTICE_COARSE_PX = 16  # the comb search runs first on the profiles resampled to this many px a cell
LATTICE_TOP = 2  # distinct combs per axis kept (best first); their pairs are the maps tried
LATTICE_WIDE_SCALES = (0.4, 1.6)  # the second look (:func:`_lattice_starts` ``long_lines``): the cell searched this wide
LATTICE_WIDE_TOP = 3  # ... and this many combs per axis kept
LATTICE_ALONG_PX = 2  # ... counting what is thin across the lines less what is thin along them this many px
LATTICE_TURN_MAX = 3.0  # ... on the page turned upright first: its edges' dominant orientation within this (deg)
LATTICE_TURN_MIN = 0.1  # ... when at least this (either look)
LATTICE_TURN_REFINE = 0.4  # ... refined within this (deg) to the sharpest lines, on the page this many px long:
LATTICE_TURN_SIDE = 600
LATTICE_TURN_SWEEP_MAX = 5.0  # ... and swept within this (deg) in steps of LATTICE_TURN_SWEEP, on the middle
LATTICE_TURN_SWEEP = 0.25
LATTICE_TURN_CENTRE = 0.6  # ... this fraction of the page's height and width: the sweep's turn is taken
LATTICE_TURN_SWEEP_GAIN = 1.2  # ... when its lines there are this much sharper than at the refined peak
LATTICE_TURN_RETRY = 0.5  # ... and looked at again (when the first turn shows no lattice) when this far from it (deg)
LATTICE_BEYOND = 1.5  # the second look's maps are also checked this many cells past the input's frame
LATTICE_OVER_QUALITY = 0.9  # a fit under this whose page does not draw the input's lattice meets the lattice fit ...
LATTICE_OVER_CELLS = 0.5  # ... which replaces it when it lies this many cells (the input's) from it or more
LATTICE_OVER_DROP = 0.1  # ... and scores no more than this under it (a photo's fit at 0.83 met a shifted lattice at 0.63)
LATTICE_MIN_SCORE = 0.2  # a comb must score this (:func:`_comb_scores`, in units of the profile's 99th percentile)
# a page drawn in lines (:func:`_lattice_shown`, along the lattice, less the profile's lower quartile there):
LATTICE_NEAR = 0.05  # cells: a line is looked for this far from where the input has it
LATTICE_LINE = 0.02  # the median line's contrast (:func:`_thin_profile`) at least this
LATTICE_EACH = 0.3  # ... every line at least this share of it (an outermost line of tiles, a step edge: ~0)
LATTICE_MID = 0.5  # ... midway between two lines at most this share, their median (the cells' marks: 0.1-0.35)
LATTICE_PAST = 0.5  # ... a cell past an outermost line at most this share (the lattice ends where the input's does)
LATTICE_GAIN = 0.25  # ... and the lines summed this share more than the lattice's a cell to either side
LATTICE_FRAME_STEP = 0.25  # an outermost line's px beside a row of fills inside it this share of their step darker than
# the page outside it at least counts their step (:func:`_with_frame_steps`: the px on the paper's side of it do not)
LATTICE_RUN = 0.2  # ... and each line drawn along its length: the median of its contrast along the band, in units of
#                    LATTICE_SATURATE, at least this (a Sudoku's digits, one per cell, made a 5x5 lattice at 1.5x its
#                    cells on a Sudoku page: 0)
# a page of tiles (:func:`_tile_fit` from the best LATTICE_TILE_STARTS maps, while _TILE_FROM_LATTICE is set):
LATTICE_TILE_STARTS = 2
LATTICE_TILE_SCALE = 0.03  # its lattice searched within this relative scale of the map (each axis; TILE_SCALE 0.15)
LATTICE_TILE_SHIFT = 0.4  # ... and this many cells of offset (TILE_SHIFT 2.5): the map lies on the answer's lattice
#                           already, and a wider search lets a column's clue digits (their rows' gaps are ridges too)
#                           pull the lattice off
LATTICE_SHIFT_GAIN = 1.0  # a lattice with tile-like gaps a cell past one end (clue chips beside the tiles) is kept
#                           when the other end's is clear and its gutters (:func:`_ridge_maps`, each -1..1) sum this
#                           much more than the lattice's a cell to either side (:func:`_beats_shifts`)
LATTICE_WHOLE = 0.0  # the whole-ink quality such a fit needs (TILE_WHOLE 0.1: tiles redrawn with clue chips of their
#                      own and no lines score 0-0.1 at the right map; the gutters' checks are the proof)
_TILE_FROM_LATTICE: contextvars.ContextVar[bool] = contextvars.ContextVar("_TILE_FROM_LATTICE", default=False)


def _thin_profile(grey: np.ndarray, axis: int, cell: float, band: tuple[int, int]) -> np.ndarray:
    """Per column (``axis`` 0) or row (1) of ``grey``, the mean over the band of rows (columns) ``band`` of how much a
    pixel is darker than both its neighbours to either side across the axis, or lighter than both (a thin line or a
    gutter, either polarity; a step edge, a fill's or a tile's, counts 0), each pixel at most LATTICE_SATURATE; the
    neighbours LATTICE_THIN of a ``cell`` away (a gutter between tiles) or LATTICE_THIN_PX (a line between a fill and
    its cell's paper), whichever shows more; 0 everywhere over an empty band (a comb placed off the page)."""
    thin = _thin_map(grey, axis, cell, band)
    if thin.shape[axis] == 0:
        return np.zeros(thin.shape[1 - axis], np.float64)
    return thin.mean(axis=axis).astype(np.float64)


def _thin_map(grey: np.ndarray, axis: int, cell: float, band: tuple[int, int]) -> np.ndarray:
    """The per-pixel measure :func:`_thin_profile` averages, over the band (rows ``band`` for ``axis`` 0)."""
    G = grey[band[0]:band[1]] if axis == 0 else grey[:, band[0]:band[1]]
    thin = np.zeros_like(G)
    for d in sorted({max(1, int(round(LATTICE_THIN * cell))), LATTICE_THIN_PX}):
        pad = ((0, 0), (d, d)) if axis == 0 else ((d, d), (0, 0))
        Gp = np.pad(G, pad, mode="edge")
        lo, hi = (Gp[:, :-2 * d], Gp[:, 2 * d:]) if axis == 0 else (Gp[:-2 * d], Gp[2 * d:])
        # min(G - lo, G - hi) is G - max(lo, hi) and min(lo - G, hi - G) is min(lo, hi) - G, value for value (rounding
        # keeps order): two subtractions a pixel instead of four
        thin = np.maximum(thin, np.maximum(G - np.maximum(lo, hi), np.minimum(lo, hi) - G))
    return np.clip(thin, 0.0, LATTICE_SATURATE)


def _comb_scores(P: np.ndarray, n: int, p: float, oo: np.ndarray) -> np.ndarray:
    """Per offset in ``oo``: how well n+1 teeth ``p`` apart from it lie on the peaks of ``P``: the teeth's mean and
    median, less the mean between them (mid-cell: a lattice with more cells) and half the larger tooth past either end
    (the lattice goes on: a comb a cell off)."""
    k = np.arange(n + 1, dtype=np.float64)
    teeth = _at(P, oo[:, None] + k[None] * p)
    mids = _at(P, oo[:, None] + (k[:-1] + 0.5)[None] * p)
    past = _at(P, np.stack([oo - p, oo + (n + 1) * p], 1))
    return 0.5 * teeth.mean(1) + 0.5 * np.median(teeth, 1) - mids.mean(1) - 0.5 * past.max(1)


def _comb_lines(P: np.ndarray, n: int, p: float, o: float) -> tuple[float, float]:
    """(period, offset) of the comb fitted to its teeth's peaks on P: each tooth's peak (its upper half's centroid
    within 3 LATTICE_NEAR of a cell), least squares weighted by the peak's height, twice."""
    k = np.arange(n + 1, dtype=np.float64)
    for _ in range(2):
        win = np.arange(-3 * LATTICE_NEAR, 3 * LATTICE_NEAR + 1e-9, 0.005) * p
        cand = (o + k * p)[:, None] + win[None, :]
        vals = _at(P, cand.ravel()).reshape(cand.shape)
        top = vals.max(axis=1)
        lift = np.clip(vals - 0.5 * top[:, None], 0.0, None)
        peak = (lift * cand).sum(axis=1) / np.maximum(lift.sum(axis=1), 1e-9)
        wgt = np.sqrt(np.clip(top, 1e-6, None))
        X = np.stack([k, np.ones_like(k)], axis=1) * wgt[:, None]
        p, o = (float(v) for v in np.linalg.lstsq(X, peak * wgt, rcond=None)[0])
    return p, o


def _combs(P: np.ndarray, n: int, cell: float, scales: tuple[float, float] = LATTICE_SCALES, top: int = LATTICE_TOP
           ) -> list[tuple[float, float, float]]:
    """The ``top`` (LATTICE_TOP) best distinct combs (score, period, offset; px of ``P``) of n+1 evenly spaced teeth on
    the profile P (:func:`_comb_scores`, P in units of its 99th percentile), the period within ``scales``
    (LATTICE_SCALES) of ``cell``: searched on P resampled to LATTICE_COARSE_PX a cell, then refined at full
    resolution."""
    P = P / max(1e-6, float(np.percentile(P, 99)))
    f = min(1.0, LATTICE_COARSE_PX / cell)
    m = max(8, int(round(len(P) * f)))
    f = m / len(P)
    Pc = cv2.resize(P.astype(np.float32)[None], (m, 1), interpolation=cv2.INTER_AREA)[0].astype(np.float64)
    coarse = []
    for p in cell * f * np.exp(np.arange(math.log(scales[0]), math.log(scales[1]), 0.01)):
        oo = np.arange(-0.5, m - n * p, 0.5)
        if len(oo) == 0:
            continue
        s = _comb_scores(Pc, n, p, oo)
        for i in np.argsort(-s)[:8]:
            coarse.append((float(s[i]), p / f, (oo[i] + 0.5) / f - 0.5))
    coarse.sort(reverse=True)
    picked: list[tuple[float, float, float]] = []
    for c in coarse:
        if all(abs(c[2] - q[2]) > 0.3 * cell or abs(math.log(c[1] / q[1])) > 0.03 for q in picked):
            picked.append(c)
        if len(picked) == 2 * top:
            break
    out: list[tuple[float, float, float]] = []
    for _, p0, o0 in picked:
        best = (-1e9, p0, o0)
        for p in p0 * np.exp(np.arange(-0.012, 0.0121, 0.001)):
            oo = np.arange(o0 - 1.0 / f, o0 + 1.0 / f, 0.5)
            s = _comb_scores(P, n, p, oo)
            i = int(np.argmax(s))
            if s[i] > best[0]:
                best = (float(s[i]), float(p), float(oo[i]))
        if best[0] >= LATTICE_MIN_SCORE and all(abs(best[2] - q[2]) > 0.3 * cell for q in out):
            out.append(best[:1] + _comb_lines(P, n, best[1], best[2]))
    out.sort(reverse=True)
    return out[:top]


def _along_map(grey: np.ndarray, axis: int, band: tuple[int, int]) -> np.ndarray:
    """Per pixel of the band (as :func:`_thin_map`), how much darker or lighter than both its neighbours LATTICE_ALONG_PX
    away along the lines of ``axis`` (above and below for ``axis`` 0's upright lines) it is, at most LATTICE_SATURATE:
    ~0 on a line, a dash of one or a gutter (its neighbours along it are line too), as high as across on a mark's
    slanted stroke, a dot or a fill's fine texture."""
    G = grey[band[0]:band[1]] if axis == 0 else grey[:, band[0]:band[1]]
    d = LATTICE_ALONG_PX
    pad = ((d, d), (0, 0)) if axis == 0 else ((0, 0), (d, d))
    Gp = np.pad(G, pad, mode="edge")
    lo, hi = (Gp[:-2 * d], Gp[2 * d:]) if axis == 0 else (Gp[:, :-2 * d], Gp[:, 2 * d:])
    return np.clip(np.maximum(np.minimum(G - lo, G - hi), np.minimum(lo - G, hi - G)), 0.0, LATTICE_SATURATE)


def _long_profile(grey: np.ndarray, axis: int, cell: float, band: tuple[int, int]) -> np.ndarray:
    """:func:`_thin_profile` of what is thin across the lines of ``axis`` and not along them (:func:`_along_map`
    subtracted): lines, dashed lines and gutters count, the cells' marks (an x's slanted strokes, dots) and a fill's
    fine texture (knurled steel) far less; so a lattice with marks at its cells' centres is not outscored there."""
    T = _thin_map(grey, axis, cell, band) - _along_map(grey, axis, band)
    return np.clip(T, 0.0, None).mean(axis=axis).astype(np.float64)


def _lattice_turn(grey: np.ndarray, swept: bool = False) -> float:
    """The page's turn (deg, as :func:`_estimate_rotation` measures it) from its edges' orientations modulo 90 deg
    (:func:`_orientation_hist` of its darkness), the peak within LATTICE_TURN_MAX of upright, refined to where the
    page's thin lines are sharpest; 0 under LATTICE_TURN_MIN (an upright page stays exactly upright).

    ``swept`` (a second look, when the first turn shows no lattice): the turn within LATTICE_TURN_SWEEP_MAX at which the
    page's middle (LATTICE_TURN_CENTRE of each side) shows its sharpest lines, when they are LATTICE_TURN_SWEEP_GAIN
    times as sharp there as at the first turn; else the first turn. What is drawn upright around the page can hold
    both the histogram's peak and the whole picture's sharpest lines (HELDOUT37's cardboard flaps turned -2.2 and
    3.4 deg on a pallet whose slats run upright: both at -0.4 and 0 deg)."""
    hist = _orientation_hist(np.clip(1.0 - grey, 0.0, 1.0).astype(np.float32))
    if hist.sum() <= 0:
        return 0.0
    k = int(round(LATTICE_TURN_MAX * 4))
    shifts = np.arange(-k, k + 1)
    vals = hist[shifts % 360]
    i = int(np.argmax(vals))
    off = 0.0
    if 0 < i < len(vals) - 1:
        c0, c1, c2 = vals[i - 1], vals[i], vals[i + 1]
        den = c0 - 2 * c1 + c2
        off = 0.5 * (c0 - c2) / den if den < 0 else 0.0
    turn = float((shifts[i] + off) / 4.0)
    # the histogram mixes in what is drawn upright (a caption, the photo's frame): refined to the turn at which the
    # page's thin lines (:func:`_thin_profile`, both axes, on the page LATTICE_TURN_SIDE px long) are sharpest
    f = min(1.0, LATTICE_TURN_SIDE / max(grey.shape))
    g = cv2.resize(grey, (max(1, round(grey.shape[1] * f)), max(1, round(grey.shape[0] * f))),
                   interpolation=cv2.INTER_AREA) if f < 1.0 else grey
    h, w = g.shape

    def sharpest(turns: np.ndarray, centre: bool = False) -> tuple[float, float]:
        best = (-1.0, turn)
        for t in turns:
            M = cv2.getRotationMatrix2D(((w - 1) / 2, (h - 1) / 2), float(t), 1.0)
            r = cv2.warpAffine(g, M, (w, h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
            if centre:
                r = r[round(h * (1 - LATTICE_TURN_CENTRE) / 2):round(h * (1 + LATTICE_TURN_CENTRE) / 2),
                      round(w * (1 - LATTICE_TURN_CENTRE) / 2):round(w * (1 + LATTICE_TURN_CENTRE) / 2)]
            sharp = sum(float(np.square(_thin_profile(r, axis, 1.0, (0, r.shape[axis]))).sum()) for axis in (0, 1))
            if sharp > best[0]:
                best = (sharp, float(t))
        return best

    best = sharpest(turn + np.arange(-LATTICE_TURN_REFINE, LATTICE_TURN_REFINE + 1e-9, 0.05))
    if swept:
        at_best = sharpest(np.array([best[1]]), centre=True)[0]
        sweep = sharpest(np.arange(-LATTICE_TURN_SWEEP_MAX, LATTICE_TURN_SWEEP_MAX + 1e-9, LATTICE_TURN_SWEEP),
                         centre=True)
        if sweep[0] >= LATTICE_TURN_SWEEP_GAIN * at_best:
            best = sharpest(sweep[1] + np.arange(-LATTICE_TURN_SWEEP, LATTICE_TURN_SWEEP + 1e-9, 0.05), centre=True)
    return best[1] if abs(best[1]) >= LATTICE_TURN_MIN else 0.0


# within one :func:`register`: (answer, target, long_lines, maps) of every :func:`_lattice_starts` look done (the same
# arrays, by identity), so the perspective fit (:func:`_keystone_last`) does not look for the lattice maps again
_LATTICE_STARTS_SEEN: contextvars.ContextVar[list | None] = contextvars.ContextVar("_LATTICE_STARTS_SEEN",
                                                                                   default=None)


def _lattice_starts(answer: np.ndarray, target: np.ndarray, long_lines: bool = False) -> list[np.ndarray]:
    """:func:`_lattice_starts_look`, done once per answer, input and look within one :func:`register`."""
    seen = _LATTICE_STARTS_SEEN.get()
    if seen is None:
        return _lattice_starts_look(answer, target, long_lines)
    for a, t, look, maps in seen:
        if a is answer and t is target and look == long_lines:
            return [A.copy() for A in maps]
    maps = _lattice_starts_look(answer, target, long_lines)
    seen.append((answer, target, long_lines, [A.copy() for A in maps]))
    return maps


def _lattice_starts_look(answer: np.ndarray, target: np.ndarray, long_lines: bool = False, island: bool = False
                         ) -> list[np.ndarray]:
    """Maps answer -> input px (full res, upright: a scale and an offset per axis) that put the input's lattice
    (:func:`_lattice_full`) on a lattice the answer draws itself, found without any fit: per axis, the comb of the
    input's number of lines whose teeth lie on the answer's thin lines or gutters (:func:`_thin_profile` over the page,
    then over the band of the other axis's best comb; :func:`_combs`), LATTICE_TOP per axis, best pair first. A page
    redrawn with its own proportions (landscape cells, a clue area of its own, tiles with gutters, a dark app) keeps
    its lattice where no whole-page fit lands.

    ``long_lines`` (the second look of :func:`_lattice_fit`): the profiles of what is thin across and not along
    (:func:`_long_profile`: dashed lines, a lattice with x marks or a fine texture in its cells), the period searched
    within LATTICE_WIDE_SCALES (a puzzle on a slide or a wall fills less of the page than the input's: its cells are
    smaller than the sizes' ratio says), LATTICE_WIDE_TOP combs per axis. Either look turns the page upright first
    (:func:`_lattice_turn`: a page taped to a wall hangs crooked; the maps include the turn; an upright page is looked
    at as it is), and when an axis then shows no comb, once more at the turn its middle shows sharpest (``swept``:
    a page turned on surroundings drawn upright). ``island`` (the last search of :func:`_keystone_last`): the page's
    paper island alone, its surroundings set to its paper (:func:`_island_grey`); no maps when it is no island."""
    try:
        answer, target = _as_rgb(answer), _as_rgb(target)
    except ValueError:
        return []
    lattice = _lattice_full(target)
    if lattice is None:
        return []
    xs, ys = lattice
    th, tw = target.shape[:2]
    grey, to_small = _lattice_grey(answer)
    ah, aw = grey.shape
    profile, scales, top = _thin_profile, LATTICE_SCALES, LATTICE_TOP
    if long_lines:
        profile, scales, top = _long_profile, LATTICE_WIDE_SCALES, LATTICE_WIDE_TOP
    ratio = math.sqrt(ah * aw / (th * tw))
    if island:  # the surroundings (a textured cloth's thin threads) out of the profiles
        grey = _island_grey(answer, target, grey)
        if grey is None:
            return []
    page_grey, upright_to_small, first_turn = grey, to_small, 0.0
    for look in ("first", "swept"):
        turn = _lattice_turn(page_grey, swept=look == "swept")
        if look == "first":
            first_turn = turn
        elif look == "swept" and abs(turn - first_turn) < LATTICE_TURN_RETRY:
            continue
        grey, to_small = page_grey, upright_to_small
        if turn:  # the page turned upright first (the maps include the turn)
            M = cv2.getRotationMatrix2D(((aw - 1) / 2, (ah - 1) / 2), turn, 1.0)
            grey = cv2.warpAffine(grey, M, (aw, ah), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
            to_small = np.vstack([M, [0.0, 0.0, 1.0]]) @ to_small
        combs = _lattice_combs(grey, xs, ys, ratio, profile, scales, top)
        if combs is not None:
            break
    else:
        return []
    starts = []
    for (sx, px, ox) in combs[0]:
        for (sy, py, oy) in combs[1]:
            fx, fy = (xs[-1] - xs[0]) / ((len(xs) - 1) * px), (ys[-1] - ys[0]) / ((len(ys) - 1) * py)
            starts.append((sx + sy, np.array([[fx, 0, xs[0] - ox * fx], [0, fy, ys[0] - oy * fy], [0, 0, 1.0]])
                           @ to_small))
    return [A for _, A in sorted(starts, key=lambda c: -c[0])]


def _island_grey(answer: np.ndarray, target: np.ndarray, grey: np.ndarray) -> np.ndarray | None:
    """``grey`` (:func:`_lattice_grey` of ``answer``) with what lies outside the page's paper island
    (:func:`_paper_island`) set to the island's median grey; None when the page is no island."""
    t = _work_image(target, min(1.0, LATTICE_SIDE / max(target.shape[:2])))
    found = _paper_island(answer, grey.shape[1] / answer.shape[1], t.lighter, patterned=True)
    if found is None:
        return None
    hull = cv2.resize(found[1].astype(np.uint8), (grey.shape[1], grey.shape[0]), interpolation=cv2.INTER_NEAREST) > 0
    if not hull.any() or hull.all():
        return None
    return np.where(hull, grey, np.float32(np.median(grey[hull]))).astype(np.float32)


def _lattice_combs(grey: np.ndarray, xs: np.ndarray, ys: np.ndarray, ratio: float, profile, scales: tuple[float, float],
                   top: int) -> list[list[tuple[float, float, float]]] | None:
    """:func:`_lattice_starts_look`'s combs per axis on the page turned upright (None when an axis has none): over the
    page, then over the band of the other axis's best comb."""
    ah, aw = grey.shape
    bands = [(0, ah), (0, aw)]  # rows for the x axis' profile, columns for the y axis'
    combs: list[list[tuple[float, float, float]]] = [[], []]
    for _ in range(2):
        for axis, lines in ((0, xs), (1, ys)):
            cell = float(np.median(np.diff(lines))) * ratio
            combs[axis] = _combs(profile(grey, axis, cell, bands[axis]), len(lines) - 1, cell, scales, top)
        if not combs[0] or not combs[1]:
            return None
        (_, px, ox), (_, py, oy) = combs[0][0], combs[1][0]
        bands = [(max(0, int(oy)), min(ah, int(math.ceil(oy + (len(ys) - 1) * py)) + 1)),
                 (max(0, int(ox)), min(aw, int(math.ceil(ox + (len(xs) - 1) * px)) + 1))]
    return combs


def _lattice_fit(answer: np.ndarray, target: np.ndarray, edit_mask: np.ndarray | None, heavy: bool = True
                 ) -> Registration | None:
    """The last retry of :func:`_register_page` (and of :func:`register`'s inverted page when its fit is refused): the
    answer's own lattice, found without a fit (:func:`_lattice_starts`), is the input's. The first of its maps whose
    page draws the input's lattice line for line, ending where the input's does (:func:`_lattice_shown`: lines of
    either polarity) is the fit, ``lattice``; else the best LATTICE_TILE_STARTS maps start the tile fit
    (:func:`_tile_fit`, ``lattice+tiles``: a page of tiles, whose outermost edges are no lines). A page in the other
    polarity (a dark app) is left to :func:`register`'s inverted retry. ``quality`` is the whole ink's at the map,
    reported only: a redrawn page's clues lie elsewhere. Before the tile fit, a page that draws the input's blocks apart
    (:func:`_block_fit`, ``lattice+blocks``) and, with ``heavy``, one that draws the input's lattice within a larger
    one, found by its heavy lines (:func:`_heavy_fit`, ``lattice+heavy``: a spreadsheet; not from
    :func:`_lattice_over`, which keeps the fit it meets rather than trade it for a heavy-line fit)."""
    try:
        answer, target = _as_rgb(answer), _as_rgb(target)
        if _dark_page(answer, target):
            return None
    except ValueError:
        return None
    starts = _lattice_starts(answer, target)
    th, tw = target.shape[:2]
    paper = paper_colour(answer)
    for A in starts:
        reg = _lattice_taken(answer, target, edit_mask, A, paper)
        if reg is not None:
            return reg
    wide = [A for A in _lattice_starts(answer, target, long_lines=True)
            if not any(_max_corner_shift(A, B, tw, th) < 1.0 for B in starts)]  # (else looked at already)
    for A in wide:
        reg = _lattice_taken(answer, target, edit_mask, A, paper, beyond=True)
        if reg is not None:
            return reg
    blocks = _block_fit(answer, target, edit_mask)  # a lattice drawn as blocks set apart
    if blocks is not None:
        return blocks
    within = _heavy_fit(answer, target, edit_mask) if heavy else None  # a lattice within a larger one (a sheet)
    if within is not None:
        return within
    if starts:
        token = _TILE_FROM_LATTICE.set(True)
        try:
            tiles = _tile_fit(answer, target, edit_mask,
                              [(TILE_START, A, "lattice") for A in starts[:LATTICE_TILE_STARTS]], whole=LATTICE_WHOLE)
        finally:
            _TILE_FROM_LATTICE.reset(token)
        if tiles is not None:
            return tiles
    return _frame_step_fit(answer, target, edit_mask, [(A, False) for A in starts] + [(A, True) for A in wide], paper)


def _frame_step_fit(answer: np.ndarray, target: np.ndarray, edit_mask: np.ndarray | None,
                    starts: list[tuple[np.ndarray, bool]], paper: np.ndarray) -> Registration | None:
    """The last of :func:`_lattice_fit`: its lattice maps once more (``(map, beyond)``), an outermost line also taken as
    the edge of a row of fills right inside it (:func:`_with_frame_steps`; HELDOUT31's 15x15 pages with eleven fills
    along the top line, a faint chalk line or a gold one there, `unreadable` at 0.23-0.30). Of the maps whose page then
    draws the input's lattice (:func:`_lattice_taken` with ``frame_steps``), the one whose lines stand out most from the
    lattice a cell to either side and least a cell past its ends (per axis, :func:`_lattice_stats`' gain less its past,
    summed): with the step counted, a map a cell off whose far end lies on another line (a page's frame) passes too
    (0.79 and 0.32 there, against 1.09 and 0 a cell away)."""
    th, tw = target.shape[:2]
    drawn: list[tuple[float, int]] = []  # (score, index in starts) of the maps whose page draws the lattice
    for k, (A, _) in enumerate(starts):
        if _check_transform(A, (th, tw), answer.shape[:2]) is not None:
            continue
        stats = _lattice_stats(_warp_full(answer, A, (tw, th), cv2.INTER_LINEAR, tuple(float(v) for v in paper)),
                               target, frame_steps=True)
        if stats is not None and _lattice_drawn(stats):
            drawn.append((sum(gain - past for _, _, _, past, gain, _ in stats), k))
    if not drawn:
        return None
    A, beyond = starts[min(drawn, key=lambda d: (-d[0], d[1]))[1]]  # (the best; the first of equals)
    return _lattice_taken(answer, target, edit_mask, A, paper, beyond=beyond, frame_steps=True)


RULED_STARTS = 8  # lattice maps (:func:`_lattice_starts`, both looks, best first) a hand-ruled lattice is sought from
RULED_WIN = (0.2, 0.1)  # cells: per round, each line looked for this far from where the map so far puts it
RULED_GAPS = (0.8, 1.25)  # every cell of the lattice found this share of their median at least / at most (per axis)
RULED_NEXT = (0.9, 1.12)  # a line this share of the end cell past either end of the lattice found: it goes on
RULED_SHIFTS = 2  # cells: the input's lines are also looked for this many cells either side of where the map puts them


def _ruled_fit(answer: np.ndarray, target: np.ndarray, edit_mask: np.ndarray | None, starts: list[np.ndarray]
               ) -> Registration | None:
    """The last search of all (:func:`_keystone_last`, after the perspective fit): a lattice ruled by hand, each line
    where the hand drew it (cells a few percent uneven: no even comb lies on all its lines within LATTICE_NEAR, so no
    affine map draws the input's lattice line for line). From each of the first RULED_STARTS lattice maps ``starts``,
    every line of the input's lattice is looked for on its own (:func:`_ruled_knots`), and the page is warped by the
    separable piecewise map through the lines found (:func:`_block_maps`). Taken, as ``lattice+ruled``, when its cells
    stay within RULED_GAPS of each other and the page so registered draws the input's lattice line for line, also
    LATTICE_BEYOND cells past the input's frame (:func:`_block_taken` with :func:`_lattice_shown`: a lattice with more
    cells, or one a cell off, shows lines midway or past its ends); ``matrix`` is the affine map through the outermost
    lines, ``blocks`` the pieces (:meth:`Registration.source_points`), ``quality`` the whole ink's, reported only."""
    lattice = _lattice_full(target)
    if lattice is None:
        return None
    xs, ys = lattice
    th, tw = target.shape[:2]
    paper = paper_colour(answer)
    border = tuple(float(v) for v in paper)
    tried: list[np.ndarray] = []
    for A in starts:
        if len(tried) == RULED_STARTS:
            break
        if any(_max_corner_shift(A, B, tw, th) < 1.0 for B in tried) or _is_projective(A):
            continue
        tried.append(A)
        if _check_transform(A, (th, tw), answer.shape[:2]) is not None:
            continue
        back = np.linalg.inv(A)
        knots = _ruled_knots(answer, xs, ys, back, border)
        if knots is None:
            continue
        reg = _block_taken(answer, target, edit_mask, knots, back, border, paper, shown=_lattice_shown,
                           method="lattice+ruled")
        if reg is not None:
            return reg
    return None


def _ruled_knots(answer: np.ndarray, xs: np.ndarray, ys: np.ndarray, back: np.ndarray, border: tuple
                 ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray] | None:
    """Knots (x in, x out, y in, y out) of the separable piecewise map from the input's lattice lines ``xs``, ``ys`` to
    where the page, mapped by ``back`` (input px -> answer px), draws each one. The page is warped by ``back`` into the
    input's frame widened by RULED_SHIFTS + 1 cells; per axis, the input's lines, and the same lines shifted by up to
    RULED_SHIFTS cells (an even comb lies a cell off an uneven lattice as often as on it), are each moved to the peak
    of the page's thin contrast (:func:`_thin_profile` over the lattice's band; the upper half's centroid) within
    RULED_WIN of a cell, then RULED_WIN[1] of where that put it; of the shifts whose cells stay within RULED_GAPS of
    their median, the one whose lines stand out most (:func:`_ruled_score`) is kept. None when an axis has none."""
    pad = [(RULED_SHIFTS + 1) * float(np.median(np.diff(v))) for v in (xs, ys)]
    tw, th = math.ceil(xs[-1] + 2 * pad[0]) + 2, math.ceil(ys[-1] + 2 * pad[1]) + 2
    to_pad = np.array([[1.0, 0.0, pad[0]], [0.0, 1.0, pad[1]], [0.0, 0.0, 1.0]])
    image = _warp_full(answer, to_pad @ np.linalg.inv(back), (tw, th), cv2.INTER_LINEAR, border)
    grey = cv2.cvtColor(image, cv2.COLOR_RGB2GRAY).astype(np.float32) / 255.0
    knots = []
    for axis, lines, other, off, off_other in ((0, xs, ys, pad[0], pad[1]), (1, ys, xs, pad[1], pad[0])):
        cell = float(np.median(np.diff(lines)))
        band = (max(0, int(other[0] + off_other)), math.ceil(other[-1] + off_other) + 1)
        T = _thin_map(grey, axis, cell, band)
        P = T.mean(axis=axis).astype(np.float64)
        best: tuple[float, np.ndarray] | None = None
        for k in range(-RULED_SHIFTS, RULED_SHIFTS + 1):
            u = lines.astype(np.float64) + off + k * cell
            for reach in RULED_WIN:
                u, top = _ruled_peaks(P, u, reach * cell)
            gaps = np.diff(u)
            med = float(np.median(gaps))
            if top.min() <= 0 or med <= 0 or gaps.min() < RULED_GAPS[0] * med or gaps.max() > RULED_GAPS[1] * med:
                continue
            if _ruled_goes_on(T, P, u, top, axis):
                continue
            score = _ruled_score(P, u, top)
            if best is None or score > best[0]:
                best = (score, u - off)
        if best is None:
            return None
        knots += [lines.astype(np.float64), best[1]]
    return knots[0], knots[1], knots[2], knots[3]


def _ruled_goes_on(T: np.ndarray, P: np.ndarray, u: np.ndarray, top: np.ndarray, axis: int) -> bool:
    """Whether the page's lattice goes on past the lines ``u`` (px of the thin-contrast map ``T`` across ``axis`` and
    its profile ``P``; their peaks ``top``): a line a cell of the lattice's own past either end (anywhere within
    RULED_NEXT of the end cell: the next cell a hand rules is no even step on), its peak LATTICE_PAST of their median or
    more and drawn along its length (:func:`_runs_along`, SCALE_RUN: a row of clue digits beside the lattice is as
    strong a peak, in pieces). (A narrower window than RULED_GAPS: HELDOUT24's page edge and the rug's first band lie
    0.8-0.88 of a cell past its lattice's last line.)"""
    med = float(np.median(top))
    for end, cell in ((u[0], u[0] - u[1]), (u[-1], u[-1] - u[-2])):
        near = end + cell * np.arange(RULED_NEXT[0], RULED_NEXT[1] + 1e-9, 0.01)
        vals = _at(P, near)
        i = int(np.argmax(vals))
        if vals[i] > LATTICE_PAST * med and _runs_along(T, near[i:i + 1], abs(cell), axis)[0] >= SCALE_RUN:
            return True
    return False


def _ruled_peaks(P: np.ndarray, u: np.ndarray, reach: float) -> tuple[np.ndarray, np.ndarray]:
    """Per position in ``u``, the peak of the profile ``P`` within ``reach`` px (its upper half's centroid) and its
    height."""
    win = np.arange(-1.0, 1.0 + 1e-9, 0.025) * reach
    cand = u[:, None] + win[None, :]
    vals = _at(P, cand.ravel()).reshape(cand.shape)
    top = vals.max(axis=1)
    lift = np.clip(vals - 0.5 * top[:, None], 0.0, None)
    return (lift * cand).sum(axis=1) / np.maximum(lift.sum(axis=1), 1e-9), top


def _ruled_score(P: np.ndarray, u: np.ndarray, top: np.ndarray) -> float:
    """How plainly the lines ``u`` (px of ``P``) form a lattice of their own, as :func:`_comb_scores` scores an even
    comb: their peaks' mean and median, less the mean midway between them (a lattice with more cells) and half the
    larger peak a cell past either end (the lattice goes on: lines a cell off), that cell the end cell's own."""
    reach = RULED_WIN[1] * float(np.median(np.diff(u)))
    mids = _ruled_peaks(P, (u[:-1] + u[1:]) / 2, reach)[1]
    past = _ruled_peaks(P, np.array([2 * u[0] - u[1], 2 * u[-1] - u[-2]]), reach)[1]
    return float(0.5 * top.mean() + 0.5 * np.median(top) - mids.mean() - 0.5 * past.max())


KEYSTONE_STARTS = 8  # lattice maps (:func:`_lattice_starts`, both looks, best first) made projective at most
KEYSTONE_WIN = (0.3, 0.15, 0.08)  # cells: per round, each line looked for this far from where the map puts it
KEYSTONE_MIN = 0.3  # a line's peak in one row (column) of cells counts from this share of the median peak
KEYSTONE_RESIDUAL = 1.5  # px: a peak farther than this (and 3x the median) from the fitted lattice is left out


def _keystone_last(answer: np.ndarray, target: np.ndarray, edit_mask: np.ndarray | None, found: Registration
                   ) -> Registration:
    """``found`` (a light page's registration after every search and retry: :func:`_register_page`, then
    :func:`_refuted_retries`), or when it failed for low quality, the page seen at a slant (a phone photo of a
    monitor): its lattice is the input's in perspective, which no upright map lays line for line. The answer's lattice
    maps (:func:`_lattice_starts`, both looks, the first KEYSTONE_STARTS, each distinct one) are made projective
    (:func:`_lattice_keystone`), and the first whose page then draws the input's lattice line for line, also
    LATTICE_BEYOND cells past its frame (:func:`_lattice_taken` with ``beyond``), is the fit, ``lattice+keystone``.
    The last search but one: any fit another search finds is kept (a desk photo's page, refused as tiles, met this fit
    2.8 px off before the island retry that fits it to 0.5 px). When no map so made is taken, the page's lattice ruled
    by hand (:func:`_ruled_fit`, ``lattice+ruled``); then, last, the lattice maps of the page's paper island alone
    (:func:`_lattice_starts_look` with ``island``: its surroundings set to its paper), the first taken as ``lattice``."""
    if found.ok or not (found.reason or "").startswith("alignment quality too low"):
        return found
    try:
        answer, target = _as_rgb(answer), _as_rgb(target)
        if _dark_page(answer, target) or _lattice_full(target) is None:
            return found
    except ValueError:
        return found
    th, tw = target.shape[:2]
    paper = paper_colour(answer)
    seen: list[np.ndarray] = []
    for A in (_lattice_starts(answer, target) + _lattice_starts(answer, target, long_lines=True))[:KEYSTONE_STARTS]:
        if any(_max_corner_shift(A, B, tw, th) < 1.0 for B in seen):
            continue
        seen.append(A)
        K = _lattice_keystone(answer, target, A)
        reg = None if K is None else _lattice_taken(answer, target, edit_mask, K, paper, beyond=True)
        if reg is not None:
            reg.method += "+keystone"
            return reg
    # (thirty-fifth session) then a lattice ruled by hand, each line where it is drawn: after the perspective fit,
    # whose lines converge where a hand's run parallel (a slanted redraw's 15x15 lattice was ruled, and read in review)
    starts = _lattice_starts(answer, target) + _lattice_starts(answer, target, long_lines=True)
    ruled = _ruled_fit(answer, target, edit_mask, starts)
    if ruled is not None:
        return ruled
    # (forty-fifth session) last of all, the page as an island of paper, its surroundings out of the profiles:
    # HELDOUT37's typed 5x5 sheet on tweed, whose threads held every comb of the whole picture (a period of 1.3 cells
    # across the cloth); only where nothing else fits (a hand-ruled redraw on a desk keeps its ruled fit)
    for A in _lattice_starts_look(answer, target, island=True):
        if not any(_max_corner_shift(A, B, tw, th) < 1.0 for B in starts):
            reg = _lattice_taken(answer, target, edit_mask, A, paper)
            if reg is not None:
                return reg
    return found


def _lattice_keystone(answer: np.ndarray, target: np.ndarray, A: np.ndarray) -> np.ndarray | None:
    """The map ``A`` (answer -> input px, a :func:`_lattice_starts` map) made projective so that it lays the input's
    lattice (:func:`_lattice_full`) on the lines (or gutters) the page draws: the page warped by the map, each of the
    input's lines is looked for (:func:`_thin_map`, either polarity) within KEYSTONE_WIN of a cell of it in every row
    (column) of cells, and the homography fitted whose lines pass through those peaks (each peak a linear constraint:
    H maps it onto its line's x (y); weighted by the peak, least squares on normalised coordinates, outliers left out),
    three rounds with a narrowing window. None when too few peaks are found. The fit is no proof: the caller takes it
    only when the registered page draws the input's lattice line for line (:func:`_lattice_taken`)."""
    lattice = _lattice_full(target)
    if lattice is None:
        return None
    xs, ys = lattice
    th, tw = target.shape[:2]
    cx, cy = float(np.median(np.diff(xs))), float(np.median(np.diff(ys)))
    m = int(math.ceil(max(cx, cy)))  # the page looked at a cell past the input's frame too
    pad = np.array([[1.0, 0, m], [0, 1, m], [0, 0, 1]])
    grey = cv2.cvtColor(answer, cv2.COLOR_RGB2GRAY).astype(np.float32) / 255.0
    X, Y = xs + m, ys + m
    s = 2.0 / max(tw, th)  # the padded input frame, normalised
    Tn = np.array([[s, 0, -s * (m + tw / 2)], [0, s, -s * (m + th / 2)], [0, 0, 1.0]])
    for win in KEYSTONE_WIN:
        G = _lightness_in(grey, pad @ A, (th + 2 * m, tw + 2 * m))
        rows = []  # (axis, x, y in the warped page, the input's line, the peak)
        for axis, lines, other, cell in ((0, X, Y, cx), (1, Y, X, cy)):
            T = _thin_map(G, axis, cell, (0, G.shape[0] if axis == 0 else G.shape[1]))
            w_ = np.arange(-win, win + 1e-9, 0.01) * cell
            for lo, hi in zip(other[:-1], other[1:]):
                # a row of cells, less its edges (the crossing lines)
                a0, a1 = int(math.ceil(lo + 0.15 * (hi - lo))), int(hi - 0.15 * (hi - lo))
                if a1 <= a0:
                    continue
                P = (T[a0:a1].mean(axis=0) if axis == 0 else T[:, a0:a1].mean(axis=1)).astype(np.float64)
                cand = lines[:, None] + w_[None, :]
                vals = _at(P, cand.ravel()).reshape(cand.shape)
                top = vals.max(axis=1, keepdims=True)
                lift = np.clip(vals - 0.5 * top, 0.0, None)  # the peak's upper half: its middle
                peak = (lift * cand).sum(axis=1) / np.maximum(lift.sum(axis=1), 1e-9)
                mid = 0.5 * (lo + hi)
                for u, pk, t in zip(lines, peak, top[:, 0]):
                    rows.append((axis, pk, mid, u, t) if axis == 0 else (axis, mid, pk, u, t))
        R_ = np.asarray(rows, np.float64)
        if len(R_) < 16:
            return None
        R_ = R_[R_[:, 4] >= KEYSTONE_MIN * float(np.median(R_[:, 4]))]
        vx = R_[:, 0] == 0
        if vx.sum() < 8 or (~vx).sum() < 8:
            return None
        pts = R_[:, 1:3]
        c = pts.mean(axis=0)
        k = math.sqrt(2) / max(1e-6, float(np.sqrt(((pts - c) ** 2).sum(axis=1)).mean()))
        N = np.array([[k, 0, -k * c[0]], [0, k, -k * c[1]], [0, 0, 1.0]])
        ph = (N @ np.c_[pts, np.ones(len(pts))].T).T
        val = np.where(vx, s * R_[:, 3] - s * (m + tw / 2), s * R_[:, 3] - s * (m + th / 2))
        E = np.zeros((len(R_), 9))
        E[vx, 0:3], E[~vx, 3:6] = ph[vx], ph[~vx]
        E[:, 6:9] = -val[:, None] * ph
        E *= np.sqrt(np.clip(R_[:, 4], 1e-6, None))[:, None]
        keep = np.ones(len(R_), bool)
        for _ in range(3):
            if keep.sum() < 9:
                return None
            Hn = np.linalg.svd(E[keep], full_matrices=False)[2][-1].reshape(3, 3)  # (no N x N left factor)
            q = Hn @ ph.T
            if np.any(np.abs(q[2]) < 1e-9):
                return None
            res = np.abs(np.where(vx, q[0] / q[2], q[1] / q[2]) - val) / s
            keep = res <= max(KEYSTONE_RESIDUAL, 3 * float(np.median(res[keep])))
        H = np.linalg.inv(Tn) @ Hn @ N
        if abs(H[2, 2]) < 1e-12:
            return None
        A = np.linalg.inv(pad) @ (H / H[2, 2]) @ pad @ A
    return A


def _lattice_over(found: Registration, answer: np.ndarray, target: np.ndarray, edit_mask: np.ndarray | None
                  ) -> Registration:
    """``found`` (a fit :func:`_register_page`'s searches took), or the answer's own lattice (:func:`_lattice_fit`,
    ``lattice``) when ``found`` scores under LATTICE_OVER_QUALITY, the input has a lattice, the page ``found``
    registers does not draw it (:func:`_lattice_shown`) and the lattice fit lies at least LATTICE_OVER_CELLS of a cell
    from ``found`` (a fit so far off put clue strips or a slide's bullets where the input has its grid: HELDOUT19's
    dashed redraw on a slide fitted 100-230 px off at 0.72-0.85, its lattice drawn plainly 1-2 px from the
    ``lattice`` fit). A fit that draws the input's lattice, or lies on the lattice fit, is kept as it is; so is one the
    lattice fit scores more than LATTICE_OVER_DROP under (HELDOUT17's laptop photo and HELDOUT16's whiteboard: fits at
    0.83-0.84 met lattice fits a cell or more off at 0.63). A block fit (``lattice+blocks``, :func:`_block_fit`: the
    page draws the input's blocks apart) replaces such a fit wherever it lies: no affine map lays
    the input's lattice on blocks set apart (HELDOUT20's split-block 10x10 pages: ``features+local`` at 0.73, its
    corners within half a cell of the blocks' and its inner lines half a gap off). It too must score no more than
    LATTICE_OVER_DROP under the fit it replaces (a spreadsheet's 15x15 pages: right fits at 0.85 met block fits on the
    sheet's cells at 0.45-0.51)."""
    if not found.ok or found.image is None or found.quality >= LATTICE_OVER_QUALITY or "lattice" in found.method:
        return found
    try:
        lattice = _lattice_full(_as_rgb(target))
        if lattice is None or _lattice_shown(found.image, target):
            return found
    except ValueError:
        return found
    own = _lattice_fit(answer, target, edit_mask, heavy=False)
    if (own is None or not own.ok or own.method not in ("lattice", "lattice+blocks")
            or own.quality < found.quality - LATTICE_OVER_DROP):
        return found
    cell = min(float(np.median(np.diff(lattice[0]))), float(np.median(np.diff(lattice[1]))))
    th, tw = target.shape[:2]
    corners = np.array([[lattice[0][0], lattice[1][0], 1.0], [lattice[0][-1], lattice[1][0], 1.0],
                        [lattice[0][0], lattice[1][-1], 1.0], [lattice[0][-1], lattice[1][-1], 1.0]]).T
    off = float(np.abs(_apply_h(np.linalg.inv(own.matrix) @ corners) - _apply_h(np.linalg.inv(found.matrix) @ corners)
                       ).max()) * max(abs(own.matrix[0, 0]), abs(own.matrix[1, 1]))
    if off < LATTICE_OVER_CELLS * cell and own.method == "lattice":  # (blocks apart: no affine map lies on them)
        return found
    own.method += "+over"
    return own


def _apply_h(P: np.ndarray) -> np.ndarray:
    """Homogeneous 3xN points to 2xN."""
    return P[:2] / P[2:3]


def _lattice_taken(answer: np.ndarray, target: np.ndarray, edit_mask: np.ndarray | None, A: np.ndarray,
                   paper: np.ndarray, beyond: bool = False, frame_steps: bool = False) -> Registration | None:
    """The registration ``lattice`` at the map ``A`` (answer -> input px) when it is plausible (:func:`_check_transform`)
    and the registered page draws the input's lattice line for line (:func:`_lattice_shown`; with ``frame_steps`` an
    outermost line also as the edge of a row of fills inside it: :func:`_lattice_fit`'s maps, the combs' own, found on
    the page's lines, not a perspective fit's); else None. ``beyond``
    (the second look's maps): the page is also looked at LATTICE_BEYOND cells past the input's frame on every side
    (the input padded with its paper), so a lattice that goes on past a frame near the input's edge shows its next
    line there: a 10x10 page's top-left 5x5 block over a 5x5 input, its frame at the input's right edge, read "a cell
    past" as 0 inside the frame and was taken."""
    th, tw = target.shape[:2]
    if _check_transform(A, (th, tw), answer.shape[:2]) is not None:
        return None
    image = _warp_full(answer, A, (tw, th), cv2.INTER_LINEAR, tuple(float(v) for v in paper))
    if not _lattice_shown(image, target, frame_steps):
        return None
    if beyond:
        lattice = _lattice_full(target)
        if lattice is None:
            return None
        pad = int(math.ceil(LATTICE_BEYOND * max(float(np.median(np.diff(lattice[0]))),
                                                 float(np.median(np.diff(lattice[1]))))))
        shift = np.array([[1.0, 0.0, pad], [0.0, 1.0, pad], [0.0, 0.0, 1.0]])
        wide = _warp_full(answer, shift @ A, (tw + 2 * pad, th + 2 * pad), cv2.INTER_LINEAR,
                          tuple(float(v) for v in paper))
        framed = cv2.copyMakeBorder(target, pad, pad, pad, pad, cv2.BORDER_CONSTANT,
                                    value=tuple(float(v) for v in paper_colour(target)))
        if not _lattice_shown(wide, framed, frame_steps):
            return None
    valid = _warp_full(np.ones(answer.shape[:2], np.uint8), A, (tw, th), cv2.INTER_NEAREST, 0) > 0
    q = _registered_quality(image, target, edit_mask)
    if not valid.all():
        image[~valid] = white_balance_inverse(target, paper)[~valid]
    return Registration(True, image, A, "lattice", q, None, None, valid)


def _registered_quality(image: np.ndarray, target: np.ndarray, edit_mask: np.ndarray | None) -> float:
    """:func:`_quality` of a registered page (``image``, in the input's frame) at the identity, outside the edit
    mask."""
    th, tw = target.shape[:2]
    t = _work_image(target, min(1.0, WORK_SIDE / max(th, tw)))
    a = _work_image(image, t.ink.shape[1] / tw, achromatic_ink=t.chromatic < 0.1, lighter=t.lighter)
    keep = None
    if edit_mask is not None:
        small = _downscale((~np.asarray(edit_mask).astype(bool)).astype(np.uint8) * 255, t.ink.shape[1],
                           t.ink.shape[0])[0]
        keep = cv2.erode((small >= 128).astype(np.uint8), np.ones((3, 3), np.uint8))
        keep = keep if keep.mean() >= 0.05 else None
    return _quality(t, a, a.to_work @ np.linalg.inv(t.to_work), keep)[0]


def _lattice_shown(image: np.ndarray, target: np.ndarray, frame_steps: bool = False) -> bool:
    """Whether a registered page (``image``, in the input's frame) draws the input's lattice (:func:`_lattice_full`)
    line for line (:func:`_lattice_stats`, each axis): the median line's contrast at least LATTICE_LINE, every line at
    least LATTICE_EACH of it, midway between lines at most LATTICE_MID of it (a lattice with more cells), a cell past
    the outermost lines at most LATTICE_PAST (a fit a cell off shows a line there), and the lines LATTICE_GAIN of it
    stronger than the lattice's a cell to either side, every line drawn along its length (LATTICE_RUN). With
    ``frame_steps``, an outermost line may be the edge of the fills along it (:func:`_with_frame_steps`)."""
    stats = _lattice_stats(image, target, frame_steps)
    return stats is not None and _lattice_drawn(stats)


def _lattice_drawn(stats: list[tuple[float, float, float, float, float, float]]) -> bool:
    """:func:`_lattice_shown`'s test of :func:`_lattice_stats`' figures."""
    return all(med >= LATTICE_LINE and each >= LATTICE_EACH and mid <= LATTICE_MID and past <= LATTICE_PAST
               and gain >= LATTICE_GAIN and run >= LATTICE_RUN for med, each, mid, past, gain, run in stats)


def _lattice_grey(answer: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The answer's grey (0-1) as the lattice searches look at it -- a large page LATTICE_SIDE px long (its lines stay
    a px wide or more) -- and the map from the answer's px to it."""
    grey = cv2.cvtColor(answer, cv2.COLOR_RGB2GRAY).astype(np.float32) / 255.0
    f = min(1.0, LATTICE_SIDE / max(grey.shape))
    to_small = np.eye(3)
    if f < 1.0:
        small = (max(1, round(grey.shape[1] * f)), max(1, round(grey.shape[0] * f)))
        fx_, fy_ = small[0] / grey.shape[1], small[1] / grey.shape[0]
        grey = cv2.resize(grey, small, interpolation=cv2.INTER_AREA)
        to_small = np.array([[fx_, 0, 0.5 * fx_ - 0.5], [0, fy_, 0.5 * fy_ - 0.5], [0, 0, 1.0]])
    return grey, to_small


def _lattice_stats(image: np.ndarray, target: np.ndarray, frame_steps: bool = False
                   ) -> list[tuple[float, float, float, float, float, float]] | None:
    """Per axis of the input's lattice (x, y): how the registered page shows its lines along the lattice
    (:func:`_thin_profile`, less its lower quartile over the lattice: a fill's texture, marks spread over the page),
    each line as the profile's peak within LATTICE_NEAR of a cell: (the median line, and as shares of it the weakest
    line, the median midway between two lines, the stronger a cell past either outermost line, the lines' sum less the
    larger sum of the lattice a cell to either side; and the weakest line's median along its length in units of
    LATTICE_SATURATE); None without a lattice. ``frame_steps``: as :func:`_with_frame_steps` raises the outermost
    lines."""
    lattice = _lattice_full(_as_rgb(target))
    if lattice is None:
        return None
    xs, ys = lattice
    grey = cv2.cvtColor(_as_rgb(image), cv2.COLOR_RGB2GRAY).astype(np.float32) / 255.0
    h, w = grey.shape
    out = []
    for axis, lines, other in ((0, xs, ys), (1, ys, xs)):
        cell = float(np.median(np.diff(lines)))
        band = (max(0, int(other[0])), min(h if axis == 0 else w, int(math.ceil(other[-1])) + 1))
        T = _thin_map(grey, axis, cell, band)
        if frame_steps:
            T = _with_frame_steps(T, grey, axis, cell, band, lines)
        P = T.mean(axis=axis).astype(np.float64)
        # each line drawn along its length (a column of digits' strokes, one per cell: 0; a line or a gutter: 0.5-1)
        run = float(_runs_along(T, lines, cell, axis).min())
        span = P[max(0, int(lines[0])):int(math.ceil(lines[-1])) + 1]
        P = P - (float(np.percentile(span, 25)) if span.size else 0.0)
        win = np.arange(-LATTICE_NEAR, LATTICE_NEAR + 1e-9, 0.01) * cell
        peak = lambda u: float(_at(P, u + win).max())
        on = np.array([peak(u) for u in lines])
        med = float(np.median(on))
        if med <= 0:
            out.append((med, 0.0, math.inf, math.inf, 0.0, run))
            continue
        mid = float(np.median([peak(u) for u in (lines[:-1] + lines[1:]) / 2]))
        past = max(peak(lines[0] - cell), peak(lines[-1] + cell))
        shifted = max(sum(peak(u) for u in lines + k * cell) for k in (-1, 1))
        out.append((med, float(on.min()) / med, mid / med, past / med, (float(on.sum()) - shifted) / med, run))
    return out


def _with_frame_steps(T: np.ndarray, grey: np.ndarray, axis: int, cell: float, band: tuple[int, int],
                      lines: np.ndarray) -> np.ndarray:
    """``T`` (:func:`_thin_map` of ``grey`` over ``band``) where the lattice's outermost lines of ``axis`` run, raised to
    the step from the page outside the lattice down to darker ink inside it (LATTICE_THIN of a cell either side, at most
    LATTICE_SATURATE), where the px itself is LATTICE_FRAME_STEP of that step darker than the page outside: a frame line
    with a row of fills right inside it is their edge, no thin line (HELDOUT31's 15x15 pages, eleven fills along the top
    line: that line at 0.27 of the median line, drawn along 0.04 of its length). Only the outermost lines: a step there
    says where the lattice ends, as the line would (the checks a cell past them and midway between lines still apply);
    a tile page's outer edge so counts as its frame line."""
    d = max(1, round(LATTICE_THIN * cell))
    near = max(1, round(LATTICE_NEAR * cell))
    G = grey[band[0]:band[1]] if axis == 0 else grey[:, band[0]:band[1]].T  # (lines run down the columns)
    n = G.shape[1]
    out = T.copy() if axis == 0 else T.T.copy()
    for u, inward in ((lines[0], 1), (lines[-1], -1)):
        for i in range(max(d, round(u) - near), min(n - d, round(u) + near + 1)):
            outside, inside = G[:, i - inward * d], G[:, i + inward * d]
            step = outside - inside
            drawn = outside - G[:, i] >= LATTICE_FRAME_STEP * step
            out[:, i] = np.maximum(out[:, i], np.where(drawn, np.clip(step, 0.0, LATTICE_SATURATE), 0.0))
    return out if axis == 0 else out.T


def _line_runs(image: np.ndarray, target: np.ndarray) -> list[np.ndarray] | None:
    """Per axis of the input's lattice (x, y), how far each of its lines is drawn along its length on a registered page
    (``image``, in the input's frame): the median over the lattice's band of the page's strongest thin contrast
    (:func:`_thin_map`) within LATTICE_NEAR of a cell of the line, in units of LATTICE_SATURATE (a line or a gutter:
    0.5-1; a fill's groove or a mark's stroke in some cells along it: ~0); None without a lattice."""
    lattice = _lattice_full(_as_rgb(target))
    if lattice is None:
        return None
    xs, ys = lattice
    grey = cv2.cvtColor(_as_rgb(image), cv2.COLOR_RGB2GRAY).astype(np.float32) / 255.0
    h, w = grey.shape
    out = []
    for axis, lines, other in ((0, xs, ys), (1, ys, xs)):
        cell = float(np.median(np.diff(lines)))
        band = (max(0, int(other[0])), min(h if axis == 0 else w, int(math.ceil(other[-1])) + 1))
        out.append(_runs_along(_thin_map(grey, axis, cell, band), lines, cell, axis))
    return out


def _runs_along(T: np.ndarray, lines: np.ndarray, cell: float, axis: int) -> np.ndarray:
    """Per line of one axis, how far it is drawn along its length on a thin-contrast map ``T``
    (:func:`_thin_map`): its strongest pixel within LATTICE_NEAR of a cell of it, per row (column) of the band, at its
    median, in units of LATTICE_SATURATE; 0 for a line off the map."""
    near = max(1, int(round(LATTICE_NEAR * cell)))
    runs = []
    for u in lines:
        i = int(round(u))
        if not 0 <= i < T.shape[1 - axis]:
            runs.append(0.0)
            continue
        S = T[:, max(0, i - near):i + near + 1] if axis == 0 else T[max(0, i - near):i + near + 1]
        runs.append(float(np.median(S.max(axis=1 - axis))) / LATTICE_SATURATE)
    return np.asarray(runs)


SCALE_RUN = 0.5  # a line drawn along its length runs at least this (:func:`_line_runs`; the sheet's lines: 1.0)
SCALE_RUN_BARE = 0.2  # ... and one the page does not draw at most this (a chocolate fill's grooves: 0-0.16)
SCALE_SMALL = 2 / 3  # a fit placing the input at most this share of the page : input size ratio (either axis) is checked


def _twice_scale(answer: np.ndarray, target: np.ndarray, reg: Registration) -> bool:
    """Whether a fit placed the input's lattice at twice the page's: it places the input at SCALE_SMALL of the page :
    input size ratio or less (either axis: the puzzle found small within the page), and on an axis of the registered
    page two or more of the input's lines are not drawn along their length (:func:`_line_runs` at most SCALE_RUN_BARE),
    all of one parity (every other line), while the lines of the other parity are (their median at least SCALE_RUN):
    the page's lattice has twice the input's cells there, half the input's lines on something inside its cells (a
    spreadsheet page's chocolate fills with a groove across their middle, located at 1.95x and 2.5x at 0.90). A fit of
    the right scale leaves no lines bare, or bare ones of both parities (lines hidden between fills). A share of an axis's
    lines bare, whatever their parity, is no sign (the lead, twenty-second session): fills hide the lines between them
    on a right fit (HELDOUT17's laptop 5x5 page, half its rows), and a video page's first fits that the page-island retry
    would have bettered (0.82 -> 0.93) were refused, leaving the page unreadable (test_registration_pages15); the
    spreadsheet's 2.6x fit (7 of 11 columns bare) is so taken again."""
    if not reg.ok or reg.image is None or reg.matrix is None or "lattice" in reg.method:
        return False
    th, tw = target.shape[:2]
    ah, aw = answer.shape[:2]
    B = np.linalg.inv(reg.matrix)  # input -> answer
    if _is_projective(B):
        return False
    per_x, per_y = float(np.hypot(B[0, 0], B[1, 0])), float(np.hypot(B[0, 1], B[1, 1]))  # answer px per input px
    if per_x > SCALE_SMALL * aw / tw and per_y > SCALE_SMALL * ah / th:
        return False
    runs = _line_runs(reg.image, target)
    if runs is None:
        return False
    for r in runs:
        bare = np.flatnonzero(r <= SCALE_RUN_BARE)
        if len(bare) < 2 or len(set(bare % 2)) != 1:
            continue
        other = r[1 - bare[0] % 2::2]
        if float(np.median(other)) >= SCALE_RUN:
            return True
    return False


def _beats_shifts(G3: tuple[np.ndarray, np.ndarray, np.ndarray], fitted: np.ndarray, step: float) -> bool:
    """Whether the lattice ``fitted`` (px on the ridge profiles G3 of :func:`_fit_gutters`) lies on gutters clearly
    better than the same lattice a cell (``step``) to either side: its outermost lines against the tile inside (G3[1],
    G3[2]), its inner ones on both sides (G3[0]), each at its peak near the line, summed, LATTICE_SHIFT_GAIN more.
    A lattice a cell off has an inner gutter for its outermost line and puts one line on whatever lies past the
    lattice; the right one has the tiles' outer edges there."""
    G, G_first, G_last = G3
    win = np.arange(-0.5, 0.5 + 1e-9, 0.05) * TILE_RIDGE * step

    def score(f: np.ndarray) -> float:
        return (float(_at(G_first, f[0] + win).max()) + float(_at(G_last, f[-1] + win).max())
                + sum(float(_at(G, u + win).max()) for u in f[1:-1]))

    here = score(fitted)
    return all(here >= score(fitted + k * step) + LATTICE_SHIFT_GAIN for k in (-1, 1))


# ------------------------------------------------------------------ a lattice drawn as blocks apart (gaps between them)

BLOCK_CELLS = 5  # a nonogram's lattice is drawn in blocks of this many cells (its heavy lines)
BLOCK_GAPS = (0.1, 0.8)  # cells: the gap a page may leave between its blocks (HELDOUT20's split blocks: 0.3-0.4)
BLOCK_GAP_STEP = 0.04  # cells: the gaps searched this far apart (coarse), then refined
BLOCK_TOP = 3  # distinct block combs per axis kept; their pairs are the maps tried (the right one 3rd: a block of fills)


def _block_teeth(n: int, p: float, g: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The teeth (offsets from the first line, px) of a lattice of ``n`` cells ``p`` apart drawn in blocks of
    BLOCK_CELLS with gaps ``g`` between them: each block's lines, a line between two blocks twice (the end of one block,
    the start of the next); and per input line its tooth as the end of the block before it and as the start of the
    block after it (the same tooth for a line inside a block)."""
    k = np.arange(n + 1)
    b_start = np.minimum(k // BLOCK_CELLS, max(0, (n - 1) // BLOCK_CELLS))
    b_end = np.maximum(0, (k - 1) // BLOCK_CELLS)
    start = k * p + b_start * g
    end = k * p + b_end * g
    teeth = np.unique(np.concatenate([start, end]))
    return teeth, end, start


def _block_comb_scores(P: np.ndarray, n: int, p: float, runs: list[tuple[float, np.ndarray]]) -> list[np.ndarray]:
    """:func:`_comb_scores` for a lattice of ``n`` cells ``p`` apart drawn in blocks apart (:func:`_block_teeth`), for
    each (gap, offsets) of ``runs``: per offset the teeth's mean and median, less the mean midway between the lines
    within each block and half the larger tooth a cell past either end. The runs whose combs have as many teeth are
    scored in one pass, each row as it would be alone (the coarse search scores thousands of small runs a page, and the
    calls, not the arithmetic, were most of their cost)."""
    out: list[np.ndarray | None] = [None] * len(runs)
    groups: dict[int, list[int]] = {}
    parts = []
    for j, (g, _) in enumerate(runs):
        teeth, end, start = _block_teeth(n, p, g)
        parts.append((teeth, 0.5 * (start[:-1] + end[1:])))
        groups.setdefault(len(teeth), []).append(j)
    for idx in groups.values():
        at = _at(P, np.concatenate([runs[j][1][:, None] + parts[j][0][None] for j in idx]))
        mid = _at(P, np.concatenate([runs[j][1][:, None] + parts[j][1][None] for j in idx]))
        past = _at(P, np.concatenate([np.stack([runs[j][1] - p, runs[j][1] + parts[j][0][-1] + p], 1) for j in idx]))
        s = 0.5 * at.mean(1) + 0.5 * np.median(at, 1) - mid.mean(1) - 0.5 * past.max(1)
        for j, piece in zip(idx, np.split(s, np.cumsum([len(runs[j][1]) for j in idx])[:-1])):
            out[j] = piece
    return out


def _block_combs(P: np.ndarray, n: int, cell: float, scales: tuple[float, float] = LATTICE_SCALES,
                 top: int = BLOCK_TOP) -> list[tuple[float, float, float, float]]:
    """The ``top`` best distinct block combs (score, period, gap, offset; px of ``P``) of a lattice of ``n`` cells
    drawn in blocks apart (:func:`_block_comb_scores`, P in units of its 99th percentile), the period within ``scales``
    of ``cell`` and the gap within BLOCK_GAPS of a cell: searched on P resampled to LATTICE_COARSE_PX a cell, then
    refined at full resolution (period, gap and offset fitted to the teeth's peaks)."""
    # a line a px wide is a peak a px wide: widened to 3 px, so a comb a fraction of a px off still meets it
    P = cv2.dilate(P.astype(np.float32)[None], np.ones((1, 3), np.uint8))[0].astype(np.float64)
    P = P / max(1e-6, float(np.percentile(P, 99)))
    f = min(1.0, LATTICE_COARSE_PX / cell)
    m = max(8, int(round(len(P) * f)))
    f = m / len(P)
    Pc = cv2.resize(P.astype(np.float32)[None], (m, 1), interpolation=cv2.INTER_AREA)[0].astype(np.float64)
    nb = (n - 1) // BLOCK_CELLS  # gaps
    coarse = []
    for p in cell * f * np.exp(np.arange(math.log(scales[0]), math.log(scales[1]), 0.01)):
        gaps = [gr * p for gr in np.arange(BLOCK_GAPS[0], BLOCK_GAPS[1] + 1e-9, BLOCK_GAP_STEP)]
        offsets = [np.arange(-0.5, m - n * p - nb * g, 0.5) for g in gaps]
        kept = [(g, oo) for g, oo in zip(gaps, offsets) if len(oo)]
        for (g, oo), s in zip(kept, _block_comb_scores(Pc, n, p, kept)):
            i = int(np.argmax(s))
            coarse.append((float(s[i]), p / f, g / f, (oo[i] + 0.5) / f - 0.5))
    coarse.sort(reverse=True)
    picked: list[tuple[float, float, float, float]] = []
    for c in coarse:
        if all(abs(c[3] - q[3]) > 0.3 * cell or abs(math.log(c[1] / q[1])) > 0.03 for q in picked):
            picked.append(c)
        if len(picked) == 2 * top:
            break
    refined: list[tuple[float, float, float, float]] = []
    for _, p0, g0, o0 in picked:
        best = (-1e9, p0, g0, o0)
        oo = np.arange(o0 - 1.0 / f, o0 + 1.0 / f, 0.5)
        for p in p0 * np.exp(np.arange(-0.012, 0.0121, 0.003)):
            gaps = g0 + np.arange(-BLOCK_GAP_STEP, BLOCK_GAP_STEP + 1e-9, BLOCK_GAP_STEP / 4) * p0
            for g, s in zip(gaps, _block_comb_scores(P, n, p, [(g, oo) for g in gaps])):
                i = int(np.argmax(s))
                if s[i] > best[0]:
                    best = (float(s[i]), float(p), float(g), float(oo[i]))
        refined.append(best)
    out = _distinct_combs([c[:1] + _block_lines(P, n, *c[1:]) for c in refined if c[0] >= LATTICE_MIN_SCORE], cell)
    out.sort(reverse=True)
    return out[:top]


def _distinct_combs(refined: list[tuple[float, float, float, float]], cell: float
                    ) -> list[tuple[float, float, float, float]]:
    """The block combs (score, period, gap, offset) refined at full resolution and fitted to their teeth's peaks
    (:func:`_block_lines`), from LATTICE_MIN_SCORE, best score first, each kept unless one kept already lies within 0.3 ``cell`` of its offset with a gap within BLOCK_GAP_STEP of
    a cell of its own (the same comb): combs at nearly one offset with other gaps are other combs, each kept for the
    pairs :func:`_block_fit` tries (HELDOUT20's split 15x15 in an app frame: a coarse pick with a third of the page's
    gap and a 3 % wider cell, refined 2 px from the right comb, had shut it out as the same comb, and the page was
    `unreadable`; a split 10x10's right comb scores 0.51 at full resolution, one with half its gap 13 px off 0.53)."""
    out: list[tuple[float, float, float, float]] = []
    for c in sorted(refined, key=lambda c: -c[0]):
        if c[0] >= LATTICE_MIN_SCORE and all(abs(c[3] - q[3]) > 0.3 * cell
                                             or abs(c[2] - q[2]) > BLOCK_GAP_STEP * cell for q in out):
            out.append(c)
    return out


def _block_lines(P: np.ndarray, n: int, p: float, g: float, o: float) -> tuple[float, float, float]:
    """(period, gap, offset) of the block comb fitted to its teeth's peaks on P (as :func:`_comb_lines`: each tooth's
    upper half's centroid within 3 LATTICE_NEAR of a cell and under half the gap, least squares weighted by the peak's
    height, three times)."""
    k = np.arange(n + 1)
    nb = max(0, (n - 1) // BLOCK_CELLS)
    cols = []  # each tooth as (lines before it, gaps before it)
    for kk in k:
        b_end, b_start = max(0, (kk - 1) // BLOCK_CELLS), min(kk // BLOCK_CELLS, nb)
        cols.append((kk, b_end))
        if b_start != b_end:
            cols.append((kk, b_start))
    C = np.asarray(cols, dtype=np.float64)
    for _ in range(3):
        # a tooth's window stops short of its twin across a gap (the end of one block, the start of the next)
        win = np.arange(-1.0, 1.0 + 1e-9, 0.02) * min(3 * LATTICE_NEAR * p, 0.45 * max(g, 1.0))
        cand = (o + C[:, 0] * p + C[:, 1] * g)[:, None] + win[None, :]
        vals = _at(P, cand.ravel()).reshape(cand.shape)
        top = vals.max(axis=1)
        lift = np.clip(vals - 0.5 * top[:, None], 0.0, None)
        peak = (lift * cand).sum(axis=1) / np.maximum(lift.sum(axis=1), 1e-9)
        wgt = np.sqrt(np.clip(top, 1e-6, None))
        X = np.stack([C[:, 0], C[:, 1], np.ones(len(C))], axis=1) * wgt[:, None]
        p, g, o = (float(v) for v in np.linalg.lstsq(X, peak * wgt, rcond=None)[0])
    return p, g, o


def _block_knots(lines: np.ndarray, p: float, g: float, o: float) -> tuple[np.ndarray, np.ndarray]:
    """Knots of the piecewise linear map input px -> answer px along one axis for the block comb (p, g, o): each input
    line twice (its tooth as the end of the block before it, then as the start of the block after it), so a map of
    those knots jumps over the gaps; past the outermost lines the outermost blocks' scale goes on."""
    n = len(lines) - 1
    _, end, start = _block_teeth(n, p, g)
    xin = np.repeat(lines.astype(np.float64), 2)
    xin[1::2] += 1e-6 * (np.arange(n + 1) > 0)  # the start's knot a hair after the end's: the map jumps there
    xin[0::2] -= 1e-6 * (np.arange(n + 1) < n)
    xan = np.empty(2 * (n + 1))
    xan[0::2], xan[1::2] = o + end, o + start
    return xin, xan


def _piecewise(x: np.ndarray, xin: np.ndarray, xan: np.ndarray) -> np.ndarray:
    """The piecewise linear map of knots (xin -> xan) at ``x``, extended past either end with its end pieces' slope."""
    y = np.interp(x, xin, xan)
    lo_k = (xan[2] - xan[1]) / max(1e-9, xin[2] - xin[1])
    hi_k = (xan[-2] - xan[-3]) / max(1e-9, xin[-2] - xin[-3])
    y = np.where(x < xin[0], xan[0] + (x - xin[0]) * lo_k, y)
    return np.where(x > xin[-1], xan[-1] + (x - xin[-1]) * hi_k, y)


def _block_fit(answer: np.ndarray, target: np.ndarray, edit_mask: np.ndarray | None) -> Registration | None:
    """A page that draws the input's lattice as blocks of BLOCK_CELLS cells set apart, white gaps between them (a model's
    "split blocks" redraw, in its own proportions), when every other fit failed: per axis the comb of the input's lines
    drawn in blocks a gap apart (:func:`_block_combs` on :func:`_thin_profile` of the page turned upright, then over the
    band of the other axis's best comb), each pair of combs (best first) taken as a separable piecewise linear map that
    jumps over the gaps (:func:`_block_knots`; the clue strips beside the lattice follow its outermost blocks' scale),
    when the page warped by it draws the input's lattice line for line and ends where the input's does
    (:func:`_blocks_shown`, also LATTICE_BEYOND cells past the input's frame: a lattice with more blocks or more cells
    shows lines past the frame or midway), and at least one axis has gaps of BLOCK_GAPS (a plain lattice is the plain
    lattice fit's). Method ``lattice+blocks``; ``matrix`` is the affine map through the lattice's outermost
    lines (``blocks`` holds the pieces for :meth:`Registration.source_points`); ``quality`` the whole ink's, reported
    only."""
    try:
        answer, target = _as_rgb(answer), _as_rgb(target)
        if _dark_page(answer, target):
            return None
    except ValueError:
        return None
    lattice = _lattice_full(target)
    if lattice is None:
        return None
    xs, ys = lattice
    if len(xs) - 1 <= BLOCK_CELLS and len(ys) - 1 <= BLOCK_CELLS:
        return None  # one block: the plain lattice fit's
    th, tw = target.shape[:2]
    grey, to_small = _lattice_grey(answer)
    ah, aw = grey.shape
    ratio = math.sqrt(ah * aw / (th * tw))
    turn = _lattice_turn(grey)
    # the page as it is, and turned upright when it hangs crooked: the turn whose best combs score higher (a hatched
    # fill's slanted strokes can tip the measured turn of an upright page by a tenth of a degree: 2 px across it)
    looks = []
    for t_ in ((0.0, turn) if turn else (0.0,)):
        g_, to_ = grey, to_small
        if t_:
            M = cv2.getRotationMatrix2D(((aw - 1) / 2, (ah - 1) / 2), t_, 1.0)
            g_ = cv2.warpAffine(grey, M, (aw, ah), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
            to_ = np.vstack([M, [0.0, 0.0, 1.0]]) @ to_small
        combs = _block_look(g_, xs, ys, ratio)
        if combs is not None:
            looks.append((combs[0][0][0] + combs[1][0][0], combs, to_))
    if not looks:
        return None
    _, combs, to_small = max(looks, key=lambda c: c[0])
    paper = paper_colour(answer)
    border = tuple(float(v) for v in paper)
    back = np.linalg.inv(to_small)  # small (upright) px -> answer px
    pairs = sorted(((cx[0] + cy[0], cx, cy) for cx in combs[0] for cy in combs[1]), key=lambda c: -c[0])
    for _, (_, px, gx, ox), (_, py, gy, oy) in pairs:
        if gx < BLOCK_GAPS[0] * px and gy < BLOCK_GAPS[0] * py:
            continue  # no gaps: the plain lattice fit's
        knots = (*_block_knots(xs, px, gx, ox), *_block_knots(ys, py, gy, oy))
        reg = _block_taken(answer, target, edit_mask, knots, back, border, paper)
        if reg is not None:
            return reg
    return None


def _block_look(grey: np.ndarray, xs: np.ndarray, ys: np.ndarray, ratio: float
                ) -> list[list[tuple[float, float, float, float]]] | None:
    """The block combs (:func:`_block_combs`) of both axes of the upright page ``grey``: on :func:`_long_profile` over
    the page, then over the band of the other axis's best comb; None when an axis has none."""
    ah, aw = grey.shape
    bands = [(0, ah), (0, aw)]
    combs: list[list[tuple[float, float, float, float]]] = [[], []]
    profiles: list[np.ndarray] = [np.zeros(0), np.zeros(0)]
    for _ in range(2):
        for axis, lines in ((0, xs), (1, ys)):
            cell = float(np.median(np.diff(lines))) * ratio
            profiles[axis] = _long_profile(grey, axis, cell, bands[axis])
            combs[axis] = [c for c in _block_combs(profiles[axis], len(lines) - 1, cell)
                           if not _blocks_go_on(profiles[axis], len(lines) - 1, *c[1:])]
        if not combs[0] or not combs[1]:
            return None
        (_, px, gx, ox), (_, py, gy, oy) = combs[0][0], combs[1][0]
        nbx, nby = (len(xs) - 2) // BLOCK_CELLS, (len(ys) - 2) // BLOCK_CELLS
        bands = [(max(0, int(oy)), min(ah, int(math.ceil(oy + (len(ys) - 1) * py + nby * gy)) + 1)),
                 (max(0, int(ox)), min(aw, int(math.ceil(ox + (len(xs) - 1) * px + nbx * gx)) + 1))]
    return combs


def _blocks_shown(image: np.ndarray, target: np.ndarray) -> bool:
    """:func:`_lattice_shown` for a page of blocks apart, but for its check that every line is drawn along its length
    (LATTICE_RUN): there the median line (:func:`_line_runs`) must be, each axis. A fill inset a few px from its cell's
    lines leaves no paper between them on a line's far side at the input's scale, so a line beside a column of fills
    (HELDOUT20's bamboo canes, 7 of 10 rows) shows no thin contrast along most of its length."""
    stats = _lattice_stats(image, target)
    runs = _line_runs(image, target)
    return (stats is not None and runs is not None
            and all(med >= LATTICE_LINE and each >= LATTICE_EACH and mid <= LATTICE_MID and past <= LATTICE_PAST
                    and gain >= LATTICE_GAIN for med, each, mid, past, gain, run in stats)
            and all(float(np.median(r)) >= LATTICE_RUN for r in runs))


BLOCK_ON = 0.5  # a block comb whose next block's lines (either side) reach this share of its median tooth: more blocks


def _blocks_go_on(P: np.ndarray, n: int, p: float, g: float, o: float) -> bool:
    """Whether the page's blocks go on past the block comb (p, g, o) of ``n`` cells on the profile P: the first three
    lines of another block a gap before its first or after its last line (its frame and next two lines, each at its
    peak within 2 LATTICE_NEAR of a cell) average BLOCK_ON of the comb's median tooth or more (a 15x15 page's two blocks
    a side over a 10x10 input: the third block starts a gap, not a cell, past the comb, where the check a cell past
    meets the middle of its first cell)."""
    P = cv2.dilate(P.astype(np.float32)[None], np.ones((1, 3), np.uint8))[0].astype(np.float64)
    teeth, _, _ = _block_teeth(n, p, g)
    win = np.arange(-2 * LATTICE_NEAR, 2 * LATTICE_NEAR + 1e-9, 0.01) * p
    peak = lambda u: float(_at(P, u + win).max())
    med = float(np.median([peak(o + t) for t in teeth]))
    if med <= 0:
        return True
    k = np.arange(3)
    before = np.mean([peak(o - g - kk * p) for kk in k])
    after = np.mean([peak(o + teeth[-1] + g + kk * p) for kk in k])
    return max(before, after) >= BLOCK_ON * med


def _block_maps(knots: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray], back: np.ndarray, w: int, h: int,
                pad: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """cv2.remap maps (answer px) of the input frame padded by ``pad`` px on every side, for the block map ``knots``
    (x in, x answer-small, y in, y answer-small) and ``back`` (small upright px -> answer px)."""
    u = _piecewise(np.arange(-pad, w + pad, dtype=np.float64), knots[0], knots[1])
    v = _piecewise(np.arange(-pad, h + pad, dtype=np.float64), knots[2], knots[3])
    U, V = u[None, :], v[:, None]
    map_x = back[0, 0] * U + back[0, 1] * V + back[0, 2]
    map_y = back[1, 0] * U + back[1, 1] * V + back[1, 2]
    return map_x.astype(np.float32), map_y.astype(np.float32)


def _block_taken(answer: np.ndarray, target: np.ndarray, edit_mask: np.ndarray | None,
                 knots: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray], back: np.ndarray, border: tuple,
                 paper: np.ndarray, shown=_blocks_shown, method: str = "lattice+blocks") -> Registration | None:
    """The registration ``method`` (``lattice+blocks``) at the separable piecewise map ``knots`` when the page it
    registers draws the input's lattice line for line, also LATTICE_BEYOND cells past the input's frame (``shown``:
    :func:`_blocks_shown`; :func:`_ruled_fit` asks :func:`_lattice_shown`), and the affine map through its outermost
    lines is plausible (:func:`_check_transform`); else None."""
    th, tw = target.shape[:2]
    lattice = _lattice_full(target)
    if lattice is None:
        return None
    xs, ys = lattice
    # the affine map through the lattice's outermost lines (input -> answer), its inverse the reported matrix
    ax = np.polyfit(knots[0][[0, -1]], knots[1][[0, -1]], 1)
    ay = np.polyfit(knots[2][[0, -1]], knots[3][[0, -1]], 1)
    B = back @ np.array([[ax[0], 0, ax[1]], [0, ay[0], ay[1]], [0, 0, 1.0]])
    A = np.linalg.inv(B)
    if _check_transform(A, (th, tw), answer.shape[:2]) is not None:
        return None
    map_x, map_y = _block_maps(knots, back, tw, th)
    image = cv2.remap(answer, map_x, map_y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT, borderValue=border)
    if not shown(image, target):
        return None
    pad = math.ceil(LATTICE_BEYOND * max(float(np.median(np.diff(xs))), float(np.median(np.diff(ys)))))
    wx, wy = _block_maps(knots, back, tw, th, pad)
    wide = cv2.remap(answer, wx, wy, cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT, borderValue=border)
    framed = cv2.copyMakeBorder(target, pad, pad, pad, pad, cv2.BORDER_CONSTANT,
                                value=tuple(float(v) for v in paper_colour(target)))
    if not shown(wide, framed):
        return None
    ones = np.ones(answer.shape[:2], np.uint8)
    valid = cv2.remap(ones, map_x, map_y, cv2.INTER_NEAREST, borderMode=cv2.BORDER_CONSTANT, borderValue=0) > 0
    q = _registered_quality(image, target, edit_mask)
    if not valid.all():
        image[~valid] = white_balance_inverse(target, paper)[~valid]
    return Registration(True, image, A, method, q, None, None, valid, blocks=(*knots, back))


# ------------------------------------------------------------------ a lattice within a larger one (a spreadsheet)

HEAVY_LINE = 1.6  # an input line this many times the median line's weight (:func:`_line_weight`) is heavy (frame, blocks)
HEAVY_MARGIN = 1.25  # the page's lines at the input's heavy lines: the weakest this many times the strongest other line
HEAVY_RUN = 0.1  # LATTICE_RUN for a lattice its heavy lines anchor (a slide's 1 px dashes drawn over half a line: 0.16)
HEAVY_SCALES = (0.4, 1.6)  # the cell searched within this share of the input's cell x the page : input size ratio


def _heavy_profile(grey: np.ndarray, axis: int, cell: float, band: tuple[int, int]) -> np.ndarray:
    """:func:`_thin_map`'s contrast of the dark thin strokes across ``axis`` (darker than both neighbours), unsaturated,
    averaged over the band: a heavy black line counts for its darkness and width, a pale grey line little."""
    G = grey[band[0]:band[1]] if axis == 0 else grey[:, band[0]:band[1]]
    thin = np.zeros_like(G)
    for d in sorted({max(1, int(round(LATTICE_THIN * cell))), LATTICE_THIN_PX}):
        pad = ((0, 0), (d, d)) if axis == 0 else ((d, d), (0, 0))
        Gp = np.pad(G, pad, mode="edge")
        lo, hi = (Gp[:, :-2 * d], Gp[:, 2 * d:]) if axis == 0 else (Gp[:-2 * d], Gp[2 * d:])
        thin = np.maximum(thin, np.minimum(lo - G, hi - G))
    return np.clip(thin, 0.0, None).mean(axis=axis).astype(np.float64)


def _line_weight(P: np.ndarray, u: np.ndarray, half: float) -> np.ndarray:
    """The heavy profile P summed within ``half`` px of each position in ``u`` (a line's darkness times its width)."""
    c = np.concatenate([[0.0], np.cumsum(P)])
    lo = np.clip(np.floor(u - half).astype(int), 0, len(P))
    hi = np.clip(np.floor(u + half).astype(int) + 1, 0, len(P))
    return c[hi] - c[lo]


def _heavy_lines(target: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray] | None:
    """The input's lattice (:func:`_lattice_full`) with, per axis, which of its lines are heavy (HEAVY_LINE times the
    median line's :func:`_line_weight`: the frame and the block lines); None unless each axis has two or more heavy and
    two or more other lines."""
    lattice = _lattice_full(target)
    if lattice is None:
        return None
    xs, ys = lattice
    grey = cv2.cvtColor(target, cv2.COLOR_RGB2GRAY).astype(np.float32) / 255.0
    h, w = grey.shape
    out = []
    for axis, lines, other in ((0, xs, ys), (1, ys, xs)):
        cell = float(np.median(np.diff(lines)))
        band = (max(0, int(other[0])), min(h if axis == 0 else w, int(math.ceil(other[-1])) + 1))
        wt = _line_weight(_heavy_profile(grey, axis, cell, band), lines, max(2.0, LATTICE_NEAR * cell))
        heavy = wt >= HEAVY_LINE * float(np.median(wt))
        if heavy.sum() < 2 or (~heavy).sum() < 2:
            return None
        out.append(heavy)
    return xs, ys, out[0], out[1]


def _heavy_combs(T: np.ndarray, P: np.ndarray, heavy: np.ndarray, cell: float, top: int = LATTICE_TOP
                 ) -> list[tuple[float, float, float]]:
    """The ``top`` best distinct combs (score, period, offset; px of the profiles) of the input's lines that lie on the
    page's lines (:func:`_comb_scores` on the thin profile T, in units of its 99th percentile) with their heavy teeth
    (``heavy``) on the page's heaviest lines (the heavy profile P): the weakest heavy tooth's weight (:func:`_line_weight`)
    less the strongest other tooth's, the lines a cell past either end (a lattice that goes on past the puzzle: a
    spreadsheet's) and the lines where the heavy lines would go on past either end (their first and last spacing), as a
    share of the weakest heavy tooth, must be positive (HEAVY_MARGIN - 1 of it) and counts half; the period within
    HEAVY_SCALES of ``cell``."""
    n = len(heavy) - 1
    k = np.arange(n + 1, dtype=np.float64)
    T = T / max(1e-6, float(np.percentile(T, 99)))
    h = np.flatnonzero(heavy)
    # past either end: the line a cell past, and where the next heavy line would lie were the heavy lines to go on (a
    # 10x10 page's block line and frame past a 5x5 input's frame)
    past = [-1, n + 1]
    # (the next heavy line looked for within 3 % of its distance: the period may be that far off over so many cells)
    far = np.array([h[0] - (h[1] - h[0]), h[-1] + (h[-1] - h[-2])], dtype=np.float64)
    slack = np.linspace(-0.03, 0.03, 7)

    def best(p: float, oo: np.ndarray) -> tuple[float, float, float] | None:
        half = max(2.0, LATTICE_NEAR * p)
        pos = oo[:, None] + np.concatenate([k, past])[None] * p
        W = _line_weight(P, pos.ravel(), half).reshape(pos.shape)
        ends = np.array([oo, oo + n * p])  # the first and the last line
        fpos = ends[:, :, None] + ((far - [0, n]) * p)[:, None, None] * (1 + slack)[None, None, :]
        Wf = _line_weight(P, fpos.ravel(), half).reshape(fpos.shape).max(axis=2).T
        W = np.concatenate([W, Wf], axis=1)
        hw = W[:, :n + 1][:, heavy].min(axis=1)
        other = np.maximum(W[:, :n + 1][:, ~heavy].max(axis=1), W[:, n + 1:].max(axis=1))
        sep = (hw - other) / np.maximum(hw, 1e-9)
        s = np.where(sep > 1 - 1 / HEAVY_MARGIN, _comb_scores(T, n, p, oo) + 0.5 * sep, -np.inf)
        i = int(np.argmax(s))
        return (float(s[i]), float(p), float(oo[i])) if np.isfinite(s[i]) else None

    coarse = []
    for p in cell * np.exp(np.arange(math.log(HEAVY_SCALES[0]), math.log(HEAVY_SCALES[1]), 0.01)):
        oo = np.arange(0.0, len(P) - n * p, 1.0)
        c = best(p, oo) if len(oo) else None
        if c is not None:
            coarse.append(c)
    coarse.sort(reverse=True)
    found = []
    for _, p0, o0 in coarse[:4 * top]:  # each refined within half a step of its period
        for p in p0 * np.exp(np.arange(-0.004, 0.00401, 0.002)):
            c = best(p, np.arange(max(0.0, o0 - 3.0), o0 + 3.01, 0.5))
            if c is not None:
                found.append(c)
    found.sort(reverse=True)
    out: list[tuple[float, float, float]] = []
    for c in found:
        if all(abs(c[2] - q[2]) > 0.3 * cell or abs(math.log(c[1] / q[1])) > 0.03 for q in out):
            out.append(c)
        if len(out) == top:
            break
    return out


def _heavy_fit(answer: np.ndarray, target: np.ndarray, edit_mask: np.ndarray | None) -> Registration | None:
    """A page that draws the input's lattice within a larger lattice of its own (a spreadsheet's cells around the
    puzzle, its clues in cells of the same grid), when every other fit failed: the lattice goes on past the puzzle, so
    only the input's heavy lines (its frame and block lines, :func:`_heavy_lines`) show where it lies. Per axis the comb
    of the input's lines whose heavy teeth lie on the page's heaviest lines (:func:`_heavy_combs` on
    :func:`_heavy_profile` of the page, then over the band of the other axis's best comb), refined on all its lines
    (:func:`_comb_lines`); a pair of combs (best first) is taken, ``lattice+heavy``, when the page warped by it draws
    the input's lattice line for line (:func:`_lattice_stats`, all but the check a cell past the frame: the lattice goes
    on) and its heavy lines at the input's heavy lines (the weakest HEAVY_MARGIN times any other line's, a cell past
    included). ``quality`` is the whole ink's, reported only."""
    try:
        answer, target = _as_rgb(answer), _as_rgb(target)
        if _dark_page(answer, target):
            return None
    except ValueError:
        return None
    hl = _heavy_lines(target)
    if hl is None:
        return None
    xs, ys, hx, hy = hl
    th, tw = target.shape[:2]
    grey, to_small = _lattice_grey(answer)
    ah, aw = grey.shape
    ratio = math.sqrt(ah * aw / (th * tw))
    bands = [(0, ah), (0, aw)]
    combs: list[list[tuple[float, float, float]]] = [[], []]
    for _ in range(2):
        for axis, lines, heavy in ((0, xs, hx), (1, ys, hy)):
            cell = float(np.median(np.diff(lines))) * ratio
            combs[axis] = _heavy_combs(_thin_profile(grey, axis, cell, bands[axis]),
                                       _heavy_profile(grey, axis, cell, bands[axis]), heavy, cell)
        if not combs[0] or not combs[1]:
            return None
        (_, px, ox), (_, py, oy) = combs[0][0], combs[1][0]
        bands = [(max(0, int(oy)), min(ah, int(math.ceil(oy + (len(ys) - 1) * py)) + 1)),
                 (max(0, int(ox)), min(aw, int(math.ceil(ox + (len(xs) - 1) * px)) + 1))]
    paper = paper_colour(answer)
    border = tuple(float(v) for v in paper)
    profiles = [_thin_profile(grey, axis, float(np.median(np.diff(lines))) * ratio, bands[axis])
                for axis, lines in ((0, xs), (1, ys))]
    pairs = sorted(((cx[0] + cy[0], cx, cy) for cx in combs[0] for cy in combs[1]), key=lambda c: -c[0])
    for _, (_, px, ox), (_, py, oy) in pairs:
        px, ox = _comb_lines(profiles[0] / max(1e-6, float(np.percentile(profiles[0], 99))), len(xs) - 1, px, ox)
        py, oy = _comb_lines(profiles[1] / max(1e-6, float(np.percentile(profiles[1], 99))), len(ys) - 1, py, oy)
        fx, fy = (xs[-1] - xs[0]) / ((len(xs) - 1) * px), (ys[-1] - ys[0]) / ((len(ys) - 1) * py)
        A = np.array([[fx, 0, xs[0] - ox * fx], [0, fy, ys[0] - oy * fy], [0, 0, 1.0]]) @ to_small
        if _check_transform(A, (th, tw), answer.shape[:2]) is not None:
            continue
        image = _warp_full(answer, A, (tw, th), cv2.INTER_LINEAR, border)
        if not _heavy_shown(image, target, hl):
            continue
        valid = _warp_full(np.ones(answer.shape[:2], np.uint8), A, (tw, th), cv2.INTER_NEAREST, 0) > 0
        q = _registered_quality(image, target, edit_mask)
        if not valid.all():
            image[~valid] = white_balance_inverse(target, paper)[~valid]
        return Registration(True, image, A, "lattice+heavy", q, None, None, valid)
    return None


def _heavy_shown(image: np.ndarray, target: np.ndarray, hl: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]
                 ) -> bool:
    """Whether a registered page draws the input's lattice line for line (:func:`_lattice_stats` but for the checks a
    cell past and a cell aside: a lattice that goes on; each line drawn along HEAVY_RUN of its length) with its heaviest
    lines at the input's heavy ones: on each axis the weakest of
    them HEAVY_MARGIN times the strongest other line's weight (:func:`_line_weight`), those a cell past the frame
    included."""
    stats = _lattice_stats(image, target)
    if stats is None or not all(med >= LATTICE_LINE and each >= LATTICE_EACH and mid <= LATTICE_MID
                                and run >= HEAVY_RUN for med, each, mid, past, gain, run in stats):
        return False
    xs, ys, hx, hy = hl
    grey = cv2.cvtColor(_as_rgb(image), cv2.COLOR_RGB2GRAY).astype(np.float32) / 255.0
    h, w = grey.shape
    for axis, lines, other, heavy in ((0, xs, ys, hx), (1, ys, xs, hy)):
        cell = float(np.median(np.diff(lines)))
        band = (max(0, int(other[0])), min(h if axis == 0 else w, int(math.ceil(other[-1])) + 1))
        P = _heavy_profile(grey, axis, cell, band)
        half = max(2.0, LATTICE_NEAR * cell)
        W = _line_weight(P, lines, half)
        past = _line_weight(P, np.array([lines[0] - cell, lines[-1] + cell]), half)
        if W[heavy].min() < HEAVY_MARGIN * max(float(W[~heavy].max()), float(past.max())):
            return False
    return True
