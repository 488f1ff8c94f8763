"""Cell reader for the glyph games (chess, xiangqi, shogi, checkers): a piece's presence, side and kind
read from the registered answer, open-set.

Per cell (:func:`read_glyph_board`):

1. **Unchanged from the input**: the shared measure of
   :func:`~genpuzzle.verifiers.board_game.base.cell_unchanged` (best NCC over small shifts) of the
   cell's inner box, on the page, on slightly blurred copies and against the input with bolder strokes
   (:func:`unchanged_ncc`, :func:`~genpuzzle.verifiers.board_game.base.stroke_variants`); at >=
   UNCHANGED_NCC the cell keeps the input's code.
2. **Presence**: the cell's background colour is the median of four patches near its corners (no piece
   reaches there, a highlighted square gives its own colour); *ink* is every pixel of the central disc
   farther than INK_DE (Delta E) from it; holes are filled (a piece's light interior inside its outline
   belongs to it) and an opening of ~0.12 pitch removes grid lines, arrows' shafts and thin marks. The
   remaining *silhouette* covering >= OCCUPIED of the disc is a piece; <= EMPTY_COVER is empty; between,
   unsure.
3. **Side and kind**: the game's classifier (its verifier module) gets the cell's measurements
   (:class:`CellView`): silhouette, body colour, the ink inside the body (a letter, a character, a
   crown...) and the shape vectors used for template matching against the game's own glyphs rendered
   by :mod:`genpuzzle.renderers.board_game.pieces` and against other designs (a second chess font,
   letters in several fonts). A classifier returns a code, :data:`UNSURE` or :data:`UNKNOWN`; it never
   snaps a shape that matches nothing to the nearest piece.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import numpy as np

from genpuzzle.verifiers.board_game.base import UNKNOWN, UNSURE, BoardReading, lab_image, luma, stroke_variants

UNCHANGED_NCC = 0.9
EMPTY_CONTRADICTS = 0.7  # a cell read empty that still correlates this well with the input's piece is unsure
EMPTY_UNLIKE = 0.3  # a cell the input left empty, read empty, yet correlating this little with it is unsure
UNCHANGED_BLUR = 0.025  # sigma (x pitch) of the blurred copies the unchanged test also compares
INK_DE = 24.0  # a pixel this far (Delta E) from the cell's background colour is ink
DISC = 0.42  # radius (x pitch) of the region a piece is looked for in
FILL_BOX = 0.46  # half side (x pitch) of the box whose enclosed holes are filled (a piece's interior)
FILL_MAX = 0.85  # ... holes up to this share of the box: a larger one is the cell inside its grid lines
FILL_RETRY = 0.3  # the box is used only when the disc alone holds less body than this share of it
FILL_EDGE_INK = 0.5  # ... and less than this share of the box's edge is ink
CLOSE = 0.07  # closing size (x pitch) that joins a limb's outline strokes
TEXTURE_STD = 8.0  # local L* spread (5x5) that counts as ink on line-free cells
OPEN = 0.12  # opening size (x pitch): strokes thinner than this are no piece body
OCCUPIED = 0.10  # silhouette share of the disc from which the cell holds a piece
EMPTY_COVER = 0.04  # silhouette share up to which the cell is empty
INNER_ERODE = 0.1  # the body is eroded by this (x pitch) before marks on it are looked for
STYLE_LEAD = 1.0  # see confident(): lead needed per unit of the best match's residual (1 - score)
VEC = 24  # side of the normalised shape vectors
EMPTY = "."


@dataclass
class CellView:
    """What the classifiers see of one occupied cell (arrays are crops of side 2*half+1 about the cell
    centre): ``rgb``, ``lab``, ``grey``; ``bg`` the background Lab colour; ``ink`` (bool) pixels far from
    the background; ``silhouette`` the filled, opened piece body; ``body_l`` the median L* of the body;
    ``inner`` pixels of the eroded body whose L* differs from ``body_l`` by > 35 (a letter or character on the body),
    ``pitch`` the cell pitch in pixels, ``cover`` the silhouette's share of the disc, ``dark_share``
    the share of the body that is dark ink."""

    rgb: np.ndarray
    lab: np.ndarray
    grey: np.ndarray
    bg: np.ndarray
    ink: np.ndarray
    silhouette: np.ndarray
    body_l: float
    inner: np.ndarray
    pitch: float
    cover: float
    dark_share: float  # share of the body darker than L* 40 (and than the background by 25)
    light_share: float  # share of the body lighter than L* 55 and at most 12 below the background
    core_l: float  # median L* of the body's core (eroded by INNER_ERODE): a solid piece's own colour
    evidence: dict[str, Any] = field(default_factory=dict)


Classifier = Callable[[CellView], tuple[str, float, dict[str, Any]]]


def _crop(a: np.ndarray, cx: float, cy: float, half: int, fill: float = 0) -> np.ndarray:
    H, W = a.shape[:2]
    x, y = int(round(cx)), int(round(cy))
    out = np.full((2 * half + 1, 2 * half + 1) + a.shape[2:], fill, a.dtype)
    x0, y0, x1, y1 = x - half, y - half, x + half + 1, y + half + 1
    sx0, sy0, sx1, sy1 = max(0, x0), max(0, y0), min(W, x1), min(H, y1)
    if sx1 > sx0 and sy1 > sy0:
        out[sy0 - y0:sy1 - y0, sx0 - x0:sx1 - x0] = a[sy0:sy1, sx0:sx1]
    return out


@lru_cache(maxsize=8)
def _disc(size: int, radius: float) -> np.ndarray:
    c = (size - 1) / 2
    y, x = np.mgrid[0:size, 0:size]
    return np.hypot(x - c, y - c) <= radius


def fill_holes(mask: np.ndarray) -> np.ndarray:
    """``mask`` with every region not connected to the crop border filled."""
    import cv2

    m = mask.astype(np.uint8)
    h, w = m.shape
    flood = np.zeros((h + 2, w + 2), np.uint8)
    flood[1:-1, 1:-1] = m
    outside = flood.copy()
    cv2.floodFill(outside, None, (0, 0), 2)
    return (outside[1:-1, 1:-1] != 2)


def _fill_small_holes(mask: np.ndarray, max_area: float) -> np.ndarray:
    """``mask`` with its holes of at most ``max_area`` pixels filled (a larger hole is the cell itself
    enclosed by thick grid lines, not a piece's interior)."""
    import cv2

    holes = fill_holes(mask) & ~mask
    if not holes.any():
        return mask
    _, labels, stats, _ = cv2.connectedComponentsWithStats(holes.astype(np.uint8), connectivity=4)
    small = 1 + np.nonzero(stats[1:, cv2.CC_STAT_AREA] <= max_area)[0]
    return mask | np.isin(labels, small)


def main_components(mask: np.ndarray, share: float = 0.15) -> np.ndarray:
    """The largest component and every other of at least ``share`` of its area (a crown's ball, a
    character's separate strokes), without specks."""
    import cv2

    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask.astype(np.uint8), connectivity=8)
    if count <= 1:
        return np.zeros_like(mask, bool)
    areas = stats[1:, cv2.CC_STAT_AREA]
    keep = 1 + np.nonzero(areas >= share * areas.max())[0]
    return np.isin(labels, keep)


def shape_vector(mask: np.ndarray, size: int = VEC) -> np.ndarray | None:
    """The mask's ink box, padded to a square about its centre, resized to ``size`` x ``size``, blurred,
    zero-mean, unit length; None for an empty mask."""
    import cv2

    ys, xs = np.nonzero(mask)
    if len(xs) < 4:
        return None
    x0, x1, y0, y1 = xs.min(), xs.max() + 1, ys.min(), ys.max() + 1
    side = max(x1 - x0, y1 - y0)
    square = np.zeros((side, side), np.float32)
    ox, oy = (side - (x1 - x0)) // 2, (side - (y1 - y0)) // 2
    square[oy:oy + y1 - y0, ox:ox + x1 - x0] = mask[y0:y1, x0:x1]
    small = cv2.resize(square, (size, size), interpolation=cv2.INTER_AREA)
    small = cv2.GaussianBlur(small, (0, 0), 0.8)
    v = small.ravel() - small.mean()
    n = float(np.linalg.norm(v))
    return v / n if n > 1e-6 else None


def best_match(vec: np.ndarray | None, bank: dict[str, list[np.ndarray]]) -> list[tuple[str, float]]:
    """Each key's best correlation with ``vec`` (over its templates), best first."""
    if vec is None:
        return []
    scores = [(k, max(float(vec @ t) for t in temps)) for k, temps in bank.items() if temps]
    return sorted(scores, key=lambda kv: -kv[1])


BG_PATCH_SPREAD = 15.0  # L* range within a background patch above which it straddles an edge


def background_lab(lab: np.ndarray, pitch: float, ring: bool = False) -> np.ndarray:
    """Median Lab colour of four patches ~0.36 pitch from the centre diagonally (a cell's corners), with
    ``ring`` also of eight patches 0.49 pitch from the centre at 22.5 + 45k degrees (an intersection
    board: its lines run along the axes and, in a palace, the diagonals, never between them; the corners
    of a palace centre lie on its diagonals, a large piece reaches the ring: the median of the twelve
    holds). Patches whose L* spans more than BG_PATCH_SPREAD (an edge runs through them) are left out
    when at least two others remain."""
    half = lab.shape[0] // 2
    p = max(1, int(round(0.04 * pitch)))
    d = int(round(0.36 * pitch))
    offsets = [(sy * d, sx * d) for sx in (-1, 1) for sy in (-1, 1)]
    if ring:
        angles = np.radians(22.5 + 45 * np.arange(8))
        offsets += [(int(round(0.49 * pitch * np.sin(a))), int(round(0.49 * pitch * np.cos(a)))) for a in angles]
    patches, spreads = [], []
    for dy, dx in offsets:
        cy, cx = half + dy, half + dx
        patch = lab[max(0, cy - p):cy + p + 1, max(0, cx - p):cx + p + 1].reshape(-1, 3)
        patches.append(np.median(patch, axis=0))
        spreads.append(float(np.ptp(patch[:, 0])) if len(patch) else 0.0)
    # a patch straddling a piece's edge is no background: a shogi pentagon's wide end reaches the upper
    # corners, and on a page resampled softer both were half piece, half board (L* ~42 between 18 and 78),
    # so the median of the four fell to 61 and the board inside the piece's outline read as ink
    flat = [patch for patch, spread in zip(patches, spreads) if spread <= BG_PATCH_SPREAD]
    return np.median(np.array(flat if len(flat) >= 2 else patches), axis=0)


def cell_view(rgb: np.ndarray, lab: np.ndarray, grey: np.ndarray, cx: float, cy: float, pitch: float,
              open_frac: float = OPEN, texture: bool = False, bg_ring: bool = False, box_fill: bool = False,
              ink_de: float = INK_DE) -> CellView:
    """The measurements of one cell (see :class:`CellView`). ``texture``: also count as ink the pixels
    where the lightness varies locally (a fine white-and-black limb that resampling and JPEG blended
    to the square's own lightness); only for boards whose cells have no line work inside. ``box_fill``:
    where the disc holds little body, close a piece's outline in a box just inside the cell (pieces
    whose corners reach past the disc, such as shogi pentagons). ``ink_de``: the Delta E from the
    background from which a pixel is ink (:data:`INK_DE`, lowered on a faded page: :func:`page_contrast`)."""
    import cv2

    half = max(4, int(round(0.5 * pitch)))
    crop_rgb = _crop(rgb, cx, cy, half, 255)
    crop_lab = _crop(lab, cx, cy, half, 0)
    crop_grey = _crop(grey, cx, cy, half, 255)
    bg = background_lab(crop_lab, pitch, bg_ring)
    disc = _disc(2 * half + 1, DISC * pitch)
    # ink is looked for in a box a little inside the cell (clear of its grid lines): a piece whose corners
    # reach past the disc (a shogi pentagon) keeps its outline closed there, so its body fills even where
    # its fill is close to the board's colour
    box = np.zeros_like(disc)
    b = int(round(FILL_BOX * pitch))
    box[max(0, half - b):half + b + 1, max(0, half - b):half + b + 1] = True
    ink = (np.linalg.norm(crop_lab - bg[None, None, :], axis=2) > ink_de) & box
    if texture:
        L = crop_lab[:, :, 0]
        mean = cv2.blur(L, (5, 5))
        std = np.sqrt(np.maximum(cv2.blur(L * L, (5, 5)) - mean * mean, 0))
        ink |= (std > TEXTURE_STD) & box
    k = max(3, int(round(open_frac * pitch)) | 1)
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
    # closing first: the two outline strokes of a thin limb (a crown's point) become one solid limb
    c = max(3, int(round(CLOSE * pitch)) | 1)
    closing = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (c, c))

    def silhouette(filled: np.ndarray) -> np.ndarray:
        body = cv2.morphologyEx(filled.astype(np.uint8), cv2.MORPH_OPEN, kernel).astype(bool)
        body = main_components(body) if body.any() else body
        return fill_holes(body)

    sil = silhouette(fill_holes(cv2.morphologyEx((ink & disc).astype(np.uint8), cv2.MORPH_CLOSE,
                                                 closing).astype(bool)) & disc)
    if box_fill and sil.sum() < FILL_RETRY * disc.sum():
        # little body inside the disc: a piece of low contrast whose outline the disc cuts (a shogi
        # pentagon's corners) is closed inside the box, unless the box's edge is mostly ink (grid lines
        # enclosing the cell, which are no piece)
        closed = cv2.morphologyEx(ink.astype(np.uint8), cv2.MORPH_CLOSE, closing).astype(bool)
        edge = np.zeros_like(box)
        edge[max(0, half - b), :] = edge[min(2 * half, half + b), :] = True
        edge[:, max(0, half - b)] = edge[:, min(2 * half, half + b)] = True
        edge &= box
        if closed[edge].mean() < FILL_EDGE_INK:
            sil = silhouette(_fill_small_holes(closed, FILL_MAX * box.sum()) & disc)
    ink &= disc
    cover = float(sil.sum() / max(1, disc.sum()))
    body_l = float(np.median(crop_lab[sil][:, 0])) if sil.any() else float(bg[0])
    # the body's own outline is no mark on it: marks are looked for inside the eroded body
    e = max(3, int(round(INNER_ERODE * pitch)) | 1)
    core = cv2.erode(sil.astype(np.uint8), cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (e, e))).astype(bool)
    inner = core & (np.abs(crop_lab[:, :, 0] - body_l) > 35)
    core_l = float(np.median(crop_lab[core][:, 0])) if core.sum() >= 8 else body_l
    # the body's colour shares are measured a little inside its edge, away from the blended halo
    shrunk = cv2.erode(sil.astype(np.uint8), np.ones((3, 3), np.uint8)).astype(bool)
    region = shrunk if shrunk.sum() >= 0.3 * sil.sum() else sil
    body_lab = crop_lab[region][:, 0] if region.any() else np.zeros(1, np.float32)
    dark = float((body_lab < min(40.0, float(bg[0]) - 25)).mean()) if region.any() else 0.0
    light = float((body_lab > max(55.0, float(bg[0]) - 12)).mean()) if region.any() else 0.0
    return CellView(crop_rgb, crop_lab, crop_grey, bg, ink, sil, body_l, inner, pitch, cover, dark, light, core_l,
                    {"cover": round(cover, 3), "body_L": round(body_l, 1), "core_L": round(core_l, 1),
                     "bg_L": round(float(bg[0]), 1),
                     "dark_share": round(dark, 3), "light_share": round(light, 3)})


def unchanged_ncc(answer_grey: np.ndarray, input_grey: np.ndarray, box: Sequence[float], shift: int = 3,
                  flat: bool = True) -> float:
    """:func:`~genpuzzle.verifiers.board_game.base.cell_unchanged` on lightness images computed once
    per board (the same measure: best NCC over shifts of up to ``shift`` px; a flat crop is unchanged
    when the answer's crop is flat with the same mean grey; ``flat=False``: a flat crop scores 0, for
    blurred copies, where a piece of the square's mean lightness can blur flat)."""
    import cv2

    x0, y0, x1, y1 = (int(round(v)) for v in box)
    H, W = input_grey.shape
    x0, y0, x1, y1 = max(0, x0), max(0, y0), min(W, x1), min(H, y1)
    ref = input_grey[y0:y1, x0:x1].astype(np.float32)
    if ref.size < 16:
        return 0.0
    if ref.std() < 4:
        if not flat:
            return 0.0
        patch = answer_grey[y0:y1, x0:x1].astype(np.float32)
        return 1.0 if abs(float(patch.mean()) - float(ref.mean())) < 12 and patch.std() < 12 else 0.0
    search = answer_grey[max(0, y0 - shift):min(H, y1 + shift), max(0, x0 - shift):min(W, x1 + shift)].astype(np.float32)
    return float(np.nan_to_num(cv2.matchTemplate(search, ref, cv2.TM_CCOEFF_NORMED)).max())


PEN_STEPS = (0, 1, 2)  # px per side a redrawn page's pen may be heavier than the input's
PEN_NCC = 0.8  # a crop votes for a pen weight only when it matches the input at that weight this well
PEN_BLUR = 0.8  # px: both sides are blurred alike, so resampling and JPEG do not pass for a lighter pen
PEN_BLURS = (PEN_BLUR, 1.4, 2.0)  # px: the input's blurs compared (a page resampled up from a smaller size)


def pen_weight(answer_grey: np.ndarray, input_grey: np.ndarray, boxes: Sequence[Sequence[float]],
               shift: int = 3) -> tuple[int, dict[str, Any]]:
    """The pen the answer page was redrawn with, in px per side heavier than the input's (one of
    PEN_STEPS): each box (coordinate labels, cells holding the input's pieces) whose answer crop matches
    the input's at some weight (:func:`~genpuzzle.verifiers.board_game.base.stroke_variants`, both
    blurred alike, NCC >= PEN_NCC) votes for its best weight; the most votes win, 0 without any.
    Returns ``(pen, evidence)``: a glyph's side is read against templates drawn with that pen."""
    import cv2

    a = cv2.GaussianBlur(answer_grey.astype(np.float32), (0, 0), PEN_BLUR)
    # each weight also blurred more: a page resampled from a smaller size spreads thin strokes, which
    # must not pass for a heavier pen
    weights = stroke_variants(input_grey, [k for k in PEN_STEPS if k])
    variants = [(PEN_STEPS[n], cv2.GaussianBlur(v.astype(np.float32), (0, 0), sigma))
                for n, v in enumerate(weights) for sigma in PEN_BLURS]
    votes = dict.fromkeys(PEN_STEPS, 0)
    for box in boxes:
        scores = [unchanged_ncc(a, v, box, shift, flat=False) for _, v in variants]
        if max(scores) >= PEN_NCC:
            votes[variants[int(np.argmax(scores))][0]] += 1
    pen = max(PEN_STEPS, key=lambda k: (votes[k], -k)) if any(votes.values()) else 0
    return pen, {"pen": pen, "votes": votes}


def page_pen(answer: np.ndarray, input_image: np.ndarray, layout: dict[str, Any],
             position: Sequence[Sequence[str]]) -> tuple[int, dict[str, Any]]:
    """:func:`pen_weight` voted by the board's coordinate labels and the cells holding the input's pieces."""
    boxes = [label["box"] for label in layout.get("labels", [])] + [
        layout["cell_boxes"][r][c] for r, row in enumerate(position) for c, code in enumerate(row) if code != EMPTY]
    return pen_weight(luma(np.asarray(answer)), luma(np.asarray(input_image)), boxes)


def lighter_pen(rgb: np.ndarray, pen: int) -> np.ndarray:
    """The page with its dark strokes taken back by ``pen`` px per side (a max filter): a page redrawn
    ``pen`` px bolder shows its strokes, fills and the light gaps wider than the pen about as the input's
    pen drew them, so presence, side and kind are read at the input's weight."""
    import cv2

    if pen <= 0:
        return rgb
    return cv2.dilate(rgb, np.ones((2 * pen + 1, 2 * pen + 1), np.uint8))


def unchanged_test(grey: np.ndarray, in_grey: np.ndarray, pitch: float) -> Callable[[Sequence[float]], float]:
    """The test of :func:`read_glyph_board` whether a box of the answer page (lightness ``grey``) still
    shows the input's: the best :func:`unchanged_ncc` as drawn, on copies both blurred slightly (resampling
    and JPEG blur fine outlines) and against the input's strokes made bolder (a heavier pen keeps its
    pieces); a cell is unchanged from UNCHANGED_NCC."""
    import cv2

    sigma = UNCHANGED_BLUR * pitch
    soft, soft_input = cv2.GaussianBlur(grey, (0, 0), sigma), cv2.GaussianBlur(in_grey, (0, 0), sigma)
    bolder = stroke_variants(in_grey)[1:]

    def score(box: Sequence[float]) -> float:
        return max([unchanged_ncc(grey, in_grey, box), unchanged_ncc(soft, soft_input, box, flat=False)]
                   + [unchanged_ncc(grey, variant, box, flat=False) for variant in bolder])
    return score


UNCHANGED_BOX = 0.45  # half side (x pitch) of the box about a cell's centre the unchanged test compares


def unchanged_box(cx: float, cy: float, pitch: float) -> list[float]:
    """The box (x0, y0, x1, y1) of the cell centred at (cx, cy) that the unchanged test compares."""
    h = UNCHANGED_BOX * pitch
    return [cx - h, cy - h, cx + h, cy + h]


def unchanged_scores(answer: np.ndarray, input_image: np.ndarray, layout: dict[str, Any]
                     ) -> dict[tuple[int, int], float]:
    """Every cell's :func:`unchanged_test` score, by (row, col), on the answer page as drawn. Computed once
    per board: the reader and a game's page measurements (checkers' roundness loss) share it."""
    rgb = np.ascontiguousarray(np.asarray(answer)[:, :, :3], dtype=np.uint8)
    pitch = float(layout["cell_px"])
    unchanged = unchanged_test(luma(rgb), luma(np.asarray(input_image)), pitch)
    return {(r, c): unchanged(unchanged_box(cx, cy, pitch))
            for r in range(layout["rows"]) for c, (cx, cy) in enumerate(layout["cell_centers"][r][:layout["cols"]])}


PAGE_CONTRAST_MIN = 0.5  # the ink threshold is lowered at most to this share on a faded page


def page_contrast(answer_lab: np.ndarray, input_rgb: np.ndarray, cells: Sequence[tuple[float, float]],
                  pitch: float, open_frac: float, bg_ring: bool) -> tuple[float, dict[str, Any]]:
    """How much of its contrast the answer page kept: over pieces the answer left unchanged (``cells``,
    centres), the median ratio of the body's Delta E from the background in the answer to that in the
    input (the body found on the input, measured on both), clipped to [PAGE_CONTRAST_MIN, 1]. A tinted or
    washed-out page (a photograph, a model's colour shift) fades a light piece on a light board towards
    the board's colour; its ink threshold then scales with this, never above :data:`INK_DE`."""
    import cv2

    if not cells:
        return 1.0, {"pieces": 0}
    in_lab = lab_image(input_rgb)
    in_grey = luma(input_rgb)
    half = max(4, int(round(0.5 * pitch)))
    ratios = []
    for cx, cy in cells:
        view = cell_view(input_rgb, in_lab, in_grey, cx, cy, pitch, open_frac, bg_ring=bg_ring)
        body = cv2.erode(view.silhouette.astype(np.uint8), np.ones((3, 3), np.uint8)).astype(bool)
        if body.sum() < 16:
            continue
        crop = _crop(answer_lab, cx, cy, half, 0)
        bg = background_lab(crop, pitch, bg_ring)
        was = float(np.median(np.linalg.norm(view.lab[body] - view.bg[None, :], axis=1)))
        now = float(np.median(np.linalg.norm(crop[body] - bg[None, :], axis=1)))
        if was >= INK_DE:
            ratios.append(now / was)
    if not ratios:
        return 1.0, {"pieces": 0}
    k = float(np.clip(np.median(ratios), PAGE_CONTRAST_MIN, 1.0))
    return k, {"pieces": len(ratios), "contrast": round(k, 3)}


TINT_GAIN = (0.6, 1.6)  # per-channel gains of a page tint: beyond these the board was recoloured, not tinted
TINT_MIN = 0.03  # gains all within this of 1: the page is not tinted


def page_tint(answer_rgb: np.ndarray, input_rgb: np.ndarray, box: Sequence[float]) -> np.ndarray | None:
    """Per-channel gains (R, G, B) that bring the answer page's board colour back to the input's: the
    input's most common colour inside ``box`` (the board's own), against the answer's median where the
    input shows it (eroded away from lines and pieces). A tinted or photographed page multiplies every
    colour by about one such gain (a von Kries cast), which can pull a red character's a* under a fixed
    threshold; None when the page is not tinted or the gains are no tint."""
    import cv2

    x0, y0, x1, y1 = (max(0, int(round(v))) for v in box)
    inp = np.asarray(input_rgb)[y0:y1, x0:x1, :3]
    ans = np.asarray(answer_rgb)[y0:y1, x0:x1, :3]
    if inp.size == 0 or ans.shape != inp.shape:
        return None
    keys = (inp[:, :, 0].astype(np.int32) << 16) | (inp[:, :, 1].astype(np.int32) << 8) | inp[:, :, 2]
    colours, counts = np.unique(keys[::2, ::2], return_counts=True)
    mode = int(colours[counts.argmax()])
    board = np.array([mode >> 16, (mode >> 8) & 255, mode & 255], np.float64)
    where = cv2.erode((keys == mode).astype(np.uint8), np.ones((5, 5), np.uint8)) > 0
    if where.sum() < 200 or board.min() < 40:
        return None
    seen = ans[where]
    # per-channel medians of uint8 values by their histograms (cheaper than sorting every pixel)
    median = [float(np.searchsorted(np.cumsum(np.bincount(seen[:, k], minlength=256)), (len(seen) + 1) / 2))
              for k in range(3)]
    gain = board / np.maximum(1.0, np.array(median))
    if gain.min() < TINT_GAIN[0] or gain.max() > TINT_GAIN[1] or np.abs(gain - 1).max() < TINT_MIN:
        return None
    return gain


def _structured(grey: np.ndarray, box: Sequence[float]) -> bool:
    """Whether the box of ``grey`` holds drawing (an intersection's lines), not one flat colour: only there
    does a low :func:`unchanged_ncc` say the cell changed (a flat square on a tinted page scores 0 anyway)."""
    x0, y0, x1, y1 = (max(0, int(round(v))) for v in box)
    crop = grey[y0:y1, x0:x1]
    return crop.size >= 16 and float(crop.std()) >= 4


def read_glyph_board(answer: np.ndarray, input_image: np.ndarray, layout: dict[str, Any],
                     position: Sequence[Sequence[str]], classify: Classifier, open_frac: float = OPEN,
                     texture: bool = False, empty_cover: float = EMPTY_COVER, occupied: float = OCCUPIED,
                     bg_ring: bool = False, pen: int = 0, box_fill: bool = False,
                     unchanged: dict[tuple[int, int], float] | None = None) -> BoardReading:
    """Read every cell of a glyph board (see the module docstring); ``open_frac``: the opening size of
    the game (x pitch; larger where grid lines cross the cell, smaller for thin-limbed glyphs);
    ``empty_cover`` / ``occupied``: the game's silhouette shares for an empty cell and a piece (a board
    whose lines cross the cells leaves line junctions after the opening, pieces there are large discs);
    ``bg_ring``: sample the background between the lines of an intersection board (:func:`background_lab`);
    ``pen``: the answer page's pen in px per side heavier than the input's (:func:`page_pen`): cells that
    changed are measured on the page with that excess taken back (:func:`lighter_pen`); ``box_fill``: see
    :func:`cell_view`; ``unchanged``: the cells' :func:`unchanged_scores` when the caller has them already."""
    rows, cols, pitch = layout["rows"], layout["cols"], float(layout["cell_px"])
    rgb = np.ascontiguousarray(np.asarray(answer)[:, :, :3], dtype=np.uint8)
    in_grey = luma(np.asarray(input_image))
    grey = luma(rgb)
    # the unchanged test runs on the page as drawn; the classifiers read the page at the input's pen
    read_rgb = lighter_pen(rgb, pen)
    lab = lab_image(read_rgb)
    read_grey = luma(read_rgb) if pen > 0 else grey
    nccs = unchanged_scores(rgb, input_image, layout) if unchanged is None else unchanged
    contrast, contrast_ev = page_contrast(
        lab, np.ascontiguousarray(np.asarray(input_image)[:, :, :3], dtype=np.uint8),
        [tuple(layout["cell_centers"][r][c]) for (r, c), ncc in nccs.items()
         if ncc >= UNCHANGED_NCC and position[r][c] != EMPTY], pitch, open_frac, bg_ring)
    ink_de = INK_DE * contrast
    states, conf, evidence = [], [], []
    for r in range(rows):
        srow, crow, erow = [], [], []
        for c in range(cols):
            cx, cy = layout["cell_centers"][r][c]
            box = unchanged_box(cx, cy, pitch)
            ncc = nccs[(r, c)]
            ev: dict[str, Any] = {"box": [round(v) for v in layout["cell_boxes"][r][c]], "unchanged_ncc": round(ncc, 3)}
            if ncc >= UNCHANGED_NCC:
                srow.append(position[r][c])
                crow.append(round(min(1.0, 0.7 + 3 * (ncc - UNCHANGED_NCC)), 3))
                erow.append({**ev, "read": "unchanged"})
                continue
            view = cell_view(read_rgb, lab, read_grey, cx, cy, pitch, open_frac, texture, bg_ring, box_fill, ink_de)
            ev.update(view.evidence)
            if view.cover <= empty_cover and position[r][c] != EMPTY and ncc >= EMPTY_CONTRADICTS:
                # no body found, yet the cell still looks like the input's piece: a body of low contrast
                # (a light piece on a tinted page) whose outline the disc cuts; an empty cell would not
                state, cf = UNSURE, 0.3
                ev["reason"] = "no piece body found, but the cell still resembles the input's piece"
            elif (view.cover <= empty_cover and position[r][c] == EMPTY and ncc < EMPTY_UNLIKE
                  and _structured(in_grey, box)):
                # no body found, yet the cell no longer looks like the input's empty point: a piece of low
                # contrast (a light disc on a tinted page) the body test missed; an empty point would still match
                state, cf = UNSURE, 0.3
                ev["reason"] = "no piece body found, but the cell no longer resembles the input's empty point"
            elif view.cover <= empty_cover:
                state, cf = EMPTY, 0.6 + 0.4 * min(1.0, (empty_cover - view.cover) / empty_cover + 0.25)
            elif view.cover < occupied:
                state, cf = UNSURE, 0.3
                ev["reason"] = "a small mark: neither an empty cell nor a piece"
            else:
                state, cf, more = classify(view)
                ev.update(more)
            srow.append(state)
            crow.append(round(float(cf), 3))
            erow.append(ev)
        states.append(srow)
        conf.append(crow)
        evidence.append(erow)
    reading = BoardReading(states, conf, evidence)
    reading.notes["page_contrast"] = contrast_ev
    reading.notes["ink_de"] = round(ink_de, 2)
    return account_ink(reading, rgb, np.asarray(input_image), layout, position, pen, ink_de)


def account_ink(reading: BoardReading, answer: np.ndarray, input_image: np.ndarray, layout: dict[str, Any],
                position: Sequence[Sequence[str]], pen: int = 0, ink_de: float = INK_DE,
                calibrated: bool = False) -> BoardReading:
    """``reading`` with the board's unexplained ink accounted for (:func:`stray_marks`): marks are listed
    in ``notes["stray_marks"]`` (the track charges them as ``stray_mark``); a faint one makes its empty
    cell unsure. Every board reader ends with this: no ink on the board is silently ignored."""
    from genpuzzle.verifiers.board_game.puzzle_verify import light_marks

    look: dict[str, Any] = {}
    marks, faint = stray_marks(answer, input_image, layout, position, reading.states, pen, ink_de, calibrated, look)
    if calibrated:
        reading.notes["empty_look"] = look
        # a lamp's glare or a hand's shadow over the board is light, not ink (rubric 18)
        marks, lit = light_marks(marks, answer, input_image, layout)
        faint, lit_faint = light_marks(faint, answer, input_image, layout)
        if lit or lit_faint:
            reading.notes["light_not_ink"] = [m["box"] for m in lit + lit_faint]
    for mark in faint:
        # faint ink on an empty cell: neither clearly a mark nor clearly nothing
        r, c = mark["rc"]
        if reading.states[r][c] == EMPTY:
            reading.states[r][c], reading.confidence[r][c] = UNSURE, 0.3
            if reading.evidence:
                reading.evidence[r][c] = {**reading.evidence[r][c], "faint_mark": mark["box"],
                                          "reason": "faint ink on an empty cell that no piece or the move explains"}
    for mark in marks:
        # a mark as large as a piece on a cell read empty may be a piece the reader did not know (a white queen
        # blurred at sigma 2 on a light square: ink 0.36 pitch across read as a mark, the move as illegal, 0):
        # still charged, but the cell is in doubt, so the verdict is no confident one
        r, c = mark["rc"]
        if reading.states[r][c] == EMPTY and mark["extent"] >= PIECE_SIZED_EXTENT and mark["area"] >= PIECE_SIZED_AREA:
            reading.states[r][c], reading.confidence[r][c] = UNSURE, 0.3
            if reading.evidence:
                reading.evidence[r][c] = {**reading.evidence[r][c], "piece_sized_mark": mark["box"],
                                          "reason": "ink the size of a piece that the piece reader did not recognise"}
    reading.notes["stray_marks"] = marks
    return account_piece_ink(reading, answer, input_image, layout, position, ink_de) if calibrated else reading


def account_piece_ink(reading: BoardReading, answer: np.ndarray, input_image: np.ndarray, layout: dict[str, Any],
                      position: Sequence[Sequence[str]], ink_de: float = INK_DE) -> BoardReading:
    """``reading`` with the ink on its pieces accounted for (:func:`piece_marks`): marks join
    ``notes["stray_marks"]``, an unsure one makes its cell unsure. The stone, disc and X/O games call it
    through :func:`account_board_ink`; a glyph game whose pieces are discs (checkers) calls it itself."""
    from genpuzzle.verifiers.board_game.puzzle_verify import light_marks

    marks, unsure, reading.notes["piece_look"] = piece_marks(answer, input_image, layout, reading, position, ink_de)
    # a glare over one piece departs from the page's other pieces of its kind as light, not ink (rubric 18)
    marks, lit = light_marks(marks, answer, input_image, layout)
    unsure, lit_unsure = light_marks(unsure, answer, input_image, layout)
    if lit or lit_unsure:
        reading.notes["light_not_ink"] = reading.notes.get("light_not_ink", []) + [m["box"] for m in lit + lit_unsure]
    return _charge_piece_marks(reading, marks, unsure)


def account_board_ink(reading: BoardReading, answer: np.ndarray, input_image: np.ndarray, layout: dict[str, Any],
                      position: Sequence[Sequence[str]]) -> BoardReading:
    """:func:`account_ink` for the stone, disc and X/O games (go, gomoku, othello, connect four, hex,
    tic-tac-toe): their empty cells are shaded, textured or crossed by lines a page redraws in its own
    way, so what an empty cell looks like is calibrated on the page (``stray_marks(calibrated=True)``)."""
    return account_ink(reading, answer, input_image, layout, position, calibrated=True)


PIECE_INNER = 0.6  # x piece_radius: the part of a stone or disc whose look is compared with the page's own pieces
PIECE_MARK_BOX = 0.44  # x pitch: half side of the part of an X/O cell compared (inside the cell's lines)
PIECE_MIN_OTHERS = 1  # a piece is compared only with at least this many other pieces of its kind on the page


def piece_marks(answer: np.ndarray, input_image: np.ndarray, layout: dict[str, Any], reading: BoardReading,
                position: Sequence[Sequence[str]], ink_de: float = INK_DE
                ) -> tuple[list[dict[str, Any]], list[dict[str, Any]], dict[str, Any]]:
    """Ink on the pieces of a stone, disc or X/O board that the page's own pieces of that kind do not
    have: ``(marks, unsure, look)``.

    Every piece is compared with the other pieces of its kind on the same page that the move leaves in
    place (at least PIECE_MIN_OTHERS; the calibration: their colour, shading, highlights and stroke
    pattern as this page draws them) and with the input's pieces of that kind (a tic-tac-toe position may
    hold two X: with the input's drawing, the one the move leaves is still compared), over the inner disc of a stone or disc (PIECE_INNER x the piece's
    radius: the rim and its outline stay out) or the box of an X/O cell inside its lines
    (PIECE_MARK_BOX pitch): an answer pixel departs by how far (Delta E) its colour lies outside the range
    the other pieces show within STONE_SLACK pitch of that place (:func:`_outside_range` on their
    erosions and dilations). The page's own spread is measured the same way on each of those pieces
    (the STONE_SPREAD_Q percentile per piece, the median over the pieces other than the one tested: a kind
    may have two pieces on the page, and a marked one must not raise its own threshold), so JPEG,
    blur and a hand's jitter raise the thresholds as on the empty cells: ink departing by
    max(``ink_de``, STONE_SPREAD x spread) over the sizes of :data:`genpuzzle.ink.DEFAULTS` (x the
    piece's diameter; opened at 2 px) is a mark, by max(STRAY_FAINT x ``ink_de``, STONE_FAINT x spread)
    faint. A mark on a piece the move leaves in place is a stray mark; faint ink there, and any ink on a
    piece the move places (it may be a highlight of the move, which the instruction allows), makes the
    cell unsure; ink on a kept piece that lies on a stroke drawn to a changed cell (an arrow to the move,
    a line struck through three in a row) is the move's annotation (:func:`_on_stroke_to`). Outline-only stones (their inside is the board, with its lines) and kinds with too few
    pieces on the page are not compared. Each entry: ``rc``, ``box``, ``extent``, ``area`` (x pitch,
    pitch squared), ``contrast``; an unsure one also ``why``."""
    import cv2

    from genpuzzle.ink import DEFAULTS as ink_sizes

    rgb = np.ascontiguousarray(np.asarray(answer)[:, :, :3], dtype=np.uint8)
    rows, cols, pitch = layout["rows"], layout["cols"], float(layout["cell_px"])
    radius = float(layout.get("piece_radius", 0.45 * pitch))
    states = reading.states
    mark_cells = layout.get("cell_kind") == "mark"
    half = int(round(PIECE_MARK_BOX * pitch)) if mark_cells else int(np.ceil(PIECE_INNER * radius))
    size = 2 * half + 1
    if mark_cells:
        region = np.ones((size, size), bool)
    else:
        yy, xx = np.mgrid[-half:half + 1, -half:half + 1]
        region = np.hypot(xx, yy) <= PIECE_INNER * radius
    slack = max(2, int(round(STONE_SLACK * pitch)))
    window = np.ones((2 * slack + 1,) * 2, np.uint8)
    k = 2
    speck = np.ones((k, k), np.uint8)
    scale = 2.0 * radius
    min_extent, min_area = ink_sizes["min_extent"] * scale, ink_sizes["min_area"] * scale * scale
    H, W = rgb.shape[:2]

    inp = np.ascontiguousarray(np.asarray(input_image)[:, :, :3], dtype=np.uint8)

    def crop(r: int, c: int, image: np.ndarray = rgb) -> np.ndarray | None:
        cx, cy = (int(round(v)) for v in layout["cell_centers"][r][c])
        if cx - half < 0 or cy - half < 0 or cx + half + 1 > W or cy + half + 1 > H:
            return None
        return lab_of_crop(image[cy - half:cy + half + 1, cx - half:cx + half + 1])

    def hollow(r: int, c: int) -> bool:
        return bool(reading.evidence) and reading.evidence[r][c].get("reason") == "outline-only stone"

    marks: list[dict[str, Any]] = []
    unsure: list[dict[str, Any]] = []
    look: dict[str, Any] = {}
    changed = [tuple(layout["cell_centers"][r][c]) for r in range(rows) for c in range(cols)
               if states[r][c] != position[r][c]]
    kinds = sorted({s for row in states for s in row} - {EMPTY, UNSURE, UNKNOWN})
    for kind in kinds:
        cells = [(r, c) for r in range(rows) for c in range(cols) if states[r][c] == kind and not hollow(r, c)]
        crops = {rc: crop(*rc) for rc in cells}
        cells = [rc for rc in cells if crops[rc] is not None]
        kept = [rc for rc in cells if position[rc[0]][rc[1]] == kind]  # the page's own pieces of this kind
        if len(kept) < PIECE_MIN_OTHERS:
            continue
        lows = {rc: cv2.erode(crops[rc], window) for rc in kept}
        highs = {rc: cv2.dilate(crops[rc], window) for rc in kept}
        drawn = [x for x in (crop(r, c, inp) for r in range(rows) for c in range(cols) if position[r][c] == kind)
                 if x is not None] if inp.shape == rgb.shape else []
        drawn_lo = np.min([cv2.erode(x, window) for x in drawn], axis=0) if drawn else None
        drawn_hi = np.max([cv2.dilate(x, window) for x in drawn], axis=0) if drawn else None

        def departure(rc: tuple[int, int]) -> np.ndarray | None:
            others = [o for o in kept if o != rc]
            if len(others) < PIECE_MIN_OTHERS:
                return None
            lo = np.min([lows[o] for o in others] + ([drawn_lo] if drawn else []), axis=0)
            hi = np.max([highs[o] for o in others] + ([drawn_hi] if drawn else []), axis=0)
            now = crops[rc]
            outside = np.maximum(lo - now, 0) + np.maximum(now - hi, 0)
            outside[:, :, 1:] *= np.clip(now[:, :, :1] / STRAY_DARK_L, 0, 1)
            return np.where(region, np.sqrt((outside * outside).sum(axis=2)), 0.0)

        seen = {rc: departure(rc) for rc in cells}
        own = {rc: float(np.percentile(seen[rc][region], STONE_SPREAD_Q)) for rc in kept if seen[rc] is not None}
        if not own:
            continue
        look[kind] = {"pieces": len(kept), "spread": round(float(np.median(list(own.values()))), 1)}
        for rc in cells:
            # the page's spread from the other pieces of the kind: a kind may have two pieces on the page,
            # and the one carrying a mark must not set the threshold it is measured against
            pool = [v for o, v in own.items() if o != rc]
            if seen[rc] is None or not pool:
                continue
            spread = float(np.median(pool))
            sure, faint_at = max(ink_de, STONE_SPREAD * spread), max(STRAY_FAINT * ink_de, STONE_FAINT * spread)
            found = None
            for level, threshold in (("sure", sure), ("faint", faint_at)):
                ink = (seen[rc] > threshold).astype(np.uint8)
                ink = cv2.dilate(cv2.erode(ink, speck, anchor=(0, 0)), speck, anchor=(k - 1, k - 1)) > 0
                area = float(ink.sum())
                if area < min_area:
                    continue
                ys, xs = np.nonzero(ink)
                extent = max(int(np.ptp(xs)) + 1, int(np.ptp(ys)) + 1)
                if extent < min_extent:
                    continue
                cx, cy = (int(round(v)) for v in layout["cell_centers"][rc[0]][rc[1]])
                if position[rc[0]][rc[1]] == kind and _on_stroke_to(
                        rgb, inp, (float(xs.mean()) + cx - half, float(ys.mean()) + cy - half), (cx, cy), changed,
                        pitch, radius):
                    break  # an arrow to the move, a line struck through three in a row: the move's annotation
                found = (level, {"rc": rc, "box": [cx - half + int(xs.min()), cy - half + int(ys.min()),
                                                   cx - half + int(xs.max()) + 1, cy - half + int(ys.max()) + 1],
                                 "extent": round(extent / pitch, 3), "area": round(area / pitch ** 2, 4),
                                 "contrast": round(float(np.percentile(seen[rc][ink], 90)), 1)})
                break
            if found is None:
                continue
            level, mark = found
            if position[rc[0]][rc[1]] != kind:
                unsure.append({**mark, "why": "ink on the piece the move places that its kind does not show on "
                                              "this page: a highlight of the move or a mark"})
            elif level == "faint":
                unsure.append({**mark, "why": "faint ink on a piece that its kind does not show on this page"})
            else:
                marks.append(mark)
    return marks, unsure, look


PIECE_PATH_DIFF = 60  # grey levels (largest channel) by which the answer differs from the input on a stroke
PIECE_PATH_SHARE = 0.9  # share of the way to the move's piece that must show such new ink
PIECE_PATH_MIN = 0.15  # x pitch: the least length of that way (next to the move's go stone there is none)


def _on_stroke_to(rgb: np.ndarray, inp: np.ndarray, at: tuple[float, float], piece: tuple[float, float],
                  targets: Sequence[tuple[float, float]], pitch: float, radius: float) -> bool:
    """Whether the ink at ``at`` on the piece centred at ``piece`` lies on a stroke drawn to one of
    ``targets`` (the changed cells' centres): on a straight way from it to the target's cell, outside its
    own piece and every changed cell (1.1 x ``radius`` about their centres: a scribble reaching past the
    compared part of its own piece is no stroke, a captured stone's cell differs from the input anyway),
    at least PIECE_PATH_MIN pitch long, the answer
    differs from the input (by PIECE_PATH_DIFF, within 2 px) at PIECE_PATH_SHARE of the points -- an arrow
    to the move crossing a piece, a line struck through three in a row. Only the part of such a stroke the
    page's other pieces do not explain is seen on a piece (a line through three X's is explained where it
    crosses the others alike), often a few pixels, too little to tell its direction from."""
    import cv2

    if rgb.shape != inp.shape or not targets:
        return False
    near = None
    H, W = rgb.shape[:2]
    for tx, ty in targets:
        vx, vy = tx - at[0], ty - at[1]
        length = float(np.hypot(vx, vy))
        if length < 1.0:
            continue
        if near is None:
            diff = np.abs(rgb.astype(np.int16) - inp.astype(np.int16)).max(axis=2).astype(np.uint8)
            near = cv2.dilate(diff, np.ones((5, 5), np.uint8)) >= PIECE_PATH_DIFF
        # any direction whose line passes within half a pitch of the target's centre (an arrow aims at
        # its cell, not at the exact centre)
        spread = float(np.arcsin(min(1.0, 0.5 * pitch / length)))
        t = np.arange(0.0, length, 1.0)
        for angle in np.arctan2(vy, vx) + np.linspace(-spread, spread, 2 * int(np.degrees(spread)) + 1):
            px, py = at[0] + t * np.cos(angle), at[1] + t * np.sin(angle)
            # off the piece itself and off every changed cell (a captured stone's removal, the move's own
            # piece differ from the input too)
            between = np.hypot(px - piece[0], py - piece[1]) > 1.1 * radius
            for ox, oy in targets:
                between &= np.hypot(px - ox, py - oy) > 1.1 * radius
            xs, ys = np.round(px[between]).astype(int), np.round(py[between]).astype(int)
            if len(xs) < max(5.0, PIECE_PATH_MIN * pitch):
                continue
            inside = (xs >= 0) & (xs < W) & (ys >= 0) & (ys < H)
            if inside.mean() >= 0.9 and float(near[ys[inside], xs[inside]].mean()) >= PIECE_PATH_SHARE:
                return True
    return False


GLYPH_BOX = 0.45  # x pitch: half side of the part of a glyph piece's cell compared with the input's drawing
GLYPH_KIND_BOX = 0.4  # ... compared with another piece (its drawing is taken from another square: its edges differ)
GLYPH_SHIFT = 0.05  # x pitch (at least 2 px): how far a piece may sit off the input's (registration), per piece
GLYPH_KIND_SHIFT = 0.08  # x pitch: how far off each other a page may draw two pieces of a kind
GLYPH_SLACK = 1  # px (beyond the page's pen): the compared drawing's colours within this explain half the way
GLYPH_ALIGN_CLIP = 20.0  # L*: a pixel's difference counts at most this much in the alignment (a mark is no edge)
GLYPH_BG_DE = 12.0  # a pixel this close (Delta E) to its square's colour is the bare square, no ink
GLYPH_MIN_OTHERS = 2  # the page's spread and drawing are measured on at least this many other pieces
GLYPH_KEEP_NCC = 0.75  # the piece outside the ink still matches this well: a faithful piece with a mark
# (a scribble's anti-aliased fringe about the ink alone took a queen to 0.87)
GLYPH_MARK_SHARE = 0.3  # ink over more of the compared box than this is a piece drawn otherwise, not a mark
GLYPH_SIZES = tuple(round(0.85 + 0.025 * i, 3) for i in range(13))  # sizes the page may draw its pieces at (x the input's)
GLYPH_SIZE_GAIN = 0.1  # ... taken only when its median fit over the kept pieces is this share better than 1's
GLYPH_UNCHANGED_SHARE = 0.75  # share of the other kept pieces the reader found unchanged: the page reproduces the input
GLYPH_FAITHFUL_Q = 75  # percentile over the other pieces of their pixels departing by a mark's threshold ...
GLYPH_FAITHFUL_SHARE = 0.25  # ... that must stay under this share of a mark's least area (a page fitting the drawing)


def glyph_piece_marks(answer: np.ndarray, input_image: np.ndarray, layout: dict[str, Any], reading: BoardReading,
                      position: Sequence[Sequence[str]], pen: int = 0, ink_de: float = INK_DE
                      ) -> tuple[list[dict[str, Any]], list[dict[str, Any]], dict[str, Any]]:
    """Ink on the glyph pieces (chess, xiangqi, shogi) that neither the input's drawing of the piece nor
    the page's other pieces of its code have: ``(marks, unsure, look)``.

    Two comparisons, each on the answer with its colours mapped back (:func:`_colours_back`: a tint, a
    faded page), each piece aligned by its own best shift (the least difference clipped at
    GLYPH_ALIGN_CLIP: a mark does not pull it), an answer pixel departing by how far its colour lies
    outside the compared drawing's colours within the page's ``pen`` and half way to those GLYPH_SLACK px
    farther (sub-pixel registration, blur, JPEG), counted only where it is not the bare square
    (GLYPH_BG_DE from the cell's own colour: a glyph drawn outline-only or thinner shows the square where
    the input's fill was, which is no ink):

    - *input*: a piece the move leaves in place, or a cell read unsure or unknown where the input had a
      piece, against the input's same square (GLYPH_BOX pitch, shift GLYPH_SHIFT); a piece the move
      places against the input's drawing of its code (from the square it left, else another of its
      code; that square's colour re-coloured as the destination's; within a disc of GLYPH_KIND_BOX);
    - *kind*: every piece against the page's other pieces of its code (a disc of GLYPH_KIND_BOX, shift
      GLYPH_KIND_SHIFT, squares re-coloured; per pixel the least departure over them): what decides on a
      page that redrew its pieces (another font, size or colour).

    Per comparison the page's own spread is the STONE_SPREAD_Q percentile of each piece's departure, the
    median over the other pieces (for *kind*, of other codes: a mark on one of two pieces of a code shows
    on both), at least GLYPH_MIN_OTHERS; ink departing by max(``ink_de``, STONE_SPREAD x spread) over the
    sizes of :data:`genpuzzle.ink.DEFAULTS` (x the piece's diameter; opened at 2 px) is sure, from
    max(STRAY_FAINT x ``ink_de``, STONE_FAINT x spread) faint. A comparison speaks only on a page it
    fits: at the GLYPH_FAITHFUL_Q percentile over the other pieces, fewer pixels than GLYPH_FAITHFUL_SHARE
    of a mark's least area depart by the mark's threshold (a page that redrew its pieces departs from the
    input on most of them). A stray mark: sure ink on a piece the move leaves (by the input, or by kind
    with at least two other pieces of its code) covering at most GLYPH_MARK_SHARE of the box, the piece
    outside it still matching (NCC >= GLYPH_KEEP_NCC); a cell read unsure or unknown with such a mark is
    the input's piece again (``restore``). Unsure (the cell): any other ink found on a piece the move
    leaves (faint, or the piece drawn otherwise, or by kind with one other piece of its code only) and
    any ink on a piece the move places (a highlight of the move is allowed). Ink on a stroke drawn to a
    changed cell is the move's annotation (:func:`_on_stroke_to`). Each entry: ``rc``, ``box``,
    ``extent``, ``area`` (x pitch, pitch squared), ``contrast``, ``by`` (the comparison); an unsure one
    also ``why``."""
    import cv2

    from genpuzzle.ink import DEFAULTS as ink_sizes

    rgb = np.ascontiguousarray(np.asarray(answer)[:, :, :3], dtype=np.uint8)
    inp = np.ascontiguousarray(np.asarray(input_image)[:, :, :3], dtype=np.uint8)
    if rgb.shape != inp.shape:
        return [], [], {}
    rows, cols, pitch = layout["rows"], layout["cols"], float(layout["cell_px"])
    radius = float(layout.get("piece_radius", 0.45 * pitch))
    states = reading.states
    H, W = rgb.shape[:2]
    # the page's pen explains a stroke's width; one pixel more (sub-pixel registration, a rotated page,
    # blur) explains half the way to the neighbour's colour: a dark mark beside a dark stroke is not the
    # stroke shifted, and with a full pixel's range every mark over a dense character was explained
    pen_window = np.ones((2 * max(0, pen) + 1,) * 2, np.uint8)
    window = np.ones((2 * (GLYPH_SLACK + max(0, pen)) + 1,) * 2, np.uint8)
    k = 2
    speck = np.ones((k, k), np.uint8)
    scale = 2.0 * radius
    min_extent, min_area = ink_sizes["min_extent"] * scale, ink_sizes["min_area"] * scale * scale
    centre = {(r, c): tuple(int(round(v)) for v in layout["cell_centers"][r][c])
              for r in range(rows) for c in range(cols)}
    no_piece = {EMPTY, UNSURE, UNKNOWN}
    kept = [rc for rc in centre
            if states[rc[0]][rc[1]] == position[rc[0]][rc[1]] and states[rc[0]][rc[1]] not in no_piece]
    placed = [rc for rc in centre
              if states[rc[0]][rc[1]] != position[rc[0]][rc[1]] and states[rc[0]][rc[1]] not in no_piece]
    # a cell the reader left unsure that held a piece: a mark over a piece can make its reading unsure;
    # compared with the input's square, a faithful piece with ink added is the input's piece and a mark
    doubtful = [rc for rc in centre if states[rc[0]][rc[1]] in (UNSURE, UNKNOWN) and position[rc[0]][rc[1]] != EMPTY]
    if len(kept) + len(placed) < GLYPH_MIN_OTHERS + 1:
        return [], [], {"pieces": len(kept) + len(placed)}

    # the answer's colours mapped back to the input's over the empty cells' flat parts (tint, fading)
    half_cell = int(round(0.5 * pitch))
    xs = [x for x, _ in centre.values()]
    ys = [y for _, y in centre.values()]
    x0, y0 = max(0, min(xs) - half_cell), max(0, min(ys) - half_cell)
    x1, y1 = min(W, max(xs) + half_cell + 1), min(H, max(ys) + half_cell + 1)
    where = np.zeros((y1 - y0, x1 - x0), bool)
    for (r, c), (x, y) in centre.items():
        if states[r][c] == EMPTY and position[r][c] == EMPTY:
            where[max(0, y - half_cell - y0):y + half_cell + 1 - y0,
                  max(0, x - half_cell - x0):x + half_cell + 1 - x0] = True
    page = _colours_back(rgb, inp, (x0, y0, x1, y1), pitch, where)

    def lab_at(image: np.ndarray, rc: tuple[int, int], half: int) -> np.ndarray | None:
        x, y = centre[rc]
        if x - half < 0 or y - half < 0 or x + half + 1 > W or y + half + 1 > H:
            return None
        return lab_of_crop(image[y - half:y + half + 1, x - half:x + half + 1])

    squares: dict[tuple[int, tuple[int, int]], np.ndarray | None] = {}

    def square(which: int, rc: tuple[int, int]) -> np.ndarray | None:
        """The colour of the square at ``rc`` on the input (0) or the answer (1)."""
        if (which, rc) not in squares:
            cell = lab_at(inp if which == 0 else page, rc, half_cell)
            squares[(which, rc)] = None if cell is None else background_lab(cell, pitch)
        return squares[(which, rc)]

    def moved_to(was: np.ndarray | None, there: np.ndarray | None, here: np.ndarray | None) -> np.ndarray | None:
        """``was`` (a piece's drawing on the square of colour ``there``) as drawn on a square of ``here``."""
        if was is None or there is None or here is None:
            return None
        was = was.copy()
        was[np.sqrt(((was - there) ** 2).sum(axis=2)) < GLYPH_BG_DE] = here
        return was

    def fit(now: np.ndarray, was: np.ndarray, shift: int) -> tuple[float, int, int]:
        """(fit, dy, dx): ``was`` (with a margin of ``shift``) aligned to ``now`` by the least difference
        clipped at GLYPH_ALIGN_CLIP (a mark costs the same at every shift, so the piece's own edges
        decide), of about equal fits the smallest shift."""
        n = now.shape[0]
        fits = {(dy, dx): float(np.minimum(np.abs(was[dy:dy + n, dx:dx + n, 0] - now[:, :, 0]),
                                           GLYPH_ALIGN_CLIP).mean())
                + 0.01 * np.hypot(dy - shift, dx - shift) for dy in range(2 * shift + 1) for dx in range(2 * shift + 1)}
        dy, dx = min(fits, key=fits.get)
        return fits[(dy, dx)], dy, dx

    def scaled(was: np.ndarray, factor: float) -> np.ndarray:
        """``was`` drawn ``factor`` x as large about its centre."""
        if factor == 1.0:
            return was
        m = (was.shape[0] - 1) / 2
        matrix = np.float32([[factor, 0, (1 - factor) * m], [0, factor, (1 - factor) * m]])
        return cv2.warpAffine(was, matrix, (was.shape[1], was.shape[0]), flags=cv2.INTER_LINEAR,
                              borderMode=cv2.BORDER_REPLICATE)

    def departure(now: np.ndarray, was: np.ndarray, shift: int) -> tuple[np.ndarray, np.ndarray]:
        """(departure map, the compared drawing's L* aligned): ``was`` carries a margin of ``shift``."""
        n = now.shape[0]
        _, dy, dx = fit(now, was, shift)
        lo = 0.5 * (cv2.erode(was, pen_window) + cv2.erode(was, window))[dy:dy + n, dx:dx + n]
        hi = 0.5 * (cv2.dilate(was, pen_window) + cv2.dilate(was, window))[dy:dy + n, dx:dx + n]
        outside = np.maximum(lo - now, 0) + np.maximum(now - hi, 0)
        outside[:, :, 1:] *= np.clip(now[:, :, :1] / STRAY_DARK_L, 0, 1)
        return np.sqrt((outside * outside).sum(axis=2)), was[dy:dy + n, dx:dx + n, 0]

    def bare(now: np.ndarray, rc: tuple[int, int]) -> np.ndarray:
        here = square(1, rc)
        if here is None:
            return np.zeros(now.shape[:2], bool)
        return np.sqrt(((now - here) ** 2).sum(axis=2)) < GLYPH_BG_DE

    # comparison -> piece -> (departure map, the answer's L*, the compared drawing's L*)
    seen: dict[str, dict[tuple[int, int], tuple[np.ndarray, np.ndarray, np.ndarray]]] = {"input": {}, "kind": {}}
    box, shift = int(round(GLYPH_BOX * pitch)), max(2, int(round(GLYPH_SHIFT * pitch)))
    kbox, kshift = int(round(GLYPH_KIND_BOX * pitch)), max(2, int(round(GLYPH_KIND_SHIFT * pitch)))
    # a drawing taken from another square is compared within a disc: the board about it (a xiangqi
    # palace's diagonals, an edge point's lines) differs from square to square
    yy, xx = np.mgrid[-kbox:kbox + 1, -kbox:kbox + 1]
    outside_disc = np.hypot(xx, yy) > kbox
    # the size the page draws its pieces at against the input's (a page may draw every piece 0.88 x:
    # unscaled, each smaller king's base line lay on the input's white fill), of about equal fits 1
    pairs = [(lab_at(page, rc, box), lab_at(inp, rc, box + shift)) for rc in kept]
    pairs = [(now, was) for now, was in pairs if now is not None and was is not None]
    size = 1.0
    if pairs and pen <= 0:  # strokes drawn heavier make a glyph look larger: the pen explains those
        by_size = {f: float(np.median([fit(now, scaled(was, f), shift)[0] for now, was in pairs]))
                   for f in GLYPH_SIZES}
        best = min(by_size, key=by_size.get)
        size = best if by_size[best] < (1 - GLYPH_SIZE_GAIN) * by_size[1.0] else 1.0
    for rc in kept + placed + doubtful:
        r, c = rc
        now = lab_at(page, rc, kbox if rc in placed else box)
        if now is None:
            continue
        if rc not in placed:
            was = lab_at(inp, rc, box + shift)
        else:
            # the input's drawing of the code: from the square it left first
            sources = sorted((src for src in centre if position[src[0]][src[1]] == states[r][c]),
                             key=lambda src: states[src[0]][src[1]] == states[r][c])
            was = (moved_to(lab_at(inp, sources[0], kbox + shift), square(0, sources[0]), square(0, rc))
                   if sources else None)
        if was is not None:
            dep, was_l = departure(now, scaled(was, size), shift)
            away = bare(now, rc) | (rc in placed and outside_disc)
            seen["input"][rc] = (np.where(away, 0.0, dep), now[:, :, 0], was_l)
    def code(rc: tuple[int, int]) -> str:
        """The piece's code as read; a doubtful cell's is the input's."""
        return position[rc[0]][rc[1]] if rc in doubtful else states[rc[0]][rc[1]]

    for rc in kept + placed + doubtful:
        now = lab_at(page, rc, kbox)
        others = [o for o in kept + placed if o != rc and states[o[0]][o[1]] == code(rc)]
        best = None
        for o in others:
            was = moved_to(lab_at(page, o, kbox + kshift), square(1, o), square(1, rc))
            if now is None or was is None:
                continue
            dep, was_l = departure(now, was, kshift)
            if best is None:
                best = [dep, was_l, float(dep.mean())]
            else:
                if float(dep.mean()) < best[2]:
                    best[1:] = [was_l, float(dep.mean())]
                best[0] = np.minimum(best[0], dep)
        if best is not None:
            seen["kind"][rc] = (np.where(bare(now, rc) | outside_disc, 0.0, best[0]), now[:, :, 0], best[1])

    def found_ink(dep: np.ndarray, threshold: float) -> np.ndarray | None:
        ink = (dep > threshold).astype(np.uint8)
        ink = cv2.dilate(cv2.erode(ink, speck, anchor=(0, 0)), speck, anchor=(k - 1, k - 1)) > 0
        if float(ink.sum()) < min_area:
            return None
        iy, ix = np.nonzero(ink)
        return ink if max(int(np.ptp(ix)) + 1, int(np.ptp(iy)) + 1) >= min_extent else None

    def reproduces_input(rc: tuple[int, int]) -> bool:
        """Whether the reader found the page's other kept pieces unchanged from the input (its own test,
        :func:`unchanged_scores`): a page that redrew its pieces in another design, size or weight is
        compared by kind only, however well its strokes fall within the input's (a WenQuanYi king 2 px
        bolder differed from the input's only along its base)."""
        others = [o for o in kept if o != rc]
        same = sum(bool(reading.evidence) and reading.evidence[o[0]][o[1]].get("read") == "unchanged" for o in others)
        return bool(others) and same >= GLYPH_UNCHANGED_SHARE * len(others)

    look: dict[str, Any] = {"size": size}
    findings: dict[str, dict[tuple[int, int], tuple[str, np.ndarray, bool]]] = {"input": {}, "kind": {}}
    found_at: dict[str, list[list[Any]]] = {}
    spoke: dict[str, set[tuple[int, int]]] = {"input": set(), "kind": set()}
    for by, maps in seen.items():
        pieces = kept if by == "input" else [rc for rc in maps if rc not in doubtful]
        own = {rc: float(np.percentile(maps[rc][0], STONE_SPREAD_Q)) for rc in pieces if rc in maps}
        unexplained: dict[tuple[int, int], float] = {}
        levels: dict[tuple[int, int], tuple[float, float]] = {}
        for rc in maps:
            # the page's spread from the other pieces (by kind, of other codes: a mark on one of two pieces
            # of a code shows on both)
            pool = [v for o, v in own.items() if o != rc and (by == "input" or code(o) != code(rc))]
            if len(pool) < GLYPH_MIN_OTHERS:
                continue
            spread = float(np.median(pool))
            levels[rc] = (max(ink_de, STONE_SPREAD * spread), max(STRAY_FAINT * ink_de, STONE_FAINT * spread))
            unexplained[rc] = float((maps[rc][0] > levels[rc][0]).sum())
        look[by] = {"pieces": len(own), "spread": round(float(np.median(list(own.values()))), 1) if own else None}
        for rc, (sure, faint_at) in levels.items():
            # the comparison speaks only where the page's other pieces fit it
            others = [v for o, v in unexplained.items()
                      if o != rc and o in own and (by == "input" or code(o) != code(rc))]
            if (len(others) < GLYPH_MIN_OTHERS
                    or float(np.percentile(others, GLYPH_FAITHFUL_Q)) >= GLYPH_FAITHFUL_SHARE * min_area
                    or (by == "input" and not reproduces_input(rc))):
                continue
            spoke[by].add(rc)
            for level, threshold in (("sure", sure), ("faint", faint_at)):
                ink = found_ink(maps[rc][0], threshold)
                if ink is not None:
                    rest = cv2.dilate(ink.astype(np.uint8), np.ones((2 * k + 5,) * 2, np.uint8)) == 0
                    if rest.shape == outside_disc.shape:
                        rest &= ~outside_disc
                    a, b = maps[rc][1][rest], maps[rc][2][rest]
                    a, b = a - a.mean(), b - b.mean()
                    ncc = float((a * b).sum() / max(1e-6, np.sqrt((a * a).sum() * (b * b).sum())))
                    # a mark adds to a piece; ink over much of it is the piece drawn otherwise (another side's fill)
                    findings[by][rc] = (level, ink, ncc >= GLYPH_KEEP_NCC and float(ink.mean()) <= GLYPH_MARK_SHARE)
                    found_at.setdefault(by, []).append([*rc, level, round(ncc, 3), round(float(ink.mean()), 3)])
                    break
    look["found"] = found_at

    changed = [tuple(layout["cell_centers"][r][c]) for r in range(rows) for c in range(cols)
               if states[r][c] != position[r][c] and (r, c) not in doubtful]
    marks: list[dict[str, Any]] = []
    unsure: list[dict[str, Any]] = []
    for rc in kept + placed + doubtful:
        # where the input's own square speaks, it decides: the page's other pieces stand on other squares
        hits = [(by, *findings[by][rc]) for by in ("input", "kind")
                if rc in findings[by] and (by == "input" or rc not in spoke["input"])]
        if not hits:
            continue
        cx, cy = centre[rc]

        def entry(by: str, ink: np.ndarray) -> dict[str, Any]:
            half = ink.shape[0] // 2
            iy, ix = np.nonzero(ink)
            return {"rc": rc, "box": [cx - half + int(ix.min()), cy - half + int(iy.min()),
                                      cx - half + int(ix.max()) + 1, cy - half + int(iy.max()) + 1],
                    "extent": round(max(int(np.ptp(ix)) + 1, int(np.ptp(iy)) + 1) / pitch, 3),
                    "area": round(float(ink.sum()) / pitch ** 2, 4), "by": by,
                    "contrast": round(float(np.percentile(seen[by][rc][0][ink], 90)), 1)}

        by, level, ink, _ = hits[0]
        mark = entry(by, ink)
        half = ink.shape[0] // 2
        iy, ix = np.nonzero(ink)
        at = (float(ix.mean()) + cx - half, float(iy.mean()) + cy - half)
        if rc not in placed and _on_stroke_to(rgb, inp, at, (cx, cy), changed, pitch, radius):
            continue  # an arrow to the move crossing the piece: the move's annotation
        twins = sum(code(o) == code(rc) for o in kept + placed if o != rc)
        sure = [(b, i) for b, lv, i, f in hits if lv == "sure" and f and (b == "input" or twins >= 2)]
        if rc in doubtful:
            if sure:
                marks.append(entry(*sure[0]) | {"restore": position[rc[0]][rc[1]]})
        elif rc in placed:
            unsure.append({**mark, "why": "ink on the piece the move places that its drawing elsewhere does not show: "
                                          "a highlight of the move or a mark"})
        elif sure:
            marks.append(entry(*sure[0]))
        elif level == "faint":
            if by == "input" and size != 1.0:
                continue  # pieces redrawn at another size: the input's drawing of them is only close
            unsure.append({**mark, "why": "faint ink on a piece that its drawing elsewhere does not show"})
        else:
            unsure.append({**mark, "why": "ink on a piece that departs from its drawing elsewhere beyond the ink too, "
                                          "or whose kind has one other piece only"})
    return marks, unsure, look


def account_glyph_piece_ink(reading: BoardReading, answer: np.ndarray, input_image: np.ndarray,
                            layout: dict[str, Any], position: Sequence[Sequence[str]], pen: int = 0) -> BoardReading:
    """``reading`` with the ink on its glyph pieces accounted for (:func:`glyph_piece_marks`; chess,
    xiangqi and shogi end their reading with it): marks join ``notes["stray_marks"]``, an unsure one makes
    its cell unsure."""
    marks, unsure, reading.notes["glyph_piece_look"] = glyph_piece_marks(
        answer, input_image, layout, reading, position, pen, float(reading.notes.get("ink_de", INK_DE)))
    for mark in marks:
        if "restore" in mark:
            # the reader's doubt was the mark: outside it the piece is the input's
            r, c = mark["rc"]
            reading.states[r][c], reading.confidence[r][c] = mark["restore"], 0.7
            if reading.evidence:
                reading.evidence[r][c] = {**reading.evidence[r][c], "read": "input's piece with a mark on it",
                                          "piece_mark": {k: v for k, v in mark.items() if k != "restore"}}
    return _charge_piece_marks(reading, marks, unsure)


def _charge_piece_marks(reading: BoardReading, marks: list[dict[str, Any]], unsure: list[dict[str, Any]]
                        ) -> BoardReading:
    reading.notes["stray_marks"] = reading.notes.get("stray_marks", []) + marks
    for mark in unsure:
        r, c = mark["rc"]
        reading.states[r][c], reading.confidence[r][c] = UNSURE, 0.3
        if reading.evidence:
            reading.evidence[r][c] = {**reading.evidence[r][c], "piece_mark": mark, "reason": mark["why"]}
    return reading


STRAY_FAINT = 0.6  # ink from this share of the ink threshold up to it is faint (unsure, not a mark)
PIECE_SIZED_EXTENT = 0.3  # x pitch: a mark spanning this ...
PIECE_SIZED_AREA = 0.06  # ... and covering this (x pitch squared) may be a piece the reader missed
STRAY_TOL = 0.07  # x pitch the input's ink is widened by (a heavier pen, JPEG ringing, registration)
STRAY_SPECK = 0.03  # opening size (x pitch): noise, texture and JPEG specks are no mark
STRAY_EXTENT = 0.2  # a stray mark spans at least this (x pitch) ...
STRAY_AREA = 0.006  # ... and covers at least this (x pitch squared) where nothing explains it
STRAY_DARK_L = 25.0  # L* under which a colour's a* and b* count in proportion (dark chroma is noise)
STRAY_LINE = 0.1  # x pitch: the widest board line a mark's pieces are grouped across
STRAY_PIECE_MARGIN = 0.1  # x pitch: ink this close to a piece's cell may be the piece drawn larger


def stray_marks(answer: np.ndarray, input_image: np.ndarray, layout: dict[str, Any],
                position: Sequence[Sequence[str]], states: Sequence[Sequence[str]], pen: int = 0,
                ink_de: float = INK_DE, calibrated: bool = False, notes: dict[str, Any] | None = None
                ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Ink on the board that nothing read explains: ``(marks, faint)``.

    A pixel of the answer (its colours mapped back to the input's, :func:`_colours_back`) is new ink by
    how far (Delta E, per channel summed in quadrature) its colour lies outside the range of the input's
    colours within STRAY_TOL pitch + ``pen`` px: a line redrawn heavier, a shifted, blurred or JPEG'd
    edge, a board's own squares all stay inside that range; a mark on flat board does not. It is accounted for
    only on the cells empty on the input and read empty, away from cells holding pieces
    (STRAY_PIECE_MARGIN: a piece drawn larger) and off the move's own cells. After an opening of
    STRAY_SPECK pitch, ink farther than ``ink_de`` continuous with ink on the move's cells annotates the
    move (an arrow, a frame, a highlight);
    the rest is grouped across the board's lines (which cut a mark where they explain it); a group that
    is one straight stroke aimed at a changed cell (an arrow cut where it crosses a piece of its colour)
    annotates the move too; a group spanning STRAY_EXTENT pitch with STRAY_AREA pitch squared of
    accountable ink is a mark; one that reaches that size only from STRAY_FAINT of ``ink_de`` is faint.
    Each entry: ``rc`` (the cell holding most of it), ``box``, ``extent`` (x pitch), ``area`` (x pitch
    squared), ``contrast`` (the 90th percentile of its Delta E outside the input's range).

    ``calibrated`` (the stone, disc and X/O games, :func:`account_board_ink`): what an empty cell looks
    like is measured on this page instead of assumed (:func:`_empty_look`): the input imaged as the page
    shows its empty cells (its strokes redrawn heavier or lighter, blurred) is the range the answer is
    compared with (within STONE_SLACK pitch, at least 2 px: registration), the ink threshold is the
    larger of ``ink_de`` and STONE_SPREAD x the page's own spread on its empty cells (texture, JPEG,
    shading; faint from STONE_FAINT x it), specks are opened at 2 px (noise is per pixel), a mark's size
    is measured against the piece (``2 x piece_radius``, the sizes of :data:`genpuzzle.ink.DEFAULTS`: a
    tic-tac-toe cell is 2.9 pieces wide, a go point 1.1), and a dot over an empty point's crossing lines
    is found by the dark share of its centre (:func:`_centre_blobs`). ``notes`` (a dict) receives the
    calibration."""
    import cv2

    rgb = np.ascontiguousarray(np.asarray(answer)[:, :, :3], dtype=np.uint8)
    inp = np.ascontiguousarray(np.asarray(input_image)[:, :, :3], dtype=np.uint8)
    if rgb.shape != inp.shape:
        return [], []
    rows, cols, pitch = layout["rows"], layout["cols"], float(layout["cell_px"])
    H, W = inp.shape[:2]
    centres = [layout["cell_centers"][r][c] for r in range(rows) for c in range(cols)]
    half = 0.5 * pitch
    tol = max(2, int(round((STONE_SLACK if calibrated else STRAY_TOL) * pitch)) + pen)
    # the board's tiles and a margin of tol about them: the input's colours just outside explain an edge
    x0 = max(0, int(min(x for x, _ in centres) - half) - tol)
    y0 = max(0, int(min(y for _, y in centres) - half) - tol)
    x1 = min(W, int(max(x for x, _ in centres) + half) + 1 + tol)
    y1 = min(H, int(max(y for _, y in centres) + half) + 1 + tol)
    if x1 - x0 < 8 or y1 - y0 < 8:
        return [], []
    window = np.ones((2 * tol + 1,) * 2, np.uint8)
    shape = (y1 - y0, x1 - x0)
    open_area = np.zeros(shape, np.uint8)
    held = np.zeros(shape, np.uint8)
    owner = np.full(shape, -1, np.int32)
    move_tiles = np.zeros(shape, np.uint8)
    changed = []
    for r in range(rows):
        for c in range(cols):
            cx, cy = layout["cell_centers"][r][c]
            tile = (slice(max(0, int(round(cy - half)) - y0), max(0, int(round(cy + half)) - y0 + 1)),
                    slice(max(0, int(round(cx - half)) - x0), max(0, int(round(cx + half)) - x0 + 1)))
            owner[tile] = r * cols + c
            if states[r][c] != position[r][c]:
                changed.append((int(round(cx - x0)), int(round(cy - y0))))
                move_tiles[tile] = 1
            if states[r][c] == EMPTY and position[r][c] == EMPTY:
                open_area[tile] = 1
            else:
                held[tile] = 1
    margin = max(1, int(round(STRAY_PIECE_MARGIN * pitch)))
    held = cv2.dilate(held, np.ones((2 * margin + 1,) * 2, np.uint8))
    corridor = move_tiles
    accountable = (open_area > 0) & (held == 0) & (corridor == 0)
    page = _colours_back(rgb, inp, (x0, y0, x1, y1), pitch, accountable, max(STONE_PENS) if calibrated else 0)

    def lab_of(a: np.ndarray) -> np.ndarray:
        return lab_of_crop(a[y0:y1, x0:x1])

    now = lab_of(page)
    if calibrated:
        seen, spread, drawn, look = _empty_look(now, inp[y0:y1, x0:x1], accountable, owner, window, pitch, lab_of_crop)
        sure, faint_at = np.maximum(ink_de, STONE_SPREAD * spread), np.maximum(STRAY_FAINT * ink_de, STONE_FAINT * spread)
        if notes is not None:
            notes.update(look)
        k = 2
        scale = 2.0 * float(layout.get("piece_radius", 0.45 * pitch))
        # imported here: genpuzzle.ink loads OpenCV, and listing the tracks imports this module
        from genpuzzle.ink import DEFAULTS as ink_sizes

        min_extent, min_area = ink_sizes["min_extent"] * scale / pitch, ink_sizes["min_area"] * (scale / pitch) ** 2
    else:
        seen = _level_cells(_outside_range(now, lab_of(inp), window), owner, accountable)
        k = max(2, int(round(STRAY_SPECK * pitch)))
        min_extent, min_area = STRAY_EXTENT, STRAY_AREA
        sure, faint_at = ink_de, STRAY_FAINT * ink_de
    speck = np.ones((k, k), np.uint8)

    def opened(mask: np.ndarray) -> np.ndarray:
        if not calibrated:
            return cv2.morphologyEx(mask, cv2.MORPH_OPEN, speck) > 0
        # an opening that keeps every k x k square of ink in place (OpenCV's even-sized opening shifts by a pixel)
        return cv2.dilate(cv2.erode(mask, speck, anchor=(0, 0)), speck, anchor=(k - 1, k - 1)) > 0

    def components(threshold: float | np.ndarray) -> list[dict[str, Any]]:
        ink = opened((seen > threshold).astype(np.uint8))
        # a mark crossing the board's lines is cut where they explain it: its pieces are grouped across them
        # (a gap of the line's tol on each side plus a line up to STRAY_LINE pitch wide)
        # ink continuous with ink on the move's cells annotates the move (an arrow, a frame, a highlight)
        _, strokes = cv2.connectedComponents(ink.astype(np.uint8), connectivity=8)
        annotation = np.isin(strokes, np.unique(strokes[(corridor > 0) & (ink > 0)]))
        ink = ink & ~annotation
        reach = 2 * tol + int(round(STRAY_LINE * pitch)) + 1
        joined = cv2.dilate(ink.astype(np.uint8), np.ones((reach, reach), np.uint8))
        count, labels, stats, _ = cv2.connectedComponentsWithStats(joined, connectivity=8)
        out = []
        for n in range(1, count):
            bx, by, bw, bh, _ = (int(v) for v in stats[n])
            part = (labels[by:by + bh, bx:bx + bw] == n) & ink[by:by + bh, bx:bx + bw]
            free = part & accountable[by:by + bh, bx:bx + bw]
            if not free.any():
                continue
            if _points_at(part, bx, by, changed, pitch):
                continue  # a straight stroke aimed at a changed cell: an arrow's piece, cut where it crosses a piece
            area = float(free.sum()) / pitch ** 2
            if area < min_area:
                continue
            ys, xs = np.nonzero(free)
            extent = max(int(np.ptp(xs)) + 1, int(np.ptp(ys)) + 1) / pitch
            if extent < min_extent:
                continue
            cells = owner[by:by + bh, bx:bx + bw][free]
            cell = int(np.bincount(cells[cells >= 0]).argmax()) if (cells >= 0).any() else 0
            out.append({"rc": (cell // cols, cell % cols),
                        "box": [bx + int(xs.min()) + x0, by + int(ys.min()) + y0, bx + int(xs.max()) + 1 + x0,
                                by + int(ys.max()) + 1 + y0],
                        "extent": round(extent, 3), "area": round(area, 4),
                        "contrast": round(float(np.percentile(seen[by:by + bh, bx:bx + bw][free], 90)), 1)})
        return out

    marks = components(sure)
    faint = [m for m in components(faint_at) if not any(_overlap(m["box"], s["box"]) for s in marks)]
    if calibrated:
        centres = [(r, c, *layout["cell_centers"][r][c]) for r in range(rows) for c in range(cols)
                   if states[r][c] == EMPTY and position[r][c] == EMPTY]
        for (r, c), blob in _centre_blobs(now, drawn, accountable, [(r, c, x - x0, y - y0) for r, c, x, y in centres],
                                          pitch, lab_of(inp)):
            if any(_overlap(blob["box"], m["box"]) for m in marks + faint):
                continue
            entry = {"rc": (r, c), **{k: v for k, v in blob.items() if k != "box"},
                     "box": [blob["box"][0] + x0, blob["box"][1] + y0, blob["box"][2] + x0, blob["box"][3] + y0]}
            (marks if blob["excess"] >= STONE_BLOB else faint).append(entry)
    return marks, faint


def _level_cells(seen: np.ndarray, owner: np.ndarray, accountable: np.ndarray) -> np.ndarray:
    """``seen`` less, in each cell, the median over its accountable pixels: where the colours mapped back
    leave a whole square off the input's range (a page washed out to 45 % contrast left every light square
    ~22 and every dark one ~11 Delta E outside it, and the whole board was one `stray_mark`), that offset is
    the page, not ink. A mark covers less than half of its cell, so it stays, and no cell is levelled by
    more than the upper quartile of the cells' medians, so a mark filling a cell stays too; on a page that
    fits, the medians are 0 and nothing changes."""
    cells = owner[accountable]
    if cells.size == 0:
        return seen
    vals = seen[accountable]
    order = np.argsort(cells, kind="stable")
    cells, vals = cells[order], vals[order]
    starts = np.flatnonzero(np.r_[True, cells[1:] != cells[:-1]])
    ends = np.r_[starts[1:], cells.size]
    medians = np.array([float(np.median(vals[a:b])) for a, b in zip(starts, ends)], np.float32)
    if not medians.any():
        return seen
    # no cell is taken off more than the page's own level (the upper quartile over the cells): a mark
    # that fills one cell stands out from the page and stays
    offset = np.zeros(int(owner.max()) + 2, np.float32)
    offset[cells[starts] + 1] = np.minimum(medians, float(np.percentile(medians, 75)))
    return np.maximum(seen - offset[owner + 1], 0.0).astype(seen.dtype)


STONE_CENTRE = 0.15  # x pitch: radius of an empty cell's centre, where a dot on a line crossing would sit
STONE_DARK = 30.0  # L* by which the drawing at an empty cell's centre is darker than the board (lines cross there)
STONE_BLOB, STONE_BLOB_FAINT = 0.2, 0.1  # share of the centre darker than the page draws the input there: a mark / faint
STONE_BLOB_RING = 0.05  # ... when the ring 2-3 x its radius out gains at most this share (a dot, not a stroke through)


def _centre_blobs(now: np.ndarray, drawn: np.ndarray, accountable: np.ndarray,
                  centres: Sequence[tuple[int, int, float, float]], pitch: float,
                  as_drawn: np.ndarray | None = None) -> list[tuple[tuple[int, int], dict[str, Any]]]:
    """Dots on empty cells' centres where the board's lines cross (go's points): ink there lies within
    the registration's slack of the lines and is explained pixel by pixel, but it darkens the centre
    disc (STONE_CENTRE pitch) beyond what the page draws there (``drawn``: the input as the page draws
    it) -- a share robust to a shift of a pixel or two. Dark is under halfway between the board (the
    window's median) and the darkest, on each page (a blurred line then covers as much as the sharp one).
    A dark share STONE_BLOB_FAINT above the page's look, with a ring farther out (2-3 x the centre's
    radius, where accountable) gaining at most STONE_BLOB_RING (a dot, not a stroke passing through: an
    arrow's shaft, a scribble, measured pixel by pixel), is returned per cell ``(r, c)`` of ``centres``
    (``(r, c, x, y)`` in the crop) as ``excess``, ``box``, ``extent``, ``area``, ``contrast``; only where
    lines cross (the look there STONE_DARK darker than the board), the centre is all accountable and the
    added dark pixels are STONE_DARK darker than the look there (median: a dot, not a line resampled a
    pixel off, 19 L* on a model's return of gomoku). ``as_drawn`` (the input's L*a*b*, as drawn): the
    excess is also taken over the input's own dark pixels, the smaller counts (a star point the look
    shrank with a lighter pen is the input's own dot)."""
    R = STONE_CENTRE * pitch
    h = int(np.ceil(3 * R)) + 1
    yy, xx = np.mgrid[-h:h + 1, -h:h + 1]
    d = np.hypot(xx, yy)
    disc, far = d <= R, (d > 2 * R) & (d <= 3 * R)
    H, W = now.shape[:2]
    keep = [(r, c, int(round(x)), int(round(y))) for r, c, x, y in centres
            if h <= int(round(y)) < H - h and h <= int(round(x)) < W - h]
    if not keep:
        return []
    rows_ = np.array([y for *_, y in keep])[:, None, None] + yy[None]
    cols_ = np.array([x for _, _, x, _ in keep])[:, None, None] + xx[None]
    acc = accountable[rows_, cols_]
    a_l, i_l = now[rows_, cols_, 0], drawn[rows_, cols_, 0]
    flat = lambda a: a.reshape(len(keep), -1)  # noqa: E731
    a_mid = 0.5 * (np.median(flat(a_l), axis=1) + flat(a_l).min(axis=1))
    i_med, i_min = np.median(flat(i_l), axis=1), flat(i_l).min(axis=1)
    a_dark, i_dark = a_l < a_mid[:, None, None], i_l < (0.5 * (i_med + i_min))[:, None, None]
    excess = a_dark[:, disc].mean(axis=1) - i_dark[:, disc].mean(axis=1)
    if as_drawn is not None:
        # the input as it is drawn explains its own dots too: a page fitted with a lighter pen (a blurred
        # page's lines are lighter) shrinks a star point in the look, and the star point read as a dot
        o_l = as_drawn[rows_, cols_, 0]
        o_dark = o_l < (0.5 * (np.median(flat(o_l), axis=1) + flat(o_l).min(axis=1)))[:, None, None]
        excess = np.minimum(excess, a_dark[:, disc].mean(axis=1) - (i_dark | o_dark)[:, disc].mean(axis=1))
    ring = far[None] & acc
    n_ring = ring.sum(axis=(1, 2))
    ring_gain = np.where(n_ring > 0, ((a_dark & ring).sum(axis=(1, 2)) - (i_dark & ring).sum(axis=(1, 2)))
                         / np.maximum(n_ring, 1), 0.0)
    found = []
    for n, (r, c, x, y) in enumerate(keep):
        if (not acc[n][disc].all() or i_med[n] - i_min[n] < STONE_DARK or excess[n] < STONE_BLOB_FAINT
                or ring_gain[n] > STONE_BLOB_RING):
            continue
        new = disc & a_dark[n] & ~i_dark[n]
        contrast = float(np.median(i_l[n][new]) - np.median(a_l[n][new])) if new.any() else 0.0
        if contrast < STONE_DARK:
            continue  # the page's own lines a pixel off or softer (resampling), not ink on them
        found.append(((r, c), {
            "excess": round(float(excess[n]), 3), "box": [x - int(R), y - int(R), x + int(R) + 1, y + int(R) + 1],
            "extent": round(2 * R / pitch, 3), "area": round(float(new.sum()) / pitch ** 2, 4),
            "contrast": round(contrast, 1)}))
    return found


def lab_of_crop(a: np.ndarray) -> np.ndarray:
    """L*a*b* of an RGB uint8 crop through OpenCV's 8-bit conversion (L* rescaled to 0..100)."""
    import cv2

    lab = cv2.cvtColor(np.ascontiguousarray(a), cv2.COLOR_RGB2LAB).astype(np.float32)
    lab[:, :, 0] *= 100 / 255  # OpenCV's 8-bit L* runs 0..255; a* and b* are unit steps
    return lab


def _outside_range(now: np.ndarray, was: np.ndarray, window: np.ndarray) -> np.ndarray:
    """Per pixel, how far (Delta E, per channel summed in quadrature) the answer's L*a*b* ``now`` lies
    outside the range of ``was`` within ``window``."""
    import cv2

    # how far each answer pixel lies outside the range of the input's colours within tol px (per channel):
    # a line redrawn heavier, a blurred or shifted edge, JPEG between two colours all stay inside it
    lo, hi = cv2.erode(was, window), cv2.dilate(was, window)
    outside = np.maximum(lo - now, 0) + np.maximum(now - hi, 0)
    # near black, a* and b* are noise (JPEG's chroma on a dark stone swings by 15-20): weighed by lightness
    outside[:, :, 1:] *= np.clip(now[:, :, :1] / STRAY_DARK_L, 0, 1)
    return np.sqrt((outside * outside).sum(axis=2))


STONE_SLACK = 0.04  # x pitch (at least 2 px): how far an empty cell's drawing may sit off the input's (registration)
STONE_PENS = (-1, 0, 1, 2, 3, 4)  # px per side the page may have redrawn the input's strokes heavier (-: lighter)
STONE_BLURS = (0.0, 0.8, 1.5)  # px: how soft the page may have drawn them
STONE_STROKE = 0.35  # x pitch: dark drawing narrower than this is a stroke a page may redraw heavier (a coloured border where two meet)
STONE_STROKE_DARK = 30  # grey levels a stroke is darker than its surroundings
STONE_FIT_EQUAL, STONE_FIT_SHARE = 0.1, 0.25  # fits within this (Delta E) or share of the best are equal
STONE_SPREAD = 2.5  # the ink threshold is at least this many times the page's own spread on its empty cells
STONE_FAINT = 2.0  # ... and the faint threshold (unsure) this many times
STONE_SPREAD_Q = 99.5  # percentile of the comparison over an empty cell that is its spread ...
STONE_SPREAD_CELLS = 75  # ... and the percentile over the empty cells that is the page's


def _empty_look(now: np.ndarray, inp: np.ndarray, where: np.ndarray, owner: np.ndarray, window: np.ndarray,
                pitch: float, lab_of: Callable[[np.ndarray], np.ndarray]
                ) -> tuple[np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
    """How far the answer (``now``, L*a*b*, colours mapped back) departs from the input's empty cells as
    this page draws them: among the input (RGB crop ``inp``) redrawn with its thin dark strokes (lines,
    star points; narrower than STONE_STROKE pitch: a board's edge or a stone is no stroke) STONE_PENS px
    heavier and blurred by STONE_BLURS, the one the answer's empty cells (``where``) depart least from
    on average (:func:`_outside_range` pixel by pixel) is the page's look of an empty cell; returns the
    departure map (within ``window``), the page's spread per pixel (the STONE_SPREAD_Q percentile of the
    departure over each empty cell of ``where`` -- ``owner``: the cell of each pixel -- and its
    STONE_SPREAD_CELLS percentile over the cells, so a mark in a cell or two does not raise it; measured
    apart near the input's drawing and on its flat parts: what JPEG, texture and shading leave on this
    page's empty cells), the input as the page draws it (L*a*b*) and ``{"pen", "blur", "spread"}``."""
    import cv2

    if not where.any():
        return np.zeros(now.shape[:2], np.float32), np.zeros(now.shape[:2], np.float32), now, {"pen": 0, "blur": 0.0}
    ys, xs = np.nonzero(where)
    step = max(1, len(ys) // 40000)
    ys, xs = ys[::step], xs[::step]

    grey = cv2.cvtColor(inp, cv2.COLOR_RGB2GRAY)
    size = max(3, int(round(STONE_STROKE * pitch)) | 1)
    strokes = cv2.morphologyEx(grey, cv2.MORPH_BLACKHAT, np.ones((size, size), np.uint8)) > STONE_STROKE_DARK

    def drawn_as(pen: int, blur: float) -> np.ndarray:
        drawn = inp
        if pen:
            box = np.ones((2 * abs(pen) + 1,) * 2, np.uint8)
            grown = cv2.dilate(strokes.astype(np.uint8), box) > 0 if pen > 0 else strokes
            drawn = inp.copy()
            drawn[grown] = (cv2.erode(inp, box) if pen > 0 else cv2.dilate(inp, box))[grown]
        if blur:
            drawn = cv2.GaussianBlur(drawn, (0, 0), blur)
        return drawn

    sample = now[ys, xs]

    def departure(pen: int, blur: float) -> float:
        # _outside_range within one pixel, on the sampled pixels only
        outside = np.abs(sample - lab_of(np.ascontiguousarray(drawn_as(pen, blur)[ys, xs][:, None, :]))[:, 0])
        outside[:, 1:] *= np.clip(sample[:, :1] / STRAY_DARK_L, 0, 1)
        return float(np.sqrt((outside * outside).sum(axis=1)).mean())

    # fitted pixel by pixel (within any slack a heavier pen explains a lighter page as well, and a page
    # 1 px heavier looks like the input): the pen first (sharp), then the blur at that pen; of fits about as
    # good, the least change

    def least(keys: list[tuple[int, float]]) -> tuple[int, float]:
        best = min(fits[key] for key in keys)
        return min((key for key in keys if fits[key] <= best + max(STONE_FIT_EQUAL, STONE_FIT_SHARE * best)),
                   key=lambda key: (abs(key[0]), key[1]))

    fits = {(pen, 0.0): departure(pen, 0.0) for pen in STONE_PENS}
    pen = least([(k, 0.0) for k in STONE_PENS])[0]
    fits.update({(pen, blur): departure(pen, blur) for blur in STONE_BLURS[1:]})
    best = least([(pen, b) for b in STONE_BLURS])
    drawn = lab_of(drawn_as(*best))
    seen = _outside_range(now, drawn, window)
    # JPEG rings and resampling gather along the drawing: the spread is measured near it and away from it
    reach = 2 * (max(0, best[0]) + window.shape[0] // 2) + 5
    near = cv2.dilate(cv2.morphologyEx(grey, cv2.MORPH_GRADIENT, np.ones((3, 3), np.uint8)),
                      np.ones((reach, reach), np.uint8)) > STONE_STROKE_DARK
    # per cell, so that a mark (in one or two cells) does not raise it: the upper quartile over the cells
    spread = np.zeros(seen.shape, np.float32)
    levels = {}
    cell_of, values = owner[ys, xs], seen[ys, xs]
    for name, zone in (("near_drawing", near), ("flat", ~near)):
        inside = zone[ys, xs]
        order = np.argsort(cell_of[inside], kind="stable")
        cells, starts = np.unique(cell_of[inside][order], return_index=True)
        per_cell = [float(np.percentile(group, STONE_SPREAD_Q))
                    for group in np.split(values[inside][order], starts[1:]) if len(group) >= 20]
        levels[name] = float(np.percentile(per_cell, STONE_SPREAD_CELLS)) if per_cell else 0.0
        spread[zone] = levels[name]
    return seen, spread, drawn, {"pen": best[0], "blur": best[1], "mean": round(float(seen[ys, xs].mean()), 2),
                                 "spread": {k: round(v, 1) for k, v in levels.items()}}


STRAY_GAIN = (0.5, 1.6)  # per-channel gains of a page's colour map: beyond these it is no tint or fading


def _colours_back(rgb: np.ndarray, inp: np.ndarray, box: Sequence[int], pitch: float,
                  where: np.ndarray, reach: int = 0) -> np.ndarray:
    """The answer page with its colours mapped back to the input's: per channel, the least-squares line
    answer = gain * input + offset over the flat areas of ``where`` (a mask of the crop ``box``: the
    empty cells, whose drawing the answer keeps; the input locally constant over 0.1 pitch; pixels off
    that line by > 30 levels, such as a mark, dropped once and refitted). A tint, a
    faded or brightened page is such a line per channel (what :func:`page_tint` measures on the board's
    own colour only; a dark board such as connect four's blue gives it nothing). Unchanged when a gain
    falls outside STRAY_GAIN. ``reach``: px more of flatness asked for on each side (a page whose lines
    are drawn that much heavier must not put their ink into the fit)."""
    import cv2

    x0, y0, x1, y1 = box
    a, i = rgb[y0:y1, x0:x1].astype(np.float32), inp[y0:y1, x0:x1].astype(np.float32)
    k = max(3, int(round(0.1 * pitch)) | 1) + 2 * reach
    grey = i.mean(axis=2)
    flat = ((cv2.dilate(grey, np.ones((k, k), np.uint8)) - cv2.erode(grey, np.ones((k, k), np.uint8))) < 3) & where
    if flat.sum() < 200:
        return rgb
    step = max(1, int(flat.sum() // 20000))
    out = rgb.astype(np.float32)
    for ch in range(3):
        x, y = i[:, :, ch][flat][::step], a[:, :, ch][flat][::step]
        if np.ptp(x) < 40:  # one colour only: a gain and an offset cannot both be told
            gain, offset = float(np.median(y)) / max(1.0, float(np.median(x))), 0.0
        else:
            gain, offset = np.polyfit(x, y, 1)
            keep = np.abs(y - (gain * x + offset)) <= 30
            if keep.sum() >= 100:
                gain, offset = np.polyfit(x[keep], y[keep], 1)
        if not STRAY_GAIN[0] <= gain <= STRAY_GAIN[1]:
            return rgb
        out[:, :, ch] = (out[:, :, ch] - offset) / gain
    return np.clip(out, 0, 255).astype(np.uint8)


STRAY_STRAIGHT = 0.05  # x pitch: a stroke whose ink spreads at most this across its axis ...
STRAY_THIN = 0.12  # ... and at most this share of its spread along it is straight


def _points_at(part: np.ndarray, bx: int, by: int, targets: Sequence[tuple[int, int]], pitch: float) -> bool:
    """Whether the ink ``part`` (a crop at (bx, by)) is one straight stroke (spread across its main axis
    <= STRAY_STRAIGHT pitch and <= STRAY_THIN of its spread along it) whose line passes within half a
    pitch of one of ``targets`` (cell centres)."""
    ys, xs = np.nonzero(part)
    if len(xs) < 6 or not targets:
        return False
    pts = np.stack([xs + bx, ys + by], axis=1).astype(np.float64)
    centre = pts.mean(axis=0)
    values, vectors = np.linalg.eigh(np.cov((pts - centre).T))
    across, along = np.sqrt(np.maximum(values, 0.0))
    # a ruled stroke spreads ~0.02 of its length across; a tick ~0.27, a "7" ~0.45
    if across > STRAY_STRAIGHT * pitch or across > STRAY_THIN * along:
        return False
    axis = vectors[:, 1]
    normal = np.array([-axis[1], axis[0]])
    return any(abs(float((np.array(t, np.float64) - centre) @ normal)) <= 0.5 * pitch for t in targets)


def _overlap(a: Sequence[int], b: Sequence[int]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


# ------------------------------------------------------------------------------------------ templates


def render_mask(draw_fn: Callable[[Any, tuple[float, float, float, float]], None], size: int = 96,
                background: tuple[int, int, int] = (128, 128, 128)) -> tuple[np.ndarray, np.ndarray]:
    """(RGB, Lab) of one piece drawn by ``draw_fn(image, box)`` into a ``size`` cell on a flat background."""
    from PIL import Image

    img = Image.new("RGB", (size, size), background)
    draw_fn(img, (0, 0, size, size))
    a = np.asarray(img)
    return a, lab_image(a)


def template_view(draw_fn: Callable[[Any, tuple[float, float, float, float]], None], size: int = 96,
                  background: tuple[int, int, int] = (128, 128, 128), open_frac: float = OPEN,
                  texture: bool = False, blur: float = 0.0, bg_ring: bool = False) -> CellView:
    """The :class:`CellView` of a piece rendered alone (optionally blurred by ``blur`` px, as a
    resampled, compressed answer shows it), as the reader would see it."""
    rgb, lab = render_mask(draw_fn, size, background)
    if blur > 0:
        import cv2

        rgb = cv2.GaussianBlur(rgb, (0, 0), blur)
        lab = lab_image(rgb)
    grey = luma(rgb)
    return cell_view(rgb, lab, grey, (size - 1) / 2, (size - 1) / 2, float(size), open_frac, texture, bg_ring)


def text_mask(text: str, font: Any, size: int = 96, rotate: bool = False, stroke: int = 0) -> np.ndarray:
    """Ink mask of ``text`` drawn in a PIL ``font`` (centred), optionally turned 180 degrees, with strokes
    widened by ``stroke`` px (a bold rendering)."""
    from PIL import Image, ImageDraw

    img = Image.new("L", (size, size), 0)
    ImageDraw.Draw(img).text((size / 2, size / 2), text, font=font, fill=255, anchor="mm", stroke_width=stroke,
                             stroke_fill=255)
    a = np.asarray(img) > 100
    return a[::-1, ::-1] if rotate else a


def hershey_masks(text: str, size: int = 96) -> list[np.ndarray]:
    """Ink masks of ``text`` in OpenCV's Hershey fonts (simplex, duplex, complex, triplex) at two stroke
    widths: letter shapes in designs other than the shipped DejaVu."""
    import cv2

    out = []
    for face in (cv2.FONT_HERSHEY_SIMPLEX, cv2.FONT_HERSHEY_DUPLEX, cv2.FONT_HERSHEY_COMPLEX,
                 cv2.FONT_HERSHEY_TRIPLEX):
        for thick in (2, 5):
            img = np.zeros((size, size), np.uint8)
            scale = 2.2
            (w, h), _ = cv2.getTextSize(text, face, scale, thick)
            cv2.putText(img, text, ((size - w) // 2, (size + h) // 2), face, scale, 255, thick, cv2.LINE_AA)
            out.append(img > 100)
    return out


def letter_bank(letters: str, rotations: bool = False) -> dict[str, list[np.ndarray]]:
    """Shape vectors of each letter in DejaVu Sans (regular, bold) and four Hershey fonts (optionally
    also turned 180 degrees, as a Gote piece's letter may be drawn)."""
    from genpuzzle.renderers.board_game.pieces import dejavu

    bank: dict[str, list[np.ndarray]] = {}
    for letter in letters:
        masks = [text_mask(letter, dejavu(60, bold)) for bold in (False, True)] + hershey_masks(letter)
        if rotations:
            masks += [m[::-1, ::-1] for m in masks]
        bank[letter] = [v for v in (shape_vector(m) for m in masks) if v is not None]
    return bank


def confident(scores: list[tuple[str, float]], floor: float, margin: float) -> tuple[str | None, float, str]:
    """The best key when its score reaches ``floor`` and clearly beats the runner-up: by ``margin``, or
    with at most half the runner-up's residual (1 - score), as a near-exact match of one design does;
    and always by at least STYLE_LEAD times the best's own residual (a shape far from every template
    needs a clear lead: a glyph of an unknown design is unsure, not the nearest piece).
    Returns ``(key, confidence, why)``; ``(None, ...)`` otherwise, ``why`` = "no_match" or "tie"."""
    if not scores:
        return None, 0.0, "no_match"
    best, s1 = scores[0]
    s2 = scores[1][1] if len(scores) > 1 else -1.0
    if s1 < floor:
        return None, 0.0, "no_match"
    gap = s1 - s2
    residual_ratio = (1.0 - s2) / max(1e-6, 1.0 - s1)
    if gap < margin and not (residual_ratio >= 2.0 and gap >= 0.01):
        return None, 0.3, "tie"
    # open set: the farther the shape is from its best template (another font, a heavier pen), the
    # less a fixed lead means; the lead must also reach the best match's own residual
    if gap < STYLE_LEAD * (1.0 - s1):
        return None, 0.3, "tie"
    return best, min(1.0, 0.7 + max(gap / margin, (residual_ratio - 2.0) / 4.0) * 0.3), ""


def unknown_or_unsure(why: str, ev: dict[str, Any]) -> tuple[str, float, dict[str, Any]]:
    """A piece-sized shape that matches no piece is UNKNOWN; a tie between two pieces is UNSURE."""
    if why == "no_match":
        return UNKNOWN, 0.6, {**ev, "reason": "a piece-sized shape that matches no piece of this game"}
    return UNSURE, 0.3, {**ev, "reason": "two piece kinds match about equally"}


def disc_fit(mask: np.ndarray) -> tuple[float, float, float, float]:
    """``(cx, cy, radius, iou)``: the circle of the mask's area about its centroid and how well the mask
    fills it (intersection over union; 1 for a disc)."""
    ys, xs = np.nonzero(mask)
    if len(xs) < 10:
        return 0.0, 0.0, 0.0, 0.0
    cx, cy = float(xs.mean()), float(ys.mean())
    radius = float(np.sqrt(len(xs) / np.pi))
    y, x = np.mgrid[0:mask.shape[0], 0:mask.shape[1]]
    circle = np.hypot(x - cx, y - cy) <= radius
    iou = float((circle & mask).sum() / max(1, (circle | mask).sum()))
    return cx, cy, radius, iou


def within(mask: np.ndarray, cx: float, cy: float, radius: float) -> np.ndarray:
    """``mask`` restricted to the circle of ``radius`` about (cx, cy)."""
    y, x = np.mgrid[0:mask.shape[0], 0:mask.shape[1]]
    return mask & (np.hypot(x - cx, y - cy) <= radius)
