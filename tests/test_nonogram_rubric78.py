"""Forty-seventh session (issue 13), nonogram rubric 78: HELDOUT39, measured blind last session, studied.

- **Labelled clues.** HELDOUT39's label-maker page presses each number white into its own length of red embossing tape
  stuck on a white board. Read as ink, every tape was one glyph the tape's size ("?"), and the error-free pages went to
  review or, their numbers charged as changed, failed. A page whose clue strips' glyph-sized pieces are mostly labels
  (a dark patch, square with what it encloses, a light figure set clear of its sides) has each label turned over as a
  dark panel is: its dark level paper, its figure ink (``nonogram._labels``, ``_labels_turned``, in
  ``_light_on_dark_strips``), and so past the frame too. Ink that is no label stays as drawn.
- **Surroundings that end before the image does.** Past the frame, the page's bubble wrap ended a little before the
  answer image's edge, so it never met the canvas's outer edge and was read as the page: a bubble cut by the page's
  edge read as a "4" before "4 1", surely, and an error-free page failed. Surroundings joined to the canvas past the
  image and running along the page's edge are past the page too (``nonogram._past_page_edge``, ``unseen``).
- **A pale band through a cell.** The page's bicycle-wheel shadow lays soft grey bands, its rim and spokes, a third of
  a cell wide across the empty cells. Two cells along the rim read filled as pale fills (the page failed), others
  unsure as smudges. A darkening that crosses the cell (reaching two of its sides, under PALE_AREA of it) is a
  shadow passing over, no fill and no smudge (``cells._band_through``, PALE_THROUGH in ``_pale_fills``; shared by
  every track's cell reader).

On rubric 77 (a snapshot of the forty-sixth session's verifier, run from outside the checkout) the HELDOUT39 pages and
the mechanism tests fail, and so do the guards that call the new functions; the light extra cells under the wheel and
the 10x10 page's changed label are caught there too.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image, ImageDraw
from test_nonogram_rubric67 import _verdict

from genpuzzle.records import Status
from genpuzzle.renderers.common import font
from genpuzzle.verifiers import cells as cells_mod
from genpuzzle.verifiers import nonogram as nv

FAMILY = "nonogram_heldout39"
LABELS = "s_embossedtape_vinylsquares_redrawlabels"
WHEEL = "s_spacemonobold_chipotle_wheelshadow"


# -- HELDOUT39's pages -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("size, k", [("5x5", 0), ("5x5", 1), ("10x10", 0), ("10x10", 1), ("15x15", 1)])
def test_heldout39s_label_pages_read_correct(size, k):
    v = _verdict(LABELS, size, k, "none", family=FAMILY)
    unsure = [(c["line"], c["index"], c.get("read_text")) for c in v.extra.get("unsure_clues", [])]
    assert v.status == Status.CORRECT and v.score == 100.0, (v.status, v.score, unsure)


@pytest.mark.parametrize("size, k", [("5x5", 0), ("10x10", 1)])
def test_heldout39s_changed_label_is_charged(size, k):
    v = _verdict(LABELS, size, k, "clue_changed", family=FAMILY)
    assert v.status == Status.INCORRECT and not v.extra.get("needs_review"), (v.status, v.score)
    assert "clue_changed" in v.codes


@pytest.mark.parametrize("size, k", [("10x10", 1), ("15x15", 1)])
def test_heldout39s_wheel_shadow_pages_read_correct(size, k):
    v = _verdict(WHEEL, size, k, "none", family=FAMILY)
    unsure = [c["cell"] for c in v.extra.get("unsure_cells", [])]
    assert v.status == Status.CORRECT and v.score == 100.0, (v.status, v.score, unsure)


def test_heldout39s_wheel_shadow_page_no_longer_fails():
    """The rim's band read two empty cells filled; a cell at the spokes' hub stays in doubt, as a review."""
    v = _verdict(WHEEL, "15x15", 0, "none", family=FAMILY)
    assert v.status != Status.INCORRECT, (v.status, v.codes)


@pytest.mark.parametrize("size, k", [("5x5", 0), ("15x15", 0)])
def test_heldout39s_light_extra_cell_under_the_wheel_is_still_caught(size, k):
    v = _verdict(WHEEL, size, k, "extra_light", family=FAMILY)
    assert v.status == Status.INCORRECT, (v.status, v.score)


def test_heldout39s_page_on_bubble_wrap_reads_no_bubble_as_a_number():
    """Past the frame, the bubble wrap ends before the image does; a bubble cut by the page's edge read "4 4 1" for
    "4 1", surely, and the error-free page failed."""
    v = _verdict("s_abrilfatface_carobpods_bubblewrap", "10x10", 1, "none", family=FAMILY)
    assert v.status == Status.CORRECT and v.score == 100.0, (v.status, v.score, v.codes)


def test_surroundings_past_the_image_edge_are_no_page_but_a_cut_glyph_stays():
    """The canvas past the frame (a row strip's, the outer edge left): the image ends 20 px in (unseen); a cloth 30 px
    wide runs along the whole page edge beside it, joined to the unseen band only; a glyph the image's edge cuts
    touches the unseen band too, but is no surface along the page."""
    con = np.zeros((80, 200), np.uint8)
    unseen = np.zeros_like(con, dtype=bool)
    unseen[:, :20] = True
    con[:, 20:50] = 120  # the cloth
    con[30:55, 52:54] = 0
    glyph = np.zeros_like(con, dtype=bool)
    glyph[30:55, 20:26] = True  # (a cut glyph lies where the cloth does not: its own canvas)
    con2 = np.zeros_like(con)
    con2[glyph] = 200
    around = nv._past_page_edge(con, "row", unseen)
    assert around[:, 20:50].all()
    around2 = nv._past_page_edge(con2, "row", unseen)
    assert not (around2 & glyph).any()
    assert not nv._past_page_edge(con, "row")[:, 20:50].any()  # (without the unseen band it met no edge)


# -- labels, on drawn darkness maps ------------------------------------------------------------------------------------

FONT_PX = 28


def _label(text: str, width: int = 44, height: int = 44, level: int = 200) -> np.ndarray:
    """Darkness (0 paper, 255 ink) of a label: a ``level``-dark patch with ``text`` light on it."""
    im = Image.new("L", (width, height), level)
    ImageDraw.Draw(im).text((width / 2, height / 2), text, font=font(FONT_PX, True), fill=0, anchor="mm")
    return np.asarray(im)


def _strip(pieces: list[np.ndarray], gap: int = 10) -> np.ndarray:
    """A clue strip's darkness: ``pieces`` side by side on paper, ``gap`` px apart, 12 px of paper round them."""
    height = max(p.shape[0] for p in pieces) + 24
    out = np.zeros((height, sum(p.shape[1] for p in pieces) + gap * (len(pieces) - 1) + 24), np.uint8)
    x = 12
    for p in pieces:
        out[12:12 + p.shape[0], x:x + p.shape[1]] = p
        x += p.shape[1] + gap
    return out


def _box(dark: np.ndarray) -> list[tuple[int, int, int, int]]:
    return [(0, 0, dark.shape[1], dark.shape[0])]


def _ink_digit(text: str) -> np.ndarray:
    """Darkness of ``text`` written dark on paper in the renderer's bold face, 44 px square."""
    im = Image.new("L", (44, 44), 0)
    ImageDraw.Draw(im).text((22, 22), text, font=font(40, True), fill=255, anchor="mm")
    return np.asarray(im)


def test_labels_are_found_and_turned_into_their_figures():
    dark = _strip([_label("4"), _label("1"), _label("12", width=60)])
    labels, pieces = nv._labels(dark, FONT_PX, _box(dark))
    assert (len(labels), pieces) == (3, 3)
    turned = nv._labels_turned(dark, labels)
    # each label's figure is ink now, its patch paper: the turned strip holds the figures' px and no more
    figures = _strip([255 - _label("4", level=255), 255 - _label("1", level=255),
                      255 - _label("12", width=60, level=255)])
    assert (turned >= nv.CLUE_INK).sum() > 0.6 * (figures >= nv.CLUE_INK).sum()
    assert not ((turned >= nv.CLUE_INK) & (figures < 40)).any()


def test_two_labels_that_touch_leave_no_seam():
    """Two tapes stuck edge to edge are one piece of ink with a lighter line between them: no figure."""
    left, right = _label("1"), _label("4")
    pair = np.hstack([left, right]).copy()
    pair[:, left.shape[1] - 1:left.shape[1] + 1] = 110  # the seam, lighter than the tapes
    dark = _strip([pair])
    labels, _ = nv._labels(dark, FONT_PX, _box(dark))
    assert len(labels) == 1
    turned = nv._labels_turned(dark, labels)
    x = 12 + left.shape[1]
    assert turned[12:12 + 44, x - 2:x + 2].max() == 0


def test_ink_beside_the_labels_stays_as_drawn():
    """A number written in a pen beside the labels is no label: it is read as it is drawn, not turned."""
    pen = _ink_digit("7")
    dark = _strip([_label("4"), _label("1"), _label("2"), pen])
    labels, pieces = nv._labels(dark, FONT_PX, _box(dark))
    assert (len(labels), pieces) == (3, 4)
    turned = nv._labels_turned(dark, labels)
    x = 12 + 3 * (44 + 10)
    assert np.array_equal(turned[12:56, x:x + 44], pen)


@pytest.mark.parametrize("text", ["0", "8", "6", "9", "4"])
def test_a_bold_digit_is_no_label(text):
    """A heavy "0" or "8" encloses paper too, but it is round or waisted, not a patch with a figure set in it."""
    dark = _strip([_ink_digit(text)])
    labels, pieces = nv._labels(dark, FONT_PX, _box(dark))
    assert (labels, pieces) == ([], 1)


def test_the_puzzles_own_clues_are_no_labelled_page():
    from genpuzzle.registry import get_track

    for size in ("5x5", "10x10", "15x15"):
        puzzle = get_track("nonogram").generate(5000, size)
        dark = nv.contrast_map(np.asarray(puzzle.input_image.convert("RGB")), puzzle.layout)
        dark = dark[0] if isinstance(dark, tuple) else dark
        out, turned, labelled = nv._light_on_dark_strips(dark, puzzle.layout)
        assert not labelled and not turned and out is dark


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2 ** 32 - 1), st.integers(8, 90), st.integers(8, 90))
def test_labels_never_crash_on_any_darkness_map(seed, h, w):
    rng = np.random.default_rng(seed)
    dark = (rng.random((h, w)) * 255).astype(np.uint8)
    if seed % 3 == 0:
        dark[h // 4:3 * h // 4, w // 4:3 * w // 4] = 220
    labels, pieces = nv._labels(dark, 10.0, _box(dark))
    assert len(labels) <= pieces
    out = nv._labels_turned(dark, labels)
    assert out.shape == dark.shape and out.dtype == dark.dtype


# -- a band through a cell ---------------------------------------------------------------------------------------------

P = cells_mod.PATCH


def _patch(kind: str) -> np.ndarray:
    """A cell's tone patch: a soft band across it (upright or aslant), or a smudge in its middle."""
    yy, xx = np.mgrid[0:P, 0:P].astype(np.float64)
    if kind == "upright":
        d = np.abs(xx - P * 0.4)
    elif kind == "aslant":
        d = np.abs(xx - yy) / np.sqrt(2)
    else:
        d = np.hypot(xx - (P - 1) / 2, yy - (P - 1) / 2)
    return np.clip(40 * np.exp(-(d / 2.5) ** 2), 0, 255)


@pytest.mark.parametrize("kind", ["upright", "aslant"])
def test_a_soft_band_across_a_cell_is_a_band(kind):
    patch = _patch(kind)
    assert cells_mod._band_through(patch, 20.0)


def test_a_smudge_in_a_cells_middle_is_no_band():
    patch = _patch("smudge")
    assert not cells_mod._band_through(patch, 20.0)


def test_a_shade_over_the_whole_cell_is_no_band():
    assert not cells_mod._band_through(np.full((P, P), 30.0), 20.0)
