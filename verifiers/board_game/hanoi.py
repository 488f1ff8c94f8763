"""Tower of Hanoi reading: each peg's stack by bar width. Along every pixel row above the base, the run of
non-paper pixels through the peg's axis is measured (bridging small gaps such as a number written on the
disc); rows whose run is much wider than the pole are disc
rows; runs of rows of one width are discs (a run twice a disc's height is two discs of that width) and each
disc's size is the drawn size whose width is nearest, unsure when the width lies between two sizes.
Judged by the rules (a disc lost or doubled, a larger disc on a smaller one) and against the state after
the k optimal moves (``wrong_state``). Ink the move does not explain (a dot beside a tower) is a stray mark
(``puzzle_verify.account_new_ink``)."""

from __future__ import annotations

import numpy as np

from genpuzzle.records import InstanceRecord
from genpuzzle.solvers.board_game import hanoi
from genpuzzle.solvers.board_game.base import parse_board
from genpuzzle.verifiers.board_game.base import UNSURE, BoardReading, Comparison
from genpuzzle.verifiers.board_game.puzzle_verify import account_new_ink, instance_of, judge

PAPER_DIFF = 60  # a pixel this far (largest channel difference) from the paper colour is drawn
WIDTH_TOL = 0.35  # a width within this fraction of a size step of a drawn size is that size


FAINT_TIER = False  # account_new_ink reads the faint tier in read_board (base.verify_board leaves it)


def _paper(image: np.ndarray) -> np.ndarray:
    rgb = image[:, :, :3].reshape(-1, 3).astype(np.float32)
    lum = rgb @ np.array([0.299, 0.587, 0.114], np.float32)
    return np.median(rgb[lum >= np.percentile(lum, 60)], axis=0)


def read_stacks(answer: np.ndarray, layout: dict) -> tuple[list[list[tuple[int | None, float, list[int]]]], dict]:
    """Per peg, the discs bottom to top as ``(size or None when unsure, confidence, pixel box)``."""
    n = layout["rows"]
    disc_h, widths, pole_w = layout["disc_h"], layout["disc_w"], layout["pole_w"]
    step = (widths[-1] - widths[0]) / max(1, n - 1) if n > 1 else widths[0]
    ink = np.abs(answer[:, :, :3].astype(np.float32) - _paper(answer)).max(axis=2) > PAPER_DIFF
    H, W = ink.shape
    top = max(0, int(layout["pole_top"]) - disc_h)
    bottom = int(layout["base_y"]) - 2
    stacks, notes = [], {}
    half = int(widths[-1] / 2 + step)
    for p, x in enumerate(layout["peg_x"]):
        cx = int(round(x))
        row_widths = []
        gap = max(4, int(0.25 * widths[0]))
        for y in range(bottom, top, -1):  # bottom up
            line = ink[y, max(0, cx - half):min(W, cx + half)]
            centre = cx - max(0, cx - half)
            xs = np.flatnonzero(line)
            if not len(xs) or np.abs(xs - centre).min() > gap:
                row_widths.append(0)
                continue
            # the run through the peg's axis, bridging gaps (numbers or highlights drawn on a disc) up to `gap`
            i = int(np.argmin(np.abs(xs - centre)))
            lo = hi = i
            while lo > 0 and xs[lo] - xs[lo - 1] <= gap:
                lo -= 1
            while hi < len(xs) - 1 and xs[hi + 1] - xs[hi] <= gap:
                hi += 1
            row_widths.append(int(xs[hi] - xs[lo] + 1))
        discs = []
        y = bottom
        k = 0
        while k < len(row_widths):
            w = row_widths[k]
            if w < max(2.5 * pole_w, 0.6 * widths[0]):
                k += 1
                continue
            start = k
            while k < len(row_widths) and abs(row_widths[k] - w) <= max(6, 0.15 * step) and row_widths[k] > 0:
                k += 1
            height = k - start
            if height < 0.45 * disc_h:
                continue
            width = float(np.median(row_widths[start:k]))
            count = max(1, int(round(height / disc_h)))
            nearest = int(np.argmin([abs(width - v) for v in widths]))
            off = abs(width - widths[nearest]) / max(1.0, step)
            size, conf = (nearest + 1, min(1.0, 0.6 + (WIDTH_TOL - off))) if off <= WIDTH_TOL else (None, 0.3)
            y0 = bottom - k
            for j in range(count):
                box = [int(cx - width / 2), int(y0 + (count - 1 - j) * height / count), int(cx + width / 2),
                       int(y0 + (count - j) * height / count)]
                discs.append((size, conf, box))
        stacks.append(discs)
        notes[f"peg_{'ABC'[p]}_widths"] = [d[2][2] - d[2][0] for d in discs]
    return stacks, notes


def read_board(answer: np.ndarray, input_image: np.ndarray, record: InstanceRecord) -> BoardReading:
    layout = record.layout
    n = layout["rows"]
    stacks, notes = read_stacks(answer, layout)
    states = [["."] * 3 for _ in range(n)]
    conf = [[1.0] * 3 for _ in range(n)]
    evidence = [[{"box": [int(v) for v in layout["cell_boxes"][r][p]]} for p in range(3)] for r in range(n)]
    for p, discs in enumerate(stacks):
        if len(discs) > n:
            notes[f"peg_{'ABC'[p]}_overflow"] = len(discs)
        for level, (size, cf, box) in enumerate(discs[:n]):
            r = n - 1 - level
            states[r][p] = str(size) if size is not None else UNSURE
            conf[r][p] = round(cf, 3)
            evidence[r][p] = {"box": box, "width": box[2] - box[0]}
    reading = BoardReading(states, conf, evidence, notes=notes)
    reading.notes["stacks"] = [[d[0] for d in discs] for discs in stacks]
    position = parse_board(record.ground_truth["position"])

    def explained(r: int, p: int, changed: bool) -> list[list[float]]:
        # a slot is as wide as the largest disc: only the discs read (any colour) and, where the move changed
        # the slot, the input's disc are accounted ink (with a fifth of a disc's height of slack: a disc's
        # drawn edges and the read rows do not match the slot exactly)
        out, pad = [], 0.2 * layout["disc_h"]
        if changed and position[r][p].isdigit():
            w, (_, y0, _, y1) = layout["disc_w"][int(position[r][p]) - 1], layout["cell_boxes"][r][p]
            out.append([layout["peg_x"][p] - w / 2, y0 - pad, layout["peg_x"][p] + w / 2, y1 + pad])
        if states[r][p] != ".":
            x0, y0, x1, y1 = evidence[r][p]["box"]
            out.append([x0, y0 - pad, x1, y1 + pad])
        return out

    poles = [[x - layout["pole_w"], layout["pole_top"] - 0.5 * layout["disc_h"], x + layout["pole_w"], layout["base_y"]]
             for x in layout["peg_x"]]
    # a slot is no cell: the pole splits a disc drawn across it, so ink apart from a disc is not looked for
    reading = account_new_ink(reading, answer, input_image, record, explained, restyled=poles, placed_marks=False)
    return pole_marks(reading, answer, poles, [d[2] for discs in stacks for d in discs], layout)


POLE_INK = 50.0  # RGB distance from every blend of the page's pole and paper colours that is other ink on a pole ...
POLE_SHADE = 0.6  # ... or of the pole's colour darkened down to this (its shaded side, a darker knob)
POLE_OPEN = 0.03  # of a pitch: a piece of such ink this thin or less is JPEG or blur at the pole's edge


def _off_segment(rgb: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Per pixel, the RGB distance to the nearest colour on the segment from ``a`` to ``b``."""
    d = b - a
    t = np.clip(((rgb - a) @ d) / max(1e-6, float(d @ d)), 0.0, 1.0)
    return np.linalg.norm(rgb - (a + t[..., None] * d), axis=-1)


def pole_marks(reading: BoardReading, answer: np.ndarray, poles: list[list[float]], discs: list[list[int]],
               layout: dict) -> BoardReading:
    """Ink over a pole (rubric 18). The pole's box is the page's to redraw (wider, a knob on top, its own
    colour), so :func:`account_new_ink` leaves it out; but ink of a colour that is neither the page's pole
    (down to POLE_SHADE of it) nor its paper nor a blend of the two (a "?" or a tick written over the pole) is no pole: a piece of it
    spanning STRAY_EXTENT pitch is a ``stray_mark``, from FAINT_EXTENT its slot goes to review. The pole's
    colour is read on the answer along the pole's axis, the paper beside the box, both apart from the discs
    read. A mark in the pole's own colour is not seen."""
    import cv2

    from genpuzzle.verifiers.board_game.puzzle_verify import FAINT_EXTENT, STRAY_EXTENT

    pitch = float(layout["cell_px"])
    n = layout["rows"]
    H, W = answer.shape[:2]
    rgb = answer[:, :, :3].astype(np.float32)
    pad = 0.2 * layout["disc_h"]
    free = np.ones((H, W), bool)
    for x0, y0, x1, y1 in discs:
        free[max(0, int(y0 - pad)):max(0, int(y1 + pad)), max(0, int(x0 - pad)):max(0, int(x1 + pad))] = False
    charged = {tuple(m["rc"]) for m in reading.notes.get("stray_marks", [])}
    marks = []
    for p, (bx0, by0, bx1, by1) in enumerate(poles):
        x0, y0 = max(0, int(round(bx0))), max(0, int(round(by0)))
        x1, y1 = min(W, int(round(bx1)) + 1), min(H, int(round(by1)) - 2)
        if x1 - x0 < 3 or y1 - y0 < 3:
            continue
        cx = int(round(layout["peg_x"][p]))
        axis_w = max(1, int(layout["pole_w"] / 4))
        top = max(y0, int(layout["pole_top"]))
        axis = rgb[top:y1, max(0, cx - axis_w):cx + axis_w + 1][free[top:y1, max(0, cx - axis_w):cx + axis_w + 1]]
        w = x1 - x0
        side = np.concatenate([rgb[y0:y1, max(0, x0 - w):x0][free[y0:y1, max(0, x0 - w):x0]],
                               rgb[y0:y1, x1:min(W, x1 + w)][free[y0:y1, x1:min(W, x1 + w)]]])
        if len(axis) < 5 or len(side) < 5:
            continue
        pole, paper = np.median(axis, axis=0), np.median(side, axis=0)
        crop = rgb[y0:y1, x0:x1]
        off = np.minimum(_off_segment(crop, pole, paper), _off_segment(crop, pole, POLE_SHADE * pole))
        other = (off > POLE_INK) & free[y0:y1, x0:x1]
        count, _, stats, _ = cv2.connectedComponentsWithStats(other.astype(np.uint8), connectivity=8)
        for k in range(1, count):
            sx, sy, sw, sh, area = (int(v) for v in stats[k])
            extent = max(sw, sh) / pitch
            if extent < FAINT_EXTENT or min(sw, sh) <= POLE_OPEN * pitch:
                continue
            box = [sx + x0, sy + y0, sx + sw + x0, sy + sh + y0]
            level = int(np.clip((layout["base_y"] - (box[1] + box[3]) / 2) // layout["disc_h"], 0, n - 1))
            r = n - 1 - level
            if (r, p) in charged:
                continue
            if extent >= STRAY_EXTENT:
                marks.append({"rc": [r, p], "box": box, "extent": round(extent, 3), "area": round(area / pitch ** 2, 4),
                              "contrast": 0.0, "on_pole": True})
                charged.add((r, p))
            else:
                reading.confidence[r][p] = min(reading.confidence[r][p], 0.3)
                reading.evidence[r][p] = {**reading.evidence[r][p], "unexplained_ink": {"box": box, "on_pole": True}}
    if marks:
        reading.notes["stray_marks"] = reading.notes.get("stray_marks", []) + marks
    return reading


def compare(reading: BoardReading, record: InstanceRecord, layout: dict) -> Comparison:
    data = instance_of(record)
    stacks = reading.notes.get("stacks")

    def findings(board):
        pegs = hanoi.pegs_of(board)
        if stacks and any(len(s) > layout["rows"] for s in stacks):  # more discs than the board holds
            pegs = [[d if d is not None else 0 for d in s] for s in stacks]
        return hanoi.check(pegs, data)

    return judge(reading, record, layout, findings)
