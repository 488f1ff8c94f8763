"""Shared board verification: read the registered answer's cells into a board, compare it with the
stored answer set and legal successors, measure the board's line work, the coordinate labels and any new
ink outside the board, and compute the five rubric dimensions (``data/rubrics/board_game.json``).

Pipeline (:func:`verify_board`), for a game verifier module ``verifiers/board_game/<game>.py``:

0. :func:`restore_washed_out`: a page washed out as a whole has its tones mapped back onto the input's first.
1. ``module.read_board(answer, input_image, record) -> BoardReading`` (default :func:`read_board`, by the
   layout's ``cell_kind``: :func:`read_stone_cells` for ``stone``/``disc``, :func:`read_mark_cells` for
   ``mark``). A reading holds one code per cell: a piece code, ``"."`` empty, :data:`UNSURE` (the reader
   cannot decide: needs review, charged as wrong) or :data:`UNKNOWN` (confidently something that is no
   piece of the game: ``unknown_piece``). Then, on a game with ``KEPT_PIECE_INK``, ink joined to its kept
   pieces (``puzzle_verify.account_kept_piece_ink``), and on every game whose reader does not read it itself
   (``FAINT_TIER``, default True) the faint tier (``puzzle_verify.account_faint_ink``, rubric 21: a soft grey
   mark under the game's own ink thresholds makes its cell unsure).
2. :func:`board_agreement`: share of the input's line-work points (and board-fill points) still present;
   below ``unreadable_below_agreement`` the answer is ``unreadable_board``.
3. ``module.compare(reading, record, layout)`` (default :func:`compare_boards`): the read board against
   the accepted boards and the legal successors' hashes -> ``no_change`` / ``wrong_move`` /
   ``illegal_move`` / ``wrong_final_board`` / ``changed_unrelated_pieces`` and the logic, preservation and
   completion fractions.
4. :func:`check_labels` (coordinate labels), :func:`extra_ink` (new marks outside the board and labels),
   ``module.extra_checks(record, reading, answer, input_image)`` (game rules such as ``floating_disc``).
5. :func:`board_score`: the weighted sum with the rubric's zeros and caps.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable, Sequence

import numpy as np

from genpuzzle.records import InstanceRecord, Status, Verdict, Violation
from genpuzzle.solvers.board_game.base import EMPTY, board_hash, cell_name, parse_board

UNSURE = "?"
UNKNOWN = "!"
DIMENSIONS = ("layout", "logical_correctness", "input_preservation", "text_label_accuracy", "task_completion")


@dataclass
class BoardReading:
    """Cells read from an answer: ``states[r][c]`` a piece code, ``"."``, :data:`UNSURE` or
    :data:`UNKNOWN`; ``confidence`` 0..1 per cell; ``evidence`` per cell (measurements, ``box``).
    ``not_covered``: rubric dimensions the reader cannot measure honestly on this answer (name ->
    reason), left to the judge; ``notes``: anything else worth reporting."""

    states: list[list[str]]
    confidence: list[list[float]]
    evidence: list[list[dict[str, Any]]] = field(default_factory=list)
    not_covered: dict[str, str] = field(default_factory=dict)
    notes: dict[str, Any] = field(default_factory=dict)

    def cells_with(self, state: str) -> list[tuple[int, int]]:
        return [(r, c) for r, row in enumerate(self.states) for c, s in enumerate(row) if s == state]


# ------------------------------------------------------------------------------------------ image helpers


def _rgb(image: np.ndarray) -> np.ndarray:
    a = np.asarray(image)
    if a.ndim == 2:
        a = np.stack([a] * 3, axis=2)
    return np.ascontiguousarray(a[:, :, :3], dtype=np.uint8)


def lab_image(image: np.ndarray) -> np.ndarray:
    """CIE L*a*b* (L 0..100) of an RGB uint8 image, float32."""
    import cv2

    return cv2.cvtColor(_rgb(image).astype(np.float32) / 255.0, cv2.COLOR_RGB2Lab)


def luma(image: np.ndarray) -> np.ndarray:
    import cv2

    return cv2.cvtColor(_rgb(image), cv2.COLOR_RGB2GRAY)


def _rgb_to_lab(rgb: Sequence[int]) -> np.ndarray:
    return lab_image(np.array([[rgb]], np.uint8))[0, 0]


@lru_cache(maxsize=16)
def _polar(size: int) -> tuple[np.ndarray, np.ndarray]:
    """Radius (in pixels) and angle (radians) of every pixel of a ``size`` x ``size`` crop about its centre."""
    c = (size - 1) / 2
    y, x = np.mgrid[0:size, 0:size]
    return np.hypot(x - c, y - c), np.arctan2(y - c, x - c)


def _crop(a: np.ndarray, cx: float, cy: float, half: int, fill: float = 255) -> np.ndarray:
    """Square crop of side 2*half+1 centred on (cx, cy), padded with ``fill`` outside the image."""
    H, W = a.shape[:2]
    x, y = int(round(cx)), int(round(cy))
    out_shape = (2 * half + 1, 2 * half + 1) + a.shape[2:]
    out = np.full(out_shape, fill, a.dtype)
    x0, y0, x1, y1 = x - half, y - half, x + half + 1, y + half + 1
    sx0, sy0, sx1, sy1 = max(0, x0), max(0, y0), min(W, x1), min(H, y1)
    if sx1 > sx0 and sy1 > sy0:
        out[sy0 - y0:sy1 - y0, sx0 - x0:sx1 - x0] = a[sy0:sy1, sx0:sx1]
    return out


def cell_boxes_px(layout: dict[str, Any], cells: Sequence[Sequence[int]]) -> list[list[int]]:
    return [[int(round(v)) for v in layout["cell_boxes"][r][c]] for r, c in cells]


def union_box(boxes: Sequence[Sequence[float]]) -> list[int]:
    return [int(min(b[0] for b in boxes)), int(min(b[1] for b in boxes)), int(max(b[2] for b in boxes)),
            int(max(b[3] for b in boxes))]


def cell_unchanged(answer: np.ndarray, input_image: np.ndarray, box: Sequence[float], shift: int = 3) -> float:
    """How unchanged the answer's crop ``box`` is from the input's: the best normalised cross-correlation
    over shifts of up to ``shift`` px (1.0 for flat crops that keep their mean grey within 12 levels).
    Glyph games use it first: a cell at >= 0.9 keeps its input piece."""
    import cv2

    a, i = luma(answer), luma(input_image)
    x0, y0, x1, y1 = (int(round(v)) for v in box)
    H, W = i.shape
    x0, y0, x1, y1 = max(0, x0), max(0, y0), min(W, x1), min(H, y1)
    ref = i[y0:y1, x0:x1].astype(np.float32)
    if ref.size < 16:
        return 0.0
    sx0, sy0, sx1, sy1 = max(0, x0 - shift), max(0, y0 - shift), min(W, x1 + shift), min(H, y1 + shift)
    search = a[sy0:sy1, sx0:sx1].astype(np.float32)
    if ref.std() < 4:
        patch = a[y0:y1, x0:x1].astype(np.float32)
        return 1.0 if abs(float(patch.mean()) - float(ref.mean())) < 12 and patch.std() < 12 else 0.0
    scores = cv2.matchTemplate(search, ref, cv2.TM_CCOEFF_NORMED)
    return float(np.nan_to_num(scores).max())


# ------------------------------------------------------------------------------------------ stone reader


STONE_CORE = 0.22  # core disc radius (x pitch) whose median colour classifies a stone or an empty point
RING = (0.24, 0.5)  # annulus (x pitch) where an outline-only stone's ring is looked for (see below)
RING_COVER = 0.85  # share of angle bins with dark ink in the annulus that makes a ring
MARGIN_UNSURE = 0.25  # (d2 - d1) / (d2 + d1) below this: unsure between the two nearest classes
OPEN_SET_DE = 38.0  # a core colour farther than this (Delta E) from every class is no piece of the game
PROTO_CLUSTER_DE = 12.0  # a class's cells whose answer cores lie this close (Delta E) to their median share a shade ...
PROTO_CLUSTER_SHARE = 0.6  # ... taken as the class's own when this share of its cells does (a recoloured board)


def read_stone_cells(answer: np.ndarray, input_image: np.ndarray, layout: dict[str, Any],
                     position: Sequence[Sequence[str]]) -> BoardReading:
    """Read stones/discs by the median L*a*b* colour of a core disc at every cell centre, classified
    against per-class prototypes: each class's prototype is measured on the *answer* at the cells the
    input shows with that class and that still look most like it (at least 3 such cells; else on the
    input, else the renderer's palette),
    so a redrawn board with other wood, stone or disc shades reads by its own colours. Open set: a core
    far from every class is :data:`UNKNOWN`; a near tie is :data:`UNSURE`. On boards with a
    ``hollow_code`` (go, gomoku, othello: white stones may be redrawn as outlines), a core reading empty
    with a dark ring around it (an outline-only stone) reads as that code."""
    rows, cols, pitch = layout["rows"], layout["cols"], float(layout["cell_px"])
    a_lab, i_lab = lab_image(answer), lab_image(input_image)
    a_luma = luma(answer)
    half = max(3, int(round(0.5 * pitch)))
    radius, angle = _polar(2 * half + 1)
    core = radius <= STONE_CORE * pitch
    if layout.get("lines_through_centres"):
        # the line arms cross the centre (and a thick redrawn cross fills a small core): sample the four
        # diagonal wedges between them instead
        off_axis = np.abs(((np.degrees(angle) % 90) - 45)) <= 15
        core = off_axis & (radius >= 0.2 * pitch) & (radius <= 0.32 * pitch)
    # where an outline-only stone's ring lies: about the drawn stone's radius, and on square cells inside
    # 0.44 pitch, so a thick grid line along the cell's sides is no ring
    piece = float(layout.get("piece_radius", 0.45 * pitch))
    outer = min(RING[1] * pitch, 1.08 * piece)
    if not layout.get("lines_through_centres"):
        outer = min(outer, 0.44 * pitch)
    annulus = (radius >= RING[0] * pitch) & (radius <= outer)
    bins = ((angle[annulus] + np.pi) / (2 * np.pi) * 48).astype(int) % 48
    centers = layout["cell_centers"]

    def core_colour(lab: np.ndarray, r: int, c: int) -> np.ndarray:
        crop = _crop(lab, centers[r][c][0], centers[r][c][1], half, fill=0)
        return np.median(crop[core], axis=0)

    a_cores = np.array([[core_colour(a_lab, r, c) for c in range(cols)] for r in range(rows)])
    codes = [EMPTY] + [k for k in layout["palette"] if k != EMPTY]
    base = {}
    for k in codes:  # what the input shows for each class (the renderer's palette when it shows none)
        where = [(r, c) for r in range(rows) for c in range(cols) if position[r][c] == k]
        base[k] = (np.median([core_colour(i_lab, r, c) for r, c in where], axis=0) if where
                   else _rgb_to_lab(layout["palette"][k]))
    B = np.array([base[k] for k in codes])
    protos = {}
    for i, k in enumerate(codes):
        # the answer's own shade of class k: its cores at the input's k cells that still look most like k
        # (cells the move changed drop out), when at least 3 remain
        where = [a_cores[r, c] for r in range(rows) for c in range(cols) if position[r][c] == k]
        kept = [x for x in where if int(np.argmin(np.linalg.norm(B - x[None], axis=1))) == i]
        if len(kept) < 3 and len(where) >= 3:
            # a board recoloured so far that its own colour now lies nearer another class of the input
            # (othello's green turned teal: nearer the white discs): the class's shade is still the one
            # most of its cells share on the answer, when they share it closely
            # (and one no other class's cells share: outline-only white stones show the board's own wood)
            centre = np.median(where, axis=0)
            kept = [x for x in where if float(np.linalg.norm(x - centre)) <= PROTO_CLUSTER_DE]
            others = [np.median([a_cores[r, c] for r in range(rows) for c in range(cols) if position[r][c] == j], axis=0)
                      for j in codes if j != k and any(position[r][c] == j for r in range(rows) for c in range(cols))]
            if len(kept) < max(3, PROTO_CLUSTER_SHARE * len(where)) or \
                    any(float(np.linalg.norm(centre - o)) <= 2 * PROTO_CLUSTER_DE for o in others):
                kept = []
        protos[k] = np.median(kept, axis=0) if len(kept) >= 3 else base[k]
    names = list(protos)
    P = np.array([protos[k] for k in names])
    hollow = layout.get("hollow_code")

    def ring_cover(lum: np.ndarray, r: int, c: int) -> float:
        crop = _crop(lum, centers[r][c][0], centers[r][c][1], half).astype(np.float32)
        dark = crop[annulus] < float(np.median(crop[core])) - 50
        return float(len(np.unique(bins[dark])) / 48) if dark.any() else 0.0

    # rings mean outline-only stones only where the input's empty cells have none (not connect-four holes)
    empties = [(r, c) for r in range(rows) for c in range(cols) if position[r][c] == EMPTY][:12]
    i_luma = luma(input_image)
    rings_possible = bool(hollow) and (not empties or
                                       float(np.median([ring_cover(i_luma, r, c) for r, c in empties])) < 0.4)
    states, conf, evidence = [], [], []
    for r in range(rows):
        srow, crow, erow = [], [], []
        for c in range(cols):
            col = a_cores[r, c]
            d = np.linalg.norm(P - col[None], axis=1)
            order = np.argsort(d)
            k1, d1, d2 = names[order[0]], float(d[order[0]]), float(d[order[1]]) if len(d) > 1 else 1e9
            margin = (d2 - d1) / (d2 + d1 + 1e-6)
            ev: dict[str, Any] = {"core_lab": [round(float(v), 1) for v in col], "nearest": k1,
                                  "delta_e": round(d1, 1), "margin": round(margin, 3),
                                  "box": [round(v) for v in layout["cell_boxes"][r][c]]}
            if rings_possible and (k1 == EMPTY or d1 > OPEN_SET_DE):
                cover = ring_cover(a_luma, r, c)
                ev["ring_cover"] = round(cover, 3)
                if cover >= RING_COVER and d1 <= OPEN_SET_DE:
                    srow.append(hollow)
                    crow.append(0.75)
                    erow.append({**ev, "reason": "outline-only stone"})
                    continue
            if d1 > OPEN_SET_DE:
                state, cf = UNKNOWN, min(1.0, 0.6 + (d1 - OPEN_SET_DE) / 50)
            elif margin < MARGIN_UNSURE:
                state, cf = UNSURE, 0.3
            else:
                state, cf = k1, min(1.0, 0.6 + margin)
            srow.append(state)
            crow.append(round(cf, 3))
            erow.append(ev)
        states.append(srow)
        conf.append(crow)
        evidence.append(erow)
    from genpuzzle.verifiers.board_game.glyphs import account_board_ink

    return account_board_ink(BoardReading(states, conf, evidence), answer, input_image, layout, position)


# ------------------------------------------------------------------------------------------ X/O reader


MARK_INK = 80  # darkness (most darkened channel, vs the board's paper) of a mark's ink
MARK_RING_INNER = 0.18  # x pitch: the inside of an O, empty of ink ...
MARK_RING_MAX = 0.5  # ... lets a ring read O up to this share of ink (a mass of ink from 0.35 otherwise)


def read_mark_cells(answer: np.ndarray, layout: dict[str, Any], codes: tuple[str, str] = ("X", "O"),
                    input_image: np.ndarray | None = None, position: Sequence[Sequence[str]] | None = None
                    ) -> BoardReading:
    """Read X / O / empty by where the ink lies about the cell centre (colour ignored): an X has ink at
    the centre and along the four diagonals, little along the axes; an O is a ring (ink at >= 80 % of the
    directions, none at the centre). Very little ink reads empty; a mass of ink (>= 35 % of the cell) is
    :data:`UNKNOWN`, unless it is a ring whose inside (MARK_RING_INNER pitch) is empty: an O drawn with a fat
    pen, up to MARK_RING_MAX; anything else is :data:`UNSURE`. A straight stroke running from the centre out of
    the cell (a line through three in a row, an arrow ending on the cell) is left out of the measurements
    first; X arms hidden by it are not asked for."""
    rgb = _rgb(answer).astype(np.int16)
    x0, y0, x1, y1 = (int(v) for v in layout["board_bbox"])
    region = rgb[max(0, y0):y1, max(0, x0):x1].reshape(-1, 3)
    paper = np.percentile(region, 90, axis=0) if region.size else np.array([255, 255, 255])
    dark = np.clip(paper[None, None, :] - rgb, 0, 255).max(axis=2).astype(np.uint8)
    pitch = float(layout["cell_px"])
    half = int(round(0.42 * pitch))
    radius, angle = _polar(2 * half + 1)
    rn = radius / pitch
    deg = np.degrees(angle) % 360
    diag_dist = np.abs(((deg - 45) % 90) - 45)  # 0 on a diagonal, 45 on an axis
    centre = rn <= 0.08
    inner = rn <= MARK_RING_INNER
    disc = rn <= 0.42
    wedge_r = (rn >= 0.15) & (rn <= 0.4)
    diag = wedge_r & (diag_dist >= 30)  # within 15 deg of a diagonal
    axis = wedge_r & (diag_dist <= 15)
    quadrant = (((deg - 45 + 45) % 360) // 90).astype(int)  # 0..3: one per diagonal arm
    ring = (rn >= 0.12) & (rn <= 0.42)
    all_bins = (deg / 10).astype(int) % 36
    size = 2 * half + 1
    yy, xx = np.mgrid[0:size, 0:size] - half
    # a straight stroke crossing the whole cell through its centre (a line through three in a row, an
    # arrow): its band is left out of every measurement, so the mark under it still reads
    rays = []
    for theta in range(0, 360, 45):
        t = np.radians(theta)
        across = np.abs(-np.sin(t) * xx + np.cos(t) * yy)  # distance from the line through the centre
        along = np.cos(t) * xx + np.sin(t) * yy
        rays.append((theta, (across <= 0.07 * pitch) & (along >= -0.07 * pitch), along,
                     (across <= 1.5) & (along >= 0)))
    states, conf, evidence = [], [], []
    for r in range(layout["rows"]):
        srow, crow, erow = [], [], []
        for c in range(layout["cols"]):
            cx, cy = layout["cell_centers"][r][c]
            ink = _crop(dark, cx, cy, half, fill=0) >= MARK_INK
            seen = np.ones_like(ink)
            through = []
            for theta, band, along, core_line in rays:  # strokes from the centre out past the cell's mark
                spots = np.round(along[core_line]).astype(int)
                if len(np.unique(spots[ink[core_line]])) >= 0.92 * (np.ptp(spots) + 1):
                    seen &= ~band
                    through.append(theta)

            def share(region: np.ndarray) -> float | None:
                m = region & seen
                return float(ink[m].mean()) if m.any() else None

            observed_bins = np.unique(all_bins[ring & seen])
            inked_bins = np.unique(all_bins[ring & seen & ink])
            centre_ink = share(centre) if (centre & seen).sum() >= 0.5 * centre.sum() else None  # else hidden
            arms = [share(diag & (quadrant == q)) for q in range(4)
                    if (diag & (quadrant == q) & seen).sum() >= 0.5 * (diag & (quadrant == q)).sum()]
            f = {
                "ink": share(disc) or 0.0, "diagonal": share(diag) or 0.0, "axis": share(axis) or 0.0,
                "arms": min(arms) if len(arms) >= 2 else 0.0,
                "ring": len(inked_bins) / max(1, len(observed_bins)),
            }
            ev = {k: round(v, 3) for k, v in f.items()}
            ev["centre"] = None if centre_ink is None else round(centre_ink, 3)
            ev["box"] = [round(v) for v in layout["cell_boxes"][r][c]]
            if through:
                ev["strokes_through_deg"] = through
            centre_x = centre_ink is None or centre_ink >= 0.3
            centre_o = centre_ink is None or centre_ink <= 0.05
            # an O drawn with a fat pen (a 0.1-pitch marker) covers over 0.35 of the cell, yet its inside is empty
            inner_ink = share(inner)
            hollow_o = inner_ink is not None and inner_ink <= 0.05
            ev["inner"] = None if inner_ink is None else round(inner_ink, 3)
            if f["ink"] < 0.006:
                state, cf = EMPTY, 0.6 + 0.4 * min(1.0, (0.006 - f["ink"]) / 0.004)
            elif centre_x and f["arms"] >= 0.08 and f["diagonal"] >= 2.5 * f["axis"]:
                state, cf = codes[0], 0.6 + 0.4 * min(1.0, f["arms"] / 0.2, (f["diagonal"] - 2.5 * f["axis"]) / 0.2)
            elif f["ring"] >= 0.8 and centre_o and (f["ink"] < 0.35 or (f["ink"] < MARK_RING_MAX and hollow_o)):
                state, cf = codes[1], 0.6 + 0.4 * min(1.0, (f["ring"] - 0.8) / 0.15)
            elif f["ink"] >= 0.35:
                state, cf = UNKNOWN, 0.8
            else:
                state, cf = UNSURE, 0.3
            if through:
                cf = min(cf, 0.8)
            srow.append(state)
            crow.append(round(cf, 3))
            erow.append(ev)
        states.append(srow)
        conf.append(crow)
        evidence.append(erow)
    reading = BoardReading(states, conf, evidence)
    if input_image is None or position is None:
        return reading
    from genpuzzle.verifiers.board_game.glyphs import account_board_ink

    return account_board_ink(reading, answer, input_image, layout, position)


def read_board(answer: np.ndarray, input_image: np.ndarray, record: InstanceRecord) -> BoardReading:
    """The default reader, by ``layout.cell_kind`` (stone/disc: colour; mark: X/O shape)."""
    layout = record.layout
    kind = layout["cell_kind"]
    if kind in ("stone", "disc"):
        return read_stone_cells(answer, input_image, layout, parse_board(record.ground_truth["position"]))
    if kind == "mark":
        return read_mark_cells(answer, layout, ("X", "O"), input_image, parse_board(record.ground_truth["position"]))
    raise ValueError(f"no shared reader for cell kind {kind!r}: the game's verifier must define read_board")


# ------------------------------------------------------------------------------------------ board measures


LINE_CONTRAST = 40  # a line point is present when its darkest pixel is this much darker than around it
FILL_DE = 40.0  # a board-fill point keeps its colour within this Delta E of the input's


def board_agreement(answer: np.ndarray, input_image: np.ndarray, layout: dict[str, Any]) -> dict[str, Any]:
    """Share of the board's line-work points with a line still there (the darkest pixel within
    ~0.08 pitch at least LINE_CONTRAST darker than the lightest within 0.25 pitch: thicker, thinner or
    recoloured lines count) and of its board-fill points keeping the input's colour (Delta E).

    A line point that the input draws as a light seam between two dark fills (the grid line between two
    sokoban wall cells) is left out: a heavier pen closes the seam, and the fills on both sides are the
    cells' business, not line work."""
    import cv2

    pitch = float(layout["cell_px"])
    g = luma(answer)
    gi = luma(input_image).astype(np.int16)
    near = max(3, int(round(0.08 * pitch)))
    wide = max(near + 2, int(round(0.25 * pitch)))
    darkest = cv2.erode(g, np.ones((2 * near + 1, 2 * near + 1), np.uint8))
    lightest = cv2.dilate(g, np.ones((2 * wide + 1, 2 * wide + 1), np.uint8))
    H, W = g.shape

    def seam(xi: int, yi: int) -> bool:
        here = int(gi[yi, xi]) - LINE_CONTRAST
        across = ((gi[yi, max(0, xi - near)], gi[yi, min(W - 1, xi + near)]),
                  (gi[max(0, yi - near), xi], gi[min(H - 1, yi + near), xi]))
        return any(int(p) <= here and int(q) <= here for p, q in across)

    present, total, missing = 0, 0, []
    for x, y in layout.get("line_points", []):
        xi, yi = min(W - 1, max(0, int(round(x)))), min(H - 1, max(0, int(round(y))))
        if seam(xi, yi):
            continue
        total += 1
        if int(lightest[yi, xi]) - int(darkest[yi, xi]) >= LINE_CONTRAST:
            present += 1
        else:
            missing.append([xi, yi])
    fills = layout.get("fill_points", [])
    if fills:
        a_lab, i_lab = lab_image(answer), lab_image(input_image)
        for x, y in fills:
            xi, yi = min(W - 1, max(0, int(round(x)))), min(H - 1, max(0, int(round(y))))
            a = np.median(a_lab[max(0, yi - 2):yi + 3, max(0, xi - 2):xi + 3].reshape(-1, 3), axis=0)
            i = np.median(i_lab[max(0, yi - 2):yi + 3, max(0, xi - 2):xi + 3].reshape(-1, 3), axis=0)
            total += 1
            if float(np.linalg.norm(a - i)) <= FILL_DE:
                present += 1
            else:
                missing.append([xi, yi])
    share = present / total if total else 1.0
    return {"agreement": round(share, 4), "points": total, "missing_points": missing[:50]}


LABEL_NCC = 0.7  # a label crop at least this correlated with the input's (best shift) is unchanged
LABEL_SHIFT = 4
STROKE_STEPS = (1, 2)  # px per side the input's dark strokes are made bolder by (a thinner pen: see below)


def stroke_variants(grey: np.ndarray, steps: Sequence[int] = STROKE_STEPS) -> list[np.ndarray]:
    """The lightness image as drawn (first) and with every dark stroke made bolder (a min filter,
    ``+k``: k px more per side) or thinner (a max filter, ``-k``): a model redrawing the page with a
    heavier or lighter pen draws the same strokes at another weight."""
    import cv2

    out = [grey]
    for k in steps:
        kernel = np.ones((2 * abs(k) + 1, 2 * abs(k) + 1), np.uint8)
        out.append(cv2.erode(grey, kernel) if k > 0 else cv2.dilate(grey, kernel))
    return out


def best_ncc(search: np.ndarray, refs: Sequence[np.ndarray]) -> float:
    """The best normalised cross-correlation of any of ``refs`` anywhere in ``search`` (a flat reference
    or one larger than ``search`` scores 0)."""
    import cv2

    search = search.astype(np.float32)
    best = 0.0
    for ref in refs:
        ref = ref.astype(np.float32)
        if ref.size < 16 or ref.std() <= 1 or search.shape[0] < ref.shape[0] or search.shape[1] < ref.shape[1]:
            continue
        best = max(best, float(np.nan_to_num(cv2.matchTemplate(search, ref, cv2.TM_CCOEFF_NORMED)).max()))
    return best


def _clip_box(box: Sequence[float], shape: Sequence[int], pad: int = 0) -> tuple[int, int, int, int]:
    H, W = shape[:2]
    x0, y0, x1, y1 = (int(round(v)) for v in box)
    return max(0, x0 - pad), max(0, y0 - pad), min(W, x1 + pad), min(H, y1 + pad)


def stroke_tolerant_ncc(answer_grey: np.ndarray, input_variants: Sequence[np.ndarray], box: Sequence[float],
                        shift: int) -> float:
    """The best normalised cross-correlation of the answer's crop ``box`` (searched over shifts of up to
    ``shift`` px) with the same crop of any of ``input_variants`` (:func:`stroke_variants`): the crop is
    unchanged up to stroke weight."""
    x0, y0, x1, y1 = _clip_box(box, answer_grey.shape)
    sx0, sy0, sx1, sy1 = _clip_box((x0, y0, x1, y1), answer_grey.shape, shift)
    return best_ncc(answer_grey[sy0:sy1, sx0:sx1], [v[y0:y1, x0:x1] for v in input_variants])


LABEL_BLUR = (0.8, 1.5)  # sigmas (px) of the blurred copies of the input the labels are also compared with
LABEL_MARGIN = 0.02  # a kept label matches its own input crop by this much better than any other label's
LABEL_OTHER_NCC = 0.85  # ... and a label matching another label's crop this well (and by 0.1 better than
# its own) now shows that label's text: a sure change


ERASED_CONTRAST = 0.25  # a label keeping less than this share of its ink's contrast with the paper is erased


def _contrast(grey: np.ndarray) -> float:
    """Paper (90th percentile) minus ink (2nd percentile) of a crop: a thin stroke blurred by resampling
    keeps part of it, an erased label next to none."""
    return float(np.percentile(grey, 90) - np.percentile(grey, 2)) if grey.size else 0.0


LABEL_NEAR = 0.95  # a label matching its own crop this well ...
LABEL_RESIDUAL = 1.3  # ... is kept when every other label's residual (1 - ncc) is this many times its own
LABEL_TWINS = 0.97  # two labels whose input crops correlate this well at the page's weight are one shape there


def check_labels(answer: np.ndarray, input_image: np.ndarray, layout: dict[str, Any]) -> dict[str, Any]:
    """Each coordinate label against the input, read by value with the input's own labels as templates
    (each at its drawn stroke weight and bolder or thinner, :func:`stroke_variants`): ``kept`` when its
    own input crop matches (correlation >= LABEL_NCC at the best shift of up to LABEL_SHIFT px) clearly
    better than every other label's (a "6" redrawn as an "8" correlates well with the "6" too);
    ``erased`` (less than ERASED_CONTRAST of its ink's contrast left) and ``replaced`` (it matches another label's text
    far better than its own): sure changes; else ``redrawn`` (another font or another text; not
    decidable here, left to the judge).

    The page's weight is the variant the labels as a whole match best. Two labels that are one shape at
    that weight (an "i" and an "l" 1 px bolder: the dot joins the stem) cannot tell each other apart on
    this page; such a label is ``kept`` when it matches its own crop at the page's weight and no label of
    another shape matches better (it is listed in ``twins``: the page cannot show a swap between them)."""
    import cv2

    a, i = luma(answer), luma(input_image)
    # at its stroke weight and as a resampled, rotated or JPEG'd page blurs it
    # (and 1 px bolder blurred: a heavier pen on a resampled page)
    bolder = stroke_variants(i, (1,))[1]
    variants = (stroke_variants(i) + [cv2.GaussianBlur(bolder, (0, 0), sigma) for sigma in LABEL_BLUR]
                + [cv2.GaussianBlur(i, (0, 0), sigma) for sigma in LABEL_BLUR])
    labels = layout.get("labels", [])
    slot = 0.3 * float(layout["cell_px"])
    out = {"kept": [], "erased": [], "replaced": [], "redrawn": [], "twins": []}
    centres = [((b[0] + b[2]) / 2, (b[1] + b[3]) / 2) for b in (lab["box"] for lab in labels)]
    seen = []
    for n, label in enumerate(labels):
        # the window spans the label's whole row (column) of labels across: an "n" is no truncated "h"
        cx, cy = centres[n]
        row = [lab["box"] for lab, (ox, oy) in zip(labels, centres) if abs(oy - cy) <= slot]
        col = [lab["box"] for lab, (ox, oy) in zip(labels, centres) if abs(ox - cx) <= slot]
        x0, y0, x1, y1 = label["box"]
        if len(row) > 1:
            y0, y1 = min(b[1] for b in row), max(b[3] for b in row)
        if len(col) > 1:
            x0, x1 = min(b[0] for b in col), max(b[2] for b in col)
        x0, y0, x1, y1 = _clip_box((x0, y0, x1, y1), i.shape, 2)
        sx0, sy0, sx1, sy1 = _clip_box((x0, y0, x1, y1), i.shape, LABEL_SHIFT)
        search = a[sy0:sy1, sx0:sx1]
        seen.append(((x0, y0, x1, y1), search, [best_ncc(search, [v[y0:y1, x0:x1]]) for v in variants]))
    # the page's weight: the variant the labels as a whole match best
    page_variant = int(np.argmax(np.median([w for _, _, w in seen], axis=0))) if seen else 0
    for n, label in enumerate(labels):
        (x0, y0, x1, y1), search, per_weight = seen[n]
        cx, cy = centres[n]
        own = max(per_weight)

        def best_other(variant: np.ndarray) -> tuple[float, str | None, tuple[int, int, int, int] | None]:
            """The best other label's crop, at ``variant``, seen through this label's window."""
            best: tuple[float, str | None, tuple[int, int, int, int] | None] = (0.0, None, None)
            for lab, (ox, oy) in zip(labels, centres):
                if lab["text"] == label["text"]:
                    continue
                # the other label's slot seen through this label's window (same row: shifted along x only;
                # a label of the other axis: centred alike)
                dx, dy = int(round(ox - cx)), int(round(oy - cy))
                if min(abs(dx), abs(dy)) <= slot:
                    dx, dy = (dx, 0) if abs(dy) <= slot else (0, dy)
                tx0, ty0, tx1, ty1 = _clip_box((x0 + dx, y0 + dy, x1 + dx, y1 + dy), i.shape)
                if (tx1 - tx0, ty1 - ty0) != (x1 - x0, y1 - y0):
                    continue
                score = best_ncc(search, [variant[ty0:ty1, tx0:tx1]])
                if score > best[0]:
                    best = (score, lab["text"], (tx0, ty0, tx1, ty1))
            return best

        # the other labels are compared at the answer's weight
        other, other_text, other_window = best_other(variants[per_weight.index(own)])
        entry = {"text": label["text"], "box": [int(x0), int(y0), int(x1), int(y1)], "ncc": round(own, 3),
                 "other_ncc": round(other, 3), "other_text": other_text}
        clear = own >= LABEL_NCC and own >= other + LABEL_MARGIN
        if not clear and own >= LABEL_NEAR and other < own and (1 - other) >= LABEL_RESIDUAL * (1 - own):
            # a near-exact match (bolder and JPEG'd: an "a" 0.974, the "e" 0.957) is decided by the residuals:
            # the other label leaves LABEL_RESIDUAL times more unexplained than the label's own crop
            clear = True
            entry["decided_by"] = "residual"
        blurs = range(len(variants) - len(LABEL_BLUR), len(variants))
        if not clear and own >= LABEL_NCC and per_weight.index(own) in blurs:
            # a close call at the best blur (an "i" and a "j" both blurred 1.5 px: 0.931 / 0.916) may be
            # clear at the other blur if it matches the label as well (0.8 px: 0.925 / 0.875)
            for k in blurs:
                score = per_weight[k]
                if k != per_weight.index(own) and score >= max(LABEL_NCC, own - LABEL_MARGIN):
                    o = best_other(variants[k])
                    if score >= o[0] + LABEL_MARGIN:
                        clear = True
                        entry["decided_at_weight"] = k
                        break
        twin = False
        if not clear and own >= LABEL_NCC and page_variant == 1 and other_window is not None:
            # on a page 1 px bolder the two may have become one shape (an "i" and an "l": the dot joins the
            # stem); then only a label of another shape matching better would be a change. Not on blurred
            # pages (blurred 1.5 px an "a" and an "e" correlate 0.97: a swap there is still a swap) nor 2 px
            # bolder (e/o, 6/8 merge): those stay undecided
            at_page = variants[page_variant]
            tx0, ty0, tx1, ty1 = other_window
            mine, theirs = at_page[y0:y1, x0:x1], at_page[ty0:ty1, tx0:tx1]
            pad = cv2.copyMakeBorder(theirs, LABEL_SHIFT, LABEL_SHIFT, LABEL_SHIFT, LABEL_SHIFT, cv2.BORDER_REPLICATE)
            twin = (best_ncc(pad, [mine]) >= LABEL_TWINS and per_weight[page_variant] >= own - LABEL_MARGIN
                    and per_weight[page_variant] >= LABEL_NCC)
            if twin:
                rest = 0.0  # the best label of another shape than the twin
                for lab, (ox, oy) in zip(labels, centres):
                    if lab["text"] in (label["text"], other_text):
                        continue
                    dx, dy = int(round(ox - cx)), int(round(oy - cy))
                    if min(abs(dx), abs(dy)) <= slot:
                        dx, dy = (dx, 0) if abs(dy) <= slot else (0, dy)
                    bx0, by0, bx1, by1 = _clip_box((x0 + dx, y0 + dy, x1 + dx, y1 + dy), i.shape)
                    if (bx1 - bx0, by1 - by0) == (x1 - x0, y1 - y0):
                        rest = max(rest, best_ncc(search, [at_page[by0:by1, bx0:bx1]]))
                twin = per_weight[page_variant] >= rest + LABEL_MARGIN
        if clear or twin:
            out["kept"].append(entry)
            if twin:
                out["twins"].append(entry)
        elif other >= LABEL_OTHER_NCC and other >= own + 0.1:
            out["replaced"].append(entry)
        elif _contrast(a[y0:y1, x0:x1]) < ERASED_CONTRAST * max(1.0, _contrast(i[y0:y1, x0:x1])):
            out["erased"].append(entry)
        else:
            out["redrawn"].append(entry)
    return out


EXTRA_DIFF = 70  # an answer pixel this much darker than the input's (away from the input's ink) is new ink


def extra_ink_components(answer: np.ndarray, input_image: np.ndarray, layout: dict[str, Any]) -> list[dict[str, Any]]:
    """Every component of new ink outside the board and the coordinate labels (captions, notes, scribbles):
    answer much darker than the input and (since rubric 17) than the page's own paper about it (a shadow
    over the margin is no ink), more than ~0.06 pitch away from the input's ink, after a 2x2 opening
    (single-pixel noise). ``[{box, area}]``, area in pixels."""
    import cv2

    a, i = luma(answer).astype(np.int16), luma(input_image).astype(np.int16)
    pitch = float(layout["cell_px"])
    tol = max(2, int(round(0.06 * pitch)))
    near_ink = cv2.dilate((i < 160).astype(np.uint8), np.ones((2 * tol + 1, 2 * tol + 1), np.uint8))
    # a shadow or uneven light darkens the paper smoothly: ink is darker than the page's own paper about it too
    # (the answer closed over EXTRA_PAPER pitch, which fills strokes and keeps the shading)
    # (at a quarter of the size: the paper is smooth)
    small = cv2.resize(a.astype(np.uint8), (max(1, a.shape[1] // 4), max(1, a.shape[0] // 4)), interpolation=cv2.INTER_AREA)
    k = max(3, int(round(EXTRA_PAPER * pitch / 4)) | 1)
    paper = cv2.morphologyEx(small, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
    paper = cv2.resize(paper, (a.shape[1], a.shape[0]), interpolation=cv2.INTER_LINEAR).astype(np.int16)
    new = ((i - a) >= EXTRA_DIFF) & ((paper - a) >= EXTRA_DIFF // 2) & (near_ink == 0)
    keep_out = np.zeros_like(near_ink)
    bx0, by0, bx1, by1 = (int(v) for v in layout["board_bbox"])
    p = max(2, int(round(0.1 * pitch)))
    keep_out[max(0, by0 - p):by1 + p, max(0, bx0 - p):bx1 + p] = 1
    for label in layout.get("labels", []):
        x0, y0, x1, y1 = label["box"]
        keep_out[max(0, y0 - p):y1 + p, max(0, x0 - p):x1 + p] = 1
    edge = max(4, int(0.01 * max(new.shape)))  # registration leaves slivers of the answer's border here
    keep_out[:edge] = keep_out[-edge:] = 1
    keep_out[:, :edge] = keep_out[:, -edge:] = 1
    new &= keep_out == 0
    new = cv2.morphologyEx(new.astype(np.uint8), cv2.MORPH_OPEN, np.ones((2, 2), np.uint8))
    count, _, stats, _ = cv2.connectedComponentsWithStats(new, connectivity=8)
    return [{"box": [int(s[0]), int(s[1]), int(s[0] + s[2]), int(s[1] + s[3])], "area": int(s[cv2.CC_STAT_AREA])}
            for s in stats[1:count]]


EXTRA_PAPER = 1.5  # x pitch: the page's paper about a pixel is its answer closed over this (strokes and blobs up to
# this size filled; a shadow's shading, which changes by ~20 levels over it, kept)
EXTRA_MIN_AREA = 0.002  # of a cell (at least EXTRA_MIN_PX): a smaller component of new ink in the margin is noise
EXTRA_MIN_PX = 6  # ... a speck a 2x2 opening leaves (JPEG 20, blur, tilt, model_like pages leave none in the margin)


def extra_ink(answer: np.ndarray, input_image: np.ndarray, layout: dict[str, Any]) -> list[list[int]]:
    """Boxes of the new ink components outside the board and the coordinate labels
    (:func:`extra_ink_components`) of at least EXTRA_MIN_AREA of a cell: before rubric 14 the floor was 2 %
    of a cell, and a dot, tick or "7" of 0.1 pitch beside the board passed."""
    pitch = float(layout["cell_px"])
    min_area = max(EXTRA_MIN_PX, EXTRA_MIN_AREA * pitch * pitch)
    return [c["box"] for c in extra_ink_components(answer, input_image, layout) if c["area"] >= min_area]


# ------------------------------------------------------------------------------------------ comparison


@dataclass
class Comparison:
    """The read board judged against the stored answer set: ``outcome`` (accepted, no_change,
    wrong_move, wrong_final_board, illegal_move), the violations and the logic, preservation and
    completion fractions (0..1). ``target`` is the accepted board closest to the reading."""

    outcome: str
    violations: list[Violation]
    logic: float
    preservation: float
    completion: float
    target: list[list[str]] | None = None


def _cells_violation(code: str, message: str, cells: Sequence[Sequence[int]], layout: dict[str, Any],
                     **evidence: Any) -> Violation:
    rows = layout["rows"]
    boxes = cell_boxes_px(layout, cells)
    ev = {"cells": [cell_name(r, c, rows) for r, c in cells], "boxes": boxes, **evidence}
    if boxes:
        ev["bbox"] = union_box(boxes)
    return Violation(code, message, ev)


LOGIC = {"accepted": 1.0, "wrong_move": 1 / 3, "wrong_final_board": 1 / 3, "illegal_move": 0.0, "no_change": 0.0}


def compare_boards(reading: BoardReading, record: InstanceRecord, layout: dict[str, Any]) -> Comparison:
    """Judge the read board against the ground truth (``accepted`` boards and ``legal_successors``
    hashes). Rules are judged giving unsure cells the benefit of the doubt (they take the closest accepted
    board's code); preservation and completion charge them as wrong. Order:

    - equal to the input: ``no_change``;
    - an accepted board: correct;
    - a legal successor: ``wrong_move``;
    - otherwise, against the closest accepted board A: cells changed where A keeps the input are
      *unrelated* changes; with those put back, an accepted board means the right move plus
      ``changed_unrelated_pieces``, a legal successor a ``wrong_move`` plus ``changed_unrelated_pieces``;
      the accepted move's own cells shown but its consequences wrong (missing captures/flips, removals)
      is ``wrong_final_board``; anything else is an ``illegal_move``.
    """
    truth = record.ground_truth
    rows = layout["rows"]
    position = parse_board(truth["position"])
    read = reading.states
    accepted = [(parse_board(a["board"]), a) for a in truth["accepted"]]
    accepted_hashes = {a["hash"] for a in truth["accepted"]}
    legal = {h: (m, cells) for m, h, cells in truth["legal_successors"]}
    R, C = len(position), len(position[0])
    all_cells = [(r, c) for r in range(R) for c in range(C)]

    def mismatches(board: list[list[str]]) -> int:
        return sum(read[r][c] != UNSURE and read[r][c] != board[r][c] for r, c in all_cells)

    target, entry = min(accepted, key=lambda t: mismatches(t[0]))
    doubt = [[target[r][c] if read[r][c] == UNSURE else read[r][c] for c in range(C)] for r in range(R)]
    keep = [(r, c) for r, c in all_cells if target[r][c] == position[r][c]]
    required = [(r, c) for r, c in all_cells if target[r][c] != position[r][c]]
    preserved = sum(read[r][c] == position[r][c] for r, c in keep) / len(keep) if keep else 1.0
    present = sum(read[r][c] == target[r][c] for r, c in required)
    completion = 1.0 if present == len(required) else (0.5 if present else 0.0)
    violations: list[Violation] = []
    h = board_hash(doubt)

    def result(outcome: str) -> Comparison:
        return Comparison(outcome, violations, LOGIC[outcome], preserved, completion, target)

    if doubt == position:
        violations.append(Violation("no_change", "the board is unchanged: no move is shown",
                                    {"bbox": [int(v) for v in layout["board_bbox"]]}))
        return Comparison("no_change", violations, 0.0, 0.0, 0.0, target)
    if h in accepted_hashes:
        return result("accepted")
    expected = [a["move"] for _, a in accepted]
    if h in legal:
        move, cells = legal[h]
        violations.append(_cells_violation("wrong_move", f"{move} is legal but not the answer "
                                           f"(accepted: {', '.join(expected)})", cells, layout, move=move,
                                           accepted=expected))
        return result("wrong_move")
    unrelated = [(r, c) for r, c in keep if doubt[r][c] != position[r][c]]
    restored = [row[:] for row in doubt]
    for r, c in unrelated:
        restored[r][c] = position[r][c]
    outcome = None
    if unrelated and restored == position:  # every change is off the accepted move's cells: a move elsewhere
        unrelated = []
    if unrelated:
        violations.append(_cells_violation(
            "changed_unrelated_pieces", f"{len(unrelated)} cell(s) changed that the move does not touch",
            unrelated, layout, read=[doubt[r][c] for r, c in unrelated],
            input=[position[r][c] for r, c in unrelated]))
        hr = board_hash(restored)
        if hr in accepted_hashes:
            outcome = "accepted"
        elif hr in legal and restored != position:
            move, cells = legal[hr]
            violations.append(_cells_violation("wrong_move", f"{move} is legal but not the answer "
                                               f"(accepted: {', '.join(expected)})", cells, layout, move=move,
                                               accepted=expected))
            outcome = "wrong_move"
    if outcome is None:
        move_cells = [tuple(c) for c in entry["cells"]]
        if move_cells and all(doubt[r][c] == target[r][c] for r, c in move_cells):
            wrong = [(r, c) for r, c in required if doubt[r][c] != target[r][c]]
            violations.append(_cells_violation(
                "wrong_final_board", f"the move {entry['move']} is shown but {len(wrong)} of its consequences "
                "(captures, flips, removals) are missing or wrong", wrong or move_cells, layout,
                move=entry["move"], read=[doubt[r][c] for r, c in wrong], expected=[target[r][c] for r, c in wrong]))
            outcome = "wrong_final_board"
        else:
            changed = [(r, c) for r, c in all_cells if doubt[r][c] != position[r][c]]
            violations.append(_cells_violation(
                "illegal_move", "the board shown is not the result of any legal move "
                f"({len(changed)} cell(s) changed)", changed, layout,
                read=[doubt[r][c] for r, c in changed], input=[position[r][c] for r, c in changed],
                accepted=expected))
            outcome = "illegal_move"
    return result(outcome)


# ------------------------------------------------------------------------------------------ washed-out page


WASHED_BELOW_GAIN = 0.85  # a page whose kept board came out at under this share of the input's contrast ...
WASHED_MIN_GAIN = 0.25  # ... and at no less than this (in every channel) has its tones mapped back
WASHED_REVIEW_BELOW = 0.7  # a page washed out under this gain that no tone map explains is read, but sent to review


def paper_darkness(image: np.ndarray) -> np.ndarray:
    """0..255 darkness against the page's own paper (its bright tenth's luma): a wash towards grey scales it
    by the page's contrast (``ImageEnhance.Contrast`` maps luma affinely, the paper included)."""
    g = luma(image).astype(np.float32)
    return np.clip(float(np.percentile(g[::2, ::2], 90)) - g, 0, 255)


def restore_washed_out(answer: np.ndarray, input_image: np.ndarray, layout: dict[str, Any]
                       ) -> tuple[np.ndarray, dict[str, Any] | None]:
    """The answer with a washed-out page's tones mapped back onto the input's, and what was fitted (None:
    the answer unchanged: not washed out). A photo or scan that washes the page out shrinks every colour and darkness
    difference by the page's contrast, under the readers' ink, colour and line thresholds. Washed out is the
    shared page imaging's call (:func:`~genpuzzle.verifiers.page_imaging.fit_page_imaging` on the darkness
    against the paper, over the page outside the edit mask -- lines, frame, labels, board fill, paper --,
    :meth:`~genpuzzle.verifiers.page_imaging.PageImaging.washed_out` below :data:`WASHED_BELOW_GAIN`: an
    erasure lowers the gain too but leaves the kept ink off the model); the colours are then mapped back per
    channel (:func:`~genpuzzle.verifiers.page_imaging.fit_channel_tones`) when every channel's gain is in
    [:data:`WASHED_MIN_GAIN`, :data:`WASHED_BELOW_GAIN`) and the map explains most of that content. The
    map is monotone per channel, so a mark on the washed-out page is a mark of its restored contrast. A page
    washed out that no tone map explains is read as it is, and what was fitted says ``restored: False``
    (:func:`verify_board` sends it to review when its gain is under :data:`WASHED_REVIEW_BELOW`)."""
    from genpuzzle.renderers.board_game.base import edit_mask
    from genpuzzle.verifiers.page_imaging import TONE_MIN_EXPLAINED, fit_channel_tones, fit_page_imaging

    a, i = _rgb(answer), _rgb(input_image)
    if a.shape != i.shape:
        return answer, None
    kept = np.asarray(edit_mask(layout)) == 0
    if kept.shape != a.shape[:2]:
        return answer, None
    imaging = fit_page_imaging(paper_darkness(a), paper_darkness(i), kept)
    if not imaging.washed_out(WASHED_BELOW_GAIN):
        return answer, None
    tones = fit_channel_tones(a, i, kept, imaging)
    if tones is None or not all(WASHED_MIN_GAIN <= g < WASHED_BELOW_GAIN and e >= TONE_MIN_EXPLAINED
                                for g, e in zip(tones.gains, tones.explained)):
        # washed out, but no tone map explains the page: read as it is, and leave the verdict to review
        return answer, {"imaging": imaging.to_json(), "tones": tones.to_json() if tones else None,
                        "restored": False}
    return tones.restore(a), {"imaging": imaging.to_json(), "tones": tones.to_json(), "restored": True}


# ------------------------------------------------------------------------------------------ scoring


def board_score(points: dict[str, float], violations: Sequence[Violation], rubric: dict[str, Any]) -> float:
    """Sum of dimension points (``points``: name -> 0..1 fraction; missing dimensions earn 0), then the
    rubric's fatal errors (zero / cap) and a cap of 99 for any violation: 100 only with none."""
    weights = {d["name"]: d["weight"] for d in rubric["dimensions"]}
    score = sum(weights[k] * min(1.0, max(0.0, float(points.get(k, 0.0)))) for k in weights)
    codes = {v.code for v in violations}
    for fatal in rubric.get("fatal_errors", []):
        if fatal["code"] in codes:
            score = 0.0 if fatal["effect"] == "zero" else min(score, float(fatal["cap"]))
    if violations:
        score = min(score, 99.0)
    return round(score, 2)


def verify_board(record: InstanceRecord, answer: np.ndarray, input_image: np.ndarray, module: Any,
                 rubric: dict[str, Any], track: str = "board_game") -> Verdict:
    """The whole verification of one registered answer (see the module docstring); ``module`` is the
    game's verifier module (``read_board`` and optionally ``compare`` / ``extra_checks``)."""
    layout = record.layout
    answer, washed = restore_washed_out(answer, input_image, layout)
    reader: Callable[..., BoardReading] = getattr(module, "read_board", read_board)
    reading = reader(answer, input_image, record)
    if getattr(module, "KEPT_PIECE_INK", False):
        # marks joined to a kept piece's drawing (its own readers compare empty cells and a piece's inner part)
        from genpuzzle.verifiers.board_game.puzzle_verify import account_kept_piece_ink

        reading = account_kept_piece_ink(reading, answer, input_image, record)
    if getattr(module, "FAINT_TIER", True):
        # a soft grey mark under the game's own ink thresholds is unsure, not a pass (rubric 21; the puzzles'
        # readers read it with the rest of their new ink, rubric 20)
        from genpuzzle.verifiers.board_game.puzzle_verify import account_faint_ink

        reading = account_faint_ink(reading, answer, input_image, record)
    board = board_agreement(answer, input_image, layout)
    parsed: dict[str, Any] = {"board": [row[:] for row in reading.states],
                              "cell_confidence": reading.confidence, "board_agreement": board["agreement"]}
    total = sum(len(row) for row in reading.states)
    unsure_cells = reading.cells_with(UNSURE)
    if board["agreement"] < rubric["unreadable_below_agreement"] or \
            len(unsure_cells) > rubric["unreadable_above_unsure_share"] * total:
        why = (f"board line work {board['agreement']:.0%} present" if board["agreement"] < rubric["unreadable_below_agreement"]
               else f"{len(unsure_cells)} of {total} cells unsure")
        verdict = Verdict.failed(record.id, track, Status.UNREADABLE, f"board unreadable: {why}", parsed=parsed)
        verdict.violations = [Violation("unreadable_board", why, {"bbox": [int(v) for v in layout["board_bbox"]],
                                                                  **board})]
        return verdict
    comparer = getattr(module, "compare", compare_boards)
    comparison: Comparison = comparer(reading, record, layout)
    violations = list(comparison.violations)
    unknown = reading.cells_with(UNKNOWN)
    if unknown:
        violations.append(_cells_violation("unknown_piece", f"{len(unknown)} cell(s) hold something that is "
                                           "no piece of this game", unknown, layout))
    marks = reading.notes.get("stray_marks", [])
    if marks:
        # ink on the board that no piece read and not the move explains (a note, a scribble, a digit)
        violations.append(Violation(
            "stray_mark", f"{len(marks)} mark(s) on the board that are no piece and not the move",
            {"cells": [cell_name(*m["rc"], layout["rows"]) for m in marks], "boxes": [m["box"] for m in marks],
             "extent_pitch": [m["extent"] for m in marks], "area_pitch2": [m["area"] for m in marks],
             "contrast": [m["contrast"] for m in marks], "bbox": union_box([m["box"] for m in marks])}))
    labels = check_labels(answer, input_image, layout)
    n_labels = len(layout.get("labels", []))
    changed = labels["erased"] + labels["replaced"]
    if changed:
        what = ", ".join(f"{e['text']} erased" if e in labels["erased"] else f"{e['text']} now reads {e['other_text']}"
                         for e in changed)
        violations.append(Violation("labels_changed", f"{len(changed)} coordinate label(s) changed: {what}",
                                    {"labels": [e["text"] for e in changed],
                                     "boxes": [e["box"] for e in changed],
                                     "bbox": union_box([e["box"] for e in changed])}))
    extra = extra_ink(answer, input_image, layout)
    if extra:
        violations.append(Violation("extra_marks", f"{len(extra)} new mark(s) outside the board and labels",
                                    {"boxes": extra[:20], "bbox": union_box(extra)}))
    if hasattr(module, "extra_checks"):
        violations += module.extra_checks(record, reading, answer, input_image)
    answered = comparison.outcome != "no_change"
    not_covered = dict(reading.not_covered)
    if labels["redrawn"]:
        not_covered.setdefault("text_label_accuracy", f"{len(labels['redrawn'])} label(s) redrawn; their text is "
                                                      "not read here")
    full = rubric["layout_full_from_agreement"]
    points = {
        "layout": min(1.0, board["agreement"] / full) if answered else 0.0,
        "logical_correctness": comparison.logic,
        "input_preservation": comparison.preservation if answered else 0.0,
        "text_label_accuracy": (len(labels["kept"]) / n_labels if n_labels else 1.0) if answered else 0.0,
        "task_completion": comparison.completion,
    }
    score = board_score({k: v for k, v in points.items() if k not in not_covered}, violations, rubric)
    threshold = rubric["needs_review_below_cell_confidence"]
    low = [(r, c) for r, row in enumerate(reading.confidence) for c, x in enumerate(row) if x < threshold]
    needs_review = bool(low) or (bool(not_covered) and not violations)
    # what is drawn is sure, what it means is not: a symbol of no piece kind, new ink beside the board
    # (a caption or a scribble) go to the judge
    judge_codes = sorted({v.code for v in violations} & {"unknown_piece", "extra_marks"})
    needs_review = needs_review or bool(judge_codes)
    # read on a page clearly washed out whose tones could not be mapped back: not sure of any verdict (the
    # readers' thresholds were seen failing from contrast 0.6; a tint or blur leaves a gain near 0.8)
    unrestored = bool(washed) and not washed["restored"] and washed["imaging"]["gain"] < WASHED_REVIEW_BELOW
    # no violation but not full marks (line work partly missing): the page is not sure, not correct
    short = not needs_review and not violations and score < 100
    needs_review = needs_review or unrestored or short
    extra_info: dict[str, Any] = {"outcome": comparison.outcome,
                                  "labels": {k: len(v) for k, v in labels.items() if k != "twins"}}
    if low:
        extra_info["unsure_cells"] = [{"cell": cell_name(r, c, layout["rows"]), "state": reading.states[r][c],
                                       **(reading.evidence[r][c] if reading.evidence else {})} for r, c in low]
    if not_covered:
        extra_info["not_covered"] = not_covered
    if judge_codes:
        extra_info["review_reason"] = f"{', '.join(judge_codes)}: left to the judge"
    elif unrestored:
        extra_info["review_reason"] = "washed-out page whose tones could not be mapped back onto the input's"
    elif short:
        extra_info["review_reason"] = f"no violation, but {score} of 100: the board is not fully read"
    if labels["redrawn"]:
        extra_info["redrawn_labels"] = labels["redrawn"]
    if labels["twins"]:
        extra_info["twin_labels"] = [f"{e['text']}/{e['other_text']}" for e in labels["twins"]]
    if reading.notes:
        extra_info["reader_notes"] = reading.notes
    if washed:
        extra_info["washed_out"] = washed
    confidence = min((min(row) for row in reading.confidence), default=0.0)
    return Verdict(id=record.id, track=track, score=score,
                   status=Status.INCORRECT if violations else Status.CORRECT, violations=violations,
                   parsed=parsed, confidence=confidence, needs_review=needs_review,
                   subscores={k: round(v, 4) for k, v in points.items() if k not in not_covered}, extra=extra_info)


def draw_reading(answer: np.ndarray, layout: dict[str, Any], parsed: dict[str, Any],
                 violations: Sequence[Violation]) -> np.ndarray:
    """The answer with what was read: the read code at every non-empty cell (orange for unsure and
    unknown cells) and red boxes around each violation's evidence."""
    from PIL import Image, ImageDraw

    from genpuzzle.renderers.common import font

    img = Image.fromarray(_rgb(answer))
    d = ImageDraw.Draw(img)
    size = max(10, int(0.3 * float(layout["cell_px"])))
    for r, row in enumerate(parsed.get("board", [])):
        for c, s in enumerate(row):
            if s == EMPTY:
                continue
            x, y = layout["cell_centers"][r][c]
            colour = (250, 140, 0) if s in (UNSURE, UNKNOWN) else (40, 200, 40)
            d.text((x + 0.25 * layout["cell_px"], y + 0.25 * layout["cell_px"]), s, font=font(size, True),
                   fill=colour, anchor="mm")
    for v in violations:
        box = v.evidence.get("bbox")
        if box:
            d.rectangle([int(box[0]), int(box[1]), int(box[2]), int(box[3])], outline=(220, 30, 30), width=2)
    return np.asarray(img)
