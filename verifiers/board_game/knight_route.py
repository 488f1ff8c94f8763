"""Knight route reading, as the maze verifier reads routes: new ink relative to the input (mapped onto
the answer's colours first, :func:`matched_colours`; any colour,
any width; tolerant of a few pixels of misregistration; grey ink along the grid lines is the grid redrawn), then the coverage of that ink along every
candidate move between square centres (the longest run of covered samples, so lines crossing a segment
do not add up) (the knight moves, and the king moves so that a wrong step is seen
too). A move is drawn when ink covers at least DRAWN of the samples along the middle of its segment,
unsure between UNSURE_FROM and DRAWN; a move drawn with gaps whose samples lie mostly (SHARED) beside other
drawn moves' lines is unsure (their JPEG halo covers a move past the route's corner). The drawn moves must form one route from A to B; ink that is no part
of a drawn move and lies away from the route's squares (where dots or numbers may mark the landings) is an
``extra_mark`` (from 3 % of a square or a span of 0.12 of it; a shorter one from 0.06 sends its square to
review). Judged by the rules: every move a knight move, no blocked landing, B reached, and the route as
short as the BFS distance (an open task: every shortest route is accepted)."""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

from genpuzzle.records import InstanceRecord, Violation
from genpuzzle.solvers.board_game import knight_route
from genpuzzle.solvers.board_game.base import parse_board
from genpuzzle.solvers.board_game.puzzle_common import EXTRA_MARK
from genpuzzle.verifiers.board_game.base import UNSURE, BoardReading, Comparison, _cells_violation
from genpuzzle.verifiers.board_game.puzzle_verify import instance_of, light_explained, violations_of

NEW_INK = 45  # a channel this far outside the input's range around a pixel is new ink ...
NEW_INK_DISTANCE = 52  # ... or the three channels together this far (Euclidean)
FAINT_INK, FAINT_DISTANCE = 25, 30  # faint ink: counts along a candidate move (runs), never as a mark alone
SLACK = 2  # px of misregistration the input's range is widened by
DRAWN = 0.75
UNSURE_FROM = 0.5  # a line crossing a short (king) segment covers up to ~0.4 of it
SAMPLE_SPAN = (0.2, 0.8)  # the part of a segment sampled (its ends lie on glyphs, dots and other segments)
STEPS = ((1, 2), (2, 1), (-1, 2), (-2, 1), (0, 1), (1, 0), (1, 1), (-1, 1))  # one direction of each pair
RUN_HITS = 0.6  # share of real hits a run bridging hidden samples needs
EXTRA_AREA = 0.03  # an unexplained ink piece of at least this share of a square is a mark ...
EXTRA_EXTENT = 0.12  # ... as is one spanning this fraction of a square (a thin tick, a small "7") ...
FAINT_EXTENT = 0.06  # ... and from this span its square goes to review (a dot)
BAND = 0.3  # of a square: a band about a drawn move's line (its JPEG halo lies in it) ...
SHARED = 0.5  # ... in which a move not covered along its whole span, with this share of its samples, is unsure
LIGHT_BAR = 0.5  # of NEW_INK: new ink within this of the input's range under a fitted light field is light (rubric 18)


def new_ink(answer: np.ndarray, input_image: np.ndarray, channel: float = None, distance: float = None) -> np.ndarray:
    """Pixels whose colour lies outside the input's colour range around them (a few px of slack): by
    NEW_INK in one channel, or by NEW_INK_DISTANCE over the three (a green line on a dark grey square
    differs by ~35 per channel)."""
    import cv2

    k = np.ones((2 * SLACK + 1, 2 * SLACK + 1), np.uint8)
    a = answer[:, :, :3].astype(np.int16)
    lo = cv2.erode(input_image[:, :, :3], k).astype(np.int16)
    hi = cv2.dilate(input_image[:, :, :3], k).astype(np.int16)
    outside = np.maximum(np.maximum(lo - a, a - hi), 0).astype(np.float32)
    channel = NEW_INK if channel is None else channel
    distance = NEW_INK_DISTANCE if distance is None else distance
    ink = (outside.max(axis=2) >= channel) | (np.sqrt((outside ** 2).sum(axis=2)) >= distance)
    return cv2.morphologyEx(ink.astype(np.uint8), cv2.MORPH_OPEN, np.ones((2, 2), np.uint8)) > 0


def matched_colours(input_image: np.ndarray, answer: np.ndarray, layout: dict) -> np.ndarray:
    """The input with each channel mapped linearly onto the answer's (a least-squares fit over the board,
    refitted without the pixels it misses by more than 30: the route), so a tinted or faded page is
    compared with its own colours."""
    x0, y0, x1, y1 = (int(round(v)) for v in layout["board_bbox"])
    i = input_image[y0:y1:3, x0:x1:3, :3].reshape(-1, 3).astype(np.float32)
    a = answer[y0:y1:3, x0:x1:3, :3].reshape(-1, 3).astype(np.float32)
    out = input_image[:, :, :3].astype(np.float32)
    for c in range(3):
        keep = np.ones(len(i), bool)
        for _ in range(2):
            g, o = np.polyfit(i[keep, c], a[keep, c], 1) if keep.sum() > 10 else (1.0, 0.0)
            keep = np.abs(g * i[:, c] + o - a[:, c]) <= 30
        out[:, :, c] = g * out[:, :, c] + o
    return np.clip(np.round(out), 0, 255).astype(np.uint8)


def input_busy(input_image: np.ndarray) -> np.ndarray:
    """Where the input itself is not flat (its glyphs, crosses and lines): new ink cannot be told there."""
    import cv2

    k = np.ones((2 * SLACK + 1, 2 * SLACK + 1), np.uint8)
    spread = (cv2.dilate(input_image[:, :, :3], k).astype(np.int16) - cv2.erode(input_image[:, :, :3], k)).max(axis=2)
    return spread > 2 * NEW_INK


def edge_coverage(ink: np.ndarray, layout: dict, busy: np.ndarray | None = None, faint: np.ndarray | None = None
                  ) -> dict[tuple[tuple[int, int], tuple[int, int]], float]:
    """Per candidate move, the longest run of samples with new ink nearby (a sample on the input's own ink,
    where new ink cannot be told, counts as covered), as a share of the samples;
    0 when fewer than half the samples can be judged."""
    import cv2

    n, cell = layout["rows"], float(layout["cell_px"])
    reach = max(2, int(round(0.04 * cell)))
    kernel = np.ones((2 * reach + 1, 2 * reach + 1), np.uint8)
    near_strong = cv2.dilate(ink.astype(np.uint8), kernel) > 0
    near_faint = cv2.dilate((ink | faint).astype(np.uint8), kernel) > 0 if faint is not None else near_strong
    H, W = ink.shape
    out = {}
    for r in range(n):
        for c in range(n):
            for dr, dc in STEPS:
                a, b = (r, c), (r + dr, c + dc)
                if not (0 <= b[0] < n and 0 <= b[1] < n):
                    continue
                (x0, y0), (x1, y1) = layout["cell_centers"][r][c], layout["cell_centers"][b[0]][b[1]]
                ts = np.linspace(*SAMPLE_SPAN, 25)
                xs = np.clip(np.round(x0 + ts * (x1 - x0)).astype(int), 0, W - 1)
                ys = np.clip(np.round(y0 + ts * (y1 - y0)).astype(int), 0, H - 1)
                # faint ink only along knight moves: the short king segments are crossed by the route's
                # lines, whose faint (blurred) rims would cover too much of them
                # nor do hidden samples bridge them: every knight move crosses a king move's midpoint, right
                # on a grid line
                knight = abs(dr) + abs(dc) == 3
                near = near_faint if knight else near_strong
                hits = near[ys, xs]
                unknown = busy[ys, xs] & ~hits if busy is not None and knight else np.zeros_like(hits)
                if unknown.mean() > 0.5:
                    out[tuple(sorted((a, b)))] = 0.0
                    continue
                out[tuple(sorted((a, b)))] = _longest_run(hits, unknown) / len(ts)
    return out


def _longest_run(hits: np.ndarray, unknown: np.ndarray) -> int:
    """Longest run of consecutive covered samples (a line crossing the segment covers only a short run).
    Samples where the input's own ink hides new ink may lie inside a run that starts and ends with real
    hits and is at least RUN_HITS hits; otherwise only real hits count."""
    hits, unknown = list(map(bool, hits)), list(map(bool, unknown))
    best = 0
    n = len(hits)
    for i in range(n):
        if not hits[i]:
            continue
        got = 0
        for j in range(i, n):
            if not (hits[j] or unknown[j]):
                break
            got += hits[j]
            if hits[j]:
                best = max(best, j - i + 1 if got >= RUN_HITS * (j - i + 1) else got)
    return best


def shared_span(drawn: set, layout: dict) -> dict[tuple[tuple[int, int], tuple[int, int]], float]:
    """Per drawn move, the share of its samples within the band (BAND of a square wide) about the other
    drawn moves' lines, where its ink cannot be told from theirs and their JPEG halo."""
    import cv2

    cell = float(layout["cell_px"])
    width = max(3, int(round(BAND * cell)))
    h, w = (int(np.ceil(v)) + 2 for v in (layout["board_bbox"][3], layout["board_bbox"][2]))
    out = {}
    for e in drawn:
        others = np.zeros((h, w), np.uint8)
        for a, b in drawn - {e}:
            (x0, y0), (x1, y1) = layout["cell_centers"][a[0]][a[1]], layout["cell_centers"][b[0]][b[1]]
            cv2.line(others, (int(x0), int(y0)), (int(x1), int(y1)), 1, width)
        (a, b), ts = e, np.linspace(*SAMPLE_SPAN, 25)
        (x0, y0), (x1, y1) = layout["cell_centers"][a[0]][a[1]], layout["cell_centers"][b[0]][b[1]]
        xs = np.clip(np.round(x0 + ts * (x1 - x0)).astype(int), 0, w - 1)
        ys = np.clip(np.round(y0 + ts * (y1 - y0)).astype(int), 0, h - 1)
        out[e] = float(others[ys, xs].mean())
    return out


def _route(edges: set, start, goal) -> list | None:
    """The edges as one route from start (a path visiting each square once), or None."""
    nbrs: dict = {}
    for a, b in edges:
        nbrs.setdefault(a, []).append(b)
        nbrs.setdefault(b, []).append(a)
    if start not in nbrs:
        return None
    route, prev = [start], None
    while True:
        nxt = [x for x in nbrs[route[-1]] if x != prev]
        if len(nxt) != 1 or (len(nbrs[route[-1]]) > 2):
            if not nxt and (len(route) - 1 == len(edges)):
                return route
            return None
        prev = route[-1]
        if nxt[0] in route:
            return None
        route.append(nxt[0])


def _unexplained(ink: np.ndarray, edges, route_cells, layout: dict,
                 light: Callable[[np.ndarray, np.ndarray], np.ndarray] | None = None
                 ) -> list[tuple[int, int, list[int], bool]]:
    """Pieces of new ink on the board that no drawn move or route square explains: (row, col, box, sure):
    sure from EXTRA_AREA of a square or a span of EXTRA_EXTENT, unsure from FAINT_EXTENT. ``light(pieces,
    residual)`` names the pixels of such pieces that light explains (rubric 18: a lamp's glare over a dark
    square) and fills ``residual`` with how far the light leaves each pixel of those pieces; the rest is
    judged by the same sizes, but what is left of a lit piece is sure only where the light leaves it by a
    full NEW_INK (a drawn mark; the rest of a lit square's edge is unsure)."""
    import cv2

    cell = float(layout["cell_px"])
    explained = np.zeros(ink.shape, np.uint8)
    width = max(3, int(round(0.3 * cell)))
    for a, b in edges:
        (x0, y0), (x1, y1) = layout["cell_centers"][a[0]][a[1]], layout["cell_centers"][b[0]][b[1]]
        cv2.line(explained, (int(x0), int(y0)), (int(x1), int(y1)), 1, width)
    for r, c in route_cells:
        x, y = layout["cell_centers"][r][c]
        cv2.circle(explained, (int(x), int(y)), int(0.42 * cell), 1, -1)
    gx0, gy0, gx1, gy1 = (int(v) for v in layout["grid_bbox"])
    board = np.zeros_like(explained)
    board[gy0:gy1, gx0:gx1] = 1
    rest = (ink & (explained == 0) & (board == 1)).astype(np.uint8)
    residual = np.full(ink.shape, np.inf, np.float32)
    if light is not None:
        count, labels, stats, _ = cv2.connectedComponentsWithStats(rest, connectivity=8)
        big = (stats[:, cv2.CC_STAT_AREA] >= EXTRA_AREA * cell * cell) | \
            (np.maximum(stats[:, cv2.CC_STAT_WIDTH], stats[:, cv2.CC_STAT_HEIGHT]) >= FAINT_EXTENT * cell)
        big[0] = False
        if big.any():
            rest = ((rest > 0) & ~light(big[labels], residual)).astype(np.uint8)
    count, parts, stats, cents = cv2.connectedComponentsWithStats(rest, connectivity=8)
    out = []
    for k in range(1, count):
        x, y, w, h = stats[k, :4]
        span = max(w, h) / cell
        if _grid_sliver(x, y, w, h, layout):  # a grid line redrawn and registered a few px off: no mark by its span
            span = 0.0
        if stats[k, cv2.CC_STAT_AREA] >= EXTRA_AREA * cell * cell or span >= FAINT_EXTENT:
            cx, cy = cents[k]
            c = min(layout["cols"] - 1, max(0, int((cx - gx0) // cell)))
            r = min(layout["rows"] - 1, max(0, int((cy - gy0) // cell)))
            sure = stats[k, cv2.CC_STAT_AREA] >= EXTRA_AREA * cell * cell or span >= EXTRA_EXTENT
            left = residual[parts == k]
            if sure and np.isfinite(left).any() and np.percentile(left[np.isfinite(left)], 90) < NEW_INK:
                sure = False  # what a fitted light leaves of a lit piece, by less than new ink's own bar
            out.append((r, c, [int(x), int(y), int(x + w), int(y + h)], sure))
    return out


GRID_BAND = 0.07  # of a square: grey ink this close to a grid line and along it is the grid redrawn
SLIVER = 0.05  # of a square: a piece of ink at most this thick, along a grid line and within ...
SLIVER_REACH = 0.15  # ... this of it, is a sliver of the grid line redrawn (thicker, a few px off)


def _grid_sliver(x: int, y: int, w: int, h: int, layout: dict) -> bool:
    """Whether the box ``x, y, w, h`` is a thin piece along a grid line, close to it."""
    cell = float(layout["cell_px"])
    gx0, gy0 = layout["grid_bbox"][:2]
    # (since rubric 18 up to the registration slack thicker: a line redrawn 1 px heavier and a few px off, between
    # two route lines crossing it, is cut too short to be told by grid_ink's run; AUDIT14's hand-shadowed route)
    thin = max(3.0, SLIVER * cell) + SLACK

    def near(lo: float, size: int, origin: float, n: int) -> bool:
        mid = lo + size / 2
        return min(abs(mid - (origin + i * cell)) for i in range(n + 1)) <= SLIVER_REACH * cell

    return (h <= thin and w > h and near(y, h, gy0, layout["rows"])) or \
        (w <= thin and h > w and near(x, w, gx0, layout["cols"]))


def grid_ink(ink: np.ndarray, answer: np.ndarray, layout: dict) -> np.ndarray:
    """New grey ink that is the grid redrawn: within GRID_BAND of a grid line and running along it for at
    least 0.4 of a square (a route line crosses a grid line, it never runs along one)."""
    import cv2

    x0, y0, x1, y1 = (int(round(v)) for v in layout["grid_bbox"])
    cell = float(layout["cell_px"])
    k = max(2, int(round(GRID_BAND * cell)))
    vband, hband = np.zeros(ink.shape, bool), np.zeros(ink.shape, bool)
    for i in range(layout["cols"] + 1):
        x = int(round(x0 + i * cell))
        vband[max(0, y0 - k):y1 + k, max(0, x - k):x + k + 1] = True
    for i in range(layout["rows"] + 1):
        y = int(round(y0 + i * cell))
        hband[max(0, y - k):y + k + 1, max(0, x0 - k):x1 + k] = True
    a = answer[:, :, :3].astype(np.int16)
    grey = ((a.max(axis=2) - a.min(axis=2)) < 60) & ink
    length = max(5, int(0.4 * cell))
    along_v = cv2.morphologyEx(grey.astype(np.uint8), cv2.MORPH_OPEN, np.ones((length, 1), np.uint8)) > 0
    along_h = cv2.morphologyEx(grey.astype(np.uint8), cv2.MORPH_OPEN, np.ones((1, length), np.uint8)) > 0
    return (vband & along_v) | (hband & along_h)


def read_board(answer: np.ndarray, input_image: np.ndarray, record: InstanceRecord) -> BoardReading:
    import cv2

    layout = record.layout
    position = parse_board(record.ground_truth["position"])
    n = layout["rows"]
    # the input in the answer's colours: on a tinted, faded or textured page every dark square's edge
    # would otherwise leave the input's range by more than NEW_INK and read as route ink
    matched = matched_colours(input_image, answer, layout)
    ink = new_ink(answer, matched)
    ink &= ~grid_ink(ink, answer, layout)  # the grid redrawn thicker or darker is no route ink
    # a thin blurred line over a dark square differs from it by less than NEW_INK: along a candidate
    # move's segment faint ink counts too (noise does not form runs along a segment)
    faint = new_ink(answer, matched, FAINT_INK, FAINT_DISTANCE)
    faint &= ~grid_ink(faint, answer, layout)
    # a lamp's glare or a hand's shadow lifts a dark square off the input's range: light explains it (smooth,
    # alike in every channel), a drawn line never (rubric 18)
    k = np.ones((2 * SLACK + 1, 2 * SLACK + 1), np.uint8)
    answer_f, matched_f = answer[:, :, :3].astype(np.float32), matched.astype(np.float32)
    lo, hi = cv2.erode(matched, k).astype(np.float32), cv2.dilate(matched, k).astype(np.float32)
    cell = float(layout["cell_px"])
    bar = LIGHT_BAR * NEW_INK
    seen = (ink | faint).astype(np.uint8)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(seen, connectivity=8)
    big = np.maximum(stats[:, cv2.CC_STAT_WIDTH], stats[:, cv2.CC_STAT_HEIGHT]) >= FAINT_EXTENT * cell
    big[0] = False
    lit = light_explained(answer_f, matched_f, lo, hi, big[labels], cell, bar, seen > 0, share=0.0) if big.any() else \
        np.zeros(ink.shape, bool)
    # (the moves are followed on the ink less the light; marks are looked for on all of it, below, where light
    # takes a piece only when it explains most of it: a mark's blurred rim alone must not shrink it)
    coverage = edge_coverage(ink & ~lit, layout, input_busy(input_image), faint & ~lit)
    drawn = {e for e, v in coverage.items() if v >= DRAWN}
    unsure = {e for e, v in coverage.items() if UNSURE_FROM <= v < DRAWN}
    # a move running beside two drawn lines (past the route's corner) is covered by their JPEG halo: when
    # it is not covered all along, it cannot be told from them
    shared = shared_span(drawn, layout)
    doubtful = {e for e in drawn if coverage[e] < 1.0 and shared[e] >= SHARED}
    drawn -= doubtful
    unsure |= doubtful
    states = [row[:] for row in position]
    conf = [[1.0] * n for _ in range(n)]
    evidence = [[{"box": [int(v) for v in layout["cell_boxes"][r][c]]} for c in range(n)] for r in range(n)]
    for a, b in drawn:
        for r, c in (a, b):
            if states[r][c] in (".", "#"):
                states[r][c] = "*" if states[r][c] == "." else "#*"
    for a, b in unsure:
        for r, c in (a, b):
            if position[r][c] not in ("A", "B"):
                states[r][c] = UNSURE
                conf[r][c] = 0.3
                evidence[r][c]["unsure_move"] = [list(a), list(b), round(coverage[(a, b)], 3)]
    route_cells = {x for e in drawn for x in e}

    def light(pieces: np.ndarray, residual: np.ndarray) -> np.ndarray:
        return light_explained(answer_f, matched_f, lo, hi, pieces, cell, bar, ink | faint, residual=residual)

    extra = _unexplained(ink, drawn, route_cells, layout, light)
    for r, c, box, sure in extra:
        if not sure:  # too short to be sure it is a mark: its square goes to review
            conf[r][c] = min(conf[r][c], 0.3)
            evidence[r][c]["unexplained_ink"] = box
    notes: dict[str, Any] = {"moves": sorted([list(a), list(b)] for a, b in drawn),
                             "unsure_moves": sorted([list(a), list(b)] for a, b in unsure),
                             "extra_ink": [[r, c, box] for r, c, box, sure in extra if sure]}
    return BoardReading(states, conf, evidence, notes=notes)


def compare(reading: BoardReading, record: InstanceRecord, layout: dict) -> Comparison:
    data = instance_of(record)
    n = data["n"]
    position = parse_board(record.ground_truth["position"])
    start, goal = tuple(data["start"]), tuple(data["goal"])
    edges = {(tuple(a), tuple(b)) for a, b in reading.notes.get("moves", [])}
    unsure_edges = reading.notes.get("unsure_moves", [])
    extra = reading.notes.get("extra_ink", [])
    route = _route(edges, start, goal)
    violations: list[Violation] = []
    for r, c, box in extra:
        violations.append(_cells_violation(EXTRA_MARK, "ink that is no move of the route", [[r, c]], layout,
                                           ink_box=box))
    cells = [(r, c) for r in range(n) for c in range(n)]
    route_cells = set(route or []) | {x for e in edges for x in e}
    keep = [x for x in cells if x not in route_cells]
    stray = {(r, c) for r, c, _ in extra}
    unsure_cells = {tuple(x) for a, b in unsure_edges for x in (a, b)}
    preserved = sum(x not in stray and x not in unsure_cells for x in keep) / len(keep) if keep else 1.0
    if not edges and not unsure_edges:
        violations.insert(0, Violation("no_change", "no route is drawn", {"bbox": [int(v) for v in layout["board_bbox"]]}))
        return Comparison("no_change", violations, 0.0, 0.0, 0.0, position)
    findings = knight_route.check(route, sorted(edges), data)
    violations = violations_of(findings, layout) + violations
    completion = 1.0 if route and route[-1] == goal else 0.5
    codes = {f.code for f in findings}
    if not findings:
        return Comparison("accepted", violations, 1.0, preserved, completion, position)
    if "rule_broken" in codes:
        return Comparison("rule_broken", violations, 0.0, preserved, completion, position)
    return Comparison("wrong_state" if "wrong_state" in codes else "wrong_answer", violations, 1 / 3, preserved,
                      completion, position)
