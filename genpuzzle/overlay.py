"""Overlays for reports: draw what the verifier read, or where its violations are, on the answer.

A track may draw its own overlay (``Track.overlay``); when it returns ``None`` the report falls back to
:func:`draw_violations`, which outlines every violation's evidence ``bbox`` (input-image pixels) and
labels it with the violation code. Evidence without a ``bbox`` but with grid ``cells`` is outlined by
cell when the record's layout has ``grid_bbox``/``rows``/``cols``.
"""

from __future__ import annotations

import zlib
from pathlib import Path
from typing import Any

import numpy as np
from PIL import Image, ImageDraw

from genpuzzle.records import InstanceRecord, Verdict, Violation
from genpuzzle.registration import load_image, register

# Distinct, print-safe colours; a code always gets the same one (crc32 of the code, not hash()).
PALETTE = ((220, 38, 38), (234, 88, 12), (202, 138, 4), (22, 163, 74), (8, 145, 178), (37, 99, 235),
           (124, 58, 237), (219, 39, 119), (87, 83, 78))


def code_colour(code: str) -> tuple[int, int, int]:
    """The fixed colour the report uses for violation ``code``."""
    return PALETTE[zlib.crc32(code.encode("utf-8")) % len(PALETTE)]


def registered_answer(set_root: str | Path, record: InstanceRecord, answer_path: str | Path) -> np.ndarray | None:
    """The answer warped into the input frame (RGB uint8), or ``None`` when registration fails.

    Raises :class:`~genpuzzle.errors.ImageError` naming the file when an image cannot be read.
    """
    root = Path(set_root)
    target = load_image(root / record.input_image)
    mask = load_image(root / record.edit_mask)[:, :, 0] > 127
    registration = register(load_image(answer_path), target, edit_mask=mask)
    return registration.image if registration.ok else None


def evidence_boxes(violation: Violation, layout: dict[str, Any] | None = None) -> list[list[float]]:
    """Pixel boxes ``[x0, y0, x1, y1]`` a violation points at: its ``bbox``, ``bboxes``, or its grid cells."""
    ev = violation.evidence or {}
    boxes = []
    if _is_box(ev.get("bbox")):
        boxes.append([float(v) for v in ev["bbox"]])
    for box in ev.get("bboxes") or []:
        if _is_box(box):
            boxes.append([float(v) for v in box])
    if not boxes and layout and {"grid_bbox", "rows", "cols"} <= set(layout):
        cells = ev.get("cells") or ([ev["cell"]] if "cell" in ev else [])
        x0, y0, x1, y1 = layout["grid_bbox"]
        w, h = (x1 - x0) / layout["cols"], (y1 - y0) / layout["rows"]
        for cell in cells:
            if isinstance(cell, (list, tuple)) and len(cell) == 2:
                r, c = cell
                boxes.append([x0 + c * w, y0 + r * h, x0 + (c + 1) * w, y0 + (r + 1) * h])
    return boxes


def draw_violations(image: np.ndarray, violations: list[Violation], layout: dict[str, Any] | None = None,
                    *, max_side: int | None = None) -> np.ndarray:
    """A copy of ``image`` (RGB uint8, input frame) with each violation's boxes outlined in its code's
    colour and each code labelled once. ``max_side`` shrinks the image first so labels stay legible in
    a thumbnail."""
    from genpuzzle.renderers.common import font

    base = Image.fromarray(np.ascontiguousarray(image, dtype=np.uint8)).convert("RGB")
    scale = 1.0
    if max_side is not None and max(base.size) > max_side:
        scale = max_side / max(base.size)
        base = base.resize((max(1, round(base.width * scale)), max(1, round(base.height * scale))), Image.LANCZOS)
    shade = Image.new("RGBA", base.size, (0, 0, 0, 0))
    lines = Image.new("RGBA", base.size, (0, 0, 0, 0))
    fill_draw, draw = ImageDraw.Draw(shade), ImageDraw.Draw(lines)
    side = max(base.size)
    width = max(2, side // 160)
    label_font = font(max(11, side // 26), True)
    labels: dict[str, tuple[tuple[int, int, int], list[float]]] = {}
    for violation in violations:
        colour = code_colour(violation.code)
        for box in evidence_boxes(violation, layout):
            x0, y0, x1, y1 = (v * scale for v in box)
            fill_draw.rectangle([x0, y0, x1, y1], fill=(*colour, 48))
            draw.rectangle([x0, y0, x1, y1], outline=(*colour, 255), width=width)
            labels.setdefault(violation.code, (colour, [x0, y0, x1, y1]))  # one label per code
    placed: list[tuple[float, float, float, float]] = []
    for code, (colour, (x0, y0, x1, y1)) in labels.items():
        tx0, ty0, tx1, ty1 = draw.textbbox((0, 0), code, font=label_font)
        tw, th = tx1 - tx0 + 4, ty1 - ty0 + 4
        lx = min(max(0.0, x0), base.width - tw)
        ly = y0 - th if y0 - th >= 0 else y1
        while any(lx < px1 and px0 < lx + tw and ly < py1 and py0 < ly + th for px0, py0, px1, py1 in placed):
            ly += th  # stack labels that would cover each other
        ly = min(ly, base.height - th)
        placed.append((lx, ly, lx + tw, ly + th))
        draw.rectangle([lx, ly, lx + tw, ly + th], fill=(*colour, 235))
        draw.text((lx + 2 - tx0, ly + 2 - ty0), code, font=label_font, fill=(255, 255, 255, 255))
    out = Image.alpha_composite(Image.alpha_composite(base.convert("RGBA"), shade), lines)
    return np.asarray(out.convert("RGB"))


def overlay_image(record: InstanceRecord, verdict: Verdict, answer: np.ndarray,
                  max_side: int | None = None) -> np.ndarray:
    """What the report shows for ``verdict``: the track's own overlay, else the violations' boxes.

    ``answer`` is the registered answer (RGB uint8, input frame); ``max_side`` as in :func:`draw_violations`.
    """
    from genpuzzle.registry import get_track

    drawn = get_track(record.track).overlay(record, verdict, answer)
    if drawn is not None:
        return np.asarray(drawn, dtype=np.uint8)
    return draw_violations(answer, verdict.violations, record.layout, max_side=max_side)


def _is_box(value: Any) -> bool:
    return isinstance(value, (list, tuple)) and len(value) == 4 and all(isinstance(v, (int, float)) for v in value)
