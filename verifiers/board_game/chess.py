"""Chess board reader: glyph cells by :mod:`genpuzzle.verifiers.board_game.glyphs`; a changed cell's piece
is read as

- **side** by the cell's lightness against both sides' glyphs drawn with the answer page's pen
  (:func:`~genpuzzle.verifiers.board_game.glyphs.pen_weight`, :func:`glyph_side`) and, on a page with the
  input's pen, also by the lightness of the body's core and its share of dark ink (a solid dark core is
  Black; a white core, or the square's colour inside a dark outline, White): the two must agree; a token
  carrying a letter by its fill;
- **kind** by shape: the filled silhouette against the silhouettes of two chess glyph designs (the
  shipped DejaVu Sans and WenQuanYi Micro Hei glyphs; the answer's design is chosen by a vote over its
  changed cells, see :func:`read_board`); a disc- or box-shaped body carrying a letter (K Q R B N P, a
  common redrawing) is read by the letter, in several fonts. A plain letter read as a silhouette gives
  the side by its case (FEN: upper case White).

Open set: a piece-sized shape matching no design is ``unknown_piece``; a near tie is unsure.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np

from genpuzzle.records import InstanceRecord
from genpuzzle.solvers.board_game.base import parse_board
from genpuzzle.verifiers.board_game.base import UNSURE, BoardReading, luma, stroke_variants
from genpuzzle.verifiers.board_game.glyphs import (
    CellView,
    account_glyph_piece_ink,
    best_match,
    confident,
    disc_fit,
    letter_bank,
    main_components,
    pen_weight,
    read_glyph_board,
    render_mask,
    shape_vector,
    template_view,
    unknown_or_unsure,
    within,
)

KEPT_PIECE_INK = True  # base.verify_board checks ink joined to the kept pieces (puzzle_verify.account_kept_piece_ink)

KINDS = "KQRBNP"
SHAPE_FLOOR = 0.55
SHAPE_MARGIN = 0.04
LETTER_FLOOR = 0.5
LETTER_MARGIN = 0.05
MOSTLY_DARK = 0.6  # this much dark ink is a Black piece whatever else its body shows
BLACK_CORE_L = 36.0
BLACK_DARK_SHARE = 0.42
WHITE_CORE_L = 40.0
WHITE_DARK_SHARE = 0.46
GREY_MARGIN = 0.25  # lightness correlation lead that settles a silhouette tie
GREY_FLOOR = 0.8
GREY_SCALES = (0.85, 1.0, 1.15)
TEMPLATE_BLUR = 1.2  # px: the blurred variant of every template
OPEN_FRAC = 0.05  # a queen's crown points and a bishop's tip are thin: open only 1-2 px specks away


DESIGNS = ("dejavu", "wqy", "letters")
GLYPH_DESIGNS = ("dejavu", "wqy")
SIDE_BLUR = 0.6  # px: the lightness templates of the side test are blurred less than the kind's
SIDE_LEAD = 0.04  # lightness correlation lead of one side's glyphs that names the side
SIDE_MATCH = 0.6  # ... when the best glyph matches at least this well
SIDE_OVERRIDE_LEAD = 0.15  # a lead that overrules the body's shares (a close match of a known design)
SIDE_OVERRIDE_MATCH = 0.85


def _draw_glyph(font_of: Any, code: str) -> Any:
    """A drawing function: chess glyph ``code`` in a font as this board draws it (White: the silhouette
    filled white under the outline glyph; Black: the filled glyph)."""
    from PIL import ImageDraw

    from genpuzzle.renderers.board_game.pieces import CHESS_GLYPHS

    def draw(img: Any, box: tuple[float, float, float, float]) -> None:
        x0, y0, x1, y1 = box
        cx, cy, side = (x0 + x1) / 2, (y0 + y1) / 2, x1 - x0
        outline, filled = CHESS_GLYPHS[code.lower()]
        d, f = ImageDraw.Draw(img), font_of(int(round(side * 0.85)))
        if code.isupper():
            d.text((cx, cy), filled, font=f, fill=(255, 255, 255), anchor="mm")
            d.text((cx, cy), outline, font=f, fill=(0, 0, 0), anchor="mm")
        else:
            d.text((cx, cy), filled, font=f, fill=(0, 0, 0), anchor="mm")
    return draw


def _draw_letter(letter: str, bold: bool) -> Any:
    from PIL import ImageDraw

    from genpuzzle.renderers.board_game.pieces import dejavu

    def draw(img: Any, box: tuple[float, float, float, float]) -> None:
        x0, y0, x1, y1 = box
        ImageDraw.Draw(img).text(((x0 + x1) / 2, (y0 + y1) / 2), letter, font=dejavu(int((x1 - x0) * 0.6), bold),
                                 fill=(20, 20, 20), anchor="mm")
    return draw


@lru_cache(maxsize=4)
def shape_bank(pitch: int) -> dict[str, dict[str, list[np.ndarray]]]:
    """Silhouette vectors per design, each piece drawn at this pitch on two square shades and read by
    the same steps as an answer's cell: ``dejavu`` (this board's glyphs), ``wqy`` (WenQuanYi Micro Hei's
    glyphs) and ``letters`` (plain letters ``K/upper`` .. ``p/lower`` in DejaVu Sans regular and bold)."""
    from genpuzzle.renderers.board_game.pieces import cjk, dejavu

    def vectors(draw: Any) -> list[np.ndarray]:
        out = []
        for shade in ((240, 217, 181), (181, 136, 99)):
            for blur in (0.0, TEMPLATE_BLUR):  # as drawn, and as a resampled, compressed answer shows it
                v = shape_vector(template_view(draw, size=pitch, background=shade, open_frac=OPEN_FRAC,
                                               texture=True, blur=blur).silhouette)
                if v is not None:
                    out.append(v)
        return out

    bank: dict[str, dict[str, list[np.ndarray]]] = {d: {} for d in DESIGNS}
    for kind in KINDS:
        for design, font_of in (("dejavu", dejavu), ("wqy", cjk)):
            bank[design][kind] = [v for code in (kind, kind.lower()) for v in vectors(_draw_glyph(font_of, code))]
        for case, letter in (("upper", kind), ("lower", kind.lower())):
            bank["letters"][f"{letter}/{case}"] = [v for bold in (False, True) for v in vectors(_draw_letter(letter, bold))]
    return bank


@lru_cache(maxsize=1024)
def grey_template(pitch: int, design: str, code: str, shade: str, scale: float = 1.0, pen: int = 0,
                  blur: float = TEMPLATE_BLUR) -> np.ndarray:
    """Lightness of piece ``code`` drawn in ``design`` at ``scale`` of this board's size on a ``shade``
    square with a pen ``pen`` px per side heavier (:func:`~genpuzzle.verifiers.board_game.base.stroke_variants`),
    blurred by ``blur`` px, the central 0.8 pitch (what :func:`grey_scores` slides over an answer's cell)."""
    import cv2

    from genpuzzle.renderers.board_game.pieces import cjk, dejavu

    colour = (240, 217, 181) if shade == "light" else (181, 136, 99)
    font_of = dejavu if design == "dejavu" else cjk
    rgb, _ = render_mask(_draw_glyph(lambda size: font_of(int(round(size * scale))), code), pitch, colour)
    grey = cv2.cvtColor(rgb, cv2.COLOR_RGB2GRAY)
    if pen > 0:
        grey = stroke_variants(grey, (pen,))[1]
    grey = cv2.GaussianBlur(grey.astype(np.float32), (0, 0), blur)
    m = int(round(0.1 * pitch))
    return grey[m:pitch - m, m:pitch - m]


def grey_scores(view: CellView, design: str, side: str, pen: int = 0,
                blur: float = TEMPLATE_BLUR) -> list[tuple[str, float]]:
    """Each kind's best normalised correlation (shifts up to 0.1 pitch) of the cell's blurred lightness
    with the piece of ``side`` drawn in ``design`` on the nearer square shade, best first: the limbs a
    silhouette loses when a thin white-and-black point blends into a dark square still show here."""
    import cv2

    pitch = int(round(view.pitch))
    shade = "light" if view.bg[0] >= 74 else "dark"
    crop = cv2.GaussianBlur(view.grey.astype(np.float32), (0, 0), blur)
    out = []
    for kind in KINDS:
        best = -1.0
        for scale in GREY_SCALES:  # pieces redrawn a little smaller or larger
            t = grey_template(pitch, design, kind if side == "w" else kind.lower(), shade, scale, pen, blur)
            if crop.shape[0] < t.shape[0] or crop.shape[1] < t.shape[1]:
                return []
            best = max(best, float(np.nan_to_num(cv2.matchTemplate(crop, t, cv2.TM_CCOEFF_NORMED)).max()))
        out.append((kind, best))
    return sorted(out, key=lambda kv: -kv[1])


@lru_cache(maxsize=1)
def letters() -> dict[str, list[np.ndarray]]:
    return letter_bank(KINDS)


def is_plate(view: CellView) -> bool:
    """True when the body is a disc or a box (a token carrying a letter), not a piece silhouette: the
    silhouette covers its bounding ellipse or box almost exactly and carries inner ink."""
    sil = view.silhouette
    ys, xs = np.nonzero(sil)
    if len(xs) < 10 or view.inner.sum() < 0.03 * sil.sum():
        return False
    x0, x1, y0, y1 = xs.min(), xs.max() + 1, ys.min(), ys.max() + 1
    w, h = x1 - x0, y1 - y0
    if not 0.75 <= w / h <= 1.33:
        return False
    yy, xx = np.mgrid[y0:y1, x0:x1]
    ellipse = (((xx + 0.5 - (x0 + x1) / 2) / (w / 2)) ** 2 + ((yy + 0.5 - (y0 + y1) / 2) / (h / 2)) ** 2) <= 1
    part = sil[y0:y1, x0:x1]
    iou_ellipse = (part & ellipse).sum() / max(1, (part | ellipse).sum())
    iou_box = part.sum() / (w * h)
    return iou_ellipse >= 0.9 or iou_box >= 0.92


def side_of(view: CellView, plate: bool) -> str | None:
    """``"w"``, ``"b"`` or None (unsure). A token carrying a letter: by its fill (the body's median
    L*). A piece silhouette: by its core's lightness (the body eroded by 0.1 pitch: a Black piece's core is
    solid dark, a White one's white or, for an outline-only glyph, the square's colour) together with the
    share of the body that is dark ink."""
    if plate:
        return "b" if view.body_l < 40 else "w" if view.body_l > 60 else None
    if view.dark_share >= MOSTLY_DARK or (view.core_l <= BLACK_CORE_L and view.dark_share >= BLACK_DARK_SHARE):
        return "b"
    if view.core_l >= WHITE_CORE_L and view.dark_share <= WHITE_DARK_SHARE:
        return "w"
    return None


def side_by_lightness(view: CellView, pen: int) -> tuple[str | None, float, float]:
    """``(side, lead, best)``: the side whose glyphs (both known designs, every kind, drawn with the
    answer's ``pen``) correlate best with the cell's lightness, its lead over the other side and its best
    correlation. Weight-proof where the body's shares are not: a White outline glyph filled in by a
    heavier pen is dark, but still lighter inside than a Black glyph drawn with the same pen."""
    best = {s: max((g[0][1] for g in (grey_scores(view, d, s, pen, SIDE_BLUR) for d in GLYPH_DESIGNS) if g),
                   default=-1.0)
            for s in "wb"}
    side = max(best, key=best.get)
    return side, best[side] - best["b" if side == "w" else "w"], best[side]


def glyph_side(view: CellView, pen: int, ev: dict[str, Any]) -> str | None:
    """The side of a glyph silhouette (not a token): by lightness templates drawn with the answer's pen
    (:func:`side_by_lightness`) and, on a page drawn with the input's pen, by the body's shares
    (:func:`side_of`, which also reads designs the templates do not know, such as outline-only glyphs).
    Both must agree; where they disagree, a clear template lead on a glyph that matches a known design
    wins; else None (unsure)."""
    by_shares = side_of(view, False) if pen == 0 else None
    by_lightness, lead, match = side_by_lightness(view, pen)
    ev["side_lightness"] = [by_lightness, round(lead, 3), round(match, 3)]
    if lead < SIDE_LEAD or match < SIDE_MATCH:
        by_lightness = None
    if pen != 0 or by_shares is None:
        return by_lightness
    if by_lightness is None or by_lightness == by_shares:
        return by_shares
    return by_lightness if lead >= SIDE_OVERRIDE_LEAD and match >= SIDE_OVERRIDE_MATCH else None


def classify(view: CellView, designs: tuple[str, ...] = DESIGNS, pen: int = 0) -> tuple[str, float, dict[str, Any]]:
    """Side and kind of one occupied cell, matching silhouettes against ``designs`` only; ``pen``: the
    answer page's pen weight (:func:`~genpuzzle.verifiers.board_game.glyphs.pen_weight`)."""
    ev: dict[str, Any] = {}
    plate = is_plate(view)
    side = side_of(view, plate) if plate else glyph_side(view, pen, ev)
    if plate:
        cx, cy, radius, _ = disc_fit(view.silhouette)
        letter = main_components(within(view.inner, cx, cy, 0.8 * radius), 0.25)  # the token's rim left out
        scores = best_match(shape_vector(letter), letters())
        ev["mode"] = "letter"
        ev["scores"] = [[k, round(s, 3)] for k, s in scores[:3]]
        kind, cf, why = confident(scores, LETTER_FLOOR, LETTER_MARGIN)
    else:
        vec = shape_vector(view.silhouette)
        bank = shape_bank(int(round(view.pitch)))
        ev["mode"] = "silhouette"
        ev["design_best"] = {d: round(best_match(vec, bank[d])[0][1], 3) if vec is not None else 0.0 for d in DESIGNS}
        # one score per kind (the designs in use and plain letters of either case compete as that kind)
        per_kind: dict[str, tuple[float, str]] = {}
        for d in designs:
            for key, s in best_match(vec, bank[d]):
                k = key.split("/")[0].upper()
                if k not in per_kind or s > per_kind[k][0]:
                    per_kind[k] = (s, key)
        scores = sorted(((k, s) for k, (s, _) in per_kind.items()), key=lambda kv: -kv[1])
        ev["scores"] = [[k, round(s, 3)] for k, s in scores[:3]]
        kind, cf, why = confident(scores, SHAPE_FLOOR, SHAPE_MARGIN)
        if kind is not None and "/" in per_kind[kind][1]:  # a plain letter: its case gives the side
            side = "w" if per_kind[kind][1].endswith("upper") else "b"
            ev["mode"] = "plain_letter"
        elif side is not None and len(designs) <= 2 and (kind is not None or why == "tie"):
            # a glyph read against the answer's design: its lightness must name the same kind, and it
            # settles a near tie between the two best silhouettes when it is clear
            grey = grey_scores(view, designs[0], side, pen)
            ev["grey_scores"] = [[k, round(s, 3)] for k, s in grey[:3]]
            if kind is not None and grey and grey[0][0] != kind:
                return UNSURE, 0.3, {**ev, "reason": "silhouette and lightness name different kinds"}
            if kind is None and len(grey) > 1 and grey[0][1] - grey[1][1] >= GREY_MARGIN \
                    and grey[0][1] >= GREY_FLOOR and grey[0][0] in [k for k, _ in scores[:2]]:
                kind, cf = grey[0][0], 0.75
                ev["settled_by"] = "lightness"
    if kind is None:
        return unknown_or_unsure(why, ev)
    if side is None:
        return UNSURE, 0.3, {**ev, "kind": kind, "reason": "side unclear: the body is neither light nor dark"}
    return (kind if side == "w" else kind.lower()), cf, ev


def read_board(answer: np.ndarray, input_image: np.ndarray, record: InstanceRecord) -> BoardReading:
    """Two passes: every changed cell against every design, then, when the answer's pieces agree on a
    glyph design (the one matching best on most changed cells, every piece read unchanged counting for
    the input's design, then by mean match), again against that design
    and plain letters only. One answer draws its pieces in one design, so a pawn of one font that looks
    like another font's bishop is read as a pawn."""
    position = parse_board(record.ground_truth["position"])
    layout = record.layout
    boxes = [label["box"] for label in layout.get("labels", [])] + [
        layout["cell_boxes"][r][c] for r in range(8) for c in range(8) if position[r][c] != "."]
    pen, pen_ev = pen_weight(luma(np.asarray(answer)), luma(np.asarray(input_image)), boxes)
    first = read_glyph_board(answer, input_image, record.layout, position,
                             lambda view: classify(view, DESIGNS, pen), OPEN_FRAC, texture=True)
    first.notes["pen"] = pen_ev
    seen = [e["design_best"] for row in first.evidence for e in row if "design_best" in e]
    if not seen:
        return account_glyph_piece_ink(first, answer, input_image, layout, position, pen)
    # pieces read as unchanged from the input are in the input's design (this board's DejaVu glyphs)
    kept = sum(e.get("read") == "unchanged" and position[r][c] != "."
               for r, row in enumerate(first.evidence) for c, e in enumerate(row))
    mean = {d: float(np.mean([s[d] for s in seen])) for d in ("dejavu", "wqy")}
    wins = {d: sum(s[d] >= max(s["dejavu"], s["wqy"]) for s in seen) for d in ("dejavu", "wqy")}
    wins["dejavu"] += kept
    design = max(mean, key=lambda d: (wins[d], mean[d]))
    second = read_glyph_board(answer, input_image, record.layout, position,
                              lambda view: classify(view, (design, "letters"), pen), OPEN_FRAC, texture=True)
    second.notes["pen"] = pen_ev
    second.notes["chess_design"] = {"design": design, "cells_won": wins,
                                    "mean_match": {k: round(v, 3) for k, v in mean.items()}}
    # ink on a piece that the input's drawing of it lacks is a mark
    return account_glyph_piece_ink(second, answer, input_image, layout, position, pen)


def compare(reading: BoardReading, record: InstanceRecord, layout: dict[str, Any]) -> Any:
    """The shared comparison, plus chess's promotion rule: the accepted move's squares shown with the
    mover's piece arriving as another kind (a pawn left unpromoted, the wrong promotion piece) and every
    other square as the accepted board is the right move with a wrong consequence,
    ``wrong_final_board``, not an illegal move."""
    from genpuzzle.verifiers.board_game.base import LOGIC, Comparison, _cells_violation, compare_boards

    result = compare_boards(reading, record, layout)
    if result.outcome != "illegal_move":
        return result
    read = reading.states
    for entry in record.ground_truth["accepted"]:
        target = parse_board(entry["board"])
        (fr, fc), (tr, tc) = [tuple(c) for c in entry["cells"][:2]]
        differ = [(r, c) for r in range(8) for c in range(8)
                  if read[r][c] != UNSURE and read[r][c] != target[r][c]]
        arrived = read[tr][tc]
        if differ == [(tr, tc)] and arrived not in (".", UNSURE) and arrived.isupper() == target[tr][tc].isupper():
            violation = _cells_violation(
                "wrong_final_board", f"the move {entry['move']} is shown but the piece arriving on its square is "
                f"{arrived!r}, not {target[tr][tc]!r} (promotion)", [(tr, tc)], layout, move=entry["move"],
                read=[arrived], expected=[target[tr][tc]])
            others = [v for v in result.violations if v.code != "illegal_move"]
            return Comparison("wrong_final_board", others + [violation], LOGIC["wrong_final_board"],
                              result.preservation, result.completion, target)
    return result
