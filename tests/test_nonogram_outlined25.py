"""Twenty-fifth session (issue 13, helper h25a, rubric 52): clues in an outlined font, and a page's empty-cell mark
drawn a px off in a few cells.

- A clue font drawn as a thin (often pale) line around a paper face, with a 3-D extrusion or a drop shadow beside it,
  was read as its ink: the extrusion and the dark seen through a "0"'s counter read as "1"s, the line as a number's
  frame, and most strips were unsure (every correct answer in review). A page whose glyphs are such outlines is read by
  their faces (``_outline_glyph_faces``): the same numbers pass, a changed number is caught, a number written over in
  a solid pen is read as drawn, and a page in a solid font is left as it is.
- A mark the empty-cell fit nearly accounts for (a small outlined diamond a ring to the fit at 0.93-0.97 in a few
  cells, >= 0.97 in the rest) is the page's mark when REPEATED_SIGN_CELLS cells hold it accepted and it is a copy of
  them; a letter or a digit among the copies, or a copy drawn where a fill belongs, is still no pass.

Every page here is this file's own drawing on a generated puzzle (FreeSans Bold clues, PIL diamonds), not a held-out
family's answers or styles.
"""
from __future__ import annotations

import copy
from pathlib import Path

import numpy as np
import pytest
from PIL import ImageDraw, ImageFont

import genpuzzle
from genpuzzle.evaluate import observed_kwargs
from genpuzzle.records import Status
from genpuzzle.registration import register
from genpuzzle.registry import get_track
from genpuzzle.renderers.nonogram import cell_box
from genpuzzle.verifiers import nonogram as nv
from genpuzzle.verifiers.nonogram import clue_strip
from test_nonogram_clue_frames22 import _puzzle  # the generated puzzle and its record

SANS_BOLD = Path("/usr/share/fonts/truetype/freefont/FreeSansBold.ttf")
GO = Path("/usr/share/fonts/fonts-go/Go-Regular.ttf")
needs_fonts = pytest.mark.skipif(not (SANS_BOLD.exists() and GO.exists()),
                                 reason="fonts-freefont and fonts-go are installed by tools/install.sh")
TRACK = get_track("nonogram")



def _clues(p) -> dict:
    t = p.ground_truth
    return {"row": copy.deepcopy(t["row_clues"]), "col": copy.deepcopy(t["col_clues"])}


def _changed(p) -> tuple[dict, tuple[str, int]]:
    """The puzzle's clues with the first row's first number that is no 0 changed by one."""
    clues = _clues(p)
    i = next(i for i, c in enumerate(clues["row"]) if c and c[0])
    clues["row"][i][0] = clues["row"][i][0] + 1 if clues["row"][i][0] < 9 else 8
    return clues, ("row", i)


def _outlined(p, scale: float, depth: int, clues: dict | None = None, line=(150, 150, 150),
              solid: frozenset = frozenset()) -> np.ndarray:
    """The reference with its clue strips blanked and their numbers set again in FreeSans Bold at ``scale`` x the
    page's clue size as a poster's 3-D letters: a white face inside a 1-px ``line``, extruded ``depth`` px down and to
    the right in near-black. Strips in ``solid`` ((kind, index)) are written in a solid dark pen instead."""
    lay = p.layout
    fp = lay["clue_font_px"]
    img = p.reference_images[0].convert("RGB").copy()
    d = ImageDraw.Draw(img)
    f = ImageFont.truetype(str(SANS_BOLD), round(scale * fp))
    for kind in ("row", "col"):
        for i, clue in enumerate((clues or _clues(p))[kind]):
            x0, y0, x1, y1 = clue_strip(lay, kind, i)
            d.rectangle([x0 + 1, y0 + 1, x1 - 2, y1 - 2], fill=(255, 255, 255))
            edge = x1 - 0.3 * fp if kind == "row" else y1 - 0.3 * fp
            for t in reversed([str(v) for v in (clue or [0])]):
                w = f.getlength(t)
                if kind == "row":
                    cx, cy = edge - w / 2, (y0 + y1) / 2
                    edge -= w + 0.6 * fp
                else:
                    cx, cy = (x0 + x1) / 2, edge - 0.45 * scale * fp
                    edge -= (0.85 * scale + 0.25) * fp
                if (kind, i) in solid:
                    d.text((cx, cy), t, font=f, fill=(25, 25, 30), anchor="mm")
                    continue
                for k in range(1, depth + 1):
                    d.text((cx + k, cy + k), t, font=f, fill=(30, 30, 30), anchor="mm", stroke_width=1,
                           stroke_fill=(30, 30, 30))
                d.text((cx, cy), t, font=f, fill=(255, 255, 255), anchor="mm", stroke_width=1, stroke_fill=line)
    return np.asarray(img)


def _verify(p, rec, answer: np.ndarray):
    inp = np.asarray(p.input_image.convert("RGB"))
    reg = register(answer, inp, edit_mask=np.asarray(p.edit_mask))
    assert reg.ok, reg.reason
    return TRACK.verify(rec, reg.image, inp, **observed_kwargs(TRACK, reg, answer))


def _msg(v) -> tuple:
    return (v.status, v.score, v.codes, [(u["line"], u["index"], u.get("read_text"))
                                         for u in (v.extra or {}).get("unsure_clues", [])][:4])


# ------------------------------------------------------------------ clues in an outlined, extruded font

# (variant, seed, scale, depth): each correct answer was in review before rubric 52 (40-95 points), its changed clue
# in review too
OUTLINED = [("5x5", 28501, 1.3, 3), ("5x5", 28501, 1.5, 4), ("10x10", 28502, 1.3, 3), ("10x10", 28502, 1.5, 4)]


@needs_fonts
@pytest.mark.parametrize("variant,seed,scale,depth", OUTLINED, ids=[f"{v}-{s}-{d}" for v, _, s, d in OUTLINED])
def test_an_outlined_clue_font_is_read_by_its_faces(variant, seed, scale, depth):
    p, rec = _puzzle(seed, variant)
    v = _verify(p, rec, _outlined(p, scale, depth))
    assert v.status == Status.CORRECT and v.score == 100, _msg(v)
    assert (v.extra or {}).get("clue_font_outlined")
    clues, _ = _changed(p)
    v = _verify(p, rec, _outlined(p, scale, depth, clues))
    assert v.status == Status.INCORRECT and "clue_changed" in v.codes and v.score < 100, _msg(v)


@needs_fonts
@pytest.mark.parametrize("variant,seed", [("5x5", 28501), ("10x10", 28502)])
def test_a_number_written_over_in_a_solid_pen_is_read_as_drawn(variant, seed):
    p, rec = _puzzle(seed, variant)
    clues, line = _changed(p)
    # the changed number in a solid pen among outlined ones: read as what it is
    v = _verify(p, rec, _outlined(p, 1.3, 3, clues, solid=frozenset({line})))
    assert v.status == Status.INCORRECT and "clue_changed" in v.codes and v.score < 100, _msg(v)
    # the puzzle's own number so written stays the puzzle's
    v = _verify(p, rec, _outlined(p, 1.3, 3, solid=frozenset({line})))
    assert v.status != Status.INCORRECT, _msg(v)


@pytest.mark.parametrize("variant", ["5x5", "10x10", "15x15"])
def test_a_solid_clue_font_is_no_outlined_page(variant):
    p, _ = _puzzle(28504, variant)
    dark = nv._input_contrast(np.asarray(p.input_image.convert("RGB")))
    H, W = dark.shape
    boxes = [nv._read_box(p.layout, k, i, H, W) for k in ("row", "col")
             for i in range(p.layout["rows" if k == "row" else "cols"])]
    out, outlined = nv._outline_glyph_faces(dark, boxes, p.layout["clue_font_px"])
    assert not outlined and out is dark


@needs_fonts
def test_an_outlined_page_s_faces_are_solid_glyphs():
    p, _ = _puzzle(28501, "5x5")
    dark = nv._input_contrast(_outlined(p, 1.3, 3))
    H, W = dark.shape
    boxes = [nv._read_box(p.layout, k, i, H, W) for k in ("row", "col")
             for i in range(p.layout["rows" if k == "row" else "cols"])]
    out, outlined = nv._outline_glyph_faces(dark, boxes, p.layout["clue_font_px"])
    assert outlined
    # the faces are ink now, and the line and the extrusion are not: the page's clue ink moved onto the faces
    strips = np.zeros(dark.shape, bool)
    for x0, y0, x1, y1 in boxes:
        strips[max(0, y0):y1, max(0, x0):x1] = True
    assert (strips & (out >= 200) & (dark < 60)).sum() > 0.5 * (strips & (out >= 200)).sum()
    assert (strips & (out < 25) & (dark >= 200)).sum() > 0.5 * (strips & (dark >= 200)).sum()


# ------------------------------------------------------------------ a page's mark drawn a px off in a few cells


def _diamonds(variant: str, seed: int, frac: float, odd: tuple[int, str] | None = None,
              in_fill: bool = False) -> tuple:
    """The solution with a 1-px dark grey diamond outline (``frac`` of a cell across) in every empty cell, each 0-5 %
    of a cell off the centre; ``odd`` = (k, text): the k-th empty cell holds ``text`` in Go instead; ``in_fill``: the
    first filled cell is left empty with a diamond in it (a missing fill)."""
    puzzle = genpuzzle.generate("nonogram", seed, variant)
    page = puzzle.reference_images[0].convert("RGB")
    d = ImageDraw.Draw(page)
    rng = np.random.default_rng(seed)
    sol = puzzle.ground_truth["solution"]
    empties = [(r, c) for r, row in enumerate(sol) for c, v in enumerate(row) if not v]
    cells = list(empties)
    if in_fill:
        r, c = next((r, c) for r, row in enumerate(sol) for c, v in enumerate(row) if v)
        x0, y0, x1, y1 = cell_box(puzzle.layout, r, c)
        d.rectangle([x0 + 2, y0 + 2, x1 - 2, y1 - 2], fill=(255, 255, 255))
        cells.append((r, c))
    for n, (r, c) in enumerate(cells):
        x0, y0, x1, y1 = cell_box(puzzle.layout, r, c)
        s = min(x1 - x0, y1 - y0)
        cx, cy = (x0 + x1) / 2 + rng.uniform(-0.05, 0.05) * s, (y0 + y1) / 2 + rng.uniform(-0.05, 0.05) * s
        k = frac * s / 2
        if odd is not None and n == odd[0]:
            d.text((cx, cy), odd[1], font=ImageFont.truetype(str(GO), round(0.45 * s)), fill=(60, 60, 70), anchor="mm")
            continue
        d.polygon([(cx, cy - k), (cx + k, cy), (cx, cy + k), (cx - k, cy)], outline=(60, 60, 70), width=1)
    return puzzle, np.asarray(page)


DIAMONDS = [("5x5", 28501, 0.28), ("10x10", 28501, 0.34)]  # 3 cells each in doubt before rubric 52 (review)


@pytest.mark.parametrize("variant,seed,frac", DIAMONDS)
def test_the_page_s_mark_nearly_fitted_in_a_few_cells_is_that_mark(variant, seed, frac):
    puzzle, page = _diamonds(variant, seed, frac)
    v = genpuzzle.verify(puzzle, page)
    assert v.status == Status.CORRECT and v.score == 100, (v.status, v.score, v.codes)


@needs_fonts
@pytest.mark.parametrize("variant,seed,frac", DIAMONDS)
@pytest.mark.parametrize("text", ["0", "o", "a"])
def test_a_glyph_among_the_page_s_marks_is_no_pass(variant, seed, frac, text):
    puzzle, page = _diamonds(variant, seed, frac, odd=(0, text))
    v = genpuzzle.verify(puzzle, page)
    assert v.status != Status.CORRECT and v.score < 100, (v.status, v.score, v.codes)


@pytest.mark.parametrize("variant,seed,frac", DIAMONDS)
def test_the_page_s_mark_where_a_fill_belongs_is_no_pass(variant, seed, frac):
    puzzle, page = _diamonds(variant, seed, frac, in_fill=True)
    v = genpuzzle.verify(puzzle, page)
    assert v.status == Status.INCORRECT and v.score < 100, (v.status, v.score, v.codes)
