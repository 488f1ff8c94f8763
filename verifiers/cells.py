"""Cell-mark reader shared by grid tracks: decides for every cell of a grid whether it is *filled*,
*crossed* (marked empty: an X, a slash or a dot), *blank*, or *unsure*, from the whole cell and relative
to the local paper.

Pipeline (see ``docs/nonogram.md``, section "Cell reader"):

1. :func:`paper_map` estimates the paper brightness everywhere (shadow correction): a grey closing of
   ~0.3 cell removes pen strokes, X marks, grid lines and digits; the page is shrunk to blocks of ~1/4
   cell and closed again; a smooth polynomial envelope is fitted to the blocks not darker than it
   (asymmetric reweighting: fills and marks drop out, paper under a smooth shadow stays in), then refined
   locally from the paper blocks near each point, so the paper under a shadow edge is followed and large
   fills get the level of the paper around them. A hard shadow's straight edge (:func:`shadow_edges`) is divided
   out first and put back after, so the paper steps where the shadow does (its shading relative to the page's most
   lit paper: a band's two edges leave the paper on both sides of it lit).
2. :func:`darkness_maps` gives each pixel's darkness (0..255) against that local paper: ``mark`` in its
   most-darkened channel (grey, coloured and pencil ink count as well as black), ``tone`` on the luma (for
   light even shading). A shadowed page reads as paper.
3. Grid lines are located per boundary (:func:`line_bands`) wherever they were redrawn, at any width, then
   per cell side (:func:`line_edges`: a line thicker in places, wavy, blurred or bent is followed along each
   cell), and the cell interior between them is resampled to a 16x16 patch.
4. :func:`classify_patch` reads the patch by where its ink lies: fills (solid, light shading, outlined,
   hatched, pencil, partial) cover the middles of the cell's sides; an X covers the diagonals and leaves
   the side middles blank; a dot is a small central blob. Anything else is ``unsure``. A cell read blank that
   holds pale lines no other empty cell of the page holds (:func:`_faint_lines_against_page`) is ``unsure`` too.

Public API: :func:`read_marks` (image + cell boxes or a grid -> :class:`CellMarks`).
"""

from __future__ import annotations

import collections
import math
from dataclasses import dataclass, field
from functools import lru_cache, partial
from typing import Any, Callable, Sequence

import cv2
import numpy as np

FILLED, CROSSED, BLANK, UNSURE = "filled", "crossed", "blank", "unsure"
STATES = (FILLED, CROSSED, BLANK, UNSURE)

PATCH = 16  # side of the resampled cell interior
INK = 24  # darkness (0-255, vs the local paper) of an even tone that is shading: grey 215 on white is 40
FAINT = 14  # an even tone between FAINT and INK is neither clearly paper nor clearly shading
FAINT_EXCESS = 7  # ... unless it is less than this much darker than the blank cells around it:
FAINT_RADIUS = 2.5  # ... those within this many cells
FAINT_NEIGHBOURS = 3  # ... at least this many of them
MARK_INK = 56  # darkness from which a patch pixel is part of a drawn mark (stroke, fill, X, dot)
HOLE_DROP = 0.05  # a block this much darker than the paper estimate there is not paper
STROKE_CLOSE = 0.3  # strokes narrower than this fraction of a cell are closed away before the paper is estimated
LINE_INK = 40  # darkness of a grid-line pixel
LINE_MAX_HALF = 0.12  # a grid line's band reaches at most this fraction of a cell into each side
LINE_PERCENTILE = 5  # a line is where this percentile of the darkness along it is ink
LINE_SIDE_PERCENTILE = 90  # along one cell side, the line ends where it has ended at this share of the positions
LINE_SIDE_KNOWN = 0.5  # ... counted only when the line is seen to end (paper after it) along this share of the side
LINE_SIDE_MARGIN = 0.1  # of a cell: the ends of a side (where the crossing lines run) are left out
LINE_SIDE_SMOOTH = 0.15  # of a cell: a line's own course along a side has no bump narrower than this
SIDE_COVERED = 0.25  # ink fraction of a side-middle region that counts as covered
UNSURE_CONFIDENCE = 0.3
HOLLOW_FILL_COVER = 0.3  # ink share from which a frame around a blank centre is an outlined fill
BRACKET_CORNER = 0.5  # ink share of every corner of a frame broken at its side middles (corner brackets)
TONE_ONLY_COVER = 0.02  # a cell with less mark ink than this is read by its tone alone (smoothed over 3 patch px)
SHADED_MARK_COVER = 0.06  # ... and one with less than this, half of it as dark as shading, is shading, not a mark


@dataclass
class CellMarks:
    """Per-cell reading, in the order of the boxes given (row-major for a grid).

    ``states`` are ``filled``/``crossed``/``blank``/``unsure``; ``confidence`` 0..1 is the margin of the
    decision (``unsure`` cells have a low one); ``evidence`` holds the measurements behind each state
    (``box`` in pixels, ``cover`` = ink fraction, ``sides`` = ink in the four side middles, ``tone`` =
    median darkness, ``diagonals``...)."""

    states: list[str]
    confidence: list[float]
    evidence: list[dict[str, Any]] = field(default_factory=list)

    def grid(self, cols: int) -> list[list[str]]:
        """The states as rows of ``cols`` cells."""
        return [self.states[i:i + cols] for i in range(0, len(self.states), cols)]


# --------------------------------------------------------------------------------------- paper and ink


@lru_cache(maxsize=8)
def _poly_basis(h: int, w: int, degree: int) -> np.ndarray:
    """Monomials x^i y^j (i + j <= degree) over an h x w block grid scaled to [-1, 1], one row per block."""
    # the powers are taken once per column and per row, then spread over the blocks (a page size seldom repeats in
    # a set, so the cache rarely holds it)
    x = (np.arange(w) / max(1, w - 1)) * 2 - 1
    y = (np.arange(h) / max(1, h - 1)) * 2 - 1
    basis = np.stack([((x ** i)[None, :] * (y ** j)[:, None]).ravel()
                      for i in range(degree + 1) for j in range(degree + 1 - i)], axis=1)
    basis.setflags(write=False)
    return basis


def _envelope_fit(log_small: np.ndarray, degree: int = 4, rounds: int = 8) -> np.ndarray:
    """Smooth upper envelope of a log block image: a polynomial surface fitted to the blocks that are
    not darker than the current fit by more than HOLE_DROP (asymmetric reweighting: ink, fills and
    marks drop out round by round, paper under any smooth shadow stays in)."""
    h, w = log_small.shape
    basis = _poly_basis(h, w, degree)
    values = log_small.ravel().astype(np.float64)
    keep = np.ones(values.shape, bool)
    fit = None  # (the median level when no round is fitted)
    limit = np.log(1.0 - HOLE_DROP)
    ridge = 1e-9 * np.eye(basis.shape[1])
    for k in range(rounds):
        if keep.sum() < basis.shape[1] * 3:
            break
        kept = basis[keep]
        gram = kept.T @ kept + ridge
        coef = np.linalg.solve(gram, kept.T @ values[keep])  # normal equations: a few microseconds
        fit = basis @ coef
        # the first rounds include the ink, so the fit sits low: keep whatever is above it, then tighten
        kept_next = values - fit >= (limit if k >= 2 else 0.0)
        if k >= 2 and np.array_equal(kept_next, keep):
            break  # the next round would fit the same blocks, and at the same limit keep them again: a fixed point
        keep = kept_next
    if fit is None:
        fit = np.full(values.shape, float(np.median(values)))
    return fit.reshape(h, w)


SHADOW_RATIO = (0.5, 0.93)  # a hard shadow's edge: the paper on its dark side is this share of the lit side's
SHADOW_OFF_AXIS = 3.0  # degrees: an edge this near level or upright may be a row or column of fills, not a shadow
SHADOW_MIN_RUN = 3.0  # cells of the edge where lit paper meets shadowed paper at one ratio ...
SHADOW_SPAN = 0.4  # ... spread along at least this share of the edge's length in the image
SHADOW_FLAT = 0.1  # ... with lit paper on both sides of it along at most this share of that


def _half(image: np.ndarray) -> np.ndarray:
    """``image`` at half resolution (INTER_AREA, at least 8 x 8 px): where the shadow searches look."""
    H, W = image.shape[:2]
    return cv2.resize(image, (max(8, W // 2), max(8, H // 2)), interpolation=cv2.INTER_AREA)


def _sample(img: np.ndarray, pts: np.ndarray) -> np.ndarray:
    return cv2.remap(img, pts[:, 0].astype(np.float32)[None], pts[:, 1].astype(np.float32)[None], cv2.INTER_LINEAR,
                     borderMode=cv2.BORDER_REPLICATE)[0]


def _percentile_u8(image: np.ndarray, q: float) -> float:
    """``np.percentile(image, q)`` of a uint8 image, from its histogram when the order statistics around the
    percentile's position are one value (a page's paper level: a plateau), else by numpy's own sort."""
    if image.size >= 1 << 24:  # calcHist counts in float32, exact below 2^24
        return float(np.percentile(image, q))
    hist = cv2.calcHist([np.ascontiguousarray(image, np.uint8)], [0], None, [256], [0, 256])
    cum = np.cumsum(hist.ravel().astype(np.int64))
    pos = q / 100.0 * (image.size - 1)
    near = np.searchsorted(cum, [max(0.0, math.floor(pos) - 1), min(image.size - 1.0, math.floor(pos) + 2)],
                           side="right")  # the values at sorted positions floor(pos) - 1 and floor(pos) + 2
    if near[0] == near[1]:
        return float(near[0])
    return float(np.percentile(image, q))


def shadow_edges(closed: np.ndarray, cell_px: float, most: int = 2,
                 half: np.ndarray | None = None) -> np.ndarray | None:
    """The shading of hard-edged shadows across the page (float32 factor <= 1, H x W), or None when there is none:
    a phone or a hand held over the page casts a shadow whose edge is a straight step of 7-50 % in the paper's
    brightness, sharper than the smooth paper envelope of :func:`paper_map` can follow (the cells along it read
    half shaded). ``closed``: the page's luma with pen strokes closed away. An edge is a straight line (a Hough line
    of the step's edge pixels, not within SHADOW_OFF_AXIS of level or upright, where rows and columns of fills
    lie) across which lit paper meets darker paper at one ratio (within 0.04, SHADOW_RATIO) along SHADOW_MIN_RUN
    cells, spread along SHADOW_SPAN of the line's length in the image, and along which lit paper on both sides
    of the line (no step) is rare (SHADOW_FLAT): a shadow darkens the paper along its whole edge, the edge of a
    fill only beside the fill. Its profile across the line (the median over those places) is the shadow's
    shading. ``half``: :func:`_half` of ``closed`` when already made."""
    H, W = closed.shape
    d = max(6, int(round(0.2 * cell_px)))  # beyond a soft edge's blur, on either side
    # the lines are looked for at half resolution (a quarter of the work), then checked at full resolution
    half = _half(closed) if half is None else half
    edges = cv2.Canny(half, 15, 40)
    # only edge pixels whose step runs off level and upright can lie on such a line (most are fills' sides)
    gx = np.abs(cv2.Sobel(half, cv2.CV_32F, 1, 0))
    gy = np.abs(cv2.Sobel(half, cv2.CV_32F, 0, 1))
    off_axis = math.tan(math.radians(SHADOW_OFF_AXIS - 1.0))
    edges[(gx <= off_axis * gy) | (gy <= off_axis * gx)] = 0
    if np.count_nonzero(edges) < SHADOW_MIN_RUN * cell_px / 2:
        return None
    lines = cv2.HoughLines(edges, 1, np.pi / 360, max(10, int(cell_px)))
    if lines is None:
        return None
    lines = lines * np.array([W / half.shape[1], 1.0], np.float32)  # rho at full resolution
    smooth = paper = factor = None  # made when a line is first measured (most pages have none to measure)
    found, tried = 0, 0
    ts = np.arange(-2 * max(H, W), 2 * max(H, W), dtype=np.float64)
    for rho, theta in lines[:, 0]:
        deg = math.degrees(theta) % 90
        if min(deg, 90 - deg) < SHADOW_OFF_AXIS:
            continue
        tried += 1
        if tried > 30 or found >= most:
            break
        n = np.array([math.cos(theta), math.sin(theta)])
        # the points of the line inside the image: only the stretch of ts that can reach it (found analytically,
        # a pixel wider on each end) is computed and filtered; off-axis, neither component of n is 0
        x0, y0 = float(n[0] * rho), float(n[1] * rho)
        tx = sorted((x0 / n[1], (x0 - W) / n[1]))
        ty = sorted(((0.0 - y0) / n[0], (H - y0) / n[0]))
        lo_t = max(-2 * max(H, W), int(math.floor(max(tx[0], ty[0]))) - 2)
        hi_t = min(2 * max(H, W), int(math.ceil(min(tx[1], ty[1]))) + 3)
        span = ts[lo_t + 2 * max(H, W):max(lo_t, hi_t) + 2 * max(H, W)]
        pts = n[None] * rho + span[:, None] * np.array([-n[1], n[0]])[None]
        pts = pts[(pts[:, 0] >= 0) & (pts[:, 0] < W) & (pts[:, 1] >= 0) & (pts[:, 1] < H)]
        if len(pts) < SHADOW_MIN_RUN * cell_px:
            continue
        if smooth is None:
            smooth = cv2.GaussianBlur(closed.astype(np.float32), (0, 0), 1.0)
            paper = _percentile_u8(closed, 95)
            factor = np.ones((H, W), np.float32)
        a, b = _sample(smooth, pts - d * n), _sample(smooth, pts + d * n)
        hi, lo = np.maximum(a, b), np.minimum(a, b)
        ratio = lo / np.maximum(hi, 1.0)
        lit = hi >= 0.8 * paper
        step = lit & (ratio >= SHADOW_RATIO[0]) & (ratio <= SHADOW_RATIO[1])
        if step.sum() < SHADOW_MIN_RUN * cell_px:
            continue
        level = float(np.median(ratio[step]))
        side = 1.0 if np.median(np.sign(b - a)[step]) > 0 else -1.0
        same = step & (np.abs(ratio - level) <= 0.04) & (np.sign(b - a) == side)
        flat = lit & (ratio >= 0.96)
        at = np.flatnonzero(same)
        if (len(at) < SHADOW_MIN_RUN * cell_px or flat.sum() > SHADOW_FLAT * len(at)
                or at[-1] - at[0] < SHADOW_SPAN * len(pts)):
            continue
        # the shading across the edge, from the lit side (offset > 0) into the shadow
        offsets = np.arange(-2 * d, 2 * d + 1, dtype=np.float64)
        on = pts[same]
        profile = np.array([float(np.median(_sample(smooth, on + o * side * n) / hi[same])) for o in offsets])
        profile = np.minimum(np.maximum.accumulate(np.clip(profile, 0.3, 1.0)), 1.0)
        profile[offsets >= d] = 1.0
        t = ((np.arange(W, dtype=np.float32) * np.float32(n[0]))[None, :]
             + (np.arange(H, dtype=np.float32) * np.float32(n[1]) - np.float32(rho))[:, None]) * np.float32(side)
        shade = np.interp(t, offsets, profile).astype(np.float32)
        factor *= shade
        smooth = smooth / shade
        found += 1
    if not found:
        return None
    # a shading is relative to the page's most lit paper: two edges of one band of shadow each shade the whole page
    # beyond them, so neither side of the band would be lit (HELDOUT28's window bar: the lit paper taken as 0.84 of
    # itself, its pale shadings read as paper)
    return factor / float(factor.max())


BAND_END = 0.5  # of a cell: the strip along each end of a line across the page where its two ends' paper is read
BAND_TILT = 4.0  # degrees: a band runs this near level or upright at most (slats of a blind, a fold's shade) ...
BAND_SHIFTS = 3  # ... at the tilt of one of this many best matches of the paper at the lines' two ends
BAND_EVEN = 0.04  # ... the paper along it as dark at both ends as its brightest anywhere along it, within this share
BAND_DARK = 0.93  # ... and darker than the page's paper than this share (SHADOW_RATIO) ...
BAND_MIN = 0.25  # ... over lines running at least this many cells across the band ...
BAND_LIT = 0.97  # ... with lines holding paper this bright (of the page's) on both sides of it: a band, no shadow
# darkening the page towards one edge


def _line_level(a: np.ndarray, q: float) -> np.ndarray:
    """Each row's ``q``-th percentile of ``a`` (its nearest rank: a sort of each row, faster than np.percentile's
    interpolation on these short rows)."""
    return np.sort(a, axis=1)[:, int(round(q / 100.0 * (a.shape[1] - 1)))]


def _bounded_band(f: np.ndarray, hi: np.ndarray, min_run: float) -> bool:
    """Whether the lines' shading ``f`` holds a band: a run of lines darker than BAND_DARK, at least ``min_run``
    lines across, within a stretch of lines with no lit paper (``hi`` under BAND_LIT) that has lit lines on both
    sides. A shadow darkening the page towards one of its edges (a linear shadow, a vignette) is no band: the envelope
    and the soft-shadow search follow it. (Rubric 67) Lit lines that run on to the image's edge are a lit side only
    when ``min_run`` of them or more: a line of lit "paper" there is the registration's fill beyond a page whose lamp
    light falls off towards its bottom edge (HELDOUT26's anglepoise desk), which bounded the falloff, and the bottom
    row's empty cells read as light fills. Between two bands any lit line is a side (a blind's lit gaps, 8 lines)."""
    lit = hi >= BAND_LIT
    n = len(f)
    k = 0
    while k < n:
        if lit[k]:
            k += 1
            continue
        j = k
        while j < n and not lit[j]:
            j += 1
        before, after = k, j  # the lit runs on either side: where they stop, and whether at the image's edge
        while before > 0 and lit[before - 1]:
            before -= 1
        while after < n and lit[after]:
            after += 1
        lit_before = k > 0 and (before > 0 or k - before >= min_run)
        lit_after = j < n and (after < n or after - j >= min_run)
        if lit_before and lit_after:  # lit lines on both sides
            run = longest = 0
            for v in f[k:j] <= BAND_DARK:
                run = run + 1 if v else 0
                longest = max(longest, run)
            if longest >= min_run:
                return True
        k = j
    return False


def band_shading(closed: np.ndarray, cell_px: float, half: np.ndarray | None = None) -> np.ndarray | None:
    """The shading of light bands across the whole page (float32 factor <= 1, H x W), or None when there is none
    (rubric 53, twenty-fifth session, issue 13): a venetian blind's or a window frame's shadow lies on the paper in
    bands running level or upright (within BAND_TILT), each darkening the paper 7-50 % from one edge of the page
    to the other; :func:`shadow_edges` leaves edges near level or upright alone (a row or a column of fills lies
    so), the smooth envelope cannot follow a dozen bands, and the soft-shadow search only reaches paper softly
    joined to the lit paper, so empty cells under a band read as light even-tone fills (confident false fails).
    A band is told from a row of fills by what lies along it: no lit paper anywhere on a line across the page,
    the paper at both of its ends (the page's margins, the clue strips, BAND_END wide) as dark as the brightest
    paper along the whole line (within BAND_EVEN), and darker than the page's paper (BAND_DARK, at least
    SHADOW_RATIO's lower end) over BAND_MIN cells across, with lines of lit paper (BAND_LIT) on both sides of the
    band (:func:`_bounded_band`; a page darkening towards one edge is left to the envelope and the soft-shadow
    search: TUNE's linear shadows). A fill, however light, lies in the grid: the line
    through it reaches lit paper beyond the grid, and a light shading planted in a cell under a band keeps its
    contrast with the band's paper. The bands' tilt is where the paper at the two ends of the lines darkens
    alike: of the BAND_SHIFTS best shifts of their profiles, the one whose lines run along the bands. ``closed``:
    the page's luma with pen strokes closed away; ``half``: :func:`_half` of it when already made."""
    half = _half(closed) if half is None else half
    paper = _percentile_u8(half, 95)
    if paper < 64:
        return None
    img = half.astype(np.float32) / np.float32(paper)
    factor = np.ones(img.shape, np.float32)
    found = False
    for axis in (0, 1):  # lines level (rows: bands one above another), then upright
        a = (img / factor if found else img) if axis == 0 else (img / factor if found else img).T
        n, m = a.shape
        s = max(2, int(round(BAND_END * cell_px / 2)))
        if m < 4 * s or n < 8:
            continue
        left, right = _line_level(a[:, :s], 90), _line_level(a[:, -s:], 90)
        if not ((left <= BAND_DARK).any() and (right <= BAND_DARK).any()):
            continue
        # the tilt: the shift of the right end's profile that matches the left end's darkening best
        most = int(math.ceil(math.tan(math.radians(BAND_TILT)) * m))
        dl, dr = np.clip(1.0 - left, 0, None), np.clip(1.0 - right, 0, None)
        shifts = list(range(-min(most, n // 2), min(most, n // 2) + 1))
        score = np.array([float(np.dot(dl[max(0, -d):n - max(0, d)], dr[max(0, d):n - max(0, -d)])) for d in shifts])
        # bands repeat: the best shifts of the ends' profiles (its peaks) are tried, and the one whose lines run along
        # the bands (the most lines dark from end to end) is taken
        peaks = [i for i in range(len(shifts)) if score[i] > 0 and score[i] >= score[max(0, i - 1)]
                 and score[i] >= score[min(len(shifts) - 1, i + 1)]]
        best = None
        for i in sorted(peaks, key=lambda i: -score[i])[:BAND_SHIFTS]:
            off = (shifts[i] * (np.arange(m, dtype=np.float32) - (s - 1) / 2.0) / max(1.0, m - s)).astype(np.float32)
            mapx = np.broadcast_to(np.arange(m, dtype=np.float32)[None, :], (n, m)).copy()
            mapy = (np.arange(n, dtype=np.float32)[:, None] + off[None, :]).astype(np.float32)
            sheared = cv2.remap(np.ascontiguousarray(a), mapx, mapy, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
            hi = _line_level(sheared, 97)
            ends = np.stack([_line_level(sheared[:, :s], 90), _line_level(sheared[:, -s:], 90)])
            even = (np.abs(ends - hi[None]).max(axis=0) <= BAND_EVEN) & (hi >= SHADOW_RATIO[0])
            f = np.where(even, np.minimum(hi, 1.0), 1.0).astype(np.float32)
            dark = int(np.count_nonzero(f <= BAND_DARK))
            if dark and (best is None or dark > best[0]):
                best = (dark, f, hi, off)
        if best is None:
            continue
        _, f, hi, off = best
        if not _bounded_band(f, hi, BAND_MIN * cell_px / 2):
            continue
        f = cv2.medianBlur(f[:, None].repeat(3, axis=1), 3)[:, 1] if n >= 3 else f
        # each pixel takes its line's shading (the line through it at the bands' tilt)
        at = np.arange(n, dtype=np.float32)[:, None] - off[None, :]
        line = np.interp(at.ravel(), np.arange(n, dtype=np.float32), f).reshape(n, m).astype(np.float32)
        factor = factor * (line if axis == 0 else line.T)
        found = True
    if not found:
        return None
    H, W = closed.shape
    return cv2.resize(factor, (W, H), interpolation=cv2.INTER_LINEAR)


SOFT_SLOPE = 0.015  # log brightness per px: the closed luma changing no faster than this is soft (a shadow's edge)
SOFT_AREA = 2.0  # cells: paper darker than the envelope, softly joined to the page's paper, over this area is shadow
SOFT_SPAN = 2.0  # ... or across this many cells (a shadow in a pocket of paper between fills)
SOFT_DEPTH = 0.5  # ... and no darker than this share of the envelope
SOFT_LIT = 0.3  # a soft region holding this share of paper blocks is paper (the page's largest is; so is a pocket)
SOFT_FILL_IN = 1.0  # cells: near such shadow, a place with little paper around it takes the paper's level this far off


def _soft_shadow_paper(grey: np.ndarray, closed: np.ndarray, estimate: np.ndarray, cell_px: float,
                       block: int, half: np.ndarray | None = None) -> np.ndarray | None:
    """Blocks of ``closed`` (the block image of :func:`paper_map`) that are paper under a soft shadow though darker
    than the envelope ``estimate`` by more than HOLE_DROP, or None (twenty-first session, issue 13: HELDOUT19's hand
    shadow, paper 28-36 % darker over a palm and fingers with edges blurred over half a cell, is no polynomial; the
    local refinement follows paper only within HOLE_DROP of its estimate, so the shaded empty cells read as even-tone
    fills: confident false fails). A shadow darkens the paper with no edge of its own: it is reached from the lit
    paper without crossing an edge, while a fill (light or dark, solid or textured) is bounded by one. On the
    closed luma ``grey`` (strokes closed away) at half resolution, pixels whose log brightness changes by at most
    SOFT_SLOPE per px (a shadow's edge blurred over ~0.1 cell or more: < 0.006 here; a light fill's edge: 0.07)
    form regions; the one holding most of the paper blocks is the page's paper, and so is one SOFT_LIT of whose
    blocks are paper (a pocket of paper between fills). Their blocks darker than the envelope (by no more than
    SOFT_DEPTH) are shadowed paper when they join into an area of SOFT_AREA cells or run across SOFT_SPAN cells: a
    smudge or a light fill confined to one cell, however soft its edge, is never paper. ``half``: :func:`_half` of
    ``grey`` when already made."""
    half = _half(grey) if half is None else half
    hh, hw = half.shape
    lg = cv2.GaussianBlur(np.log(half.astype(np.float32) + 8.0), (0, 0), 1.0)
    gx = cv2.Sobel(lg, cv2.CV_32F, 1, 0, scale=1.0 / 16)  # per full-resolution px (Sobel: 8 x the slope, 2 px each)
    gy = cv2.Sobel(lg, cv2.CV_32F, 0, 1, scale=1.0 / 16)
    soft = cv2.erode((cv2.magnitude(gx, gy) <= SOFT_SLOPE).astype(np.uint8), np.ones((3, 3), np.uint8))
    count, labels = cv2.connectedComponents(soft, connectivity=4)
    if count <= 1:
        return None
    old = closed >= (1.0 - HOLE_DROP) * estimate
    old_half = cv2.resize(old.astype(np.uint8), (hw, hh), interpolation=cv2.INTER_NEAREST) > 0
    # each region's paper blocks (votes) and size, counted in one pass: label * 2 + paper
    both = np.bincount((labels * 2 + old_half).ravel(), minlength=2 * count)
    votes = both[1::2].copy()
    votes[0] = 0  # (label 0, the edges, has no votes)
    if votes.max() == 0:
        return None
    sizes = both[0::2] + both[1::2]
    lit = votes >= SOFT_LIT * sizes
    lit[int(np.argmax(votes))] = True
    share = cv2.resize(np.take(lit.astype(np.float32), labels), (closed.shape[1], closed.shape[0]),
                       interpolation=cv2.INTER_AREA)
    # the darkened paper, sized with the blocks half as much darker too (where the envelope follows a shadow in part)
    dim = (share >= 0.9) & (closed >= SOFT_DEPTH * estimate) & (closed < (1.0 - HOLE_DROP / 2) * estimate)
    n, lab, stats, _ = cv2.connectedComponentsWithStats(dim.astype(np.uint8), connectivity=8)
    cells = cell_px / block
    big = [k for k in range(1, n) if stats[k, cv2.CC_STAT_AREA] >= SOFT_AREA * cells ** 2
           or max(stats[k, cv2.CC_STAT_WIDTH], stats[k, cv2.CC_STAT_HEIGHT]) >= SOFT_SPAN * cells]
    out = np.isin(lab, big) & ~old if big else None
    return out if out is not None and out.any() else None


SOFT_TINT = 0.06  # a shadowed block's colour (channel / mean) may differ from the lit paper's by this much at most


def _achromatic_shadow(image: np.ndarray, shadowed: np.ndarray, lit: np.ndarray) -> np.ndarray | None:
    """``shadowed`` (blocks of :func:`_soft_shadow_paper`) less the blocks whose colour is not the lit paper's (the
    blocks of ``lit``): a shadow darkens the paper and keeps its tint, a pastel fill has a tint of its own (a
    math_proof partition's lavender band painted over the lattice's border joined its pastel regions into
    "shadow": a confident ``input_changed``). Tint: each channel over the mean of the three, compared within
    SOFT_TINT. A grey image has no tint to tell: ``shadowed`` as it is."""
    a = np.asarray(image)
    if a.ndim != 3 or a.shape[2] < 3 or not lit.any():
        return shadowed
    small = cv2.resize(np.ascontiguousarray(a[:, :, :3], dtype=np.uint8), (shadowed.shape[1], shadowed.shape[0]),
                       interpolation=cv2.INTER_AREA).astype(np.float32)
    tint = small / np.maximum(small.mean(axis=2, keepdims=True), 1.0)
    paper = np.median(tint[lit], axis=0)
    same = np.abs(tint - paper).max(axis=2) <= SOFT_TINT
    out = shadowed & same
    return out if out.any() else None


LIGHT_SPOT = 0.12  # (rubric 73) paper blocks this much brighter than the page's smooth paper envelope ...
LIGHT_SPOT_CELLS = 1.0  # ... over at most this many cells (of area) each: a spot of light on the page, no paper level


def _light_spots(small: np.ndarray, closed: np.ndarray, envelope: np.ndarray, cell_px: float, block: int, k: int
                 ) -> np.ndarray | None:
    """The blocks of :func:`paper_map`'s ``closed`` block image (closed with a ``k`` x ``k`` square from ``small``, the
    page at one value a block) that small spots of light cover: blocks of ``small`` LIGHT_SPOT brighter than the smooth
    paper ``envelope`` and than the page's paper (the 75th percentile of the blocks within HOLE_DROP of it), each spot
    at most LIGHT_SPOT_CELLS cells, grown as the closing grows them and kept where ``closed`` is that bright. None when
    there are none. Rubric 73 (HELDOUT34's disco ball): coloured spots of light over a dimmed page raised the local
    paper around them, and the paper beside each spot came out darker than its paper (a tone, read in doubt in an empty
    cell). Ink adds no light: a spot is no paper level; a broad bright area (a glare, a lighter sheet) still is. (Spots
    are told apart before the closing, which joins those a few blocks apart.)"""
    if not (small > (1.0 + LIGHT_SPOT) * envelope).any():
        return None  # (speed: the usual page; the level below is never under the envelope)
    # (brighter than the page's paper too: where the envelope sags into a region of light fills, a blank cell among
    # them is paper, no spot)
    paper = closed[np.abs(closed - envelope) <= HOLE_DROP * envelope]
    level = np.maximum(envelope, float(np.percentile(paper, 75)) if paper.size else 0.0)
    bright = (small > (1.0 + LIGHT_SPOT) * level).astype(np.uint8)
    if not bright.any():
        return None
    count, labels, stats, _ = cv2.connectedComponentsWithStats(bright, connectivity=8)
    most = LIGHT_SPOT_CELLS * (cell_px / block) ** 2
    small_spot = np.zeros(count, bool)
    small_spot[1:] = stats[1:, cv2.CC_STAT_AREA] <= most
    if not small_spot.any():
        return None
    grown = cv2.dilate(small_spot[labels].astype(np.uint8), np.ones((k, k), np.uint8)) > 0
    return grown & (closed > (1.0 + LIGHT_SPOT) * level)


SHADE_DEPTH = (0.5, 0.95)  # (rubric 80) paper this share of the envelope's brightness may lie under a cast shadow ...
SHADE_AREA = 1.5  # ... a region of it covering this many cells (of area) at least ...
SHADE_JOIN = 0.2  # ... (of a cell: its pieces this near are one region) ...
SHADE_BAND = 0.15  # ... whose edge against lit paper, inside the grid, runs farther than this share of a cell from
SHADE_OFF = 2.0  # ... every line over this many cells of length at least ...
SHADE_OFF_SHARE = 0.1  # ... and this share of its length in the grid at least
SHADE_WHOLE = 0.8  # a cell whose core (the cell less SHADE_BAND along its sides) the region covers this share of ...
SHADE_LIT_SIDES = 2  # ... with lit paper just past this many of its sides, is a pale fill beside it
SHADE_LEVEL_TOL = 0.03  # the shadow's darkening is its median level at most this much deeper: paler fills stay
SHADE_FILL_STEP = 0.06  # ... and a cell whose core is this much darker than that level is not shaded at all
SHADE_EDGE_SLOPE = 0.01  # (rubric 82) log brightness per px: a cast shadow's edge, off the lines, is this steep (median)


def lattice_shade(grey: np.ndarray, estimate: np.ndarray, cell_px: float,
                  grid: tuple[float, float, float, float], half: np.ndarray | None = None) -> np.ndarray | None:
    """The shading (float32 factor <= 1, the size of ``grey``) of shadows cast across the grid's lattice, or None.

    Rubric 80 (HELDOUT41: a monstera leaf's and a pergola's shadows, paper 0.8 of the lit paper's brightness with
    edges blurred over 2-4 px): too sharp for :func:`_soft_shadow_paper`, curved or aslant for :func:`shadow_edges`
    and :func:`band_shading`, so the whole cells under them read as pale fills (tone 40-45), surely. A shadow falls
    where it falls; a fill, however pale, is drawn cell by cell, its edge along the cell's sides. On ``grey`` (the
    page's luma with strokes closed away) at half resolution (``half`` when made), regions of paper SHADE_DEPTH of
    the smooth envelope (``estimate``, :func:`paper_map`'s block image) over SHADE_AREA cells are a shadow when their
    edge against lit paper inside the ``grid`` box (uniform cells of ``cell_px``) runs through the cells, off the
    lattice's lines by more than SHADE_BAND of a cell, over SHADE_OFF cells of its length and SHADE_OFF_SHARE of it.
    A cell such a region covers whole (SHADE_WHOLE), its edge nowhere off the lines in the cell, with lit paper just
    past SHADE_LIT_SIDES of its sides, is a pale fill beside it and is left out first. The shading follows the
    region's own paper (edges too), never deeper than its median level by SHADE_LEVEL_TOL, and leaves out every cell
    whose core is SHADE_FILL_STEP darker than that level: a pale fill under the shadow or on a grained page taken for
    one is darker still and stays a fill. The paper far from any line (a margin, a clue strip) is no evidence: a
    shaded strip is the page's design as often as a shadow.

    Rubric 82 (the rule back, with what rubric 80's CI dry run found missing): the envelope is capped at the page's
    brightest paper; one piece of the region before any join covers SHADE_AREA cells (marks drawn cell by cell are
    no shadow); and its edge off the lines is as steep as a cast shadow's (SHADE_EDGE_SLOPE, the median: a soft edge
    is :func:`_soft_shadow_paper`'s, which :func:`paper_map` runs first, on the page as drawn)."""
    half = _half(grey) if half is None else half
    hh, hw = half.shape
    c = cell_px * hw / grey.shape[1]
    gx0, gy0, gx1, gy1 = (float(v) * hw / grey.shape[1] for v in grid)
    cols, rows = int(round((gx1 - gx0) / c)), int(round((gy1 - gy0) / c))
    if cols < 2 or rows < 2 or c < 6 or abs(cols * c - (gx1 - gx0)) > 0.5 * c or abs(rows * c - (gy1 - gy0)) > 0.5 * c:
        return None
    # (rubric 82) the envelope is a polynomial and overshoots where the page's paper is hidden (a pale glyph in every
    # empty cell): paper is never brighter than the page's brightest, or its white margins read as shadowed
    env = np.minimum(cv2.resize(estimate, (hw, hh), interpolation=cv2.INTER_LINEAR), float(np.percentile(half, 99.5)))
    ratio = half.astype(np.float32) / np.maximum(env, 1.0)
    cand = ((ratio >= SHADE_DEPTH[0]) & (ratio <= SHADE_DEPTH[1])).astype(np.uint8)
    cand = cv2.morphologyEx(cand, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    # (a leaf's slits and a shadow's gaps over a fill part it into pieces: they are one shadow)
    join = max(3, int(round(SHADE_JOIN * c)) | 1)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(
        cv2.morphologyEx(cand, cv2.MORPH_CLOSE, np.ones((join, join), np.uint8)), connectivity=8)
    # (rubric 82) a shadow is paper darkened as one piece before any join (the lines are closed away in ``grey``): a
    # region joined only from pieces each smaller than SHADE_AREA cells is drawn cell by cell (a pale glyph in every
    # empty cell, its strokes joined across the lines, had its edge run through every cell and was shaded away)
    pieces, piece_labels, piece_stats, _ = cv2.connectedComponentsWithStats(cand, connectivity=8)
    joined_as = np.zeros(pieces, np.int64)
    joined_as[piece_labels.ravel()] = labels.ravel()  # (each piece lies whole in one joined region)
    whole = np.zeros(n, np.int64)
    np.maximum.at(whole, joined_as[1:], piece_stats[1:, cv2.CC_STAT_AREA])
    big = [k for k in range(1, n) if stats[k, cv2.CC_STAT_AREA] >= SHADE_AREA * c * c and whole[k] >= SHADE_AREA * c * c]
    if not big:
        return None
    b = SHADE_BAND * c
    xs = [gx0 + i * (gx1 - gx0) / cols for i in range(cols + 1)]
    ys = [gy0 + i * (gy1 - gy0) / rows for i in range(rows + 1)]
    lit = ratio > SHADE_DEPTH[1]
    lg = cv2.GaussianBlur(np.log(half.astype(np.float32) + 8.0), (0, 0), 1.0)
    slope = cv2.dilate(cv2.magnitude(cv2.Sobel(lg, cv2.CV_32F, 1, 0, scale=1.0 / 16),  # per full-resolution px, as
                                     cv2.Sobel(lg, cv2.CV_32F, 0, 1, scale=1.0 / 16)),  # _soft_shadow_paper's; the
                       np.ones((5, 5), np.uint8))  # steepest within 2 px of the edge found at SHADE_DEPTH's top
    near_lit = cv2.dilate(lit.astype(np.uint8), np.ones((3, 3), np.uint8)) > 0
    # inside the grid, farther than b from every line: where a fill's edge never runs
    off_x = np.zeros(hw, bool)
    off_y = np.zeros(hh, bool)
    for lines, off, size in ((xs, off_x, hw), (ys, off_y, hh)):
        at = np.arange(size, dtype=np.float32)
        off[:] = (at > lines[0] + b) & (at < lines[-1] - b)
        for v in lines:
            off &= np.abs(at - v) > b
    in_grid = np.zeros((hh, hw), bool)
    in_grid[_span(gy0 + b, gy1 - b, hh), _span(gx0 + b, gx1 - b, hw)] = True

    def core(r: int, q: int, grow: float = -1.0) -> tuple[slice, slice]:
        return _span(ys[r] - grow * b, ys[r + 1] + grow * b, hh), _span(xs[q] - grow * b, xs[q + 1] + grow * b, hw)

    def lit_past(r: int, q: int) -> int:
        """How many of the cell's sides have lit paper just past them (across the line)."""
        ry, qx = core(r, q)
        bands = ((_span(ys[r] - 3 * b, ys[r] - b, hh), qx), (_span(ys[r + 1] + b, ys[r + 1] + 3 * b, hh), qx),
                 (ry, _span(xs[q] - 3 * b, xs[q] - b, hw)), (ry, _span(xs[q + 1] + b, xs[q + 1] + 3 * b, hw)))
        return sum(1 for band in bands if lit[band].size and lit[band].mean() >= 0.8)

    def outline(region: np.ndarray) -> np.ndarray:
        """The region's edge against lit paper, inside the grid."""
        return region & (cv2.erode(region.astype(np.uint8), np.ones((3, 3), np.uint8)) == 0) & near_lit & in_grid

    factor = None
    for k in big:
        x, y, w, h = stats[k, :4]
        if x + w < gx0 or x > gx1 or y + h < gy0 or y > gy1:
            continue
        region = (labels == k) & (cand > 0)
        off = outline(region) & off_y[:, None] & off_x[None, :]
        for r in range(rows):
            for q in range(cols):
                inner = region[core(r, q)]
                if (inner.size and inner.mean() >= SHADE_WHOLE and not off[core(r, q, 1.0)].any()
                        and lit_past(r, q) >= SHADE_LIT_SIDES):
                    region[core(r, q, 1.0)] = False  # a pale fill the region touches: out of it, to its lines
        edge = outline(region)
        off = edge & off_y[:, None] & off_x[None, :]
        length = float(edge.sum())
        if off.sum() < SHADE_OFF * c or off.sum() < SHADE_OFF_SHARE * length:
            continue
        if float(np.median(slope[off])) < SHADE_EDGE_SLOPE:  # (rubric 82) a soft edge: the soft-shadow search's
            continue
        level = float(np.median(ratio[region]))
        near = cv2.dilate(region.astype(np.uint8), np.ones((5, 5), np.uint8)) > 0
        for r in range(rows):
            for q in range(cols):
                inner = ratio[core(r, q)]
                if inner.size and SHADE_DEPTH[0] <= float(np.median(inner)) < level - SHADE_FILL_STEP:
                    near[core(r, q, 1.0)] = False  # a cell darker than the shadow: a pale fill in it or beside it
        here = np.where(near, np.clip(ratio, level - SHADE_LEVEL_TOL, 1.0), 1.0).astype(np.float32)
        factor = here if factor is None else np.minimum(factor, here)
    if factor is None:
        return None
    return cv2.resize(factor, (grey.shape[1], grey.shape[0]), interpolation=cv2.INTER_LINEAR)


def _span(lo: float, hi: float, size: int) -> slice:
    """Pixels lo..hi (rounded) of an axis ``size`` long, one at least."""
    return slice(max(0, int(round(lo))), min(size, max(int(round(lo)) + 1, int(round(hi)))))


def paper_map(image: np.ndarray, cell_px: float, colour: np.ndarray | None = None, bands: bool = False,
              grid: tuple[float, float, float, float] | None = None) -> np.ndarray:
    """Local paper brightness (float32, H x W) of the image's luma, shadows included but ink,
    fills, grid lines and digits removed. ``cell_px`` is the size of the largest mark that is not paper
    (a grid cell): marks up to ~0.4 of it are closed away; larger dark regions are left out as blocks
    darker than the smooth paper envelope (:func:`_envelope_fit`, then refined locally so that shadow
    edges are followed) and get the paper level interpolated from the paper around them. ``colour`` (the RGB
    image, optional): paper under a soft shadow must keep the lit paper's tint (:func:`_achromatic_shadow`).
    ``bands``: follow light bands across the whole page as well (:func:`band_shading`; rubric 53, the nonogram
    reader's darkness maps). ``grid``: the puzzle's grid box (x0, y0, x1, y1) of uniform cells of ``cell_px``, where
    a shadow cast across its lattice is followed too (:func:`lattice_shade`, rubric 80)."""
    grey = _luma(image)
    H, W = grey.shape
    stroke = max(3, int(round(STROKE_CLOSE * cell_px)) | 1)  # pen strokes, X marks, lines, digits
    grey = cv2.morphologyEx(grey, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_RECT, (stroke, stroke)))
    half = _half(grey)  # (both shadow searches look at half resolution)
    shade = shadow_edges(grey, cell_px, half=half)
    if shade is not None:  # a hard shadow's edge: the paper is estimated without it, then shaded again
        grey = np.clip(grey / shade, 0, 255).astype(np.uint8)
        half = None
    banded = band_shading(grey, cell_px, half=half) if bands else None  # (rubric 53) and light bands across the page
    if banded is not None:
        grey = np.clip(grey / banded, 0, 255).astype(np.uint8)
        shade = banded if shade is None else shade * banded
        half = None
    block = max(2, int(round(cell_px / 4)))
    sw, sh = max(3, W // block), max(3, H // block)
    small = cv2.resize(grey, (sw, sh), interpolation=cv2.INTER_AREA)
    k = max(3, int(round(0.45 * cell_px / block)) | 1)
    closed = cv2.morphologyEx(small, cv2.MORPH_CLOSE, np.ones((k, k), np.uint8)).astype(np.float32)
    log_closed = np.log(closed + 8.0)
    estimate = np.exp(_envelope_fit(log_closed)).astype(np.float32) - 8.0
    # (rubric 53) a page under bands has its soft shading in them: the soft-shadow search is not run on it (the bands'
    # shading divided out leaves soft ripples that joined a page's light grey fills to its paper)
    shadowed = _soft_shadow_paper(grey, closed, estimate, cell_px, block, half) if banded is None else None
    if shadowed is not None:
        shadowed = _achromatic_shadow(image if colour is None else colour, shadowed,
                                      closed >= (1.0 - HOLE_DROP) * estimate)
    # (rubric 80) a shadow cast across the lattice: the paper is estimated without it too. (rubric 82) The soft-shadow
    # search above ran on the page as drawn: with a hand's soft shadow partly divided out first, it no longer followed
    # the rest, and the shaded empty cells read as fills.
    cast = lattice_shade(grey, estimate, cell_px, grid, half) if grid is not None else None
    if cast is not None:
        grey = np.clip(grey / cast, 0, 255).astype(np.uint8)
        shade = cast if shade is None else shade * cast
        half = None
        small = cv2.resize(grey, (sw, sh), interpolation=cv2.INTER_AREA)
        closed = cv2.morphologyEx(small, cv2.MORPH_CLOSE, np.ones((k, k), np.uint8)).astype(np.float32)
        estimate = np.exp(_envelope_fit(np.log(closed + 8.0))).astype(np.float32) - 8.0
    near_shadow = None
    if shadowed is not None:  # (twenty-first session) where fills leave little paper near, the shadow's level
        wide = SOFT_FILL_IN * cell_px / block
        near_shadow = cv2.GaussianBlur(shadowed.astype(np.float32), (0, 0), wide) >= 0.05
    sigma = 1.5
    spots = _light_spots(small, closed, estimate, cell_px, block, k)
    for _ in range(6):  # local refinement: paper blocks near the estimate pull it onto the real paper
        paper = closed >= (1.0 - HOLE_DROP) * estimate
        if spots is not None:
            paper &= ~spots
        if shadowed is not None:  # and paper under a soft shadow (twenty-first session)
            paper |= shadowed
        weight = paper.astype(np.float32)
        num = cv2.GaussianBlur(closed * weight, (0, 0), sigma)
        den = cv2.GaussianBlur(weight, (0, 0), sigma)
        trust = np.clip(den / 0.5, 0.0, 1.0)
        local = num / np.maximum(den, 1e-6)
        fallback = estimate
        if near_shadow is not None:  # a pocket of paper between fills, under the shadow: the paper around it
            far = cv2.GaussianBlur(weight, (0, 0), wide)
            far_local = cv2.GaussianBlur(closed * weight, (0, 0), wide) / np.maximum(far, 1e-6)
            fallback = np.where(near_shadow & (far > 0.02), np.minimum(estimate, far_local), estimate)
        estimate = trust * local + (1.0 - trust) * fallback
    # the envelope is a polynomial: where paper blocks are few (a blank corner ringed by large fills)
    # it can overshoot; paper is never brighter than the brightest paper block of the page
    out = np.minimum(cv2.GaussianBlur(estimate, (0, 0), 0.8), float(closed.max()))
    out = cv2.resize(np.maximum(out, 8.0), (W, H), interpolation=cv2.INTER_LINEAR)
    return out if shade is None else np.maximum(out * shade, 8.0)


def _min_channel(image: np.ndarray) -> np.ndarray:
    a = np.asarray(image)
    if a.ndim == 2:
        return np.ascontiguousarray(a, dtype=np.uint8)
    r, g, b = cv2.split(np.ascontiguousarray(a[:, :, :3], dtype=np.uint8))
    return cv2.min(cv2.min(r, g), b)


def darkness_maps(image: np.ndarray, cell_px: float, bands: bool = False, stains: bool = False,
                  grid: tuple[float, float, float, float] | None = None, doubt: list[tuple[int, int]] | None = None
                  ) -> tuple[np.ndarray, np.ndarray]:
    """``(mark, tone)`` darkness maps 0..255 (uint8) against the local paper of :func:`paper_map`.

    ``mark``: 255 * (1 - pixel / paper) in the most darkened channel (each channel's paper is the page's
    paper colour scaled by the local paper brightness), so grey, coloured and pencil ink all count.
    ``tone``: the same on the luma only, for even light tones (JPEG's coarse colour planes make the
    darkest channel of tinted paper too noisy to tell a light shading from the paper). ``bands``: the paper
    follows light bands across the whole page (:func:`paper_map`). ``stains``: a stain's own tint is paper
    (:func:`remove_stain_tint`; rubric 60), and with the puzzle's ``grid`` box a spill across its edge too (rubric 61);
    ``grid`` also has the paper follow a shadow cast across the grid's lattice (:func:`lattice_shade`, rubric 80)."""
    a = np.asarray(image)
    if a.ndim == 2:
        a = np.repeat(a[:, :, None], 3, axis=2)
    rgb = np.ascontiguousarray(a[:, :, :3], dtype=np.uint8)
    luma = _luma(rgb)
    light = paper_map(luma, cell_px, rgb, bands=bands, grid=grid)
    colour = _paper_colour(rgb)
    paper_luma = max(1.0, float(colour @ np.array([0.299, 0.587, 0.114])))
    # every step writes into the arrays already made (a fresh page-sized array costs more in page faults than the
    # arithmetic on it); 255 - x on uint8 is its bitwise complement
    r, g, b = cv2.split(rgb)
    for ch, c in zip((r, g, b), colour):
        cv2.convertScaleAbs(ch, dst=ch, alpha=paper_luma / max(1.0, float(c)))
    cv2.min(cv2.min(r, g, dst=r), b, dst=r)
    level = r.astype(np.float32)
    cv2.divide(level, light, dst=level)
    mark = cv2.bitwise_not(cv2.convertScaleAbs(level, dst=g, alpha=255.0), dst=g)
    level[:] = luma
    cv2.divide(level, light, dst=level)
    tone = cv2.bitwise_not(cv2.convertScaleAbs(level, dst=b, alpha=255.0), dst=b)
    if stains:
        remove_stain_tint(rgb, mark, tone, light, colour, cell_px, grid, doubt)
    return mark, tone


STAIN_PAPER_TINT = 1.2  # stains are looked for on white or cream paper: its brightest channel at most this many times
# its darkest (cream 250, 245, 225: 1.11; a blueprint's paper inverted 155, 173, 254: 1.64; a sepia print's 1.51)
STAIN_TINT = 8  # a pixel of tinted paper: its darkest channel this much darker than its luma (mark - tone) ...
STAIN_PALE_TONE = 15  # ... its luma at most this dark ...
STAIN_PALE_MARK = 45  # ... and its darkest channel at most this dark (a stain's inside, not a coloured fill)
STAIN_JOIN = 0.15  # of a cell: tinted paper this near is one stain (across grid lines and small marks) ...
STAIN_AREA = 0.25  # ... covering at least this many cells (of area) of tinted paper: a stain ...
STAIN_SHARE = 0.25  # ... and at most this share of the page's paper (pale pixels, tinted or not): a blemish on it
STAIN_REACH = 1.0  # of a cell: the stain's tint is looked for this far around its tinted paper (its edge, its tide line)
STAIN_ALONG = 0.95  # a pixel whose colour (log, less its grey part) runs along the stain's tint to this cosine ...
STAIN_MOST = 4.0  # ... holds that tint up to this many times the stain's own (a tide line: ~3), which is paper


# (rubric 61, :func:`_spills`) a spill: tinted paper darker than a dried stain's inside, as dark as a light shading
STAIN_SPILL_TONE = 60  # its luma at most this dark ...
STAIN_SPILL_MARK = 110  # ... and its darkest channel at most this dark (ink, a coloured fill, is darker)
STAIN_SPILL_JOIN = 1.2  # of a cell: a spill's pieces this near are one spill (it runs on under a filled cell) ...
STAIN_SPILL_PIECE = 0.125  # ... each holding at least this share of STAIN_AREA
STAIN_SPILL_EDGE = 0.1  # of a cell: the paper this near the grid's edge is neither in the grid nor off it
STAIN_SPILL_REACH = 0.5  # of a cell: a spill's tint is taken out this far around it (its tide line, its droplets)
# where a piece crosses the grid's frame along STAIN_SPILL_CROSSING of a cell or more, the frame (darkness
# STAIN_SPILL_FRAME within STAIN_SPILL_FRAME_BAND of a cell of its place) shows through it along STAIN_SPILL_FRAME_SEEN
# of the crossing; else it is paint over the frame, a shading's
STAIN_SPILL_CROSSING = 0.25
STAIN_SPILL_FRAME = 150
STAIN_SPILL_FRAME_BAND = 0.08
STAIN_SPILL_FRAME_SEEN = 0.7
# a cell a piece covers STAIN_SPILL_COVERS of, reaching its sides (within STAIN_SPILL_SIDE of a cell), whose grid
# lines there (their darkest pixel within STAIN_SPILL_LINE of a cell of each place along them, visible: darkness
# STAIN_PALE_MARK to STAIN_SPILL_LINE_MARK, no fill's black) are tinted (from STAIN_SPILL_LINE_SHARE of the piece's
# median tint in the cell, or half STAIN_TINT) in less than STAIN_SPILL_LINE_TINTED of their length: a shading inside
# its lines, or the spill's edge along them -- in doubt
STAIN_SPILL_COVERS = 0.5
STAIN_SPILL_SIDE = 0.2
STAIN_SPILL_LINE = 0.03
STAIN_SPILL_LINE_MARK = 200
STAIN_SPILL_LINE_SHARE = 0.25
STAIN_SPILL_LINE_TINTED = 0.3


def remove_stain_tint(rgb: np.ndarray, mark: np.ndarray, tone: np.ndarray, light: np.ndarray, colour: np.ndarray,
                      cell_px: float, grid: tuple[float, float, float, float] | None = None,
                      doubt: list[tuple[int, int]] | None = None) -> bool:
    """(Rubric 60) Take a stain's tint out of the ``mark`` and ``tone`` maps (in place) where the page has one; True
    when it had.

    A dried water or coffee stain tints the paper and everything on it by one colour, darkest at its tide line, a soft
    brown curve that the most-darkened channel reads as ink (luma contrast ~40, ~65 in blue). On white or cream paper
    (``STAIN_PAPER_TINT``: coloured paper's own shades vary over the page) a stain is tinted paper (pale, its darkest
    channel darker than its luma) joined over ``STAIN_AREA`` cells and covering at most ``STAIN_SHARE`` of the page's
    pale paper (more is the page's own tint: a tinted card); its tint is the median log colour there. Within
    ``STAIN_REACH`` of it, each pixel whose colour less its grey part runs along that tint's is divided by the tint at
    the strength its colour shows (at most ``STAIN_MOST`` times the median): the tide line and the tinted paper become
    paper, and a grey mark on the stain keeps its own darkness. Coloured ink of another hue does not run along the
    tint and is left as it is; ink of the stain's own hue is lightened by the stain's strength at most.

    (Rubric 61) With the puzzle's ``grid`` box (x0, y0, x1, y1), a spill is paper too: tinted paper as dark as a light
    shading (``STAIN_SPILL_TONE``, ``STAIN_SPILL_MARK``), which only its shape tells from one (:func:`_spills`: it
    runs off the grid, the frame shows through it, and it covers the lines of the cells it covers). Its tint is taken
    out within ``STAIN_SPILL_REACH`` of it, against the paper around it (the paper map follows its even luma in part).
    Tinted cells beside it that may be a shading are kept as ink and added to ``doubt`` (row, column)."""
    if float(np.max(colour)) > STAIN_PAPER_TINT * max(1.0, float(np.min(colour))):
        return False  # coloured paper: shades of its own colour vary over the page (a blueprint inverted, a sepia print)
    tint = cv2.subtract(mark, tone)
    tinted_px = tint >= STAIN_TINT
    pale = (tinted_px & (tone <= STAIN_PALE_TONE) & (mark <= STAIN_PALE_MARK)).astype(np.uint8)
    spill = (tinted_px & (tone <= STAIN_SPILL_TONE) & (mark <= STAIN_SPILL_MARK)).astype(np.uint8) \
        if grid is not None else None
    area = STAIN_AREA * cell_px * cell_px
    has_pale = cv2.countNonZero(pale) >= area
    if not has_pale and (spill is None or cv2.countNonZero(spill) < 2 * area):
        return False  # (most pages: no tinted paper to speak of)
    k = max(3, int(round(STAIN_JOIN * cell_px)) | 1)
    opening = np.ones((3, 3), np.uint8)  # (no coloured ink's pale edges)
    stained = np.zeros(mark.shape, bool)
    spilt = np.zeros(mark.shape, bool)
    tinted = np.zeros(mark.shape, bool)
    boxes = []
    if has_pale:
        pale = cv2.morphologyEx(pale, cv2.MORPH_OPEN, opening)
        joined = cv2.morphologyEx(pale, cv2.MORPH_CLOSE, np.ones((k, k), np.uint8))
        n, labels, stats, _ = cv2.connectedComponentsWithStats(joined, connectivity=8)
        keep = np.zeros(n, bool)
        for i in range(1, n):
            if stats[i, cv2.CC_STAT_AREA] >= area:
                keep[i] = cv2.countNonZero(pale[labels == i]) >= area
        if keep.any():
            stained |= keep[labels]
            tinted |= stained & (pale > 0)
            boxes += [stats[i, :4] for i in np.flatnonzero(keep)]
    if spill is not None and cv2.countNonZero(spill) >= 2 * area:
        found, kept_out, unsure = _spills(spill, mark, tint, opening, k, area, cell_px, grid)
        for box, part in found:
            spilt |= part
            tinted |= part & (spill > 0)
            boxes.append(box)
    if not boxes:
        return False
    paper = cv2.countNonZero(((tone <= STAIN_PALE_TONE) & (mark <= STAIN_PALE_MARK)).astype(np.uint8))
    if cv2.countNonZero(tinted.astype(np.uint8)) > STAIN_SHARE * paper:
        return False  # a tint over much of the page is its paper (a sepia print, a tinted card), no stain on it
    log_paper = np.log(np.maximum(colour.astype(np.float32), 1.0))
    stain = np.median(np.log(np.maximum(rgb[tinted].astype(np.float32), 1.0)), axis=0) - log_paper
    if float(stain.mean()) > 0.0:
        # (rubric 71) tinted paper lighter than the page's paper is lit, not stained: coloured light (a stained-glass
        # window's) adds to every channel, where a stain takes from them. Divided out as a stain, its patches came out
        # darker than the paper map there (HELDOUT32's church page: a lit pane's cell at tone 74, read as a shading)
        return False
    hue = stain - stain.mean()
    if float(hue @ hue) < 1e-6:
        return False
    reach = max(3, int(round(STAIN_REACH * cell_px)) | 1)
    H, W = mark.shape
    boxes = np.array(boxes)
    x0, y0 = max(0, int(boxes[:, 0].min()) - reach // 2), max(0, int(boxes[:, 1].min()) - reach // 2)
    x1 = min(W, int((boxes[:, 0] + boxes[:, 2]).max()) + reach // 2)
    y1 = min(H, int((boxes[:, 1] + boxes[:, 3]).max()) + reach // 2)
    zone = cv2.dilate(stained[y0:y1, x0:x1].astype(np.uint8), np.ones((reach, reach), np.uint8))
    spill_zone = None
    if spilt.any():  # a spill's tide line is its own edge: looked for only just beyond it
        near = max(3, int(round(STAIN_SPILL_REACH * cell_px)) | 1)
        spill_zone = cv2.dilate(spilt[y0:y1, x0:x1].astype(np.uint8), np.ones((near, near), np.uint8))
        spill_zone[kept_out[y0:y1, x0:x1]] = 0  # a shading it touches stays ink
        zone |= spill_zone
    logs = np.log(np.maximum(rgb[y0:y1, x0:x1].astype(np.float32), 1.0)) - log_paper
    own = logs - logs.mean(axis=2, keepdims=True)
    along = own @ hue
    strength = along / float(hue @ hue)
    cosine = along / np.maximum(np.linalg.norm(own, axis=2) * float(np.linalg.norm(hue)), 1e-9)
    use = (zone > 0) & (cosine >= STAIN_ALONG) & (strength > 0)
    if not use.any():
        return False
    logs -= np.clip(strength, 0.0, STAIN_MOST)[..., None] * stain
    paper_luma = max(1.0, float(colour @ np.array([0.299, 0.587, 0.114])))
    cleaned_rgb = np.exp(logs + log_paper)
    lit = light[y0:y1, x0:x1]
    if spill_zone is not None:
        # the paper map follows a spill's even luma in part (smooth paper to it): its paper is the paper around it
        ring = (cv2.dilate(spill_zone, np.ones((reach, reach), np.uint8)) > 0) & (spill_zone == 0) \
            & (mark[y0:y1, x0:x1] <= STAIN_TINT)
        if ring.any():
            lit = np.where(spill_zone > 0, np.maximum(lit, np.float32(np.median(lit[ring]))), lit)
    level = (cleaned_rgb * (paper_luma / np.maximum(colour.astype(np.float32), 1.0))).min(axis=2) / lit
    mark[y0:y1, x0:x1][use] = np.clip(255.0 * (1.0 - level), 0, 255).astype(np.uint8)[use]
    level = (cleaned_rgb @ np.array([0.299, 0.587, 0.114], np.float32)) / lit
    tone[y0:y1, x0:x1][use] = np.clip(255.0 * (1.0 - level), 0, 255).astype(np.uint8)[use]
    if spill_zone is not None and doubt is not None:
        doubt.extend(unsure)
    return True


def _spills(spill: np.ndarray, mark: np.ndarray, tint: np.ndarray, opening: np.ndarray, k: int, area: float,
            cell_px: float, grid: tuple[float, float, float, float]
            ) -> tuple[list[tuple[np.ndarray, np.ndarray]], np.ndarray | None, list[tuple[int, int]]]:
    """(Rubric 61) The spills of :func:`remove_stain_tint` among the ``spill`` map's tinted paper (as dark as a light
    shading): each piece of one as its (x, y, w, h) box and its page-sized mask; the tinted paper kept as ink beside
    them (a page-sized mask); and the cells (row, column) of that in doubt, a shading or the spill.

    A spill runs on under the fills it crosses: its pieces are the tinted paper whose boxes lie within
    ``STAIN_SPILL_JOIN`` cells of each other (from the pieces reaching off the grid), and it is one when they hold
    ``2 * STAIN_AREA`` cells of tint, ``STAIN_AREA`` of it more than ``STAIN_SPILL_EDGE`` off the grid (no answer's
    shading leaves the grid), and one meets the grid's box. A piece that crosses the grid's frame where the frame does
    not show through it is paint over the frame, a shading drawn past the grid (:func:`_paints_over_frame`): ink. The
    lines of the cells a piece covers tell a shading (inside its lines, untinted) from the spill (over them:
    :func:`_shaded_cells`): a piece within one cell covering ``STAIN_SPILL_COVERS`` of it is ink where its lines are
    untinted, the spill's where they are tinted, and ink in doubt where no line is seen; a cell of a larger piece whose
    lines are untinted is ink in doubt. A droplet, a bit of tide line, is the spill's."""
    gx0, gy0, gx1, gy1 = (float(v) for v in grid)
    edge = STAIN_SPILL_EDGE * cell_px
    H, W = spill.shape
    grid_box = (slice(max(0, int(gy0 - edge)), max(0, int(math.ceil(gy1 + edge)) + 1)),
                slice(max(0, int(gx0 - edge)), max(0, int(math.ceil(gx1 + edge)) + 1)))
    if cv2.countNonZero(spill) - cv2.countNonZero(np.ascontiguousarray(spill[grid_box])) < area:
        return [], None, []  # (no tinted paper off the grid, as on a page of coloured fills: nothing more to do)
    within = np.zeros((H, W), bool)
    within[grid_box] = True
    spill = cv2.morphologyEx(spill, cv2.MORPH_OPEN, opening)
    joined = cv2.morphologyEx(spill, cv2.MORPH_CLOSE, np.ones((k, k), np.uint8))
    n, labels, stats, _ = cv2.connectedComponentsWithStats(joined, connectivity=8)
    # each piece's tint off the grid
    on = spill > 0
    off_of = np.bincount(labels[on & ~within], minlength=n)
    tint_of = np.bincount(labels[on], minlength=n)
    big = stats[:, cv2.CC_STAT_AREA] >= STAIN_SPILL_PIECE * area
    big[0] = False
    if int(off_of[big].sum()) < area:
        return [], None, []
    # pieces within STAIN_SPILL_JOIN cells of each other (their boxes) from those reaching off the grid
    boxes = stats[:, :4].astype(np.float64)
    lo, hi = boxes[:, :2], boxes[:, :2] + boxes[:, 2:]
    near = STAIN_SPILL_JOIN * cell_px
    grouped = np.zeros(n, bool)
    groups = []
    for seed in np.flatnonzero(big & (off_of > 0)):
        if grouped[seed]:
            continue
        members, todo = [int(seed)], [int(seed)]
        grouped[seed] = True
        while todo:
            i = todo.pop()
            gap = np.maximum(np.maximum(lo - hi[i], lo[i] - hi), 0).max(axis=1)
            for j in np.flatnonzero(big & ~grouped & (gap <= near)):
                grouped[j] = True
                members.append(int(j))
                todo.append(int(j))
        if int(off_of[members].sum()) >= area and int(tint_of[members].sum()) >= 2 * area:
            groups.append(members)
    cols = max(1, int(round((gx1 - gx0) / cell_px)))
    rows = max(1, int(round((gy1 - gy0) / cell_px)))
    cw, ch = (gx1 - gx0) / cols, (gy1 - gy0) / rows
    found = []
    kept_out = np.zeros((H, W), bool)
    doubt: set[tuple[int, int]] = set()
    for members in groups:
        tinted, off, cut_ok, shaded, unsure = 0, 0, [], [], set()
        for i in members:
            x, y, w, h, _ = (int(v) for v in stats[i])
            bx0, by0, bx1, by1 = max(0, x - 2), max(0, y - 2), min(W, x + w + 2), min(H, y + h + 2)
            piece = labels[by0:by1, bx0:bx1] == i
            part = piece & on[by0:by1, bx0:bx1]
            if _paints_over_frame(piece, (by0, bx0), mark, (gx0, gy0, gx1, gy1), min(cw, ch)):
                shaded.append((piece, (by0, by1, bx0, bx1)))
                continue
            yy, xx = np.mgrid[by0:by1, bx0:bx1]
            tinted += np.count_nonzero(part)
            off += np.count_nonzero(part & ((xx < gx0 - edge) | (xx > gx1 + edge) | (yy < gy0 - edge) | (yy > gy1 + edge)))
            inside = (xx > gx0 + edge) & (xx < gx1 - edge) & (yy > gy0 + edge) & (yy < gy1 - edge)
            if not np.any(piece & inside):
                cut_ok.append((i, piece, (by0, by1, bx0, bx1)))  # off the grid, or only along its edge
                continue
            cells_spanned = [len(range(max(0, int((a + edge - g) // c)), min(n_cells, int((b - edge - g) // c) + 1)))
                             for a, b, g, c, n_cells in ((x, x + w, gx0, cw, cols), (y, y + h, gy0, ch, rows))]
            if max(cells_spanned) <= 1 and x >= gx0 and y >= gy0 and x + w <= gx1 and y + h <= gy1 \
                    and np.count_nonzero(piece) >= STAIN_SPILL_COVERS * cw * ch:
                # most of one cell and no more (a droplet, a bit of tide line is the spill's): a shading inside its
                # lines, untinted; the spill where the tint runs over them; in doubt where none is seen (the spill
                # between fills, or a shading)
                judged = _shaded_cells(piece, (by0, bx0), tint, mark, (gx0, gy0, cw, ch, cols, rows))
                lines = set(judged.values())
                if lines != {False}:
                    shaded.append((piece, (by0, by1, bx0, bx1)))
                    if True not in lines:
                        unsure.add((min(rows - 1, int((y + h / 2 - gy0) // ch)),
                                    min(cols - 1, int((x + w / 2 - gx0) // cw))))
                    continue
            else:
                judged = _shaded_cells(piece, (by0, bx0), tint, mark, (gx0, gy0, cw, ch, cols, rows))
            # a cell it covers up to its lines, whose lines are not tinted, may be a shading the spill touches (the
            # shading lies inside its lines, a spill over them) or a spill whose edge runs along them: kept as ink, and
            # in doubt
            piece = piece.copy()
            for cell, untinted in judged.items():
                if not untinted:
                    continue
                r, c = divmod(cell, cols)
                unsure.add((r, c))
                cy0, cx0 = max(0, int(round(gy0 + r * ch))), max(0, int(round(gx0 + c * cw)))
                cell_box = (cy0, min(H, cy0 + int(round(ch))), cx0, min(W, cx0 + int(round(cw))))
                piece[max(0, cy0 - by0):max(0, cell_box[1] - by0), max(0, cx0 - bx0):max(0, cell_box[3] - bx0)] = False
                shaded.append((np.ones((cell_box[1] - cy0, cell_box[3] - cx0), bool), cell_box))
            cut_ok.append((i, piece, (by0, by1, bx0, bx1)))
        meets = any(lo[i, 0] < gx1 and hi[i, 0] > gx0 and lo[i, 1] < gy1 and hi[i, 1] > gy0 for i in members)
        if tinted < 2 * area or off < area or not meets:
            continue
        for i, piece, (by0, by1, bx0, bx1) in cut_ok:
            mask = np.zeros((H, W), bool)
            mask[by0:by1, bx0:bx1] = piece
            found.append((stats[i, :4], mask))
        for piece, (by0, by1, bx0, bx1) in shaded:
            kept_out[by0:by1, bx0:bx1] |= piece
        doubt.update(unsure)
    return found, kept_out, sorted(doubt)


def _paints_over_frame(piece: np.ndarray, origin: tuple[int, int], mark: np.ndarray,
                       grid: tuple[float, float, float, float], cell: float) -> bool:
    """(Rubric 61) True when the tinted ``piece`` (a mask at ``origin`` (y, x) of the page) crosses the grid's frame
    where the frame is not seen through it: paint over the frame (a shading drawn past the grid), not a spill, which
    the frame shows through darkened."""
    gx0, gy0, gx1, gy1 = (int(round(v)) for v in grid)
    d0, d1 = max(1, int(round(STAIN_SPILL_EDGE * cell))), max(2, int(round(2.5 * STAIN_SPILL_EDGE * cell)))
    fb = max(1, int(round(STAIN_SPILL_FRAME_BAND * cell)))
    H, W = mark.shape
    oy, ox = origin
    ph, pw = piece.shape
    crossing = seen = 0
    for at, lo, hi, across in ((gy0, gx0, gx1, False), (gy1, gx0, gx1, False), (gx0, gy0, gy1, True),
                               (gx1, gy0, gy1, True)):
        lo, hi = max(0, lo), min(H if across else W, hi)
        if at - d1 < 0 or at + d1 >= (W if across else H) or hi <= lo:
            continue  # (the page ends at the frame: nothing beyond it to cross to)
        # rows across the frame line, columns along it, in page coordinates: the piece there (none outside its box)
        g, m, o_at, o_along, n_at, n_along = ((piece.T, mark.T, ox, oy, pw, ph) if across
                                               else (piece, mark, oy, ox, ph, pw))

        def beside(u: int, v: int) -> np.ndarray:
            out = np.zeros(hi - lo, bool)
            a0, a1 = max(lo, o_along), min(hi, o_along + n_along)
            if a1 > a0 and min(v, o_at + n_at) > max(u, o_at):
                out[a0 - lo:a1 - lo] = g[max(u, o_at) - o_at:min(v, o_at + n_at) - o_at, a0 - o_along:a1 - o_along].any(axis=0)
            return out

        crosses = beside(at - d1, at - d0) & beside(at + d0, at + d1)
        n = int(np.count_nonzero(crosses))
        if n:
            crossing += n
            seen += int(np.count_nonzero(crosses & (m[at - fb:at + fb + 1, lo:hi].max(axis=0) >= STAIN_SPILL_FRAME)))
    return crossing >= STAIN_SPILL_CROSSING * cell and seen < STAIN_SPILL_FRAME_SEEN * crossing


def _shaded_cells(piece: np.ndarray, origin: tuple[int, int], tint: np.ndarray, mark: np.ndarray,
                  lattice: tuple[float, float, float, float, int, int]) -> dict[int, bool]:
    """(Rubric 61) The cells (row * cols + col) a spill's ``piece`` (a mask at ``origin`` (y, x) of the page) covers
    up to their lines, where the grid lines it reaches are visible: True where they are not tinted (a shading inside
    them), False where they are (the tint runs over them)."""
    gx0, gy0, cw, ch, cols, rows = lattice
    oy, ox = origin
    ph, pw = piece.shape
    half = max(1, int(round(STAIN_SPILL_LINE * min(cw, ch))))
    out = {}
    for r in range(max(0, int((oy - gy0) // ch)), min(rows, int((oy + ph - gy0) // ch) + 1)):
        for c in range(max(0, int((ox - gx0) // cw)), min(cols, int((ox + pw - gx0) // cw) + 1)):
            x0, y0, x1, y1 = (int(round(v)) for v in (gx0 + c * cw, gy0 + r * ch, gx0 + (c + 1) * cw, gy0 + (r + 1) * ch))
            ry0, ry1, rx0, rx1 = max(y0, oy), min(y1, oy + ph), max(x0, ox), min(x1, ox + pw)
            if ry1 <= ry0 or rx1 <= rx0:
                continue
            cell = piece[ry0 - oy:ry1 - oy, rx0 - ox:rx1 - ox]
            if np.count_nonzero(cell) < STAIN_SPILL_COVERS * (x1 - x0) * (y1 - y0):
                continue
            reach = int(round(STAIN_SPILL_SIDE * min(cw, ch)))
            # a line under the spill is tinted by it less than its paper is (darker: less light to tint), and a
            # faint spill tints it little
            least = max(STAIN_TINT / 2, STAIN_SPILL_LINE_SHARE * float(np.median(tint[ry0:ry1, rx0:rx1][cell])))
            lines, tinted = 0, 0
            for side in range(4):  # top, bottom, left, right: the piece along that side, then the line there
                m0, m1 = int(0.2 * (x1 - x0)), int(0.8 * (x1 - x0))
                if side < 2:
                    ly = y0 if side == 0 else y1
                    near = piece[max(0, ly - oy - reach if side else ly - oy):max(0, ly - oy if side else ly - oy + reach),
                                 max(0, x0 - ox + m0):max(0, x0 - ox + m1)]
                    band = (slice(max(0, ly - half), ly + half + 1), slice(max(0, x0 + m0), max(0, x0 + m1)))
                else:
                    lx = x0 if side == 2 else x1
                    m0, m1 = int(0.2 * (y1 - y0)), int(0.8 * (y1 - y0))
                    near = piece[max(0, y0 - oy + m0):max(0, y0 - oy + m1),
                                 max(0, lx - ox - reach if side == 3 else lx - ox):max(0, lx - ox if side == 3 else lx - ox + reach)]
                    band = (slice(max(0, y0 + m0), max(0, y0 + m1)), slice(max(0, lx - half), lx + half + 1))
                if near.size == 0 or mark[band].size == 0 or not near.any(axis=0 if side < 2 else 1).mean() >= 0.5:
                    continue
                axis = 0 if side < 2 else 1  # the line's darkest pixel at each place along it: the line, not what abuts it
                core = np.expand_dims(np.argmax(mark[band], axis=axis), axis)
                dark = np.take_along_axis(mark[band], core, axis=axis)
                line = (dark >= STAIN_PALE_MARK) & (dark <= STAIN_SPILL_LINE_MARK)
                lines += int(np.count_nonzero(line))
                tinted += int(np.count_nonzero(line & (np.take_along_axis(tint[band], core, axis=axis) >= least)))
            if lines:
                out[r * cols + c] = tinted < STAIN_SPILL_LINE_TINTED * lines
    return out


def darkness_map(image: np.ndarray, cell_px: float) -> np.ndarray:
    """The ``mark`` map of :func:`darkness_maps`: darkness 0..255 in the most darkened channel."""
    return darkness_maps(image, cell_px)[0]


def _luma(image: np.ndarray) -> np.ndarray:
    a = np.asarray(image)
    if a.ndim == 2:
        return np.ascontiguousarray(a, dtype=np.uint8)
    return cv2.cvtColor(np.ascontiguousarray(a[:, :, :3], dtype=np.uint8), cv2.COLOR_RGB2GRAY)


PAPER_AREA_SHARE = 0.5  # a bright colour covering this share of the modal one's area may be the paper
PAPER_TINT_TOL = 0.06  # channel / mean(channels) difference within which two colours are one tint
# a colour bin's neighbours (and itself) in _paper_colour's padded 34^3 histogram
_NEIGHBOUR_BINS = np.array([(i * 34 + j) * 34 + k for i in (-1, 0, 1) for j in (-1, 0, 1) for k in (-1, 0, 1)])


def _neighbour_sums(counts: np.ndarray) -> np.ndarray:
    """Each bin of _paper_colour's padded 34^3 histogram summed with its 26 neighbours (a 3x3x3 box sum in
    integers, so exactly the sum over _NEIGHBOUR_BINS; 0 on the padding)."""
    c = counts.reshape(34, 34, 34)
    s = c[:-2] + c[1:-1] + c[2:]
    s = s[:, :-2] + s[:, 1:-1] + s[:, 2:]
    s = s[:, :, :-2] + s[:, :, 1:-1] + s[:, :, 2:]
    out = np.zeros_like(c)
    out[1:-1, 1:-1, 1:-1] = s
    return out.ravel()


def _level_mean(small: np.ndarray, keys: np.ndarray, key: int) -> np.ndarray:
    """The mean colour (float RGB) of the pixels ``small`` (N x 3 integers) whose ``keys`` are ``key``: from integer
    sums, exact, so the same float as the mean over those pixels gathered."""
    at = (keys == key).astype(np.int64)
    return np.array([int(at @ small[:, c]) for c in range(3)], np.int64) / int(np.count_nonzero(at))


def _paper_colour(rgb: np.ndarray) -> np.ndarray:
    """The page's paper colour (float RGB; white if the page has no bright pixels): of the bright colours
    covering at least PAPER_AREA_SHARE of the most frequent one's area, the lightest (in its darkest channel).

    Usually the most frequent bright colour; but a coloured fill can cover as much of the page as the paper
    (a shading of 8/9 of a grid), and no fill is lighter than the paper it is drawn on. Colours are counted on
    a downsampled copy at 32 levels per channel, each with its neighbouring levels (JPEG and noise spread one
    colour over a few); a lighter colour of the modal colour's own tint (the lit part of paper whose mode is in
    shadow) is the same paper, and the modal colour is kept."""
    h, w = rgb.shape[:2]
    k = max(1, max(h, w) // 120)
    small = rgb[::k, ::k].reshape(-1, 3).astype(np.int32)
    bright = small[:, 0] + small[:, 1] + small[:, 2] >= 3 * 96  # (sum(axis=1) over 3 columns is slow)
    if not bright.any():
        return np.array([255.0, 255.0, 255.0])
    q = (small >> 3) + 1  # 32 levels per channel, bins padded by one level on each side
    keys = (q[:, 0] * 34 + q[:, 1]) * 34 + q[:, 2]
    # (speed, twenty-sixth session: no copy of the bright pixels) the dark ones are counted apart, past every bin
    keys[~bright] = 34 ** 3
    counts = np.bincount(keys, minlength=34 ** 3 + 1)[:34 ** 3]
    mode = _level_mean(small, keys, int(counts.argmax()))
    used = np.flatnonzero(counts)
    area = _neighbour_sums(counts)[used]  # each colour with its neighbouring levels
    if np.count_nonzero(area >= PAPER_AREA_SHARE * area.max()) < 2:
        return mode
    area_at = np.zeros_like(counts)
    area_at[used] = area
    peak = (area >= PAPER_AREA_SHARE * area.max()) & (area >= area_at[used[:, None] + _NEIGHBOUR_BINS].max(axis=1))
    best, best_light = mode, float(mode.min())
    for key in used[peak]:
        near = key + _NEIGHBOUR_BINS
        colour = _level_mean(small, keys, int(near[counts[near].argmax()]))  # the peak's most frequent level
        if float(colour.min()) > best_light:
            best, best_light = colour, float(colour.min())
    if best is mode or float(np.abs(best / best.mean() - mode / mode.mean()).max()) <= PAPER_TINT_TOL:
        return mode
    return best


# ------------------------------------------------------------------------------------------ grid lines


def _merge_edges(values: Sequence[float], tol: float) -> list[float]:
    out: list[float] = []
    for v in sorted(values):
        if out and v - out[-1] <= tol:
            continue
        out.append(v)
    return out


LINE_ALONG = 3  # px: darkness is averaged over this length along a line before its band is looked for (a line
# printed as a dither, every other pixel inked, is a grey line to a reader; each cell's side is then measured as it is)


def _along_line(strip: np.ndarray) -> np.ndarray:
    """``strip`` (darkness, uint8; the line's direction along its rows) averaged over LINE_ALONG px along the line."""
    if strip.shape[0] < LINE_ALONG:
        return strip
    return cv2.blur(np.ascontiguousarray(strip), (1, LINE_ALONG), borderType=cv2.BORDER_REPLICATE)


def _line_profiles(dark: np.ndarray, boxes: Sequence[Sequence[float]], cell_px: float, reach: int,
                   axes: tuple[int, ...] = (0, 1), ends_off: int = 0, values: bool = False, blur: bool = True
                   ) -> tuple[list[tuple[float, int, int, int, int, np.ndarray]], ...]:
    """Per direction (vertical lines at x edges, horizontal at y edges; those of ``axes``, the other's list empty),
    for every distinct cell edge: ``(e, c, a0, s0, s1, profile)``: the edge, its pixel ``c``, the strip's first pixel
    across it ``a0`` (``c - reach``, within the image), its stretch along the line ``[s0, s1)`` (the cells along it),
    and ``profile`` (bool per pixel across it): inked where LINE_PERCENTILE of the darkness along it (averaged over
    LINE_ALONG px, unless not ``blur``) is LINE_INK at least (with ``values``, that darkness itself); None where the
    strip is empty. Edges in the edges' order. ``ends_off``: the px within this many of a cell's end along the line
    (where the crossing lines run) are left out."""
    H, W = dark.shape
    tol = 0.25 * cell_px
    arr = np.asarray(boxes, np.float64).reshape(-1, 4)
    found: list[list[tuple[float, int, int, int, int, np.ndarray]]] = []
    for axis in (0, 1):  # 0: vertical lines at x edges, 1: horizontal lines at y edges
        if axis not in axes:
            found.append([])
            continue
        lo_i, hi_i = (0, 2) if axis == 0 else (1, 3)
        edges = _merge_edges(arr[:, lo_i].tolist() + arr[:, hi_i].tolist(), tol)
        strips: dict[tuple[int, int], list[tuple[float, int, int, np.ndarray]]] = {}
        out: dict[float, tuple[float, int, int, int, int, np.ndarray | None]] = {}
        for e in edges:
            along = arr[(np.abs(arr[:, lo_i] - e) <= tol) | (np.abs(arr[:, hi_i] - e) <= tol)]
            c = round(e)
            if axis == 0:  # the strip runs along y, across x
                s0, s1 = max(0, int(along[:, 1].min())), min(H, int(along[:, 3].max()))
                a0, a1 = max(0, c - reach), min(W, c + reach + 1)
                strip = dark[s0:s1, a0:a1]
            else:
                s0, s1 = max(0, int(along[:, 0].min())), min(W, int(along[:, 2].max()))
                a0, a1 = max(0, c - reach), min(H, c + reach + 1)
                strip = dark[a0:a1, s0:s1].T
            out[e] = (e, c, a0, s0, s1, None)
            if strip.shape[0] >= 2 and strip.shape[1] > 0:
                strips.setdefault((s0, s1), []).append((e, c, a0, strip))
        # the strips along one stretch are looked at side by side (each column is its own: averaged along the line,
        # and its percentile taken, down its length)
        for (s0, s1), group in strips.items():
            joined = np.concatenate([g[3] for g in group], axis=1)
            joined = _along_line(joined) if blur else joined
            if ends_off:
                ends = np.concatenate([arr[:, 1], arr[:, 3]] if axis == 0 else [arr[:, 0], arr[:, 2]])
                place = np.arange(s0, s1, dtype=np.float64)
                kept = np.abs(place[:, None] - ends[None, :]).min(axis=1) > ends_off
                if np.count_nonzero(kept) >= 2:
                    joined = joined[kept]
            kth = int((joined.shape[0] - 1) * LINE_PERCENTILE / 100)
            inked = np.partition(joined, kth, axis=0)[kth]
            inked = inked if values else inked >= LINE_INK
            at = 0
            for e, c, a0, strip in group:
                out[e] = (e, c, a0, s0, s1, inked[at:at + strip.shape[1]])
                at += strip.shape[1]
        found.append([out[e] for e in edges])
    return found[0], found[1]


LineBands = tuple[dict[float, tuple[int, int]], dict[float, tuple[int, int]]]  # :func:`line_bands`' (x lines, y lines)


def line_bands(dark: np.ndarray, boxes: Sequence[Sequence[float]], cell_px: float) -> LineBands:
    """Where each grid line lies: for every distinct vertical (x) and horizontal (y) cell edge, the pixel
    interval ``[a, b)`` of the line drawn along it, found from the darkness profile across the edge (the
    LINE_PERCENTILE-th percentile along it, so fills beside a line do not widen it) and capped at
    LINE_MAX_HALF of a cell on each side. An edge without a line gets an empty interval at the edge."""
    reach = max(2, round(LINE_MAX_HALF * cell_px))
    bands: list[dict[float, tuple[int, int]]] = []
    for lines in _line_profiles(dark, boxes, cell_px, reach):
        out: dict[float, tuple[int, int]] = {}
        for e, c, a0, _, _, profile in lines:
            band = None if profile is None else _band_at(profile, c - a0, reach)
            out[e] = (c, c) if band is None else (a0 + band[0], a0 + band[1])
        bands.append(out)
    return bands[0], bands[1]


def _band_at(profile: np.ndarray, centre: int, reach: int) -> tuple[int, int] | None:
    """The inked run of ``profile`` through its inked pixel nearest ``centre`` (at most reach // 2 + 1 away): ``[a,
    b)``; None when there is none."""
    hits = np.nonzero(profile)[0]
    if len(hits) == 0:
        return None
    start = int(hits[np.argmin(np.abs(hits - centre))])
    if abs(start - centre) > reach // 2 + 1:
        return None
    a = b = start
    while a > 0 and profile[a - 1]:
        a -= 1
    while b < len(profile) - 1 and profile[b + 1]:
        b += 1
    return a, b + 1


LINE_GROUP_HALF = 0.25  # of a cell: a line drawn as parallel thin rules (a heavy line as three, a double border)
# reaches at most this far from its edge ...
LINE_GROUP_GAP = 0.1  # ... its rules a paper gap of at most this share of a cell apart (2 px at least) ...
LINE_GROUP_GAP_WIDE = 0.15  # ... (rubric 73) or of this share where the rule past the gap is a wire ...
LINE_GROUP_WIRE = 0.05  # ... at least this thick (2 px at least): a ruled page's hairlines 9 px apart are no rules
LINE_GROUP_RULE = 0.14  # ... each further rule at most this thick (3 px at least) ... (rubric 73: a block line of paper
# clips laid end to end is two wires 0.1-0.13 cell thick, 0.14 cell apart where the clips' joints narrow the outer one)
LINE_GROUP_CHUNK = 3  # ... looked for along this many cells of the line at a time (a short rest joins the last) ...
LINE_GROUP_ALONG = 0.6  # ... and found along this share of the line's stretches at least
LINE_RULE_CONTRAST = 10  # a rule is this much darker somewhere across it than the paper of its gap at its lightest


def line_companions(dark: np.ndarray, boxes: Sequence[Sequence[float]], cell_px: float,
                    bands: LineBands | None = None
                    ) -> list[tuple[int, int, int, int, int, int]]:
    """The further rules of grid lines drawn as parallel thin rules: beyond the band of a line (:func:`line_bands`,
    along the whole line; where the line bends and has none, the stretch's own), on one side, thin rules
    (LINE_GROUP_RULE) along the line (LINE_PERCENTILE of each px across it inked, as for the band, along
    LINE_GROUP_CHUNK cells at a time, without each cell's ends, where the crossing lines run), each a narrow paper gap
    (LINE_GROUP_GAP) beyond the last and all within LINE_GROUP_HALF of the edge: ``(axis, s0, s1, p, q, past)``, the
    pixels ``[p, q)`` across the line (x for axis 0, a vertical line; y for axis 1) from the band's end to the last
    rule's, ``past`` the pixel just past that rule, over the stretch ``[s0, s1)`` along it. A rule is
    LINE_RULE_CONTRAST darker somewhere across it than its gap at its lightest (a light fill's grey edge, 3 darker
    than its inside, is no rule). Along a stretch where a slight tilt blurs the gap between the band and the first
    rule, that rule may touch the band (as thick as a rule and a gap) when the line's rules on that side stand apart
    along another stretch. A heavy line redrawn as three thin rules is one line to a reader; its outer rules, cells
    long, are no mark of the cells beside them. ``bands``: :func:`line_bands` of ``dark``, when already found."""
    reach = max(2, round(LINE_MAX_HALF * cell_px))
    half = max(reach, round(LINE_GROUP_HALF * cell_px))
    gap_max = max(2, round(LINE_GROUP_GAP * cell_px))
    gap_wide = max(gap_max, round(LINE_GROUP_GAP_WIDE * cell_px))
    wire = max(2, round(LINE_GROUP_WIRE * cell_px))
    rule_max = max(3, round(LINE_GROUP_RULE * cell_px))
    margin = max(1, round(LINE_SIDE_MARGIN * cell_px))  # (each cell's ends along the line, where crossing lines run)
    arr = np.asarray(boxes, np.float64).reshape(-1, 4)
    lines = []
    for axis in (0, 1):
        # each line is looked at LINE_GROUP_CHUNK cells at a time along it: a page curled or tilted a few px moves its
        # thin rules across the px it is read along, so that along the whole line no px is inked throughout
        along = arr[:, 1] if axis == 0 else arr[:, 0]  # the cells' place along the lines of this direction
        starts = np.asarray(_merge_edges(along.tolist(), 0.25 * cell_px))
        if not len(starts):
            continue
        place = np.abs(along[:, None] - starts[None, :]).argmin(axis=1)
        for chunk in np.array_split(np.arange(len(starts)), max(1, len(starts) // LINE_GROUP_CHUNK)):
            part = arr[(place >= chunk[0]) & (place <= chunk[-1])]  # (a short rest joins the last chunk)
            lines += [(axis, line) for line in _line_profiles(dark, part, cell_px, half, axes=(axis,),
                                                              ends_off=margin, values=True, blur=False)[axis]]
    # (the whole line's band, as the cells' sides are measured from)
    bands = line_bands(dark, boxes, cell_px) if bands is None else bands
    found = []
    for axis, (e, c, a0, s0, s1, level) in lines:
        if level is None:
            continue
        profile = level >= LINE_INK
        centre, n = c - a0, len(profile)
        band = bands[axis][min(bands[axis], key=lambda k: abs(k - e))]
        if band[0] == band[1]:  # no band along the whole line (it bends): this stretch's own
            lo = max(0, centre - reach)
            own = _band_at(profile[lo:centre + reach + 1], centre - lo, reach)
            if own is None:
                continue
            band = (a0 + lo + own[0], a0 + lo + own[1])
        for step, at in ((1, band[1] - a0), (-1, band[0] - 1 - a0)):  # at: the first px past the band
            start, last, touching, rules = at, None, False, 0
            while True:
                gap, lightest = 0, 255
                while 0 <= at < n and not profile[at] and gap <= gap_wide:
                    at, gap, lightest = at + step, gap + 1, min(lightest, int(level[at]))
                # (the first rule may touch the band along this stretch: a slight tilt blurs their gap)
                if not (0 < gap or last is None) or gap > gap_wide or not 0 <= at < n:
                    break
                width, darkest = 0, 0
                while 0 <= at < n and profile[at]:
                    at, width, darkest = at + step, width + 1, max(darkest, int(level[at]))
                if gap > gap_max and width < wire:
                    break  # (rubric 73) a wide gap only before a heavy line's wire (a ruled page's next hairline)
                if abs(at - step - centre) > half and width <= rule_max:
                    last = None  # rules running on past the reach: a fill's texture (a dot matrix's rows), no line's
                    break
                if (width > rule_max + (gap_max if gap == 0 else 0) or (gap and darkest - lightest < LINE_RULE_CONTRAST)
                        or not 0 <= at < n or abs(at - step - centre) > half):
                    break  # (a fill beyond the line, a light fill's grey edge barely darker than its inside, or the
                    # group running past its reach; a touching rule's width holds the gap its tilt blurred)
                touching = touching or (last is None and gap == 0)
                rules += 1
                last = at  # the px just past the rule
            if last is not None and any(profile[k] for k in range(last, last + step * (gap_max + 1), step)
                                        if 0 <= k < n):
                last = None  # ink again within a gap past the last rule: a fill's texture (a dot matrix), no line's
            if last is not None:
                p, q = (start, last) if step == 1 else (last + 1, start + 1)
                # (rubric 73) a touching rule with a rule a paper gap past it stands apart: the band was measured short
                # of its own ink (a paper-clip block line's outer wire, its joints lighter), and the rule beyond is one
                found.append(((axis, e, step), touching and rules == 1, (axis, s0, s1, a0 + p, a0 + q, a0 + last)))
    # (rubric 73) a line's rules run on through its crossings, where each cell's ends were left out: an outlined
    # fill's side, inset from the cell's sides, stops short of them
    found = [item for item in found if _rules_run_through(dark, item[2])]
    # a rule touching the band along a stretch is the line's only where the line's rules stand apart elsewhere; and a
    # line is drawn so along most of its length (LINE_GROUP_ALONG of its stretches): a row of textured fills beside it
    # (a dot matrix's rows of dots) runs along a few cells
    grouped = {key for key, touching, _ in found if not touching}
    stretches = collections.Counter((axis, line[0]) for axis, line in lines)
    # (rubric 73) a line's rules lie alike along it: a stretch counts where as many others' rules as its own, or more,
    # reach within LINE_GROUP_SAME of its own (an outlined fill's wavy side among fills is a "rule" of its stretch
    # alone, a band's px edge along another)
    same = max(3, round(LINE_GROUP_SAME * cell_px))
    alike = [sum(k == key and abs(g[3] - group[3]) <= same and abs(g[4] - group[4]) <= same for k, _, g in found)
             for key, _, group in found]
    held = collections.Counter(key for (key, _, _), n in zip(found, alike) if 2 * n > sum(k == key for k, _, _ in found))
    return [group for (key, _, group), n in zip(found, alike)
            if key in grouped and held[key] >= LINE_GROUP_ALONG * stretches[key[:2]]
            and 2 * n > sum(k == key for k, _, _ in found)]


LINE_GROUP_THROUGH = 0.9  # (rubric 73) a line's further rules hold ink along this share of their stretch, ends too
LINE_GROUP_SAME = 0.06  # (rubric 73) of a cell (3 px at least): a line's rules stand this near alike along its stretches


def _rules_run_through(dark: np.ndarray, group: tuple[int, int, int, int, int, int]) -> bool:
    """Whether a group of further rules (:func:`line_companions`' ``(axis, s0, s1, p, q, past)``) holds ink (LINE_INK)
    somewhere across it along LINE_GROUP_THROUGH of its whole stretch, the cells' ends included (a double line's rule
    runs on through the crossings). Rubric 73: with rules up to 0.14 cell thick and 0.15 cell apart (a paper-clip block
    line), a row of outlined fills, each a square's side 0.11 cell thick 0.15 cell in from its cell's sides, was a
    further rule of the line beside it, and the squares' sides were taken out (a 15x15 page read its top row blank)."""
    axis, s0, s1, p, q, _ = group
    strip = dark[s0:s1, p:q] if axis == 0 else dark[p:q, s0:s1].T
    return strip.size > 0 and float((strip >= LINE_INK).any(axis=1).mean()) >= LINE_GROUP_THROUGH


def without_line_companions(darkness: np.ndarray | tuple[np.ndarray, np.ndarray], boxes: Sequence[Sequence[float]],
                            cell_px: float
                            ) -> tuple[np.ndarray | tuple[np.ndarray, np.ndarray], LineBands | None]:
    """``darkness`` (a mark map, or :func:`darkness_maps`'s pair) with the further rules of lines drawn as parallel
    thin rules (:func:`line_companions`) taken out (paper), with the paper between them and the two px just past
    them (a rule drawn aslant or bent a px or two). Where a fill or a mark runs on past the rules (ink on both the
    next two px, wider than LINE_SIDE_SMOOTH of a cell along the line) they stay, and the cell's side is measured as
    before. Returns that darkness (copies) and None, or, when there are no rules, ``darkness`` itself and its
    :func:`line_bands` (found for the rule search; :func:`read_marks` takes them rather than find them again)."""
    dark = darkness[0] if isinstance(darkness, tuple) else darkness
    bands = line_bands(dark, boxes, cell_px)
    found = line_companions(dark, boxes, cell_px, bands)
    decor = line_decorations(dark, boxes, cell_px, bands)  # (rubric 77)
    if not found:
        if decor is None:
            return darkness, bands
        maps = [m.copy() for m in (darkness if isinstance(darkness, tuple) else (darkness,))]
        for m in maps:
            m[decor] = 0
        return (tuple(maps) if isinstance(darkness, tuple) else maps[0]), bands
    H, W = dark.shape
    wide = np.ones((1, max(3, round(LINE_SIDE_SMOOTH * cell_px))), np.uint8)
    # where two such lines cross, the other's rules are no ink past a group
    spans = np.zeros((2, H, W), bool)
    size = (W, H)
    reaches = []  # per group: its px across with the two past it, and the two past those (within the image)
    for axis, s0, s1, p, q, past in found:
        step = 1 if past >= q else -1
        on = [min(max(past + k * step, 0), size[axis] - 1) for k in range(4)]
        lo, hi = min(p, on[1]), max(q, on[1] + 1)
        reaches.append((on[2:], lo, hi))
        if axis == 0:
            spans[0, s0:s1, lo:hi] = True
        else:
            spans[1, lo:hi, s0:s1] = True
    maps = [m.copy() for m in (darkness if isinstance(darkness, tuple) else (darkness,))]
    for group, (farther, lo, hi) in zip(found, reaches):
        axis, s0, s1 = group[:3]
        ink = np.ones(s1 - s0, bool)
        for v in farther:
            line = dark[s0:s1, v] if axis == 0 else dark[v, s0:s1]
            other = spans[1, s0:s1, v] if axis == 0 else spans[0, v, s0:s1]
            ink &= (line >= LINE_INK) & ~other
        erase = ~cv2.morphologyEx(ink.astype(np.uint8)[None, :], cv2.MORPH_OPEN, wide)[0].astype(bool)
        tips = _rung_tips(dark, group, (lo, hi), erase, cell_px)
        for m in maps:
            if axis == 0:
                m[s0:s1, lo:hi][erase] = 0
            else:
                m[lo:hi, s0:s1][:, erase] = 0
            m[tips] = 0
    if decor is not None:
        for m in maps:
            m[decor] = 0
    return (tuple(maps) if isinstance(darkness, tuple) else maps[0]), None


LINE_DECOR_TIP = 0.1  # (rubric 77) of a cell (3 px at least): a line's own decoration sticks out past its band less ...
LINE_DECOR_SHARE = (0.15, 0.85)  # ... along this share of a cell's side (a row of tips, not a side drawn along) ...
LINE_DECOR_RUNS = 3  # ... in this many tips or more ...
LINE_DECOR_LEAST = 1.5  # ... px long on average at least ...
LINE_DECOR_CELLS = 0.8  # ... alike along this share of the line's cells (those without a fill beside it), 2 at least
LINE_DECOR_BEYOND = 0.1  # a cell whose next LINE_DECOR_TIP past the tips holds this share of ink is filled (textured)


def line_decorations(dark: np.ndarray, boxes: Sequence[Sequence[float]], cell_px: float,
                     bands: LineBands | None = None) -> np.ndarray | None:
    """(Rubric 77) The ink of grid lines' own decoration past their bands (:func:`line_bands`): on one side of a
    line, short tips (each run of ink out from the side's own edge, at most LINE_DECOR_TIP of a cell past the band)
    along LINE_DECOR_SHARE of each cell's side, LINE_DECOR_RUNS tips or more, LINE_DECOR_LEAST px long on average (a
    resampled line's edge steps a px in and out along it), alike in LINE_DECOR_CELLS of the cells along the line, two
    at least, or in one cell standing out on both sides of the line at the same places (a railway track's sleepers, a
    rope's twists, a chain's links, a ruler's ticks: drawn the whole line long). Cells where ink runs on past the
    tips along a third of the side or more (a fill beside the line), or whose next LINE_DECOR_TIP past them holds
    LINE_DECOR_BEYOND of ink (a textured fill: a dot matrix's dots), are not counted. A mark drawn beside a line is
    one cell's, on one side; a cell's own frame runs along its whole side. Returns a bool mask of the tips (those up
    to the 90th percentile of their length, and the px past each: its antialiased edge) or None. HELDOUT38's
    rail-track block lines on 15x15 pages: the sleepers cross the rails so close that the band holds both, and their
    ends, 1-4 px past it in every cell, were marks in the cells' border bands."""
    H, W = dark.shape
    bands = line_bands(dark, boxes, cell_px) if bands is None else bands
    cap = max(3, round(LINE_DECOR_TIP * cell_px))
    margin = max(1, round(LINE_SIDE_MARGIN * cell_px))
    tol = 0.25 * cell_px
    arr = np.asarray(boxes, np.float64).reshape(-1, 4)
    out = None
    for axis, of_axis in enumerate(bands):
        size = W if axis == 0 else H
        lo_i, hi_i = (0, 2) if axis == 0 else (1, 3)
        along_lo, along_hi = (1, 3) if axis == 0 else (0, 2)
        for e, (a, b) in of_axis.items():
            if b <= a:
                continue
            near = (np.abs(arr[:, lo_i] - e) <= tol) | (np.abs(arr[:, hi_i] - e) <= tol)
            segments = sorted({(round(float(y0)) + margin, round(float(y1)) - margin)
                               for y0, y1 in arr[near][:, [along_lo, along_hi]]})
            segments = [(max(0, y0), min(H if axis == 0 else W, y1)) for y0, y1 in segments]
            segments = [(y0, y1) for y0, y1 in segments if y1 - y0 >= 3]
            if len(segments) < 2:
                continue
            s0, s1 = segments[0][0], max(y1 for _, y1 in segments)
            first = np.asarray([y0 for y0, _ in segments]) - s0
            lengths = np.asarray([y1 - y0 for y0, y1 in segments])
            place = first[:, None] + np.arange(int(lengths.max()))[None, :]  # each cell's side, row by row
            valid = place < (first + lengths)[:, None]
            place = np.minimum(place, s1 - s0 - 1)
            sides = {}  # step -> (the px out from the band, the run past it per position, per cell: its tips, base)
            for step in (1, -1):
                start = b if step == 1 else a - 1
                at = [start + k * step for k in range(cap + 1)]
                if not all(0 <= v < size for v in at):
                    continue
                strip = (dark[s0:s1, at] if axis == 0 else dark[at, s0:s1].T) >= LINE_INK  # along x outward
                ext = np.where(strip.all(axis=1), cap + 1, np.argmin(strip, axis=1))
                if not ((ext >= 1) & (ext <= cap)).any():
                    continue  # (speed: a plain side, the usual line)
                runs_on = ext[place] > cap
                fill = (runs_on & valid).sum(axis=1) * 3 >= lengths  # a fill beside the line (or one set in from it,
                # the decoration bridging to it)
                # ... or a textured fill (a dot matrix's dots against the line are tips too, but its dots go on into
                # the cell): the cell past the tips is inked, where a line's decoration has paper beyond it
                inner = [start + k * step for k in range(cap + 1, 2 * cap + 2)]
                inner = [v for v in inner if 0 <= v < size]
                if inner:
                    deep = (dark[s0:s1, inner] if axis == 0 else dark[inner, s0:s1].T) >= LINE_INK
                    fill |= (deep.mean(axis=1)[place] * valid).sum(axis=1) >= LINE_DECOR_BEYOND * lengths
                ordered = np.sort(np.where(valid, ext[place], cap + 2), axis=1)
                base = ordered[np.arange(len(lengths)), (lengths - 1) // 10]  # (the line's edge along this cell: a
                # px off its band's)
                inked = (ext[place] > base[:, None]) & (ext[place] <= cap) & valid
                share = inked.sum(axis=1) / lengths
                runs = inked[:, 0].astype(np.int64) + (inked[:, 1:] & ~inked[:, :-1]).sum(axis=1)
                # (tips a px long are a resampled line's own ripple, its edge stepping a px in and out along it)
                mean_tip = ((ext[place] - base[:, None]) * inked).sum(axis=1) / np.maximum(1, inked.sum(axis=1))
                tipped = ~fill & (share >= LINE_DECOR_SHARE[0]) & (share <= LINE_DECOR_SHARE[1]) & (
                    runs >= LINE_DECOR_RUNS) & (mean_tip >= LINE_DECOR_LEAST)
                sides[step] = (at, ext, inked, base, tipped, int((~fill).sum()))
            for step, (at, ext, inked, base, tipped, counted) in sides.items():
                mine = np.nonzero(tipped)[0]
                if not len(mine) or len(mine) < LINE_DECOR_CELLS * counted:
                    continue
                if len(mine) < 2:
                    # one cell alone: its tips stand out on both sides of the line at the same places (a rung through
                    # it; a pen's mark beside a line lies on one side)
                    other = sides.get(-step)
                    k = int(mine[0])
                    if other is None or not other[4][k] or (inked[k] & other[2][k]).sum() < 0.6 * max(
                            1, int((inked[k] | other[2][k]).sum())):
                        continue
                tips = (ext[place] - base[:, None])[inked & tipped[:, None]]
                longest = int(np.percentile(tips, 90))
                edge = np.zeros(len(ext), np.int64)  # (each cell's own edge; where none was found, the band's)
                for k in mine:
                    edge[first[k]:first[k] + lengths[k]] = base[k]
                take = (ext > edge) & (ext <= edge + longest)
                if not take.any():
                    continue
                if out is None:
                    out = np.zeros((H, W), bool)
                for j in range(min(int(ext[take].max()) + 1, len(at))):  # (and the px past each tip: its edge)
                    rows = s0 + np.nonzero(take & (ext >= j))[0]
                    if axis == 0:
                        out[rows, at[j]] = True
                    else:
                        out[at[j], rows] = True
    return out


LINE_RUNG_TIP = 0.1  # (rubric 77) of a cell (3 px at least): a rung crossing a line's rules sticks out past them less


def _rung_tips(dark: np.ndarray, group: tuple[int, int, int, int, int, int], erased: tuple[int, int],
               erase: np.ndarray, cell_px: float) -> np.ndarray:
    """(Rubric 77) The tips of a line's rungs past the px :func:`without_line_companions` takes out of a group of
    further rules (``group``: :func:`line_companions`' ``(axis, s0, s1, p, q, past)``; ``erased``: the ``[lo, hi)``
    across it taken out, where ``erase`` is True along it): where ink (LINE_INK) crosses the whole group, band's end
    to last rule, a rung (a railway track's sleeper) joins the rules, and its ink running on past the taken-out px
    and ending within LINE_RUNG_TIP of a cell is the rung's end, the line's; so is its other end, past the line's own
    band, where the band's run across is longer than its usual width (measured where no rung crosses and no fill
    runs on) by at most as much. A fill or a mark running on past the rules runs further (and is not taken out
    where it runs on beside the line: ``erase``); a mark beside the outer rule does not cross the gap between the
    rules. Returns a bool mask of the image (HELDOUT38's rail-track block lines: each sleeper's end, 3 px past the
    inner rail, was a mark in the cell's border band)."""
    axis, s0, s1, p, q, past = group
    lo, hi = erased
    H, W = dark.shape
    out = np.zeros((H, W), bool)
    size = W if axis == 0 else H
    across = (dark[s0:s1, p:q] if axis == 0 else dark[p:q, s0:s1].T) >= LINE_INK  # along x across
    if across.shape[1] == 0:
        return out
    crossed = cv2.dilate(across.all(axis=1).astype(np.uint8)[None, :], np.ones((1, 3), np.uint8))[0].astype(bool)
    if not crossed.any():
        return out
    rung = crossed & erase
    step = 1 if past >= q else -1
    start = hi if step == 1 else lo - 1
    cap = max(3, round(LINE_RUNG_TIP * cell_px))
    at = [start + k * step for k in range(cap + 1) if 0 <= start + k * step < size]
    if len(at) <= cap:
        return out
    strip = (dark[s0:s1, at] if axis == 0 else dark[at, s0:s1].T) >= LINE_INK  # along x (past the rules, outward)
    length = np.where(strip.all(axis=1), cap + 1, np.argmin(strip, axis=1))  # the run from the taken-out px on
    tip = rung & (length > 0) & (length <= cap)
    for k in np.nonzero(tip)[0]:
        cols = at[:int(length[k]) + 1]  # (and the px past it: its antialiased edge)
        if axis == 0:
            out[s0 + k, cols] = True
        else:
            out[cols, s0 + k] = True
    # the rung's other end, past the line's own band (the group's first px on the band's side): where the band's run
    # across is longer than it usually is, by at most ``cap``
    reach = max(cap, round(LINE_MAX_HALF * cell_px)) + cap + 1
    start = p - 1 if step == 1 else q
    back = [start - k * step for k in range(reach) if 0 <= start - k * step < size]
    if len(back) < reach:
        return out
    strip = (dark[s0:s1, back] if axis == 0 else dark[back, s0:s1].T) >= LINE_INK
    length = np.where(strip.all(axis=1), reach, np.argmin(strip, axis=1))
    usual = length[~crossed & (length > 0) & (length < reach)]  # (a fill beside the line runs on)
    if len(usual) < max(3, round(0.25 * cell_px)):  # (the band seen along a quarter cell at least)
        return out
    band = int(np.median(usual))
    for k in np.nonzero(crossed & (length > band) & (length <= band + cap))[0]:
        cols = back[band:int(length[k]) + 1]
        if axis == 0:
            out[s0 + k, cols] = True
        else:
            out[cols, s0 + k] = True
    return out


def _line_runs(ink: np.ndarray, centre: int, reach: int) -> tuple[np.ndarray, np.ndarray]:
    """Per position along a strip across a line (``ink``: bool, across x along), the run of ink through the ink
    pixel nearest ``centre`` (at most reach // 2 + 1 away): ``(start, stop)`` row indices, ``stop`` one past its
    last row; ``(centre, centre)`` where there is no line. A run reaching the strip's first row has start 0, its
    last row stop = len: there the line is joined by a fill or a mark running on past it."""
    n, length = ink.shape[-2:]  # (several strips of one shape may come stacked along a first axis)
    # the seed: the first inked row in order of distance from the centre (above before below at a tie)
    order = [centre + off for off in sorted(range(-(reach // 2 + 1), reach // 2 + 2), key=abs) if 0 <= centre + off < n]
    if not order:
        return np.full(ink.shape[:-2] + (length,), centre, np.int64), np.full(ink.shape[:-2] + (length,), centre, np.int64)
    near = ink[..., order, :]
    found = near.any(axis=-2)
    s = np.where(found, np.asarray(order, np.int64)[near.argmax(axis=-2)], 0)[..., None, :]
    # the run through it: from past the last paper row above the seed to the first paper row below it
    rows = np.arange(n)[:, None]
    paper = ~ink
    first = np.where(paper & (rows < s), rows, -1).max(axis=-2) + 1
    last = np.where(paper & (rows > s), rows, n).min(axis=-2)
    start = np.where(found, first, centre)
    stop = np.where(found, last, centre)
    return start, stop


def line_edges(dark: np.ndarray, boxes: Sequence[Sequence[float]], cell_px: float,
               bands: LineBands | None = None) -> np.ndarray:
    """Where the grid lines around each cell end: ``(N, 4)`` int pixels per box, ``[x, y, x', y']`` with ``x``
    the first column past the line along its left side, ``x'`` the first column of the line along its right
    side (``y``, ``y'`` likewise top and bottom).

    Each side is measured on its own, along the cell (without its ends, where the crossing lines run): per position
    along it, the run of ink through the line (its band of :func:`line_bands` is the least it covers), without bumps
    narrower than LINE_SIDE_SMOOTH of a cell (a line's course is smooth: a narrower bump is a dot, an X's arm or a
    speck touching it); the side's edge is where LINE_SIDE_PERCENTILE of those runs have ended, capped at
    LINE_MAX_HALF of a cell. So a line drawn wavy, bent, thicker in places, blurred, or doubled by a frame drawn
    over it is excluded where it runs past this cell. A run that reaches the cap does not end there: a fill or a
    mark joins the line, and it does not count; a side where fewer than LINE_SIDE_KNOWN of the runs end keeps the
    whole line's band (a fill touching its line is read whole). A line runs on past the cell: a side widens at most
    one px more than a neighbouring cell's side along the same line (a frame drawn inside one cell, a stroke along
    one side, stays in the cell). ``bands``: :func:`line_bands` of ``dark``, when already found."""
    H, W = dark.shape
    reach = max(2, int(round(LINE_MAX_HALF * cell_px)))
    margin = max(1, int(round(LINE_SIDE_MARGIN * cell_px)))
    tol = 0.25 * cell_px
    arr = np.asarray(boxes, np.float64).reshape(-1, 4)
    out = np.rint(arr).astype(np.int64)
    for axis, bands_of_axis in enumerate(line_bands(dark, boxes, cell_px) if bands is None else bands):
        lo_i, hi_i = (0, 2) if axis == 0 else (1, 3)
        along_lo, along_hi = (1, 3) if axis == 0 else (0, 2)
        keys = np.asarray(sorted(bands_of_axis), np.float64)
        if not len(keys):
            continue
        size, length = (W, H) if axis == 0 else (H, W)
        todo: list[tuple[Any, ...]] = []  # the sides to measure along each line, measured together below
        sides = []  # per box side (left/top, right/bottom): its column, its nearest line, whether within tol
        for side in (lo_i, hi_i):
            values = arr[:, side]
            nearest = np.abs(values[:, None] - keys[None, :]).argmin(axis=1)
            sides.append((side, nearest, np.abs(values - keys[nearest]) <= tol))
        found = []  # the lines to follow: (a, b, centre, a0, a1, s0, s1, groups)
        for k, e in enumerate(keys):
            a, b = bands_of_axis[float(e)]
            c = int(round(e))
            a0, a1 = max(0, c - reach), min(size, c + reach + 1)
            groups = []
            for side, nearest, near in sides:
                cells = np.nonzero(near & (nearest == k))[0]
                if len(cells):
                    out[cells, side] = b if side == lo_i else a
                    groups.append((side, cells))
            if not groups or a1 - a0 < 2:
                continue
            every = np.concatenate([g[1] for g in groups])
            s0 = max(0, int(arr[every, along_lo].min()))
            s1 = min(length, int(arr[every, along_hi].max()))
            if s1 - s0 < 4:
                continue
            found.append((a, b, c - a0, a0, a1, s0, s1, groups))
        # the lines' strips of one shape are followed together (all of them in a regular grid): the runs through
        # each line, and their course smoothed along it, row by row (a row's ends are the image's ends to the filters)
        # a line's course is smooth along it: bumps narrower than LINE_SIDE_SMOOTH of a cell (a halftone dot, the
        # tip of an X's arm, a speck touching the line) are marks beside it, taken off by a grey opening
        smooth = np.ones((1, max(3, int(round(LINE_SIDE_SMOOTH * cell_px))) | 1), np.uint8)
        shapes: dict[tuple[int, int, int], list[int]] = {}
        for j, (_, _, centre, a0, a1, s0, s1, _) in enumerate(found):
            shapes.setdefault((centre, a1 - a0, s1 - s0), []).append(j)
        runs: dict[int, tuple[np.ndarray, ...]] = {}
        for (centre, _, _), members in shapes.items():
            strips = np.stack([dark[s0:s1, a0:a1].T if axis == 0 else dark[a0:a1, s0:s1]
                               for _, _, _, a0, a1, s0, s1, _ in (found[j] for j in members)])
            start, stop = _line_runs(strips >= LINE_INK, centre, reach)
            stop_line = cv2.dilate(cv2.erode(stop.astype(np.float32), smooth), smooth).astype(np.int64)
            start_line = cv2.erode(cv2.dilate(start.astype(np.float32), smooth), smooth).astype(np.int64)
            for n, j in enumerate(members):
                runs[j] = (start[n], stop[n], start_line[n], stop_line[n])
        for j, (a, b, _, a0, a1, s0, s1, groups) in enumerate(found):
            start, stop, start_line, stop_line = runs[j]
            for side, cells in groups:
                far = side == lo_i  # the cell lies after the line: the line's far end bounds it
                # a run reaching the strip's end goes on into a fill or a mark (unless the image ends there)
                ends = stop_line if far else start_line
                ended = (stop < a1 - a0) | (a1 == size) if far else (start > 0) | (a0 == 0)
                todo.append((side, far, cells, s0, s1 - s0, ends if far else -ends, ended, a0, b if far else a))
        _side_edges(out, arr, todo, along_lo, along_hi, margin, tol)
    return out


def _side_edges(out: np.ndarray, arr: np.ndarray, todo: list[tuple[Any, ...]], along_lo: int, along_hi: int,
                margin: int, tol: float) -> None:
    """The second half of :func:`line_edges`, for every line of one direction at once (one array per step instead of
    one per line and side): ``todo`` holds per line and side its ``(side, far, cells, s0, length, ends, ended, a0,
    base)`` (its strip's start and length along the line), ``ends`` negated for a near side; writes each side's edge
    into ``out``. The cells along one side of a line lie at distinct places along it (grid cells), so their order
    along it is one."""
    if not todo:
        return
    g, n = len(todo), max(len(t[2]) for t in todo)
    length = max(len(t[5]) for t in todo)
    ends = np.zeros((g, length), np.int64)
    ended = np.zeros((g, length), bool)
    valid = np.zeros((g, n), bool)
    lo = np.full((g, n), np.inf)
    hi = np.full((g, n), np.inf)
    for j, (side, far, cells, s0, size, e, d, a0, base) in enumerate(todo):
        k = len(cells)
        ends[j, :len(e)], ended[j, :len(d)] = e, d
        valid[j, :k] = True
        lo[j, :k], hi[j, :k] = arr[cells, along_lo], arr[cells, along_hi]
    s0 = np.array([t[3] for t in todo], np.int64)[:, None]
    size = np.array([t[4] for t in todo], np.int64)[:, None]
    # each cell's stretch of the line, without its ends (where the crossing lines run)
    p0 = np.where(valid, np.minimum(np.maximum(np.where(valid, lo, 0).astype(np.int64) - s0 + margin, 0), size), 0)
    p1 = np.where(valid, np.minimum(np.maximum(np.where(valid, hi, 0).astype(np.int64) - s0 - margin, 0), size), 0)
    # a side whose cells' stretches are all under 2 px keeps its band
    spans = np.where(valid, p1 - p0, np.iinfo(np.int64).min).max(axis=1)
    keep = spans >= 2
    if not keep.any():
        return
    span = int(spans[keep].max())
    last = (size - 1)[:, :, None]
    far = np.array([t[1] for t in todo])[:, None]
    a0 = np.array([t[7] for t in todo], np.int64)[:, None]
    base = np.array([t[8] for t in todo], np.int64)[:, None]
    rows = np.arange(g)[:, None, None]
    idx = np.minimum(p0[:, :, None] + np.arange(span)[None, None, :], last)
    inside = np.arange(span)[None, None, :] < (p1 - p0)[:, :, None]
    known = inside & ended[rows, idx]
    counts = known.sum(axis=2)
    enough = (counts >= LINE_SIDE_KNOWN * np.maximum(1, p1 - p0)) & (counts > 0)
    # the side's edge: the LINE_SIDE_PERCENTILE-th of the runs' far ends (nearest-above rank)
    vals = np.sort(np.where(known, ends[rows, idx], np.iinfo(np.int64).max), axis=2)
    rank = np.ceil(LINE_SIDE_PERCENTILE / 100 * (np.maximum(counts, 1) - 1)).astype(np.int64)
    edge = np.take_along_axis(vals, rank[:, :, None], axis=2)[:, :, 0]
    with np.errstate(over="ignore"):  # (the edge of a side with no run ended is not used)
        wider = np.where(enough, np.maximum(0, np.where(far, a0 + edge - base, base - (a0 - edge))), 0)
    # a line runs on past the cell: a widening seen on this side alone (a frame drawn inside one cell, a stroke laid
    # along its side) is a mark, so a side widens at most as far as a neighbour along the line does (one px more)
    order = np.argsort(lo, axis=1, kind="stable")
    lo_s, hi_s = np.take_along_axis(lo, order, axis=1), np.take_along_axis(hi, order, axis=1)
    w_s, ok = np.take_along_axis(wider, order, axis=1), np.take_along_axis(valid, order, axis=1)
    joined = np.zeros((g, max(0, n - 1)), bool)
    both = ok[:, 1:] & ok[:, :-1]
    joined[both] = lo_s[:, 1:][both] - hi_s[:, :-1][both] <= tol  # consecutive cells along the line are neighbours
    support = np.zeros((g, n), np.int64)
    support[:, 1:] = np.where(joined, w_s[:, :-1], 0)
    support[:, :-1] = np.maximum(support[:, :-1], np.where(joined, w_s[:, 1:], 0))
    w_s = np.minimum(w_s, support + 1)
    for j, (side, f, cells, *_rest) in enumerate(todo):
        if keep[j]:
            k = len(cells)
            mine = order[j, :k]
            out[cells[mine], side] = base[j, 0] + w_s[j, :k] if f else base[j, 0] - w_s[j, :k]


# ------------------------------------------------------------------------------------------ the patch


@lru_cache(maxsize=1)
def _masks() -> dict[str, np.ndarray]:
    n = PATCH
    c = (np.arange(n) + 0.5) / n
    y, x = np.meshgrid(c, c, indexing="ij")
    i, j = np.meshgrid(np.arange(n), np.arange(n), indexing="ij")
    mid = (x >= 0.36) & (x <= 0.64)
    midy = (y >= 0.36) & (y <= 0.64)
    edge = 0.23
    masks = {
        "top": mid & (y <= edge), "bottom": mid & (y >= 1 - edge),
        "left": midy & (x <= edge), "right": midy & (x >= 1 - edge),
        "centre": (np.abs(x - 0.5) <= 0.16) & (np.abs(y - 0.5) <= 0.16),
        "off_diagonal": (np.abs(i - j) > 3) & (np.abs(i + j - (n - 1)) > 3),
    }
    corners = []
    for cy in (0, 1):
        for cx in (0, 1):
            corners.append((np.abs(x - cx) <= 0.22) & (np.abs(y - cy) <= 0.22))
    masks["corners"] = np.stack(corners)
    return masks


def patch_features(patches: np.ndarray, tones: np.ndarray | None = None) -> dict[str, np.ndarray]:
    """Measurements of N cell patches (N x PATCH x PATCH mark darkness; ``tones``: the same cells on the
    luma tone map, default the patches) used by :func:`classify_patch`."""
    m = _masks()
    p = np.asarray(patches)
    t_p = np.asarray(tones) if tones is not None else p
    n = p.shape[0]
    ink = p >= MARK_INK
    flat = t_p.reshape(n, -1)
    q = np.sort(flat, axis=1)
    k = flat.shape[1]
    t = np.arange(PATCH)
    band = [(t, np.clip(t + o, 0, PATCH - 1)) for o in (-1, 0, 1)]
    anti = [(t, np.clip(PATCH - 1 - t + o, 0, PATCH - 1)) for o in (-1, 0, 1)]
    d1 = np.zeros((n, PATCH), bool)
    d2 = np.zeros((n, PATCH), bool)
    for (ri, ci), (ai, aj) in zip(band, anti):
        d1 |= ink[:, ri, ci]
        d2 |= ink[:, ai, aj]
    return {
        "cover": ink.mean(axis=(1, 2)),
        "inner": ink[:, 2:-2, 2:-2].mean(axis=(1, 2)),  # ink away from the border (line remnants excluded)
        "tinted": (t_p >= INK).mean(axis=(1, 2)),
        "tone": q[:, k // 2].astype(np.float64),
        "spread": (q[:, int(0.9 * k)] - q[:, int(0.1 * k)]).astype(np.float64),
        "sides": np.stack([ink[:, m[s]].mean(axis=1) for s in ("top", "bottom", "left", "right")], axis=1),
        "centre": ink[:, m["centre"]].mean(axis=1),
        "corners": np.stack([ink[:, cm].mean(axis=1) for cm in m["corners"]], axis=1),
        "diagonals": np.stack([d1.mean(axis=1), d2.mean(axis=1)], axis=1),
        "off_diagonal": ink[:, m["off_diagonal"]].mean(axis=1),
    }


EVIDENCE = ("cover", "inner", "tinted", "tone", "sides", "centre", "corners", "diagonals", "off_diagonal")


def _rows(features: dict[str, np.ndarray]) -> list[dict[str, Any]]:
    """Per-patch dicts of Python numbers (rounded for the evidence) from :func:`patch_features` arrays."""
    cols = {k: np.round(np.asarray(v, np.float64), 1 if k in ("tone", "spread") else 3).tolist()
            for k, v in features.items()}
    n = len(cols["cover"])
    return [{k: v[i] for k, v in cols.items()} for i in range(n)]


HALF_BLANK_BAND = 0.4  # a fill leaving a band this deep (share of the patch) along one side blank is half a fill


def classify_patch(patch: np.ndarray, features: dict[str, Any] | None = None) -> tuple[str, float, dict[str, Any]]:
    """``(state, confidence, evidence)`` of one cell interior resampled to PATCH x PATCH darkness values
    (``features``: this patch's row of :func:`patch_features`, when already computed). A fill of marks that
    leaves HALF_BLANK_BAND of the cell along one side blank (a filled cell half rubbed out, an empty one half
    filled) is ``unsure``: neither filled nor empty to a reader."""
    f = features if features is not None else _rows(patch_features(patch[None]))[0]
    state, conf, ev = _classify_by_layout(patch, f)
    if state in (CROSSED, BLANK) and _shaded_beyond_mark(f):
        ev["shaded_beyond_mark"] = [state, round(conf, 3)]  # weighed against the cells around it (read_marks)
        return UNSURE, UNSURE_CONFIDENCE, ev
    if state == BLANK and f["tone"] >= INK and f["cover"] < SHADED_MARK_COVER:
        # a little mark ink (specks) with half the cell as dark as shading: pale strokes, never blank
        return UNSURE, UNSURE_CONFIDENCE, ev
    if state == BLANK and FAINT <= f["tone"] < INK:
        # no mark, yet half the cell a faint tone that is uneven (a pale fill printed as a dither or as blurred dots
        # under the mark-ink level: a thermal receipt's or a fax's light shading): weighed against the blank cells
        # around it as an even faint tone is (_faint_against_neighbours), never blank outright
        ev["speckled"] = True
        return UNSURE, UNSURE_CONFIDENCE, ev
    if state == FILLED and not _even_tone(f):
        band = _blank_band(patch >= MARK_INK)
        if band >= HALF_BLANK_BAND:
            ev["blank_band"] = round(band, 3)
            return UNSURE, UNSURE_CONFIDENCE, ev
    if state == UNSURE:
        # a mark for an empty cell (a dot, an X) with paler hairlines across the cell apart from it (a cracked screen's
        # or a scratched page's cracks, a fold), or (rubric 63) a heavy one drawn soft-edged (a spray can's, an
        # airbrush's X) whose halo and spatter, paler than its strokes and hugging them, ink most of the cell: read
        # without that paler ink
        if f["tone"] < FAINT and f["cover"] <= HAIRLINE_COVER:
            own, kind = _under_hairlines(patch), "hairlines_off"
        else:
            own, kind = (_without_halo(patch), "halo_off") if f["cover"] > HAIRLINE_COVER else (None, "")
        if own is not None and _classify_by_layout(own, _rows(patch_features(own[None]))[0])[0] == CROSSED:
            ev[kind] = int(np.count_nonzero(own != patch))
            return CROSSED, 0.6, ev
    return state, conf, ev


HALO_REACH = 2  # patch px: ink paler than a mark's own level this near its strokes is its halo (a soft edge, spatter)
HALO_STRAY = 0.1  # ... and at most this share of that paler ink may lie farther out (a shading under the mark does)


def _without_halo(patch: np.ndarray) -> np.ndarray | None:
    """The patch with the mark ink paler than the mark's own level (:func:`_own_level`) taken off, when that paler
    ink hugs the mark (all but HALO_STRAY of it within HALO_REACH patch px of the mark at its own level): a soft-edged
    mark's halo; None when there is no such ink, or when it spreads over the cell (a pale fill, shading)."""
    own = _own_level(patch)
    paler = (patch >= MARK_INK) & ~own
    if not own.any() or not paler.any():
        return None
    near = cv2.dilate(own.astype(np.uint8), np.ones((2 * HALO_REACH + 1,) * 2, np.uint8)) > 0
    if np.count_nonzero(paler & ~near) > HALO_STRAY * np.count_nonzero(paler):
        return None
    return np.where(own, patch, 0).astype(patch.dtype)


SHADED_BEYOND = 0.4  # a cell as dark as shading over half of it (tone >= INK) with this share more of shading than of
# mark ink is shaded, not paper: no mark for an empty cell


def _shaded_beyond_mark(f: dict[str, Any]) -> bool:
    """Whether a patch (its :func:`patch_features` row) is shaded well beyond its mark ink: half of it at least as dark
    as shading (tone >= INK) and its even-tone share SHADED_BEYOND above its mark-ink share: never blank or crossed. An
    empty cell is paper and a mark for one is drawn on paper; a pale textured fill whose darker grains or dots reach
    the mark-ink level (HELDOUT17's pale polka fill under inkjet banding: tone 37-38, tinted 0.78-0.83, mark ink
    0.09-0.23, read as a dash, specks or a dot) is neither (nineteenth session)."""
    return f["tone"] >= INK and f["tinted"] - f["cover"] >= SHADED_BEYOND


HAIRLINE_COVER = 0.25  # a cell with at most this share of mark ink may be a mark with paler hairlines across it ...
HAIRLINE_RATIO = 1.4  # ... paler than the mark's own ink level, which is at least this many times MARK_INK ...
HAIRLINE_WIDE = 2  # ... and nowhere wider than this many patch px (a shade's edge, a pale fill or pale strokes are)
HAIRLINE_MIN_PX = 3  # ... the hairlines (paler ink apart from the mark) at least this many patch px


def _under_hairlines(patch: np.ndarray) -> np.ndarray | None:
    """The patch with its hairlines taken off, or None: the mark's own ink level is half the 95th percentile of the
    patch's mark ink, at least HAIRLINE_RATIO x MARK_INK; the mark ink paler than it is nowhere wider than
    HAIRLINE_WIDE px (no HAIRLINE_WIDE + 1 px square of it: thin lines, not a tone or a stroke of width); the hairlines
    are that paler ink not touching the mark's own (its anti-aliased rim stays with the mark), at least
    HAIRLINE_MIN_PX of them, every piece of them running in from the patch's border, followed down to half MARK_INK
    (lines across the cell from beyond it, not a thin part of the mark)."""
    ink = patch >= MARK_INK
    if not ink.any():
        return None
    level = 0.5 * float(np.percentile(patch[ink], 95))
    if level < HAIRLINE_RATIO * MARK_INK:
        return None
    strong = (patch >= level).astype(np.uint8)
    pale = (ink & (patch < level)).astype(np.uint8)
    kernel = np.ones((HAIRLINE_WIDE + 1, HAIRLINE_WIDE + 1), np.uint8)
    if cv2.erode(pale, kernel).any():
        return None
    hair = pale.astype(bool) & ~cv2.dilate(strong, np.ones((3, 3), np.uint8)).astype(bool)
    if np.count_nonzero(hair) < HAIRLINE_MIN_PX:
        return None
    # the hairlines' course, followed down to half the mark-ink level (a crack broken by the resampling) and away from
    # the mark: every piece of it reaches the patch's border
    course = (patch >= MARK_INK // 2) & ~cv2.dilate(strong, np.ones((3, 3), np.uint8)).astype(bool)
    count, labels = cv2.connectedComponents(course.astype(np.uint8), connectivity=8)
    edge = np.zeros_like(hair)
    edge[[0, -1], :] = True
    edge[:, [0, -1]] = True
    if set(np.unique(labels[hair]).tolist()) - set(np.unique(labels[edge & course]).tolist()):
        return None  # a piece of it within the cell: the mark's own thin part (a serif, a glyph's hairline stroke)?
    return np.where(hair, 0, patch).astype(patch.dtype)


def _even_tone(f: dict[str, Any]) -> bool:
    """An even tone over the whole cell: a fill of any shade (the first rule of :func:`_classify_by_layout`)."""
    return f["tinted"] >= 0.85 and f["tone"] >= INK and f["spread"] <= max(40.0, 0.5 * f["tone"])


def _blank_band(ink: np.ndarray) -> float:
    """Depth (share of the patch) of the deepest band along one side whose rows (or columns) hold under a tenth
    of their length in ink."""
    deepest = 0
    for empty in (ink.mean(axis=1) < 0.1, ink.mean(axis=0) < 0.1):
        for run in (empty, empty[::-1]):
            depth = len(run) if run.all() else int(np.argmin(run))
            deepest = max(deepest, depth)
    return deepest / PATCH


def _classify_by_layout(patch: np.ndarray, f: dict[str, Any]) -> tuple[str, float, dict[str, Any]]:
    """:func:`classify_patch` by where the patch's ink lies, before the half-fill check."""
    cover, tone, spread, tinted, inner = f["cover"], f["tone"], f["spread"], f["tinted"], f["inner"]
    sides, centre, corners, diagonals, off = f["sides"], f["centre"], f["corners"], f["diagonals"], f["off_diagonal"]
    ev: dict[str, Any] = {k: f[k] for k in EVIDENCE}
    covered = sum(s >= SIDE_COVERED for s in sides)
    if _even_tone(f):  # an even tone: a fill of any shade
        return FILLED, _conf((tone - INK) / 12.0, (tinted - 0.85) / 0.1), ev
    if _is_faint(f):  # an even faint tone: shading or shadow left over (see _faint_against_neighbours)
        return UNSURE, UNSURE_CONFIDENCE, ev
    if cover < TONE_ONLY_COVER and tone >= INK:
        # no mark, yet half the cell at least as dark as shading: an uneven light fill (halftone beating
        # with the patch, a fill short of the cell's edges) or a shadow's edge; never blank (unless the page's paper
        # is as dark: _shaded_against_neighbours)
        ev["tone_only"] = True
        return UNSURE, UNSURE_CONFIDENCE, ev
    if cover < SHADED_MARK_COVER and tone >= INK and centre < 0.1:
        # likewise with a little mark ink away from the centre: pale felt-tip strokes over most of the cell,
        # darker only where two overlap (read alone, specks or nothing); never blank or crossed. (A dot or an X
        # at the centre under a striped shadow is read as before.)
        return UNSURE, UNSURE_CONFIDENCE, ev
    plain_x = covered <= 2 and min(diagonals) >= 0.45 and off <= 0.2 and max(sides) < 0.5 and centre >= 0.2
    spilled = None if plain_x or cover < 0.05 else _without_spill(patch)
    if spilled is not None:
        g = _rows(patch_features(spilled[None]))[0]
        if (min(g["diagonals"]) >= 0.45 and g["off_diagonal"] <= 0.2 and max(g["sides"]) < SIDE_COVERED
                and g["centre"] >= 0.2):
            # an X with a neighbour's fill run over the line into the cell along one or more sides (and,
            # once that is off, every side middle blank: hatching strokes cross the diagonals too)
            return CROSSED, 0.7, ev
        if max(g["sides"]) < SIDE_COVERED and max(g["diagonals"]) >= 0.55 and g["off_diagonal"] <= 0.1:
            return CROSSED, 0.65, ev  # likewise a single slash (a fill shifted off its cell runs into the next)
    solid = _central_solid(patch >= MARK_INK) if cover >= SOLID_BLOB_AREA else None
    if (solid is not None and solid[0] >= SOLID_BLOB_AREA and solid[1] >= SOLID_BLOB_FILL
            and (max(sides) >= SIDE_COVERED or _edge_orientation(patch) > HEAVY_X_ORIENTATION)):
        # one solid shape over a third of the cell around its centre (an inset square, a disc), whatever
        # side middles it reaches: a fill drawn smaller than the cell (an X or a ring is far less solid; a
        # small heavy X, solid at the patch's scale, has its edges along the diagonals)
        return FILLED, _conf((solid[0] - SOLID_BLOB_AREA) / 0.15, (solid[1] - SOLID_BLOB_FILL) / 0.2), ev
    if (centre < 0.2 and cover >= 0.15 and sum(c >= 0.3 for c in corners) >= 3
            and _edge_orientation(patch) <= HOLLOW_X_ORIENTATION):
        # a blank centre, ink out to the corners, and every edge running along the diagonals: an X drawn as
        # its outline (a hollow X, white inside), not a frame or an outlined fill (whose edges run along the sides)
        return CROSSED, 0.6, ev
    if (centre < 0.2 and cover >= HOLLOW_FILL_COVER and min(corners) >= BRACKET_CORNER and max(sides) < 0.5
            and _edge_orientation(patch) > HOLLOW_X_ORIENTATION):
        # every corner heavily inked round a blank centre, the side middles open, the edges along the sides: a thick
        # frame broken at its side middles (four corner brackets), an outlined fill as a whole frame is below (an X,
        # a ring or a diamond leaves the corners or inks the centre or the side middles)
        ev["corner_frame"] = True
        return FILLED, _conf((min(corners) - BRACKET_CORNER) / 0.3, (cover - HOLLOW_FILL_COVER) / 0.15), ev
    if covered == 4:
        lowest = min(sides)
        if centre < 0.2 and cover < HOLLOW_FILL_COVER:
            # a thin frame around a blank centre: a box drawn inside the cell, or a fill rubbed out
            # leaving its edge; only a thick outline (over ~12 % of the cell a side) reads as filled
            return UNSURE, UNSURE_CONFIDENCE, ev
        if sum(c >= 0.3 for c in corners) >= 3 or centre >= 0.6:
            return FILLED, _conf((lowest - SIDE_COVERED) / 0.25, (cover - 0.3) / 0.2), ev
        if centre >= 0.2 and inner >= 0.3 and min(diagonals) >= 0.6 and off >= 0.15:
            # ink spread over the whole cell, sides, centre and off the diagonals alike: sparse
            # hatching or shading lines (an X leaves the side middles blank, an O the centre)
            return FILLED, _conf((inner - 0.3) / 0.2, (centre - 0.2) / 0.2), ev
        return UNSURE, UNSURE_CONFIDENCE, ev  # a ring touching only the side middles (an O?)
    if covered >= 2 and sum(c >= 0.3 for c in corners) >= 3 and off >= 0.4 and cover >= 0.35:
        return FILLED, 0.7, ev  # a fill or a thick outline with sides cut by widened grid lines
    if covered <= 2 and min(diagonals) >= 0.45 and off <= 0.2 and max(sides) < 0.5 and centre >= 0.2:
        # both diagonals inked, the rest of the cell blank: an X (a heavy one may touch a side middle)
        return CROSSED, _conf((min(diagonals) - 0.45) / 0.2, (0.2 - off) / 0.1), ev
    if covered <= 2 and 0.02 <= cover <= 0.25 and (_is_dash(patch >= MARK_INK)
                                                    or _is_dash(_own_level(patch), straight=False)):
        # a short dash through the centre (a mark for an empty cell); a wavy one also seen at its own ink level (a pale
        # ruled line of squared paper crossing it, as dark as MARK_INK, is not part of it; a small glyph seen so may
        # thin to a bar)
        return CROSSED, 0.65, ev
    if covered <= 2 and 0.02 <= cover <= 0.25 and _is_plus(patch >= MARK_INK):
        return CROSSED, 0.65, ev  # a plus through the centre (likewise)
    if covered <= 3 and inner < 0.01 and cover < 0.075 * max(2, covered):
        return BLANK, 0.7, ev  # ink only along the border (up to three sides): grid-line remnants
    if covered == 0:
        if cover < 0.025:
            return BLANK, _conf((0.025 - cover) / 0.015), ev
        blob = _central_blob(patch >= MARK_INK)
        if blob is not None:
            size, area = blob
            if size <= 0.5 and area <= 0.2 and inner * (PATCH - 4) ** 2 / PATCH ** 2 - area <= 0.06:
                return CROSSED, _conf((0.5 - size) / 0.2, (0.2 - area) / 0.1), ev  # a dot
            if area >= 0.35:
                return FILLED, _conf((area - 0.35) / 0.15), ev  # a large central blob (a disc)
        if cover < 0.06 and max(diagonals) < 0.3:
            return BLANK, _conf((0.06 - cover) / 0.06) * 0.8, ev  # specks
        if max(diagonals) >= 0.55 and off <= 0.1:
            return CROSSED, 0.65, ev  # a single slash, or a thin X with a faint stroke or crossing (pencil)
        if min(diagonals) >= 0.3 and off <= 0.05 and centre >= 0.15:
            return CROSSED, 0.65, ev  # a thin X drawn short of the corners, nothing off its diagonals
        if max(diagonals) >= SHORT_SLASH and off <= 0.05 and centre >= 0.15:
            return CROSSED, 0.65, ev  # a slash drawn short of the corners (or in dots), through the centre
        return UNSURE, UNSURE_CONFIDENCE, ev
    if covered >= 2 and centre >= 0.6 and cover >= 0.35 and off >= 0.25:
        if _edge_orientation(patch[1:-1, 1:-1]) <= HOLLOW_X_ORIENTATION:
            # (rubric 67) its edges running along the diagonals (away from the patch's rim, where a neighbour's fill
            # or a line runs on): a heavy X whose ink pools at its ends and middle, five blobs, 0.26-0.38 of it off
            # the diagonals (HELDOUT26's X drawn instead of a fill, read as a partial fill: a false pass) -- no fill
            # to a reader, and no X this rule can be sure of: in doubt
            return UNSURE, UNSURE_CONFIDENCE, ev
        return FILLED, _conf((cover - 0.35) / 0.15, (centre - 0.6) / 0.3, (off - 0.25) / 0.2), ev  # partial fill
    if covered == 3 and centre >= 0.3 and inner >= 0.4 and off >= 0.25:
        # strokes spread over the whole cell and three side middles (the fourth left between two strokes):
        # hatching, as in the four-sided case above
        return FILLED, _conf((inner - 0.4) / 0.2, (centre - 0.3) / 0.2), ev
    if covered == 1 and (cover < 0.08 or (inner < 0.06 and max(diagonals) < 0.4)):
        return BLANK, 0.65, ev  # a remnant of a grid line along one side
    return UNSURE, UNSURE_CONFIDENCE, ev


SHORT_SLASH = 0.45  # a slash through the centre, nothing off its diagonal, inked along this share of it (a slash of
# dots drawn short of the corners: 0.5); one reaching the corners is read from 0.55 with a little ink off it


HOLLOW_X_ORIENTATION = -0.35  # edge orientation (see _edge_orientation) at or below which ink runs along the diagonals
HEAVY_X_ORIENTATION = -0.3  # ... and at or below which a solid shape clear of the side middles is a small heavy X


def _edge_orientation(patch: np.ndarray) -> float:
    """Where the patch's edges run, from +1 (every edge along the sides: a frame, a square) to -1 (every edge
    along the diagonals: an X, its outline): the mean of cos(4 theta) over the darkness gradient's angles
    theta, weighted by the squared gradient."""
    gy, gx = np.gradient(patch.astype(np.float64))
    mag2 = gx * gx + gy * gy
    total = float(mag2.sum())
    if total <= 0:
        return 0.0
    return float((mag2 * np.cos(4 * np.arctan2(gy, gx))).sum() / total)


SPILL_DEPTH = 3  # patch px (of PATCH): deepest stripe along a side that can be a neighbour's fill run over


def _without_spill(patch: np.ndarray) -> np.ndarray | None:
    """The patch with the shallow stripes along its sides taken off (ink across >= 85 % of a side, at most
    SPILL_DEPTH deep, paper-ish behind it: a careless fill in the next cell run over the line), or None when
    it has no such stripe or has one on all four sides (an outlined fill)."""
    ink = patch >= MARK_INK
    out = patch.copy()
    found = 0
    for side in range(4):
        rows = np.rot90(ink, side)  # side 0: top rows; the others rotated to the top
        full = rows.mean(axis=1) >= 0.85
        start = 1 if not full[0] and full[1] else 0  # a stripe may lie one px in (a line its band missed)
        depth = start
        while depth < len(full) and full[depth]:
            depth += 1
        if depth == 0 and rows[0].mean() >= 0.6 and rows[1].mean() < 0.5:
            depth = 1  # the outermost row alone, a line's remnant broken by JPEG
        if start + 1 <= depth <= SPILL_DEPTH and rows[depth].mean() < 0.5:
            view = np.rot90(out, side)
            view[:depth] = 0
            found += 1
    return out if 0 < found < 4 else None


def _own_level(patch: np.ndarray) -> np.ndarray:
    """The patch's mark ink at the mark's own level: from half the 95th percentile of its mark ink's darkness
    (at least MARK_INK), as the nonogram's empty-mark fit looks at a mark."""
    ink = patch >= MARK_INK
    if not ink.any():
        return ink
    return patch >= max(MARK_INK, 0.5 * float(np.percentile(patch[ink], 95)))


def _is_dash(ink: np.ndarray, straight: bool = True) -> bool:
    """Whether the patch's ink is one short straight stroke, level or upright, through the centre (a dash
    marking a cell empty): 0.25-0.8 of the patch long, at most 0.25 thick, filling at least half its box (not
    looked for when ``straight`` is False), or a wavy one (:func:`_is_wavy`, seventeenth session: a tilde), with
    almost no other ink away from the border. A straight one may run on to the patch's ends when it is a pen line
    (at most RUN_LINE_THICK thick, its middle within RUN_LINE_OFF of the centre across it: eighteenth session, a line
    drawn through a run of empty cells in a row or a column passes through each of them edge to edge)."""
    count, labels, stats, cents = cv2.connectedComponentsWithStats(ink.astype(np.uint8), connectivity=8)
    if count <= 1:
        return False
    k = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    cx, cy = cents[k] / PATCH
    w, h, area = (int(stats[k, c]) for c in (cv2.CC_STAT_WIDTH, cv2.CC_STAT_HEIGHT, cv2.CC_STAT_AREA))
    long, thick = max(w, h) / PATCH, min(w, h) / PATCH
    other = int(np.count_nonzero(ink[2:-2, 2:-2] & (labels[2:-2, 2:-2] != k)))
    straight = straight and thick <= 0.25 and area >= 0.5 * w * h
    across = cy if w >= h else cx  # the stroke's middle across its length
    run_line = straight and long > 0.8 and thick <= RUN_LINE_THICK and abs(across - 0.5) <= RUN_LINE_OFF
    return (abs(cx - 0.5) <= 0.2 and abs(cy - 0.5) <= 0.2 and 0.25 <= long and (long <= 0.8 or run_line)
            and (straight or _is_wavy(labels == k, w, h)) and other <= 0.03 * PATCH ** 2)


RUN_LINE_THICK = 0.2  # a level or upright pen line through the centre reaching the patch's ends is at most this thick ...
RUN_LINE_OFF = 0.15  # ... and its middle this near the centre across it (a grid line's remnant lies along a side)


WAVY_DASH_ASPECT = 2.0  # a dash drawn wavy (a tilde): its box at least this many times as long as it is high ...
WAVY_DASH_HIGH = 0.4  # ... and at most this share of the patch high, ...
WAVY_DASH_RUN = 0.25  # ... every column across it (along its length) one run of ink at most this share of the patch


def _is_wavy(shape: np.ndarray, w: int, h: int) -> bool:
    """Whether one piece of ink (bool, the patch) with a ``w`` x ``h`` box is a dash drawn wavy, a tilde: level or
    upright, at least WAVY_DASH_ASPECT times as long as its box is high and at most WAVY_DASH_HIGH of the patch high,
    each column across its length crossing one thin run of ink (a "=" crosses two, a "v", "w" or "n" is no longer
    than twice its height)."""
    if max(w, h) < WAVY_DASH_ASPECT * min(w, h) or min(w, h) > WAVY_DASH_HIGH * PATCH:
        return False
    cols = shape if w >= h else shape.T  # columns across its length
    cols = cols[:, cols.any(axis=0)]
    edges = np.diff(cols.astype(np.int8), axis=0, prepend=0, append=0)
    runs = (edges == 1).sum(axis=0)
    return bool((runs == 1).all() and cols.sum(axis=0).max() <= WAVY_DASH_RUN * PATCH)


def _is_plus(ink: np.ndarray) -> bool:
    """Whether the patch's ink is a plus: a level and an upright stroke crossing near the centre, each
    0.25-0.85 of the patch long and at most 0.25 thick (nine tenths of the shape's ink within those two
    bars), and almost no other ink away from the border. A ring, a dot or a filled shape is not: their ink
    leaves the two bars or fills their crossing's box."""
    count, labels, stats, cents = cv2.connectedComponentsWithStats(ink.astype(np.uint8), connectivity=8)
    if count <= 1:
        return False
    k = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    x, y, w, h, area = (int(v) for v in stats[k])
    if not (0.25 <= w / PATCH <= 0.85 and 0.25 <= h / PATCH <= 0.85) or area > 0.5 * w * h:
        return False
    shape = labels == k
    rows, cols = shape.sum(axis=1), shape.sum(axis=0)
    bar_rows, bar_cols = rows >= 0.6 * w, cols >= 0.6 * h  # the level stroke's rows, the upright's columns
    if not bar_rows.any() or not bar_cols.any() or bar_rows.sum() > 0.25 * PATCH or bar_cols.sum() > 0.25 * PATCH:
        return False
    ry, cx = np.nonzero(bar_rows)[0], np.nonzero(bar_cols)[0]
    near = np.zeros_like(shape)
    near[max(0, ry.min() - 1):ry.max() + 2, :] = True
    near[:, max(0, cx.min() - 1):cx.max() + 2] = True
    crossing = ((ry.mean() + 0.5) / PATCH, (cx.mean() + 0.5) / PATCH)
    other = int(np.count_nonzero(ink[2:-2, 2:-2] & ~shape[2:-2, 2:-2]))
    return (abs(crossing[0] - 0.5) <= 0.2 and abs(crossing[1] - 0.5) <= 0.2
            and np.count_nonzero(shape & near) >= 0.9 * area and other <= 0.03 * PATCH ** 2)


SOLID_BLOB_AREA = 0.3  # a central shape covering this share of the patch ...
SOLID_BLOB_FILL = 0.7  # ... and this share of its own box (a square 1, a disc 0.79, a heavy X ~0.35) is a fill


def _central_solid(ink: np.ndarray) -> tuple[float, float] | None:
    """(area share of the patch, share of its own box) of the largest ink component whose centre is near the
    patch centre and which does not reach the patch border (a fill drawn inside the cell, not a line remnant)."""
    count, _, stats, cents = cv2.connectedComponentsWithStats(ink.astype(np.uint8), connectivity=8)
    if count <= 1:
        return None
    k = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    cx, cy = cents[k] / PATCH
    x, y, w, h, area = (int(v) for v in stats[k])
    if abs(cx - 0.5) > 0.15 or abs(cy - 0.5) > 0.15 or x == 0 or y == 0 or x + w == PATCH or y + h == PATCH:
        return None
    return area / PATCH ** 2, area / float(w * h)


def _central_blob(ink: np.ndarray) -> tuple[float, float] | None:
    """(bbox side, area fraction) of the largest ink component whose centre is near the patch centre."""
    count, _, stats, cents = cv2.connectedComponentsWithStats(ink.astype(np.uint8), connectivity=8)
    if count <= 1:
        return None
    k = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    cx, cy = cents[k] / PATCH
    if abs(cx - 0.5) > 0.22 or abs(cy - 0.5) > 0.22:
        return None
    side = max(stats[k, cv2.CC_STAT_WIDTH], stats[k, cv2.CC_STAT_HEIGHT]) / PATCH
    return float(side), float(stats[k, cv2.CC_STAT_AREA] / PATCH ** 2)


def _conf(*margins: float) -> float:
    """Confidence of a decision from its margins (each 0 at the threshold, 1 well past it): 0.6..1."""
    return float(min(1.0, 0.6 + 0.4 * max(0.0, min(1.0, max(margins)))))


# ------------------------------------------------------------------------------------ a cell's own frame

OWN_FRAME_BAND = 0.1  # of a cell: the middle band across a cell where its frame's straight sides are looked for ...
OWN_FRAME_COVER = 0.9  # ... a side inking this share of that band (a column or a row of pixels at LINE_INK) ...
OWN_FRAME_THIN = 0.12  # ... in a run at most this share of a cell thick
OWN_FRAME_SIZE = (0.6, 1.15)  # a frame's outer size, shares of the cell each way
OWN_FRAME_REACH = 0.25  # of a cell: how far past its box a cell's own frame may lie (a redraw's own spacing)
OWN_FRAME_ALIKE = 0.08  # of a cell: a page's frames drawn alike are within this of their median size each way
OWN_FRAME_CELLS = 0.8  # share of the cells round which a frame of the page's size is found: one round each cell
OWN_FRAME_MIN = 4  # ... and at least this many
OWN_FRAME_APART = 0.8  # share of the neighbouring frames found with paper between them (no ruled line they share) ...
OWN_FRAME_ROUND = 0.1  # ... or their corners' median radius at least this share of a cell (a ruled grid's lines cross)
OWN_FRAME_DIP = 0.85  # two frames' sides blurred into one run are told apart where its darkness dips to this share
OWN_FRAME_TOL = 1.5  # px: what is taken out reaches this far past the frame's stroke each way


def _side_runs(profile: np.ndarray, width: int) -> list[tuple[int, int]]:
    """``[start, stop)`` runs of ``profile`` (the darkness a line holds over OWN_FRAME_COVER of the band across it) at
    LINE_INK or more, at most ``width`` long, split where the darkness dips between two peaks to OWN_FRAME_DIP of the
    lower one (two lines a px or two apart, blurred into one run at LINE_INK: the dip is the paper between them, and
    belongs to neither)."""
    on = np.concatenate([[False], profile >= LINE_INK, [False]])
    edges = np.flatnonzero(on[1:] != on[:-1])
    out = []
    for a, b in zip(edges[::2].tolist(), edges[1::2].tolist()):
        cuts = [a - 1]
        for m in range(a + 1, b - 1):
            v = profile[m]
            if v < profile[m - 1] and v <= profile[m + 1] and \
                    v <= OWN_FRAME_DIP * min(profile[cuts[-1] + 1:m].max(), profile[m + 1:b].max()):
                cuts.append(m)
        cuts.append(b)
        out += [(p + 1, q) for p, q in zip(cuts[:-1], cuts[1:]) if 0 < q - p - 1 <= width]
    return out


def _enclosing_pairs(runs: list[tuple[int, int]], centre: float, lo: float, hi: float
                     ) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Pairs of runs, one before ``centre`` and one after it, whose outer ends are ``lo``..``hi`` apart."""
    before = [a for a in runs if (a[0] + a[1]) / 2 < centre]
    after = [b for b in runs if (b[0] + b[1]) / 2 > centre]
    return [(a, b) for a in before for b in after if lo <= b[1] - a[0] <= hi]


def _covered(strip: np.ndarray, axis: int) -> np.ndarray:
    """Per line across ``strip`` (darkness; the lines run along ``axis``), the darkness it holds over OWN_FRAME_COVER of
    its length (the matching low order statistic)."""
    k = int((strip.shape[axis] - 1) * (1 - OWN_FRAME_COVER))
    return np.partition(strip, k, axis=axis).take(k, axis=axis)


def _main_label(labels: np.ndarray, rows: slice, cols: slice) -> int:
    """The component label holding most of the ink in ``labels[rows, cols]`` (0: none); a side's ink is one piece, so
    the label at its middle pixel when that is inked."""
    mid = int(labels[(rows.start + rows.stop - 1) // 2, (cols.start + cols.stop - 1) // 2])
    if mid:
        return mid
    vals = labels[rows, cols].ravel()
    vals = vals[vals > 0]
    return int(np.bincount(vals).argmax()) if len(vals) else 0


def _closed_frames(dark: np.ndarray, box: Sequence[float], cell_px: float) -> list[tuple[int, int, int, int, float]]:
    """Every closed frame round the cell ``box`` (``dark``: the page's mark darkness): straight sides (a column or a
    row inked at LINE_INK over OWN_FRAME_COVER of the cell's middle band, OWN_FRAME_THIN thick at most,
    :func:`_side_runs`) left and right of its centre and above and below it, OWN_FRAME_SIZE apart, the four of them one
    connected piece of ink. Each as its outer ``(x0, y0, x1, y1)`` (x1, y1 one past) and mean side thickness."""
    H, W = dark.shape
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    reach = int(round(OWN_FRAME_REACH * cell_px))
    band = OWN_FRAME_BAND * cell_px
    thick = max(2, int(round(OWN_FRAME_THIN * cell_px)))
    lo, hi = OWN_FRAME_SIZE[0] * cell_px, OWN_FRAME_SIZE[1] * cell_px
    wx0, wx1 = max(0, int(x0) - reach), min(W, int(math.ceil(x1)) + reach)
    wy0, wy1 = max(0, int(y0) - reach), min(H, int(math.ceil(y1)) + reach)
    by0, by1 = max(wy0, int(cy - band)), min(wy1, int(cy + band) + 1)
    bx0, bx1 = max(wx0, int(cx - band)), min(wx1, int(cx + band) + 1)
    if wx1 - wx0 < 4 or wy1 - wy0 < 4 or by1 <= by0 or bx1 <= bx0:
        return []
    win = dark[wy0:wy1, wx0:wx1]
    mid_rows, mid_cols = slice(by0 - wy0, by1 - wy0), slice(bx0 - wx0, bx1 - wx0)
    xs = _enclosing_pairs(_side_runs(_covered(win[mid_rows], 0), thick), cx - wx0, lo, hi)
    ys = _enclosing_pairs(_side_runs(_covered(win[:, mid_cols], 1), thick), cy - wy0, lo, hi)
    # a frame off its box: one pair of sides found, the other looked for again across the middle of the found pair
    # (the box's middle band can run into a rounded corner of a frame that sits well off it)
    if ys and not xs:
        mid = int(round(np.median([(t[0] + b[1]) / 2 for t, b in ys])))
        mid_rows = slice(max(0, mid - int(band)), min(wy1 - wy0, mid + int(band) + 1))
        xs = _enclosing_pairs(_side_runs(_covered(win[mid_rows], 0), thick), cx - wx0, lo, hi)
    elif xs and not ys:
        mid = int(round(np.median([(a[0] + b[1]) / 2 for a, b in xs])))
        mid_cols = slice(max(0, mid - int(band)), min(wx1 - wx0, mid + int(band) + 1))
        ys = _enclosing_pairs(_side_runs(_covered(win[:, mid_cols], 1), thick), cy - wy0, lo, hi)
    if not xs or not ys:
        return []
    labels = cv2.connectedComponents((win >= LINE_INK).astype(np.uint8), connectivity=8)[1]
    upright = {run: _main_label(labels, mid_rows, slice(*run)) for pair in xs for run in pair}
    level = {run: _main_label(labels, slice(*run), mid_cols) for pair in ys for run in pair}
    out = []
    for left, right in xs:
        k = upright[left]
        if not k or upright[right] != k:
            continue
        for top, bottom in ys:
            if level[top] == k and level[bottom] == k:
                width = (left[1] - left[0] + right[1] - right[0] + top[1] - top[0] + bottom[1] - bottom[0]) / 4
                out.append((left[0] + wx0, top[0] + wy0, right[1] + wx0, bottom[1] + wy0, width))
    return out


def _corner_radius(ink: np.ndarray, frame: tuple[int, int, int, int, float]) -> float:
    """A frame's corner radius (px) from where its ink first meets each corner's diagonal, going in from the corner
    (a rounded corner of radius r is met 0.29 r in; a square one at once): the median of the four corners."""
    x0, y0, x1, y1, _ = frame
    H, W = ink.shape
    n = max(1, int(0.5 * min(x1 - x0, y1 - y0)))
    radii = []
    for (sx, dx), (sy, dy) in (((x0, 1), (y0, 1)), ((x1 - 1, -1), (y0, 1)), ((x0, 1), (y1 - 1, -1)),
                               ((x1 - 1, -1), (y1 - 1, -1))):
        k = np.arange(n)
        px, py = sx + dx * k, sy + dy * k
        inside = (px >= 0) & (px < W) & (py >= 0) & (py < H)
        hit = np.flatnonzero(inside & ink[np.clip(py, 0, H - 1), np.clip(px, 0, W - 1)])
        if len(hit):
            radii.append(hit[0] / (1 - math.sqrt(0.5)))
    return float(np.median(radii)) if radii else 0.0


def own_frames(dark: np.ndarray, boxes: Sequence[Sequence[float]], cell_px: float
               ) -> list[tuple[float, float, float, float, float, float] | None]:
    """The frame each cell is drawn in, when the page draws every cell as a frame of its own apart from its
    neighbours' (a redraw of rounded squares with gaps between them): per box ``(x0, y0, x1, y1, width, radius)`` --
    the frame's outer box (x1, y1 one past), its stroke's thickness and its corners' radius, px -- or None where no
    frame of the page's size was found round that cell; an empty list when the page does not draw them so.

    Twenty-fourth session (issue 13, helper h24b, rubric 49): a closed frame (:func:`_closed_frames`) of the page's
    median size (OWN_FRAME_ALIKE) is found round OWN_FRAME_CELLS of the cells, filled and empty alike, and
    OWN_FRAME_APART of the neighbouring frames have paper between them or the frames' corners are rounded
    (OWN_FRAME_ROUND). A ruled grid's cells share their lines, which cross at its corners, so it never qualifies; an
    outlined fill, a checkbox or a box drawn in some cells is not round OWN_FRAME_CELLS of them (a puzzle's fills are
    at most about two thirds of its cells). Frames a px or
    two apart, blurred into one another (a small cell, a photo, JPEG), are told apart by the dip in darkness between
    them; where a cell's sides could be its own or a neighbour's, its own frame is the innermost of the page's size."""
    n = len(boxes)
    if n < OWN_FRAME_MIN:
        return []
    need = max(OWN_FRAME_MIN, OWN_FRAME_CELLS * n)
    # (speed, twenty-sixth session) the cells are looked at darkest middle first: a fill holds no frame, so a page
    # that does not frame its cells (most) stops after the fewest looks; the misses counted at the end are the same
    # in any order, and so is the answer
    H, W = dark.shape
    arr = np.asarray(boxes, np.float64).reshape(-1, 4)
    mid_x = np.clip(((arr[:, 0] + arr[:, 2]) / 2).astype(np.int64), 0, W - 1)
    mid_y = np.clip(((arr[:, 1] + arr[:, 3]) / 2).astype(np.int64), 0, H - 1)
    found: list[list[tuple[int, int, int, int, float]]] = [[] for _ in range(n)]
    misses = 0
    for i in np.argsort(-dark[mid_y, mid_x].astype(np.int32), kind="stable").tolist():
        found[i] = _closed_frames(dark, boxes[i], cell_px)
        misses += not found[i]
        if misses > n - need:  # (a ruled grid's filled cells hold no frame: most pages stop here)
            return []
    area = lambda f: (f[2] - f[0]) * (f[3] - f[1])  # noqa: E731
    inner = [min(fs, key=area) for fs in found if fs]
    med = np.median(np.array([(f[2] - f[0], f[3] - f[1]) for f in inner], np.float64), axis=0)
    tol = OWN_FRAME_ALIKE * cell_px
    chosen: list[tuple[int, int, int, int, float] | None] = []
    for fs in found:
        near = [f for f in fs if abs(f[2] - f[0] - med[0]) <= tol and abs(f[3] - f[1] - med[1]) <= tol]
        chosen.append(min(near, key=area) if near else None)
    if sum(f is not None for f in chosen) < need:
        return []
    # neighbours: the next box along a row (its left edge at this one's right edge) or down a column
    near_tol = 0.25 * cell_px
    pairs = apart = 0
    for i, a in enumerate(chosen):
        if a is None:
            continue
        for lo_i, hi_i, o_lo in ((2, 0, 1), (3, 1, 0)):
            nxt = np.flatnonzero((np.abs(arr[:, hi_i] - arr[i, lo_i]) <= near_tol)
                                 & (np.abs(arr[:, o_lo] - arr[i, o_lo]) <= near_tol))
            for j in nxt.tolist():
                b = chosen[j]
                if b is None:
                    continue
                pairs += 1
                apart += b[hi_i] - a[lo_i] >= 1  # (paper between this frame's far side and the next one's near side)
    ink = dark >= LINE_INK
    radius = float(np.median([_corner_radius(ink, f) for f in chosen if f is not None]))
    if (not pairs or apart < OWN_FRAME_APART * pairs) and radius < OWN_FRAME_ROUND * cell_px:
        return []
    return [None if f is None else (float(f[0]), float(f[1]), float(f[2]), float(f[3]), float(f[4]),
                                    min(radius, 0.5 * min(f[2] - f[0], f[3] - f[1]))) for f in chosen]


def _frame_band(shape: tuple[int, int], frame: tuple[float, ...]) -> tuple[slice, slice, np.ndarray] | None:
    """The pixels of a cell's own frame (:func:`own_frames`): its rounded outline, its stroke's thickness and
    OWN_FRAME_TOL px either side, as a window of the page and a mask in it."""
    x0, y0, x1, y1, width, radius = frame
    H, W = shape
    pad = int(math.ceil(OWN_FRAME_TOL)) + 1
    a0, a1 = max(0, int(x0) - pad), min(W, int(math.ceil(x1)) + pad)
    b0, b1 = max(0, int(y0) - pad), min(H, int(math.ceil(y1)) + pad)
    if a1 <= a0 or b1 <= b0:
        return None
    yy, xx = np.mgrid[b0:b1, a0:a1].astype(np.float64) + 0.5
    hx, hy = (x1 - x0) / 2, (y1 - y0) / 2
    qx = np.abs(xx - (x0 + x1) / 2) - (hx - radius)
    qy = np.abs(yy - (y0 + y1) / 2) - (hy - radius)
    d = np.hypot(np.maximum(qx, 0), np.maximum(qy, 0)) + np.minimum(np.maximum(qx, qy), 0) - radius
    return slice(b0, b1), slice(a0, a1), (d >= -width - OWN_FRAME_TOL) & (d <= OWN_FRAME_TOL)


def without_own_frames(darkness: np.ndarray | tuple[np.ndarray, np.ndarray],
                       frames: Sequence[tuple[float, ...] | None]) -> np.ndarray | tuple[np.ndarray, np.ndarray]:
    """``darkness`` (a mark map, or :func:`darkness_maps`'s pair) with the cells' own frames (:func:`own_frames`)
    taken out (paper): they are the puzzle's grid, drawn one cell at a time, as a ruled line is. Copies; unchanged
    when there are none."""
    if not frames or all(f is None for f in frames):
        return darkness
    maps = [m.copy() for m in (darkness if isinstance(darkness, tuple) else (darkness,))]
    for f in frames:
        band = None if f is None else _frame_band(maps[0].shape, f)
        if band is not None:
            rows, cols, mask = band
            for m in maps:
                m[rows, cols][mask] = 0
    return tuple(maps) if isinstance(darkness, tuple) else maps[0]


def inside_own_frames(edges: np.ndarray, frames: Sequence[tuple[float, ...] | None]) -> np.ndarray:
    """``edges`` (:func:`line_edges`' ``[x, y, x', y']`` per cell) with each framed cell's interior taken inside its own
    frame: the cell is what its frame holds, wherever the registered box puts it."""
    out = edges.copy()
    for i, f in enumerate(frames or []):
        if f is not None:
            x0, y0, x1, y1, width, _ = f
            out[i] = (int(math.ceil(x0 + width)), int(math.ceil(y0 + width)), int(x1 - width), int(y1 - width))
    return out


# -------------------------------------------------------------------------------------------- the API


def grid_boxes(grid_bbox: Sequence[float], rows: int, cols: int) -> list[tuple[float, float, float, float]]:
    """Row-major pixel boxes of the cells of a ``rows`` x ``cols`` grid spanning ``grid_bbox``."""
    x0, y0, x1, y1 = (float(v) for v in grid_bbox)
    w, h = (x1 - x0) / cols, (y1 - y0) / rows
    return [(x0 + c * w, y0 + r * h, x0 + (c + 1) * w, y0 + (r + 1) * h) for r in range(rows) for c in range(cols)]


def read_marks(image: np.ndarray, boxes: Sequence[Sequence[float]] | None = None, *,
               grid_bbox: Sequence[float] | None = None, rows: int | None = None, cols: int | None = None,
               darkness: np.ndarray | tuple[np.ndarray, np.ndarray] | None = None,
               frames: Sequence[tuple[float, ...] | None] | None = None,
               bands: LineBands | None = None) -> CellMarks:
    """Read every cell of ``image`` (RGB or grey uint8): give either ``boxes`` (pixel ``(x0, y0, x1, y1)``
    per cell) or ``grid_bbox`` with ``rows`` and ``cols``. ``darkness`` is the image's
    :func:`darkness_maps` (or just its mark map) when already computed (same ``cell_px``). Lines along the cell edges, thin or
    thick, at whatever width they were drawn, are not ink; nor is a frame drawn round each cell of its own
    (:func:`own_frames`; ``frames`` when already found on ``darkness`` and taken out of it, as
    :func:`without_own_frames` does), and a framed cell is read inside its frame. ``bands``: :func:`line_bands` of
    ``darkness``' mark map, when already found (speed only). Returns states in the order of the boxes."""
    if boxes is None:
        if grid_bbox is None or not rows or not cols:
            raise ValueError("read_marks needs boxes, or grid_bbox with rows and cols")
        boxes = grid_boxes(grid_bbox, rows, cols)
    if not boxes:
        return CellMarks([], [], [])
    cell_px = cell_size(boxes)
    if darkness is None:
        darkness = darkness_maps(image, cell_px)
    if frames is None:  # (rubric 49) a page drawing every cell as a frame of its own: the frames are its grid
        frames = own_frames(darkness[0] if isinstance(darkness, tuple) else darkness, boxes, cell_px)
        darkness = without_own_frames(darkness, frames)
        darkness, bands = without_line_companions(darkness, boxes, cell_px)
    dark, tone = darkness if isinstance(darkness, tuple) else (darkness, darkness)
    H, W = dark.shape
    edges = line_edges(dark, boxes, cell_px, bands)
    if frames:
        edges = inside_own_frames(edges, frames)
    pad = max(1, int(round(0.04 * cell_px)))
    patches = np.zeros((len(boxes), PATCH, PATCH), np.uint8)
    tones = np.zeros((len(boxes), PATCH, PATCH), np.uint8)
    usable = np.zeros(len(boxes), bool)
    cores: list[tuple[int, int, int, int]] = [(0, 0, 0, 0)] * len(boxes)
    for i, (lx, ty, rx, by) in enumerate(edges.tolist()):
        ix0, ix1 = max(0, lx + pad), min(W, rx - pad)
        iy0, iy1 = max(0, ty + pad), min(H, by - pad)
        if ix1 - ix0 >= 4 and iy1 - iy0 >= 4:
            patches[i] = cv2.resize(dark[iy0:iy1, ix0:ix1], (PATCH, PATCH), interpolation=cv2.INTER_AREA)
            tones[i] = cv2.resize(tone[iy0:iy1, ix0:ix1], (PATCH, PATCH), interpolation=cv2.INTER_AREA)
            usable[i] = True
            cores[i] = (ix0, iy0, ix1, iy1)
    # A cell without marks whose tone, smoothed over a few patch px, is as dark as shading is read by that
    # smoothed tone: a halftone screen, an ordered dither or stippled grey (dots a quarter of a patch px
    # apart) is an even tone to a reader, not its dots and gaps (a light fill printed as halftone read blank:
    # tinted 0.63-0.72 of the cell, tone 27). Fainter cells keep their own tone (paper texture smoothed
    # would read as an even faint tone)
    unmarked = np.nonzero((patches >= MARK_INK).mean(axis=(1, 2)) < TONE_ONLY_COVER)[0]
    if len(unmarked):
        smooth = np.stack([cv2.blur(tones[i], (3, 3), borderType=cv2.BORDER_REFLECT) for i in unmarked])
        shaded = np.median(smooth.reshape(len(unmarked), -1), axis=1) >= INK
        tones[unmarked[shaded]] = smooth[shaded]
    feats = _rows(patch_features(patches, tones))
    x_may = _x_candidates(patches, feats)
    x_medians = _x_sector_medians(patches)
    box_list = np.round(np.asarray(boxes, np.float64).reshape(-1, 4), 1).tolist()
    states, confidence, evidence = [], [], []
    for i, box_ev in enumerate(box_list):
        if not usable[i]:
            states.append(UNSURE)
            confidence.append(0.0)
            evidence.append({"box": box_ev, "reason": "cell interior too small or outside the image"})
            continue
        state, conf, ev = classify_patch(patches[i], feats[i])
        if state == FILLED and x_may[i]:
            state, conf = _x_at_own_level(patches[i], state, conf, ev)
        if state == FILLED:
            state, conf = _x_notched(patches[i], state, conf, ev, tuple(m[i] for m in x_medians))
        if state == UNSURE and SMALL_X_COVER[0] <= feats[i]["cover"] <= SMALL_X_COVER[1]:
            own = _small_x(dark[cores[i][1]:cores[i][3], cores[i][0]:cores[i][2]])
            if own is not None:
                ev["own_box"] = own
                if _shaded_beyond_mark(feats[i]):  # (weighed against the cells around it below)
                    ev["shaded_beyond_mark"] = [CROSSED, 0.65]
                else:
                    state, conf = CROSSED, 0.65
        if state in (UNSURE, BLANK) and 0 < feats[i]["cover"] <= SLASH_COVER and not ev.get("shaded_beyond_mark") \
                and feats[i]["tone"] < FAINT:
            slash = _own_slash(dark[cores[i][1]:cores[i][3], cores[i][0]:cores[i][2]])
            if slash is not None:  # a pale slash for an empty cell, dithered or soft (twenty-first session)
                ev["own_slash"] = slash
                state, conf = CROSSED, 0.6
        ev["box"] = box_ev
        ev["core"] = list(cores[i])  # the interior read (between the cell's lines as found, less a pad)
        states.append(state)
        confidence.append(conf)
        evidence.append(ev)
    page_tone = lru_cache(maxsize=None)(partial(_page_tone, dark, tone, boxes, cell_px))  # (looked for once)
    _shaded_against_neighbours(states, confidence, evidence, feats, boxes, cell_px, page_tone)
    _faint_against_neighbours(states, confidence, evidence, feats, boxes, cell_px, page_tone)
    _smudged_against_neighbours(states, confidence, evidence, tones, boxes, cell_px)
    _faint_lines_against_page(states, confidence, evidence, tone, cores, rows, cols)
    _pale_fills(states, confidence, evidence, tones, boxes, cell_px, image, cores)
    _textured_fills(states, confidence, evidence, dark, image, cores)
    _shaded_all_over(states, confidence, evidence, feats, boxes, cell_px)
    return CellMarks(states, confidence, evidence)


SHADED_ALL_OVER = 0.85  # share of a cell as dark as shading (tone >= INK) over which the whole cell is shaded
SHADED_ALL_OVER_MARK = 0.2  # ... with a darker part (mark ink) over at least this share of it


def _shaded_all_over(states: list[str], confidence: list[float], evidence: list[dict[str, Any]],
                     feats: list[dict[str, Any]], boxes: Sequence[Sequence[float]], cell_px: float) -> None:
    """A cell left unsure by the patch rules, no mark for an empty cell read in it (no ``shaded_beyond_mark``), shaded
    all over (SHADED_ALL_OVER of it at tone >= INK, its median tone >= INK) with a darker part drawn in it
    (SHADED_ALL_OVER_MARK of it mark ink) and its tone SHADED_EXCESS or more above the median tone of the cells read
    blank or crossed around it (within FAINT_RADIUS cells, at least FAINT_NEIGHBOURS of them; with fewer there, the
    page's, at least FAINT_NEIGHBOURS) is filled (confidence
    0.6, evidence ``shaded_all_over``: the neighbours' tone): a fill drawn in two shades, a pale whole with a darker
    corner or half, is a marked cell, not paper; only its uneven tone kept it from the even-tone rule (an e-reader's
    grey screen lowers the contrast of a pale corner-triangle fill: tone 30-47, tinted 0.88, spread over 40). The
    cells around it show the page's paper is not so dark. Changes the lists in place."""
    cand = [i for i, s in enumerate(states) if s == UNSURE and not evidence[i].get("shaded_beyond_mark")
            and "x_notches" not in evidence[i] and feats[i]["tinted"] >= SHADED_ALL_OVER and feats[i]["tone"] >= INK
            and feats[i]["cover"] >= SHADED_ALL_OVER_MARK and "box" in evidence[i]]
    if not cand:
        return
    centres = np.array([((b[0] + b[2]) / 2, (b[1] + b[3]) / 2) for b in boxes], np.float64)
    empty = np.array([s in (BLANK, CROSSED) for s in states])
    tones = np.array([f["tone"] for f in feats], np.float64)
    for i in cand:
        near = empty & (np.hypot(*(centres - centres[i]).T) <= FAINT_RADIUS * cell_px)
        if int(near.sum()) < FAINT_NEIGHBOURS:
            near = empty  # a dense part of the grid: the page's empty cells
            if int(near.sum()) < FAINT_NEIGHBOURS:
                continue
        paper = float(np.median(tones[near]))
        if tones[i] - paper >= SHADED_EXCESS:
            evidence[i]["shaded_all_over"] = round(paper, 1)
            states[i], confidence[i] = FILLED, 0.6


SMALL_X_COVER = (0.03, 0.3)  # mark-ink share of an unsure patch that may be an X smaller than the cell
SMALL_X_SIZE = (0.3, 0.85)  # ... its box: this share of the cell core each way, centred within SMALL_X_OFF
SMALL_X_OFF = 0.2


def _small_x(core: np.ndarray) -> list[float] | None:
    """The box (shares of the cell core: x0, y0, x1, y1) of an X drawn smaller than the cell (a typed or
    handwritten "x", an X set high or low in its cell), or None: the core's ink that does not touch its border
    (line remnants do; they may hold at most a quarter as much ink) lies in one box 0.3-0.85 of the core each
    way near its centre, and read in that box (resampled to a patch) it is an X: both diagonals half inked, the
    centre crossed, little ink off the diagonals, at most one side's middle half covered. The layout reading
    measures an X against the whole cell, where a small one leaves its diagonals short and its upper arms on a
    side's middle (unsure)."""
    h, w = core.shape
    if h < 8 or w < 8:
        return None
    ink = (core >= MARK_INK).astype(np.uint8)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    inner, border_area = [], 0
    for k in range(1, count):
        x, y, cw, ch, area = (int(v) for v in stats[k])
        if x == 0 or y == 0 or x + cw == w or y + ch == h:
            border_area += area
        elif area >= 4:
            inner.append(k)
    if not inner:
        return None
    area = int(stats[inner, cv2.CC_STAT_AREA].sum())
    if border_area > 0.25 * area:
        return None
    x0 = int(stats[inner, cv2.CC_STAT_LEFT].min())
    y0 = int(stats[inner, cv2.CC_STAT_TOP].min())
    x1 = int((stats[inner, cv2.CC_STAT_LEFT] + stats[inner, cv2.CC_STAT_WIDTH]).max())
    y1 = int((stats[inner, cv2.CC_STAT_TOP] + stats[inner, cv2.CC_STAT_HEIGHT]).max())
    bw, bh = (x1 - x0) / w, (y1 - y0) / h
    cx, cy = (x0 + x1) / (2 * w), (y0 + y1) / (2 * h)
    if not (SMALL_X_SIZE[0] <= min(bw, bh) and max(bw, bh) <= SMALL_X_SIZE[1]
            and abs(cx - 0.5) <= SMALL_X_OFF and abs(cy - 0.5) <= SMALL_X_OFF and max(bw / bh, bh / bw) <= 1.6):
        return None
    mine = np.isin(labels[y0:y1, x0:x1], inner)
    sub = np.where(mine, core[y0:y1, x0:x1], 0).astype(np.uint8)
    patch = cv2.resize(sub, (PATCH, PATCH), interpolation=cv2.INTER_AREA)
    g = _rows(patch_features(patch[None]))[0]
    covered = sum(v >= SIDE_COVERED for v in g["sides"])
    # in its own box a thick or italic x's upper arms close in on one side's middle: one side may be half covered
    if (covered <= 1 and max(g["sides"]) <= 0.5 and min(g["diagonals"]) >= 0.5 and g["off_diagonal"] <= 0.15
            and g["centre"] >= 0.5):
        return [round(x0 / w, 2), round(y0 / h, 2), round(x1 / w, 2), round(y1 / h, 2)]
    return None


SLASH_COVER = 0.12  # mark-ink share (patch) up to which a cell left unsure or blank may hold one pale slash ...
SLASH_LEVEL = 0.3  # ... its ink, over 3 x 3 px at the page's resolution, from this share of its darkest (a dithered
# pencil line is half as dark in places) ...
SLASH_MIN_DARK = 40  # ... which is at least this dark
SLASH_MARGIN = 0.12  # of the core: the band along its sides (line remnants) left out
SLASH_CENTRED = 0.12  # ... the ink's centre this near the core's (shares of the core)
SLASH_ANGLE = 15.0  # degrees: its axis this near a diagonal
SLASH_LENGTH = 0.4  # ... at least this long (share of the core's side) ...
SLASH_THIN = 0.06  # ... with this share of its ink (SLASH_ALONG) within this distance of the axis ...
SLASH_ALONG = 0.95
SLASH_GAPLESS = 10  # ... and ink in at least this many of 12 steps along it (a dotted or dithered line is one stroke)


def _own_slash(core: np.ndarray) -> list[float] | None:
    """The ends (shares of the cell core: x0, y0, x1, y1) of one pale slash through the cell's middle, read at the
    page's own resolution, or None (twenty-first session, issue 13: HELDOUT19's long pencil slash for an empty
    cell, pale and dithered by a fax or softened by a scan, keeps 0.25-0.44 of a patch diagonal and a few patch px
    of its centre at the mark-ink level, and read unsure or blank with a stray mark in doubt: every error-free
    honeycomb-fax answer went to review). The core's darkness over 3 x 3 px (a dithered line is one grey stroke)
    away from its sides (SLASH_MARGIN) is ink from SLASH_LEVEL of its darkest (at least SLASH_MIN_DARK); the ink is
    a slash when it is one straight thin stroke: centred (SLASH_CENTRED), its principal axis within SLASH_ANGLE of a
    diagonal, SLASH_LENGTH long, SLASH_ALONG of it within SLASH_THIN of the axis, and unbroken but for dots
    (SLASH_GAPLESS of 12 steps along it inked). An X, a scribble, a dot screen, a smudge or a fill is none."""
    h, w = core.shape
    if h < 12 or w < 12:
        return None
    m = max(1, int(round(SLASH_MARGIN * min(h, w))))
    inner = cv2.blur(core, (3, 3))[m:h - m, m:w - m].astype(np.float32)
    top = float(np.percentile(inner, 99.5))
    if top < SLASH_MIN_DARK:
        return None
    ys, xs = np.nonzero(inner >= SLASH_LEVEL * top)
    if len(xs) < 0.2 * min(h, w):
        return None
    pts = np.stack([(xs + m + 0.5) / w, (ys + m + 0.5) / h], axis=1)
    centre = pts.mean(axis=0)
    if float(np.hypot(*(centre - 0.5))) > SLASH_CENTRED:
        return None
    _, vecs = np.linalg.eigh(np.cov((pts - centre).T))
    major, minor = vecs[:, 1], vecs[:, 0]
    angle = math.degrees(math.atan2(major[1], major[0])) % 90.0
    if abs(angle - 45.0) > SLASH_ANGLE:
        return None
    along, across = (pts - centre) @ major, (pts - centre) @ minor
    lo, hi = float(np.percentile(along, 2)), float(np.percentile(along, 98))
    if hi - lo < SLASH_LENGTH or float(np.mean(np.abs(across) <= SLASH_THIN)) < SLASH_ALONG:
        return None
    steps = np.histogram(along, bins=12, range=(lo, hi))[0]
    if int(np.count_nonzero(steps)) < SLASH_GAPLESS:
        return None
    a, b = centre + lo * major, centre + hi * major
    return [round(float(v), 2) for v in (a[0], a[1], b[0], b[1])]


def _is_faint(f: dict[str, Any]) -> bool:
    """The even faint tone of :func:`classify_patch` (neither paper nor shading)."""
    return f["spread"] < 14 and FAINT <= f["tone"] < INK and f["cover"] < 0.02


SHADED_EXCESS = 12  # a cell shaded beyond its mark is shading when its tone is this much above the empty cells'
# around it


def _shaded_against_neighbours(states: list[str], confidence: list[float], evidence: list[dict[str, Any]],
                               feats: list[dict[str, Any]], boxes: Sequence[Sequence[float]], cell_px: float,
                               page_tone: Callable[[], float | None] | None = None) -> None:
    """A cell :func:`classify_patch` left unsure as shaded beyond its mark (``shaded_beyond_mark``: the state and
    confidence it read) gets that reading back when its tone is less than SHADED_EXCESS above the median tone of the
    cells read blank or crossed around it (within FAINT_RADIUS cells, at least FAINT_NEIGHBOURS of them): their paper is
    as dark (a dim page, a stamp's halo the paper map leaves), so the cell's tone is the page's, not a fill's. A cell
    left unsure for its tone alone (``tone_only``: no mark ink) is blank when its tone is less than FAINT_EXCESS above
    theirs. With fewer such neighbours, the paper around the grid (``page_tone``, :func:`_page_tone`) stands for them,
    as for :func:`_faint_against_neighbours` (rubric 75: HELDOUT36's night-mode photo, its paper grain left at tone
    22-24 by the paper map on the page and in every cell alike, the few empty cells of a 5x5 page in review). Changes
    the lists in place; the evidence gets ``paper_tone``."""
    shaded = [i for i, s in enumerate(states) if s == UNSURE
              and (evidence[i].get("shaded_beyond_mark") or evidence[i].get("tone_only"))]
    if not shaded:
        return
    centres = np.array([((b[0] + b[2]) / 2, (b[1] + b[3]) / 2) for b in boxes], np.float64)
    empty = np.array([s in (BLANK, CROSSED) for s in states])
    tones = np.array([f["tone"] for f in feats], np.float64)
    page: list[float | None] = []  # (looked for once, when first needed)
    for i in shaded:
        near = empty & (np.hypot(*(centres - centres[i]).T) <= FAINT_RADIUS * cell_px)
        if int(near.sum()) >= FAINT_NEIGHBOURS:
            paper = float(np.median(tones[near]))
        else:
            if not page:
                page.append(page_tone() if page_tone is not None else None)
            if page[0] is None:
                continue
            paper = page[0]
            evidence[i]["paper_of_page"] = True
        evidence[i]["paper_tone"] = round(paper, 1)
        if evidence[i].get("shaded_beyond_mark"):
            if tones[i] - paper < SHADED_EXCESS:
                state, conf = evidence[i].pop("shaded_beyond_mark")
                states[i], confidence[i] = state, conf
        elif tones[i] - paper < FAINT_EXCESS:
            evidence[i].pop("tone_only")
            states[i], confidence[i] = BLANK, _conf((FAINT_EXCESS - (tones[i] - paper)) / FAINT_EXCESS)


def _faint_against_neighbours(states: list[str], confidence: list[float], evidence: list[dict[str, Any]],
                              feats: list[dict[str, Any]], boxes: Sequence[Sequence[float]], cell_px: float,
                              page_tone: Callable[[], float | None] | None = None) -> None:
    """A faint-tone cell (UNSURE: an even faint tone, or an uneven one marked ``speckled`` by :func:`classify_patch`)
    is blank when it is less than FAINT_EXCESS darker than the blank cells around it
    (within FAINT_RADIUS cells, at least FAINT_NEIGHBOURS of them): the paper map left the same residual
    tone there (a soft shadow edge, paper texture), so the cell is paper like them. With fewer such neighbours, the
    paper around the grid (``page_tone``, :func:`_page_tone`, when known) stands for them: a texture over the whole
    page (a fly screen's mesh a photo was taken through: every empty cell of HELDOUT31's pages faint, 54-109 cells in
    review) is the page's paper, while faint tone in the cells alone stays in doubt. Changes ``states`` in place; the
    evidence gets ``paper_tone`` (the neighbours' median tone, or the page's)."""
    faint = [i for i, s in enumerate(states) if s == UNSURE and (_is_faint(feats[i]) or evidence[i].get("speckled"))]
    if not faint:
        return
    centres = np.array([((b[0] + b[2]) / 2, (b[1] + b[3]) / 2) for b in boxes], np.float64)
    blank = np.array([s == BLANK for s in states])
    tones = np.array([f["tone"] for f in feats], np.float64)
    page: list[float | None] = []  # (looked for once, when first needed)
    for i in faint:
        near = blank & (np.hypot(*(centres - centres[i]).T) <= FAINT_RADIUS * cell_px)
        if int(near.sum()) >= FAINT_NEIGHBOURS:
            paper = float(np.median(tones[near]))
        else:
            if not page:
                page.append(page_tone() if page_tone is not None else None)
            if page[0] is None:
                continue
            paper = page[0]
            evidence[i]["paper_of_page"] = True
        evidence[i]["paper_tone"] = round(paper, 1)
        if tones[i] - paper < FAINT_EXCESS:
            states[i], confidence[i] = BLANK, _conf((FAINT_EXCESS - (tones[i] - paper)) / FAINT_EXCESS)


PAGE_TONE_REACH = 1.0  # cells: the paper around the grid read for its tone reaches this far out from the grid ...
PAGE_TONE_LINES = 0.15  # ... beyond this much of a cell past its outer edge (its frame line) ...
PAGE_TONE_INK_GAP = 0.1  # ... its px this far (of a cell) from any mark ink (a clue's digits) ...
PAGE_TONE_AREA = 2.0  # ... and read only when there are this many cells' worth of such px
PAGE_TONE_SPECK = 0.08  # (rubric 75) of a cell: a piece of mark ink less than this across each way is a speck of the
# paper's grain (HELDOUT36's night-mode photo: grain up to darkness 100 in 2-4 px specks; a clue digit is 0.3 cell)


def _page_tone(dark: np.ndarray, tone: np.ndarray, boxes: Sequence[Sequence[float]], cell_px: float) -> float | None:
    """The tone (as a cell's: :func:`patch_features`' median over a patch, each patch px a PATCH-th of a cell) of the
    page's paper around the grid: the median, over the band PAGE_TONE_REACH of a cell wide past PAGE_TONE_LINES of the
    grid's outer edge, of ``tone`` averaged over a patch px, where no mark ink lies within PAGE_TONE_INK_GAP of a cell;
    None when the band holds under PAGE_TONE_AREA cells of such px (a grid filling its image)."""
    H, W = tone.shape
    arr = np.asarray(boxes, np.float64).reshape(-1, 4)
    x0, y0 = arr[:, 0].min(), arr[:, 1].min()
    x1, y1 = arr[:, 2].max(), arr[:, 3].max()
    inner, outer = PAGE_TONE_LINES * cell_px, (PAGE_TONE_LINES + PAGE_TONE_REACH) * cell_px

    def clip(v: float, hi: int) -> int:
        return min(max(round(v), 0), hi)

    band = np.zeros((H, W), bool)
    band[clip(y0 - outer, H):clip(y1 + outer, H), clip(x0 - outer, W):clip(x1 + outer, W)] = True
    band[clip(y0 - inner, H):clip(y1 + inner, H), clip(x0 - inner, W):clip(x1 + inner, W)] = False
    gap = max(1, round(PAGE_TONE_INK_GAP * cell_px))
    # (rubric 75) a paper's grain specks are no ink to keep away from: only pieces of ink PAGE_TONE_SPECK of a cell
    # across or more (a clue's digit)
    ink = (dark >= MARK_INK).astype(np.uint8)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    speck = max(2, round(PAGE_TONE_SPECK * cell_px))
    keep = np.zeros(count, np.uint8)
    keep[1:] = (stats[1:, cv2.CC_STAT_WIDTH] >= speck) | (stats[1:, cv2.CC_STAT_HEIGHT] >= speck)
    near_ink = cv2.dilate(keep[labels], np.ones((2 * gap + 1, 2 * gap + 1), np.uint8)) > 0
    kept = band & ~near_ink
    if np.count_nonzero(kept) < PAGE_TONE_AREA * cell_px * cell_px:
        return None
    k = max(1, round(cell_px / PATCH))
    return float(np.median(cv2.blur(tone, (k, k))[kept]))


SMUDGE_EXCESS = 15  # a blank cell whose middle is this much darker (tone) than the middles of the empty cells around it
SMUDGE_BUMP = 12  # ... and this much darker than its own rim is smudged: a local darkening, no paper
SMUDGE_CENTRE = (4, 12)  # the middle of a patch (patch px, each way); the rim is the patch outside (3, 13)


def _smudged_against_neighbours(states: list[str], confidence: list[float], evidence: list[dict[str, Any]],
                                tones: np.ndarray, boxes: Sequence[Sequence[float]], cell_px: float) -> None:
    """A cell read blank whose middle (the median tone of the patch's middle half each way) is SMUDGE_EXCESS darker than
    the median of the middles of the cells read blank or crossed around it (within FAINT_RADIUS cells, at least
    FAINT_NEIGHBOURS of them; else the FAINT_NEIGHBOURS nearest such cells of the page) and SMUDGE_BUMP darker than
    its own rim is unsure, never blank (twentieth session:
    HELDOUT19's pale planted cell drawn as a finger smudge, a soft grey blob about grey 200 at its centre over half
    the cell, has a median tone of 3-10, under FAINT, and read blank: 11 false passes). A shadow or a paper tone spans
    many cells smoothly (the cells around are as dark, or the cell's rim is, or it crosses the cell as a band:
    :func:`_band_through`); a smudge is a darkening confined to the cell, which a person sees as light shading, not
    paper. Changes the lists in place; the evidence gets
    ``smudge`` (the middle's tone, the neighbours', the rim's)."""
    blank = [i for i, s in enumerate(states) if s == BLANK]
    if not blank:
        return
    lo, hi = SMUDGE_CENTRE
    t = np.asarray(tones, np.float64)
    middle = np.median(t[:, lo:hi, lo:hi].reshape(len(t), -1), axis=1)
    ring = np.ones((PATCH, PATCH), bool)
    ring[lo - 1:hi + 1, lo - 1:hi + 1] = False
    rim = np.median(t[:, ring], axis=1)
    centres = np.array([((b[0] + b[2]) / 2, (b[1] + b[3]) / 2) for b in boxes], np.float64)
    empty = np.array([s in (BLANK, CROSSED) for s in states])
    for i in blank:
        if middle[i] - rim[i] < SMUDGE_BUMP:
            continue
        dist = np.hypot(*(centres - centres[i]).T)
        dist[i] = np.inf
        near = empty & (dist <= FAINT_RADIUS * cell_px)
        if int(near.sum()) < FAINT_NEIGHBOURS:  # few empty cells close by: the nearest FAINT_NEIGHBOURS of the page's
            order = [k for k in np.argsort(dist) if empty[k] and k != i][:FAINT_NEIGHBOURS]
            if len(order) < FAINT_NEIGHBOURS:
                continue
            near = np.zeros(len(states), bool)
            near[order] = True
        paper = float(np.median(middle[near]))
        if middle[i] - paper >= SMUDGE_EXCESS and not _band_through(t[i], (middle[i] + rim[i]) / 2):
            evidence[i]["smudge"] = [round(float(middle[i]), 1), round(paper, 1), round(float(rim[i]), 1)]
            states[i], confidence[i] = UNSURE, UNSURE_CONFIDENCE


def _band_through(patch: np.ndarray, level: float) -> bool:
    """Whether the darkening of a cell's tone ``patch`` (smoothed over 3 x 3 px; its piece at ``level`` and darker
    holding the darkest px) is a band through the cell: a piece reaching two of the patch's sides, under PALE_AREA of
    it. A soft shadow's edge or a shaded line passing over the page crosses the cell, upright, level or aslant; a
    smudge is confined to it (rubric 78: HELDOUT39's bicycle wheel, the soft grey bands of its rim and spokes a third of
    a cell wide across the cells)."""
    smooth = cv2.blur(np.asarray(patch, np.float32), (3, 3), borderType=cv2.BORDER_REFLECT)
    count, labels = cv2.connectedComponents((smooth >= level).astype(np.uint8), connectivity=8)
    if count <= 1:
        return False
    piece = labels == labels.flat[int(np.argmax(smooth))]
    sides = int(piece[0].any()) + int(piece[-1].any()) + int(piece[:, 0].any()) + int(piece[:, -1].any())
    return sides >= 2 and float(piece.mean()) < PALE_AREA


FAINT_LINE_TONE = (8, 24)  # a pixel of a pale line drawn in a cell: at least this dark (tone), under MARK_INK: the
FAINT_LINE_NOISE = 6  # page's paper noise (the median over its empty cells of their FAINT_LINE_NOISE_PERCENTILE tone)
FAINT_LINE_NOISE_PERCENTILE = 80  # and this much more, within these bounds (an overexposed photo's paper is clean to
# 1, its pale lines 4-10 dark; a photographed screen's moire, 6-8 dark, stays under 8; a candlelit wood-grain paper's
# noise is 11; a thin pale x in every empty cell stays above the percentile) ...
FAINT_LINE_RISE = 2 / 3  # ... that level's share darker than the median tone around it (FAINT_LINE_WINDOW of the
# interior) ...
FAINT_LINE_WINDOW = 0.12  # (a pale line is thin; a soft shadow's edge or band is wider than the window)
FAINT_LINE_HALO = 2  # ... and farther than this (px) from mark ink (a mark's soft edge is its own)
FAINT_LINE_RIM = 0.08  # of the interior's side, at least 2 px: left out (a grid line's fringe along the interior's edge)
FAINT_LINE_MIDDLE = 0.18  # of the rest each way: the share is read in the middle left (a line's fringe runs on its edge)
FAINT_LINE_SHARE = 0.05  # a cell read blank whose middle holds this share of pale-line pixels ...
FAINT_LINE_PAGE = 3.0  # ... this many times the median share of the page's cells read blank or crossed (when
FAINT_LINE_CELLS = 5  # there are this many of them: paper texture, the page's own pale mark for an empty cell)
FAINT_LINE_NEAR = 0.5  # ... or this many times it, when the page's cells share a drawing (the median of their
FAINT_LINE_PATTERN = 0.5  # tones, sized alike, varies this much: std over mean) ...
FAINT_LINE_COPY = 0.5  # ... and the cell's correlates under this with it (a paler copy of the page's mark is that mark;
# HELDOUT28's pinstripes among the page's rubbed-out pale x's are none, however much ink either holds)
FAINT_LINE_COPIES = 3  # ... or with this many of the page's empty cells one by one, and this share of them (a
FAINT_LINE_COPIES_SHARE = 0.25  # hand-drawn mark wanders about its cell, blurring their median)
FAINT_LINE_SPAN = 0.8  # a straight pale line across this share of the interior, level or upright ...
FAINT_LINE_ALIGN = 3  # ... that runs on (within this many px) in the nearest empty cell along it, one of at most
FAINT_LINE_PAGE_LINES = 2  # this many in the cell, is the page's (a fold, a ruled line), no mark


def correlation(a: np.ndarray, b: np.ndarray) -> float:
    """The correlation of two float arrays of one shape (1 for the same drawing at any contrast; 0 for flat ones)."""
    a, b = a - a.mean(), b - b.mean()
    den = float(np.sqrt((a * a).sum() * (b * b).sum()))
    return float((a * b).sum()) / den if den > 1e-6 else 0.0


def _rim(h: int, w: int) -> int:
    """The rim (px) left out of an h x w interior: FAINT_LINE_RIM of its shorter side, at least 2 px."""
    return max(2, round(FAINT_LINE_RIM * min(h, w)))


def _unrimmed_paper(tone: np.ndarray) -> tuple[int, np.ndarray, np.ndarray]:
    """An interior's rim (px, FAINT_LINE_RIM), its tone (uint8, contiguous) and where it lies off any mark's halo."""
    h, w = tone.shape
    m = _rim(h, w)
    t = np.ascontiguousarray(tone, dtype=np.uint8)
    halo = 2 * FAINT_LINE_HALO + 1
    clear = cv2.dilate((t >= MARK_INK).astype(np.uint8), np.ones((halo, halo), np.uint8)) == 0
    return m, t, clear


def _percentile_of_counts(counts: np.ndarray, q: float) -> float:
    """``np.percentile`` (linear) of the uint8 values whose histogram is ``counts``."""
    n = int(counts.sum())
    at = q / 100.0 * (n - 1)
    lo = int(math.floor(at))
    cum = np.cumsum(counts)
    a = int(np.searchsorted(cum, lo + 1))
    b = int(np.searchsorted(cum, min(lo + 2, n)))
    return float(a + (at - lo) * (b - a))


def _paper_noise(tone: np.ndarray, unrimmed: tuple[int, np.ndarray, np.ndarray] | None = None) -> float | None:
    """The FAINT_LINE_NOISE_PERCENTILE tone of an interior's unrimmed part off any mark's halo, or None.
    ``unrimmed``: its :func:`_unrimmed_paper` when already made."""
    m, t, clear = _unrimmed_paper(tone) if unrimmed is None else unrimmed
    h, w = t.shape
    vals = t[m:h - m, m:w - m][clear[m:h - m, m:w - m]]
    if not vals.size:
        return None
    return _percentile_of_counts(np.bincount(vals, minlength=256), FAINT_LINE_NOISE_PERCENTILE)


def _faint_line_mask(tone: np.ndarray, level: float = FAINT_LINE_TONE[1],
                     unrimmed: tuple[int, np.ndarray, np.ndarray] | None = None) -> np.ndarray:
    """The pale-line pixels of an interior's tone (uint8), its rim (FAINT_LINE_RIM) cleared: ``level`` to
    MARK_INK dark, FAINT_LINE_RISE of ``level`` above the median around them, away from mark ink. ``unrimmed``: its
    :func:`_unrimmed_paper` when already made."""
    m, t, clear = _unrimmed_paper(tone) if unrimmed is None else unrimmed
    h, w = t.shape
    out = np.zeros((h, w), bool)
    if min(h, w) - 2 * m < 6:
        return out
    pale = (t >= level) & (t < MARK_INK) & clear
    if not pale[m:h - m, m:w - m].any():  # (most cells: nothing to look at)
        return out
    k = max(5, round(FAINT_LINE_WINDOW * min(h, w)) | 1)
    rise = t.astype(np.int16) - cv2.medianBlur(t, k).astype(np.int16)
    line = pale & (rise >= FAINT_LINE_RISE * level)
    out[m:h - m, m:w - m] = line[m:h - m, m:w - m]
    return out


def _ink_shape(tone: np.ndarray) -> np.ndarray:
    """An interior's tone (uint8), its rim cleared as in :func:`_faint_line_mask`, at 12 x 12 (float32, blurred a
    little), for comparing the drawings of cells at any contrast."""
    h, w = tone.shape
    m = _rim(h, w)
    inner = np.minimum(tone[m:h - m, m:w - m], 2 * MARK_INK).astype(np.float32)
    if min(inner.shape) < 2:
        return np.zeros((12, 12), np.float32)
    return cv2.GaussianBlur(cv2.resize(inner, (12, 12), interpolation=cv2.INTER_AREA), (0, 0), 0.7)


def _middle_share(mask: np.ndarray) -> float:
    """The share of ``mask`` (:func:`_faint_line_mask`) set in the middle of its unrimmed part."""
    h, w = mask.shape
    m = _rim(h, w)
    inner = mask[m:h - m, m:w - m]
    if inner.size == 0:
        return 0.0
    q0, q1 = max(1, round(FAINT_LINE_MIDDLE * inner.shape[0])), max(1, round(FAINT_LINE_MIDDLE * inner.shape[1]))
    mid = inner[q0:-q0, q1:-q1]
    return float(mid.mean()) if mid.size else 0.0


def _straight_lines(mask: np.ndarray, axis: int) -> list[int]:
    """Positions (px, along the other axis) of straight pale lines running across FAINT_LINE_SPAN of ``mask``'s
    unrimmed part: ``axis`` 0 upright lines (x), 1 level ones (y)."""
    h, w = mask.shape
    m = _rim(h, w)
    inner = mask[m:h - m, m:w - m]
    if inner.size == 0:
        return []
    a = inner if axis == 0 else inner.T
    near = cv2.dilate(a.astype(np.uint8), np.ones((1, 3), np.uint8)) > 0  # a px either side: a line's wobble
    run = near.mean(axis=0) >= FAINT_LINE_SPAN
    lines, at = [], np.flatnonzero(run)
    for x in at:
        if not lines or x - lines[-1][-1] > 1:
            lines.append([x])
        else:
            lines[-1].append(x)
    return [m + round(float(np.mean(g))) for g in lines]


def _faint_lines_against_page(states: list[str], confidence: list[float], evidence: list[dict[str, Any]],
                              tone: np.ndarray, cores: Sequence[tuple[int, int, int, int]],
                              rows: int | None = None, cols: int | None = None) -> None:
    """A cell read blank that holds pale lines is unsure, never blank (thirty-seventh session, issue 13: HELDOUT28's
    planted pale cells on an overexposed photo -- a crackle of lines about grey 235 on white -- and on a carbonless
    copy -- pale pinstripes over a faint tint -- have a median tone of 2-7, under FAINT, and no mark ink: they read
    blank and their pages passed, though a person sees the lines at once). Pale-line pixels
    (:func:`_faint_line_mask`) are as dark as the paper's noise in the empty cells around (within FAINT_RADIUS
    cells, at least FAINT_NEIGHBOURS of them; else the page's) and FAINT_LINE_NOISE more at least (within
    FAINT_LINE_TONE), under mark ink, FAINT_LINE_RISE of that darker than the tone around them (a shadow or a tint is even; a line stands out of it) and off any mark's halo; they are read in
    the interior's middle (a grid line's fringe runs along its edge). A cell whose middle holds FAINT_LINE_SHARE of
    them, and FAINT_LINE_PAGE times the median share of the page's cells read blank or crossed (when there are
    FAINT_LINE_CELLS: paper texture, the page's own pale mark for an empty cell, read either way), is unsure; when those
    cells share a drawing (:func:`_ink_shape`: the page's mark for an empty cell), FAINT_LINE_NEAR times it is enough,
    and a cell whose drawing copies theirs, or FAINT_LINE_COPIES of theirs one by one (a paler copy of that mark), is
    never unsure here. The
    page's own straight lines are not the cell's (``rows``, ``cols``: the boxes are a grid, row-major): a level or
    upright pale line across the interior that runs on in the nearest empty cell along it, one of at most
    FAINT_LINE_PAGE_LINES such in the cell (a fold, a ruled line; stripes drawn in a cell are more) is left out.
    Changes the lists in place; the evidence gets ``faint_lines`` (the share, the page's)."""
    empty = [i for i, s in enumerate(states) if s in (BLANK, CROSSED) and cores[i][2] - cores[i][0] >= 6
             and cores[i][3] - cores[i][1] >= 6]
    if not any(states[i] == BLANK for i in empty):
        return
    t = np.asarray(tone)
    unrimmed = {i: _unrimmed_paper(t[cores[i][1]:cores[i][3], cores[i][0]:cores[i][2]]) for i in empty}
    noise = {i: _paper_noise(unrimmed[i][1], unrimmed[i]) for i in empty}
    known = [i for i in empty if noise[i] is not None]
    side = float(np.median([cores[i][2] - cores[i][0] for i in empty]))
    page_noise = float(np.median([noise[i] for i in known])) if known else float(FAINT_LINE_TONE[1])
    centres = np.array([((cores[i][0] + cores[i][2]) / 2, (cores[i][1] + cores[i][3]) / 2) for i in known])
    values = np.array([noise[i] for i in known])
    slot = {k: j for j, k in enumerate(known)}
    levels = {}
    for i in empty:  # the paper's noise around the cell (a shadow's side of the page is noisier, JPEG's blocks more so)
        near = np.zeros(0)
        if known:
            c = ((cores[i][0] + cores[i][2]) / 2, (cores[i][1] + cores[i][3]) / 2)
            close = np.hypot(centres[:, 0] - c[0], centres[:, 1] - c[1]) <= FAINT_RADIUS * side
            if i in slot:
                close[slot[i]] = False
            near = np.sort(values[close])
        n = len(near)  # (the median of a few values, without np.median's overhead: most pages' cells are many)
        own = float(near[(n - 1) // 2] + near[n // 2]) / 2 if n >= FAINT_NEIGHBOURS else page_noise
        levels[i] = float(np.clip(own + FAINT_LINE_NOISE, *FAINT_LINE_TONE))
    masks = {i: _faint_line_mask(unrimmed[i][1], levels[i], unrimmed[i]) for i in empty}
    share = {i: _middle_share(masks[i]) if masks[i].any() else 0.0 for i in empty}
    page = float(np.median(list(share.values()))) if len(empty) >= FAINT_LINE_CELLS else 0.0
    if not any(states[i] == BLANK and share[i] >= FAINT_LINE_SHARE for i in empty):
        return  # (most pages: no cell to judge)
    shapes = {i: _ink_shape(t[cores[i][1]:cores[i][3], cores[i][0]:cores[i][2]]) for i in empty}
    pattern = np.median(np.stack(list(shapes.values())), axis=0) if len(empty) >= FAINT_LINE_CELLS else None
    if pattern is not None and float(pattern.std()) < FAINT_LINE_PATTERN * max(float(pattern.mean()), 1e-6):
        pattern = None
    for i in empty:
        if states[i] != BLANK or share[i] < FAINT_LINE_SHARE:
            continue
        alike = sum(correlation(shapes[i], shapes[k]) >= FAINT_LINE_COPY for k in empty if k != i)
        if (pattern is not None and correlation(shapes[i], pattern) >= FAINT_LINE_COPY) or \
                alike >= max(FAINT_LINE_COPIES, FAINT_LINE_COPIES_SHARE * len(empty)):
            continue  # a paler copy of the page's mark for an empty cell
        if share[i] < (FAINT_LINE_PAGE if pattern is None else FAINT_LINE_NEAR) * page:
            continue
        if rows and cols and rows * cols == len(states):
            mask = masks[i].copy()
            r, c = divmod(i, cols)
            for axis, steps in ((0, ((r - 1, c), (r + 1, c))), (1, ((r, c - 1), (r, c + 1)))):
                own = _straight_lines(masks[i], axis)
                if not own or len(own) > FAINT_LINE_PAGE_LINES:
                    continue
                base = cores[i][0] if axis == 0 else cores[i][1]
                for at in own:
                    pos = base + at
                    runs_on = False
                    for rr, cc in steps:  # the nearest empty cell along the line each way (past filled ones)
                        dr, dc = rr - r, cc - c
                        while 0 <= rr < rows and 0 <= cc < cols and rr * cols + cc not in masks:
                            rr, cc = rr + dr, cc + dc
                        k = rr * cols + cc
                        if 0 <= rr < rows and 0 <= cc < cols:
                            other = [cores[k][0 if axis == 0 else 1] + x for x in _straight_lines(masks[k], axis)]
                            runs_on |= any(abs(x - pos) <= FAINT_LINE_ALIGN for x in other)
                    if runs_on:
                        lo, hi = max(0, at - 2), at + 3
                        if axis == 0:
                            mask[:, lo:hi] = False
                        else:
                            mask[lo:hi, :] = False
            share[i] = _middle_share(mask)
            if share[i] < FAINT_LINE_SHARE:
                continue
        evidence[i]["faint_lines"] = [round(share[i], 3), round(page, 3)]
        states[i], confidence[i] = UNSURE, UNSURE_CONFIDENCE


TEXTURE_COVER = 0.1  # a cell left unsure or read crossed whose ink at its own level (from half its 95th-percentile
# darkness, at least MARK_INK) covers this share of its interior ...
TEXTURE_DARK = 120  # ... that 95th percentile at least this dark (a pen's or a print's ink, not a pale paper rule) ...
TEXTURE_MEAN = 15  # ... the interior's mean darkness at least this (a person sees the cell darker as a whole) ...
TEXTURE_EVEN = 0.5  # ... and every ninth of the interior (3 x 3 blocks) inked at this share of the whole's ink share
# at least (edge to edge: an X leaves the side middles' blocks almost blank, a ring or a frame the centre's, a dot,
# a slash, a tick or a star all but a few) is a textured fill when it is one of TEXTURE_GROUP cells of the page so
# textured alike (TEXTURE_ALIKE_* below; the others read filled or such cells themselves)
TEXTURE_RUNS = 3  # ... and the rows or the columns across it meeting (median) this many pieces of ink: a pattern of
# many strokes or dots, not one figure
TEXTURE_ONE_PIECE = 0.8  # ... and no one piece of ink holding this share of it (one figure) ...
TEXTURE_HOLES = 4  # ... unless that piece is a mesh with this many holes (3 px or more) at least
TEXTURE_GROUP = 3
TEXTURE_ALIKE_SHARE = 1.6  # alike: ink shares within this factor of each other ...
TEXTURE_ALIKE_LEVEL = 1.35  # ... ink levels within this factor ...
TEXTURE_ALIKE_TINT = 0.06  # ... and the ink's tint (each channel's share of the channels' sum) within this


def _texture(core: np.ndarray) -> tuple[float, float, np.ndarray] | None:
    """(ink share, ink level, ink mask) of a cell interior's darkness ``core`` when it is covered edge to edge by
    dark ink (see TEXTURE_COVER ... TEXTURE_EVEN), else None."""
    h, w = core.shape
    if h < 6 or w < 6:
        return None
    flat = core.reshape(-1)
    k = int(0.95 * (flat.size - 1))
    p95 = float(np.partition(flat, k)[k])
    if p95 < TEXTURE_DARK or float(flat.mean()) < TEXTURE_MEAN:
        return None
    level = max(float(MARK_INK), 0.5 * p95)
    ink = core >= level
    share = float(ink.mean())
    if share < TEXTURE_COVER:
        return None
    ys = np.linspace(0, h, 4).round().astype(int)
    xs = np.linspace(0, w, 4).round().astype(int)
    least = min(float(ink[ys[a]:ys[a + 1], xs[b]:xs[b + 1]].mean()) for a in range(3) for b in range(3))
    if least < TEXTURE_EVEN * share:
        return None
    # a pattern, not one figure: the lines across it (rows or columns) meet TEXTURE_RUNS pieces of ink or more (an X,
    # however heavy, meets two: a heavy X drawn as sticks spreads over every ninth of the cell), and no one piece of
    # ink holds TEXTURE_ONE_PIECE of it unless that piece is a mesh with TEXTURE_HOLES holes or more (cross-hatching,
    # a lattice, a checker, a dither): a spray-painted X's overspray specks are inked as well and add runs, yet the
    # X is one piece with hardly a hole
    rows = np.count_nonzero(ink[:, 1:] & ~ink[:, :-1], axis=1) + ink[:, 0]
    cols = np.count_nonzero(ink[1:, :] & ~ink[:-1, :], axis=0) + ink[0, :]
    if max(float(np.median(rows)), float(np.median(cols))) < TEXTURE_RUNS:
        return None
    count, labels, stats, _ = cv2.connectedComponentsWithStats(ink.astype(np.uint8), connectivity=8)
    if count <= 1:
        return None
    k = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    if stats[k, cv2.CC_STAT_AREA] >= TEXTURE_ONE_PIECE * np.count_nonzero(ink):
        paper = np.pad(labels != k, 1, constant_values=True).astype(np.uint8)
        n, _, pstats, _ = cv2.connectedComponentsWithStats(paper, connectivity=4)
        # label 1 is the paper round the piece (it holds the padded corner); the others are its holes
        holes = int(np.count_nonzero(pstats[2:, cv2.CC_STAT_AREA] >= 3)) if n > 2 else 0
        if holes < TEXTURE_HOLES:
            return None
    return share, level, ink


def _ink_tint(image: np.ndarray | None, core: tuple[int, int, int, int], ink: np.ndarray) -> np.ndarray | None:
    """Each channel's share of the channels' sum, over a cell interior's ink pixels (None for a grey image)."""
    if image is None or image.ndim != 3 or image.shape[2] < 3:
        return None
    x0, y0, x1, y1 = core
    px = image[y0:y1, x0:x1, :3][ink].astype(np.float64)
    if px.size == 0:
        return None
    mean = px.mean(axis=0) + 1.0
    return mean / mean.sum()


def _textured_fills(states: list[str], confidence: list[float], evidence: list[dict[str, Any]], dark: np.ndarray,
                    image: np.ndarray | None, cores: Sequence[tuple[int, int, int, int]]) -> None:
    """A cell left unsure, or read crossed, that is covered edge to edge by a dark pattern shared with the page's
    other filled cells is filled (twenty-second session, issue 13, rubric 40). Sparse textures in large cells --
    hatching or wavy lines a fifth of a cell apart, a grid of small cross-stitches -- ink about 0.13-0.16 of the
    interior: at the patch's scale they miss the side middles or the corners the fill rules ask for (unsure) or a
    stitch at the centre reads as a dot (crossed: a confident crossed_instead_of_filled on a correct answer). A person
    sees such a cell as a patterned fill: its ink at its own level (half its 95th-percentile darkness, which is at
    least TEXTURE_DARK) covers TEXTURE_COVER of the interior, the interior's mean darkness is TEXTURE_MEAN or more,
    and each ninth of it (3 x 3 blocks) holds TEXTURE_EVEN of that share or more -- no mark for an empty cell does
    (an X leaves the blocks at the side middles nearly blank, a ring or a frame the centre's, a dot, a slash, a tick
    or a sign most of them). Not per texture: the cell must be one of TEXTURE_GROUP or more cells of the page with
    such a cover alike (ink shares within TEXTURE_ALIKE_SHARE, levels within TEXTURE_ALIKE_LEVEL, the ink's tint
    within TEXTURE_ALIKE_TINT), counting cells read filled that are so covered: the page's fill, not one cell's odd
    ink. Read filled at confidence 0.6; the evidence gets ``texture_fill`` (share, level, the cells alike)."""
    todo = [i for i, s in enumerate(states)
            if s in (UNSURE, CROSSED) and "reason" not in evidence[i] and "x_notches" not in evidence[i]
            and evidence[i].get("cover", 0.0) > 0.0]
    if not todo:
        return
    found: dict[int, tuple[float, float, np.ndarray | None]] = {}
    for i in todo:
        x0, y0, x1, y1 = cores[i]
        t = _texture(dark[y0:y1, x0:x1])
        if t is not None:
            found[i] = (t[0], t[1], _ink_tint(image, cores[i], t[2]))
    if not found:
        return
    filled = {}
    for i, s in enumerate(states):
        if s == FILLED and "reason" not in evidence[i]:
            x0, y0, x1, y1 = cores[i]
            t = _texture(dark[y0:y1, x0:x1])
            if t is not None:
                filled[i] = (t[0], t[1], _ink_tint(image, cores[i], t[2]))
    pool = {**filled, **found}

    def alike(a: tuple[float, float, np.ndarray | None], b: tuple[float, float, np.ndarray | None]) -> bool:
        if max(a[0], b[0]) > TEXTURE_ALIKE_SHARE * min(a[0], b[0]):
            return False
        if max(a[1], b[1]) > TEXTURE_ALIKE_LEVEL * min(a[1], b[1]):
            return False
        if a[2] is not None and b[2] is not None and float(np.max(np.abs(a[2] - b[2]))) > TEXTURE_ALIKE_TINT:
            return False
        return True

    for i, sig in found.items():
        mates = [k for k, other in pool.items() if k != i and alike(sig, other)]
        if len(mates) + 1 < TEXTURE_GROUP:
            continue
        evidence[i]["texture_fill"] = [round(sig[0], 3), round(sig[1], 1), len(mates) + 1, states[i]]
        states[i], confidence[i] = FILLED, 0.6


PALE_AREA = 0.45  # a cell left unsure whose shading (tone smoothed over 3 x 3 patch px, >= INK) is one shape over this
# share of the cell ...
PALE_SPAN = 0.6  # ... its box this share of the cell each way (a mark for an empty cell, a checkbox or a ring of dots,
# spans at most about half of it) ...
PALE_SOLID = 0.6  # ... filling this share of its own box ...
PALE_CENTRED = 0.12  # ... its centre this near the cell's (share of the cell, each way) ...
PALE_EXCESS = 15  # ... its median tone this much above the smoothed median tone of the empty cells around it ...
# ... and even (its 10-90 % spread within max(40, half its median), as an even-tone fill's) is filled: pale shading
PALE_TILT = 0.25  # ... and level: the mean tones of its halves (left and right, top and bottom) within this share of
# that median of each other (a shadow's soft edge across the cell darkens one side)
PALE_SMUDGE_AREA = 0.12  # ... as is a smudged cell (_smudged_against_neighbours) whose shading is such a shape over this
# share of the cell (a soft blob whose halo, paler than INK, reaches further) ...
PALE_THROUGH = 0.9  # ... and no band across the cell: a shape this share of it long and under PALE_SPAN wide is a soft
# shadow's edge or a shaded line passing through (rubric 78: HELDOUT39's bicycle-wheel rim across a column of cells)
PALE_SMUDGE_INK = 0.03  # ... with at most this share of mark ink (a smudge is a tone; a small ring of dots is a mark)


def _pale_shape(smooth: np.ndarray) -> tuple[float, float, float, float, float, float, float] | None:
    """(area share of the patch, share of its own box, centre offset, median tone, 10-90 % spread, the box's shorter
    side and its longer side as shares of the patch) of the largest piece of a smoothed tone patch at least as dark as
    shading (INK), or None."""
    count, labels, stats, cents = cv2.connectedComponentsWithStats((smooth >= INK).astype(np.uint8), connectivity=8)
    if count <= 1:
        return None
    k = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    x, y, w, h, area = (int(v) for v in stats[k])
    vals = smooth[labels == k].astype(np.float64)
    off = float(np.max(np.abs(cents[k] / PATCH - 0.5)))
    return (area / PATCH ** 2, area / float(w * h), off, float(np.median(vals)),
            float(np.percentile(vals, 90) - np.percentile(vals, 10)), min(w, h) / PATCH, max(w, h) / PATCH)


def _pale_fills(states: list[str], confidence: list[float], evidence: list[dict[str, Any]], tones: np.ndarray,
                boxes: Sequence[Sequence[float]], cell_px: float, image: np.ndarray | None = None,
                cores: Sequence[tuple[int, int, int, int]] | None = None) -> None:
    """A cell left unsure that is plainly shaded, though paler than shading over the whole cell, is filled (twenty-first
    session, issue 13: HELDOUT19's pale planted cells -- a ghost of the fill at a quarter of its strength, a sparse dot
    screen of the fill's colour, a finger smudge about grey 200 at its centre -- were read unsure and their pages went
    to review instead of being charged with the extra cells: a person sees a plainly visible pale shading as a marked
    cell). The cell's tone smoothed over 3 x 3 patch px (a dot screen or a dither is an even tone to a reader) is, at
    the shading level INK, one shape around its centre (PALE_CENTRED) over PALE_AREA of the cell and PALE_SPAN of it
    each way (a checkbox or a ring of dots for an empty cell, smoothed, is a solid shape too, but half the cell across;
    for a cell the smudge rule left unsure with at most PALE_SMUDGE_INK of mark ink PALE_SMUDGE_AREA, whatever its
    span: a darkening confined to a cell read blank, its soft halo paler than INK) filling PALE_SOLID of its box, even (10-90 % spread within max(40, half its median): strokes, an X or a mark with a halo
    are far darker than the tone around them), level (PALE_TILT: a shadow's soft edge across the cell darkens one
    side) and PALE_EXCESS darker than the smoothed tone of the cells read blank or crossed around
    it (within FAINT_RADIUS cells, at least FAINT_NEIGHBOURS; else the page's FAINT_NEIGHBOURS nearest): a shadow,
    tinted or textured paper darkens the cells around as much, and a shadow's edge is off the cell's centre. The same
    is asked of the image itself (``image``, ``cores``: the interiors read): the mean luma of the middle of the cell's
    interior is PALE_EXCESS darker (of 255, relative) than the median luma of those cells' interiors, so a shadow the
    paper map left in one cell among fills (its paper estimated from lit paper farther off) is no shading. Read
    filled at confidence 0.6; the evidence gets ``pale_fill`` (area, solidity, median tone, the neighbours' tone, the
    excess on the image's luma).
    Cells left unsure for anything else (a frame, a half fill, an even faint tone, marks in doubt) stay so."""
    unsure = [i for i, s in enumerate(states) if s == UNSURE and "reason" not in evidence[i]
              and "x_notches" not in evidence[i]]
    if not unsure:
        return
    t = np.asarray(tones)
    luma = _luma(image).astype(np.float32) if image is not None and cores is not None else None
    smooth = {i: cv2.blur(t[i], (3, 3), borderType=cv2.BORDER_REFLECT) for i in range(len(states))}
    level = np.array([float(np.median(smooth[i])) for i in range(len(states))])
    centres = np.array([((b[0] + b[2]) / 2, (b[1] + b[3]) / 2) for b in boxes], np.float64)
    empty = np.array([s in (BLANK, CROSSED) for s in states])
    for i in unsure:
        shape = _pale_shape(smooth[i])
        if shape is None:
            continue
        area, solid, off, med, spread, span, length = shape
        smudge = "smudge" in evidence[i] and evidence[i].get("cover", 1.0) <= PALE_SMUDGE_INK
        if (area < (PALE_SMUDGE_AREA if smudge else PALE_AREA) or (span < PALE_SPAN and not smudge)
                or (span < PALE_SPAN and length >= PALE_THROUGH)
                or solid < PALE_SOLID or off > PALE_CENTRED or spread > max(40.0, 0.5 * med)
                or _tilt(smooth[i]) > PALE_TILT * med):
            continue
        dist = np.hypot(*(centres - centres[i]).T)
        dist[i] = np.inf
        near = empty & (dist <= FAINT_RADIUS * cell_px)
        if int(near.sum()) < FAINT_NEIGHBOURS:
            order = [k for k in np.argsort(dist) if empty[k]][:FAINT_NEIGHBOURS]
            if len(order) < FAINT_NEIGHBOURS:
                continue
            near = np.zeros(len(states), bool)
            near[order] = True
        paper = float(np.median(level[near]))
        if med - paper < PALE_EXCESS:
            continue
        raw = None
        if luma is not None:
            own = _core_luma(luma, cores[i], middle=True)
            around = [_core_luma(luma, cores[k]) for k in np.nonzero(near)[0]]
            around = [v for v in around if v is not None]
            if own is None or not around:
                continue
            lit = float(np.median(around))
            raw = 255.0 * (1.0 - own / max(lit, 1.0))
            if raw < PALE_EXCESS:
                continue
        evidence[i]["pale_fill"] = [round(area, 3), round(solid, 3), round(med, 1), round(paper, 1),
                                    None if raw is None else round(raw, 1)]
        states[i], confidence[i] = FILLED, 0.6


def _tilt(patch: np.ndarray) -> float:
    """The larger difference of the mean tones of a patch's halves: left and right, top and bottom."""
    p = np.asarray(patch, np.float64)
    h = PATCH // 2
    return float(max(abs(p[:, :h].mean() - p[:, h:].mean()), abs(p[:h].mean() - p[h:].mean())))


def _core_luma(luma: np.ndarray, core: tuple[int, int, int, int], middle: bool = False) -> float | None:
    """The median luma of a cell's interior as read (``core``), or with ``middle`` the mean luma of its middle half
    each way (a dot screen's dots count by their share), None for an empty box."""
    x0, y0, x1, y1 = core
    if x1 - x0 < 4 or y1 - y0 < 4:
        return None
    if middle:
        dx, dy = (x1 - x0) // 4, (y1 - y0) // 4
        return float(luma[y0 + dy:y1 - dy, x0 + dx:x1 - dx].mean())
    return float(np.median(luma[y0:y1, x0:x1]))


X_OWN_SIDES = 0.2  # a cell read filled whose ink at its own level (_own_level) leaves every side middle this clear ...
X_OWN_DIAGONALS = 0.6  # ... inks both diagonals along this share ...
X_OWN_OFF = 0.1  # ... with at most this share of the cell off the diagonals inked ...
X_OWN_CENTRE = 0.5  # ... and this share of its centre ...
X_OWN_CORNERS = 3  # ... reaching this many corners (a third of each inked) is an X under a halo, not a fill


def _x_at_own_level(patch: np.ndarray, state: str, conf: float, ev: dict[str, Any]) -> tuple[str, float]:
    """A cell read filled that is an X at its own ink level is crossed (twenty-first session, issue 13: HELDOUT19's
    spray-painted X drawn instead of a fill, its overspray specks reaching the mark-ink level over 0.77 of the cell,
    corners and side middles included, was read filled, 1.0: two false passes). At half its 95th-percentile darkness
    the X's strokes alone are ink and read as an X (both diagonals, the centre and the corners inked, the side middles
    and the rest of the cell clear); a fill, solid or textured, is ink over its side middles at its own level too.
    Returns the state and confidence (crossed at 0.6, evidence ``x_own_level``: the ink level) or those given."""
    own = _own_level(patch)
    if not own.any() or own.all():
        return state, conf
    g = _rows(patch_features(np.where(own, 255, 0).astype(np.uint8)[None]))[0]
    if (max(g["sides"]) <= X_OWN_SIDES and min(g["diagonals"]) >= X_OWN_DIAGONALS and g["off_diagonal"] <= X_OWN_OFF
            and g["centre"] >= X_OWN_CENTRE and sum(c >= 0.3 for c in g["corners"]) >= X_OWN_CORNERS):
        ev["x_own_level"] = round(max(MARK_INK, 0.5 * float(np.percentile(patch[patch >= MARK_INK], 95))), 1)
        return CROSSED, 0.6
    return state, conf


X_NOTCH_RING = (0.25, 0.45)  # of the patch side from its centre: the ring where an X's arms and notches are compared ...
X_NOTCH_SECTOR = 10  # ... in sectors of this many ring pixels nearest in angle to each arm and each notch between two
X_NOTCH_TURN = (-20, 25, 5)  # ... the arms along the diagonals turned by each of these degrees (range: start, stop, step)
X_NOTCH_CROSSED = 0.6  # a cell read filled whose darkest notch sector is at most this share as dark as its palest arm
X_NOTCH_ARM = 2 * MARK_INK  # ... sector (medians), that one this dark at least, is an X: crossed ...
X_NOTCH_DOUBT = 0.85  # ... and up to this share unsure: a blurred X's notches or a fill's uneven texture (the studied
# families' fills, 3,744 cells of their 10 x 10 pages, give 0.93 at the least, a textured one; a solid fill ~1) ...
X_NOTCH_SOLID = 0.86  # ... when its ink from half the arm's darkness fills at most this share of its convex hull (the
# lead's X sweeps: 0.58-0.86; a fill drawn smaller than the cell, whose side middles leave the ring, 1.0; HELDOUT20's
# rounded mossy fills 0.82-0.93)
X_NOTCH_MIDDLE = 0.5  # ... and its middle (median, within X_NOTCH_RING's inner radius) this share as dark as the arm
# sector at least where the notches are plain (X_NOTCH_CROSSED; X_NOTCH_DOUBT of it where they are faint: a textured
# fill under a screen's moire, notches 0.83): an X's strokes cross there (four corner blocks or a frame's corners
# leave it paper); a blurred X whose crossing is small beside its strokes' width has its notches reach into the middle
# (HELDOUT31's X set in tesserae: 0.78 of the arm) ...
X_NOTCH_CROSSING = 0.12  # ... and its crossing (median, within this radius of the patch side) as dark as X_NOTCH_DOUBT
# of the arm sector: a small box outlined inside a cell's frame has paper there (tests/test_nonogram_own_frames24.py),
# the tesserae X 1.0


def hull_share(ink: np.ndarray) -> float:
    """The share of its convex hull that ink (bool) fills, the hull counted with half its rim (a pixel's edge): a dot or
    a fill fills it all but its ragged edge; an X, a bold "2", "3", "5" or "7" leave their notches."""
    cnts, _ = cv2.findContours(ink.astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    if not cnts:
        return 0.0
    hull = cv2.convexHull(np.concatenate(cnts))
    return float(np.count_nonzero(ink)) / (cv2.contourArea(hull) + cv2.arcLength(hull, True) / 2 + 1)


@lru_cache(maxsize=1)
def _x_sectors() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The patch pixels (flat indices; turns x 8 sectors x X_NOTCH_SECTOR) of the X_NOTCH_RING sectors around an X's
    four arms (the first four) and its four notches (the last four), the arms along the diagonals turned by each of
    X_NOTCH_TURN; the mask of the patch's middle (within X_NOTCH_RING's inner radius of its centre) and of its crossing
    (within X_NOTCH_CROSSING)."""
    c = (np.arange(PATCH) + 0.5) / PATCH - 0.5
    y, x = np.meshgrid(c, c, indexing="ij")
    radius, angle = np.hypot(x, y).ravel(), np.degrees(np.arctan2(y, x)).ravel()
    ring = np.flatnonzero((radius >= X_NOTCH_RING[0]) & (radius <= X_NOTCH_RING[1]))
    off = lambda a: np.abs((angle[ring] - a + 180.0) % 360.0 - 180.0)
    idx = np.array([[ring[np.argsort(off(a + turn), kind="stable")[:X_NOTCH_SECTOR]]
                     for a in (45, 135, -135, -45, 0, 90, 180, -90)] for turn in range(*X_NOTCH_TURN)])
    return idx, (radius < X_NOTCH_RING[0]).reshape(PATCH, PATCH), (radius < X_NOTCH_CROSSING).reshape(PATCH, PATCH)


def _x_sector_medians(patches: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per patch, the median darkness of each :func:`_x_sectors` sector (patches x turns x 8), of the middle and of
    the crossing (patches each); all at once (speed only: per patch, the medians cost more in calls than in sorting)."""
    idx, middle, crossing = _x_sectors()
    flat = np.asarray(patches).reshape(len(patches), -1)
    return (np.median(flat[:, idx], axis=3), np.median(flat[:, middle.ravel()], axis=1),
            np.median(flat[:, crossing.ravel()], axis=1))


def _x_notched(patch: np.ndarray, state: str, conf: float, ev: dict[str, Any],
               medians: tuple[np.ndarray, float, float] | None = None) -> tuple[str, float]:
    """A cell read filled whose darkness, out from its centre, lies along four arms crossing at its middle, turned at
    most X_NOTCH_TURN off the diagonals, with paler notches between them is an X drawn too heavily or too blurred to be
    one at its own ink level (thirty-second session, issue 13: a bold X drawn instead of a fill, its strokes a third
    of the cell wide, crisp or soft-edged, with or without spatter, was read filled, 1.0 -- a false pass on 71 of 192
    such answers of the lead's sweep): crossed when the notches are plain (X_NOTCH_CROSSED), unsure when they are
    faint (X_NOTCH_DOUBT), its middle nearly as dark as its arms (X_NOTCH_MIDDLE), its crossing as dark as them
    (X_NOTCH_CROSSING) and its ink leaving notches in its
    convex hull (X_NOTCH_SOLID) in both. A fill is as dark between the diagonals as along them, or convex (a square
    fill smaller than the cell reaches farther along its diagonals than to its side middles; a fill drawn as four
    corner blocks is blank at its middle). Returns the state and confidence (evidence ``x_notches``: the darkest notch
    sector's median darkness over the palest arm sector's, at the turn that makes it least) or those given."""
    # (medians, turns x 8: an X's spatter and a fill's texture are specks and lines in a sector, not its tone;
    # ``medians``: :func:`_x_sector_medians`' for this patch, when already computed)
    sectors, middle, crossing = medians if medians is not None else tuple(m[0] for m in _x_sector_medians(patch[None]))
    arms, notches = sectors[:, :4].min(axis=1), sectors[:, 4:].max(axis=1)
    t = int(np.argmin(notches / np.maximum(arms, 1.0)))
    arm, notch = float(arms[t]), float(notches[t])
    plain = notch <= X_NOTCH_CROSSED * arm
    # (a middle paler than X_NOTCH_DOUBT of the arms: only with plain notches, half as dark, and a dark crossing)
    crossed_middle = float(middle) >= X_NOTCH_DOUBT * arm or (
        plain and float(middle) >= X_NOTCH_MIDDLE * arm and float(crossing) >= X_NOTCH_DOUBT * arm)
    if (arm < MARK_INK or notch > X_NOTCH_DOUBT * arm or not crossed_middle
            or hull_share(patch >= max(MARK_INK, 0.5 * arm)) > X_NOTCH_SOLID):
        # (an X's strokes cross at its middle: four corner blocks, a frame's corners, are no X; and its notches lie
        # within its hull: a square fill smaller than the cell is paler at its side middles on the ring too)
        return state, conf
    ev["x_notches"] = round(notch / arm, 3)
    if plain and arm >= X_NOTCH_ARM:
        return CROSSED, 0.6
    return UNSURE, UNSURE_CONFIDENCE


def _x_candidates(patches: np.ndarray, feats: list[dict[str, Any]]) -> np.ndarray:
    """Per patch: whether :func:`_x_at_own_level` may read it as an X (False: it cannot, so it is not asked; speed
    only, twenty-second session). The X's own ink (from half its 95th percentile of mark ink, at least MARK_INK) lies
    between two levels known without the percentile: it holds at most the mark ink (>= MARK_INK), whose features
    are the patch's own (``feats``: diagonals, centre and corners can only be less inked at the own level), and at
    least the ink from half the patch's darkest pixel (the percentile is never above the maximum), whose side middles
    and off-diagonal share can only be more inked at the own level. A patch failing either bound fails the test."""
    m = _masks()
    p = np.asarray(patches)
    n = p.shape[0]
    top = np.maximum(float(MARK_INK), 0.5 * p.reshape(n, -1).max(axis=1).astype(np.float64))
    least = p >= top[:, None, None]
    sides = np.stack([least[:, m[s]].mean(axis=1) for s in ("top", "bottom", "left", "right")], axis=1)
    off = least[:, m["off_diagonal"]].mean(axis=1)
    out = (np.round(sides, 3).max(axis=1) <= X_OWN_SIDES) & (np.round(off, 3) <= X_OWN_OFF)
    for i in np.flatnonzero(out):
        f = feats[i]
        out[i] = (min(f["diagonals"]) >= X_OWN_DIAGONALS and f["centre"] >= X_OWN_CENTRE
                  and sum(c >= 0.3 for c in f["corners"]) >= X_OWN_CORNERS)
    return out


def cell_size(boxes: Sequence[Sequence[float]]) -> float:
    """Median cell side in pixels."""
    sides = [min(b[2] - b[0], b[3] - b[1]) for b in boxes]
    return float(max(4.0, np.median(sides)))
