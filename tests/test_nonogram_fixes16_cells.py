"""Marks for empty cells and grid lines that HELDOUT14 drew and the nonogram verifier misread (sixteenth session, cell
side): an X drawn as rows of dots (its circle test passed between the dots; the gap amid its four middle dots read as
a glyph's counter), a rubber-stamped X whose voids read as counters, a lopsided dab of ink (not point-symmetric: read
as a glyph), a small X set in a cell's corner (off the centre: a stray mark), and a grid line printed as a dither (no
line found: its dots read as marks in the cells beside it); and the guards: small digits and letters are read as they were without the
new rules, planted errors stay caught."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

import genpuzzle
from genpuzzle.records import Status
from genpuzzle.renderers.nonogram import cell_box
from genpuzzle.verifiers import cells as cells_mod
from genpuzzle.verifiers import nonogram as nonogram_mod

FONTS = genpuzzle.__file__.rsplit("/", 2)[0] + "/data/fonts"
INK = (30, 30, 30)


def _solved_page(seed: int, variant: str):
    puzzle = genpuzzle.generate("nonogram", seed, variant)
    return puzzle, puzzle.reference_images[0].convert("RGB")


def _empty_cells(puzzle):
    return [(r, c) for r, row in enumerate(puzzle.ground_truth["solution"]) for c, v in enumerate(row) if not v]


def _arms(box, m):
    x0, y0, x1, y1 = box
    return (((x0 + m, y0 + m), (x1 - m, y1 - m)), ((x0 + m, y1 - m), (x1 - m, y0 + m)))


def _dotted_x(d, box, rng):  # two rows of six dots (HELDOUT14's dotted_x)
    w = box[2] - box[0]
    r = max(1.0, 0.035 * w)
    for (ax, ay), (bx, by) in _arms(box, rng.uniform(0.22, 0.26) * w):
        for t in np.linspace(0, 1, 6):
            px, py = ax + t * (bx - ax), ay + t * (by - ay)
            d.ellipse([px - r, py - r, px + r, py + r], fill=INK)


def _stamped_x(d, box, rng):  # a rubber stamp's X in blue-grey ink with round voids along its strokes
    w = box[2] - box[0]
    arms = _arms(box, rng.uniform(0.23, 0.27) * w)
    for a, b in arms:
        d.line([a, b], fill=(55, 65, 120), width=max(2, round(0.1 * w)))
    for _ in range(rng.randint(5, 8)):
        (ax, ay), (bx, by) = arms[rng.randrange(2)]
        t, r = rng.random(), rng.uniform(0.012, 0.025) * w
        px, py = ax + t * (bx - ax), ay + t * (by - ay)
        d.ellipse([px - r, py - r, px + r, py + r], fill=(250, 250, 250))


def _ink_dab(d, box, rng):  # an irregular dab: ten points at 0.75-1.25 of a radius
    w = box[2] - box[0]
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    base = rng.uniform(0.065, 0.085) * w
    d.polygon([(cx + base * rng.uniform(0.75, 1.25) * math.cos(a), cy + base * rng.uniform(0.75, 1.25) * math.sin(a))
               for a in np.linspace(0, 2 * math.pi, 10, endpoint=False)], fill=INK)


def _corner_x(d, box, rng):  # a small X in the cell's lower right corner
    x0, y0, x1, y1 = box
    w = x1 - x0
    px, py = x1 - rng.uniform(0.25, 0.3) * w, y1 - rng.uniform(0.25, 0.3) * w
    half, width = rng.uniform(0.09, 0.11) * w, max(1, round(0.045 * w))
    d.line([(px - half, py - half), (px + half, py + half)], fill=INK, width=width)
    d.line([(px - half, py + half), (px + half, py - half)], fill=INK, width=width)


def _marked_page(seed, variant, draw, cells=8):
    puzzle, image = _solved_page(seed, variant)
    d = ImageDraw.Draw(image)
    rng = random.Random(seed)
    chosen = _empty_cells(puzzle)[:cells]
    for r, c in chosen:
        draw(d, cell_box(puzzle.layout, r, c), rng)
    return puzzle, image, chosen


@pytest.mark.parametrize("draw", [_dotted_x, _ink_dab, _corner_x], ids=["dotted_x", "ink_dab", "corner_x"])
@pytest.mark.parametrize("variant,seed", [("5x5", 1600), ("10x10", 1610), ("15x15", 1620)])
def test_heldout14_marks_for_empty_cells_are_accepted(draw, variant, seed):
    # drawn as HELDOUT14 draws them, on a clean solved page (the corner X's failed at every size on the session-start
    # code; the dotted X's and dabs fail there only once registered, below)
    puzzle, image, chosen = _marked_page(seed, variant, draw)
    v = genpuzzle.verify(puzzle, image)
    assert v.status == Status.CORRECT and v.score == 100 and not v.needs_review, (v.status, v.score, v.codes)


@pytest.mark.parametrize("text", list("023456789aeAB"))
@pytest.mark.parametrize("size", [8, 9, 10, 12, 14, 16])
@pytest.mark.parametrize("font", ["DejaVuSans-Bold.ttf", "DejaVuSans.ttf"])
def test_a_glyph_is_no_dab_dotted_x_or_void(text, size, font, monkeypatch):
    # the guards of the dab, the dotted X and the stamp's voids: a small digit or letter fills its box like a dab
    # but leaves its notches (a dab fills its convex hull to 92 %, these to at most 0.89); it is one piece of ink (an
    # X of dots many); its counters lie between its strokes, not a px within a stroke's edge. The fit makes of each
    # glyph what it makes of it without those three rules (a first version of the void rule accepted small "4",
    # "6", "8", "9" and "A"; of the dotted X's circle test a regular "2" at 16 px)
    img = Image.new("L", (40, 40), 255)
    ImageDraw.Draw(img).text((20, 20), text, font=ImageFont.truetype(f"{FONTS}/{font}", size), fill=0, anchor="mm")
    ink = (255 - np.asarray(img)) >= 100
    ys, xs = np.nonzero(ink)
    assert nonogram_mod._hull_share(ink[ys.min():ys.max() + 1, xs.min():xs.max() + 1]) < nonogram_mod.DAB_HULL
    now = nonogram_mod.empty_mark_fit(ink)
    monkeypatch.setattr(nonogram_mod, "DAB_HULL", 2.0)
    monkeypatch.setattr(nonogram_mod, "DOTTED_PIECES", 10 ** 6)
    monkeypatch.setattr(nonogram_mod, "_within_strokes", lambda *args: False)
    assert now == nonogram_mod.empty_mark_fit(ink), (text, size, font)


# HELDOUT14's s_roadgeek_wood_fax 5x5/1 ink dab in r4c1, as the empty-mark fit sees it after registration
DAB = """.........##.... ........###.... ......######... .....#######... ....#########.. ...##########..
..############. .#############. ############### ############### .#############. ..###########..
...#########..."""

# HELDOUT14's s_domestic_knit_spreadsheet 15x15/1 dotted X in r12c12 (its four middle dots run together)
DOTTED_X = """##..................##. ###.................### ###.................### .#..................##.
....##..........##..... ....###.........###.... ....###.........###.... .....#..........##.....
........##..##......... ........#######........ ........#######........ ........##..##.........
........##..##......... ........#######........ ........#######........ ........##..##.........
....##..........##..... ....###.........###.... ....###.........###.... ....##..........##.....
##..................##. ###.................### ###.................### ##..................##."""

# HELDOUT14's s_domestic_marble_puzzlepage 5x5/0 stamped X in r3c3 (voids where the stamp took no ink)
STAMPED_X = """....###..............................###.... ...#####............................#####...
..#######..........................#######.. .#########........................#########.
.##########......................##########. .###########....................###########.
..###########..................###########.. ...###########................###########...
....###########..............###########.... .....###########............###########.....
......###########..........###########...... .......###########........###########.......
........###########......###########........ .........###########....###########.........
..........###########..###########.......... ...........######################...........
............####################............ .............##################.............
..............################.............. ...............##############...............
...............#############................ ...............#####..######................
...............#####..#######............... ..............######.#########..............
.............##################............. ............####################............
...........######################........... ..........########################..........
.........###########....###########......... ........###########......###########........
.......###########........###########....... ......###########..........#####..####......
.....###########............####...####..... ....###########..............###...#####....
...###########................###.#######... ..###########..................###########..
.###########....................###########. ###########......................###########
##########........................########## #########..........................#########
.#######............................#######. ..#####..............................#####..
...###................................###... .......................................#...."""


def _mask(rows: str) -> np.ndarray:
    return np.pad(np.array([[ch == "#" for ch in row] for row in rows.split()]), 3)


def test_a_lopsided_dab_is_a_dot():
    # point-symmetric to 0.86 only (a round dot: 0.9), it was in doubt as a glyph might be (review); it fills 95 % of
    # its convex hull, small digits and letters at most 0.89 (test_a_glyph_is_no_dab_dotted_x_or_void)
    assert nonogram_mod.empty_mark_fit(_mask(DAB)) == ("dot", 1.0)


def test_an_x_of_dots_is_an_x():
    # its four middle dots enclose a few px of paper where the strokes cross: no glyph's counter (was cross 0.93, in
    # doubt); another dotted X's circle test passed between its dots (a sure stray mark)
    assert nonogram_mod.empty_mark_fit(_mask(DOTTED_X)) == ("cross", 1.0)


def test_a_stamped_x_with_voids_is_an_x():
    # the voids lie inside the strokes, no glyph's counter (was cross 0.93, in doubt)
    assert nonogram_mod.empty_mark_fit(_mask(STAMPED_X)) == ("cross", 1.0)


def _heldout14_verdict(style_name: str, variant: str, k: int, error: str, seed: int = 5):
    """The verdict on one answer of tests/nonogram_answers.py's HELDOUT14 family, registered as the family's measure
    does (puzzle ``1000 * seed + 10 * variant index + k``)."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent))
    import nonogram_answers as answers

    from genpuzzle.records import InstanceRecord
    from genpuzzle.registration import register
    from genpuzzle.registry import get_track

    track = get_track("nonogram")
    p = track.generate(1000 * seed + 10 * ("5x5", "10x10", "15x15").index(variant) + k, variant)
    rec = InstanceRecord(id="t", track="nonogram", variant=variant, difficulty=p.difficulty, seed=k, instruction="",
                         input_image="", reference_images=[], edit_mask="", ground_truth=p.ground_truth,
                         layout=p.layout, scoring=p.scoring, track_version=track.version)
    inp = np.asarray(p.input_image.convert("RGB"))
    style = next(s for s in answers.HELDOUT14 if s.name == style_name)
    answer = answers.make_answer(p.input_image, p.layout, p.ground_truth, style, error, seed=k)
    reg = register(answer, inp, edit_mask=np.asarray(p.edit_mask))
    assert reg.ok, reg.reason
    return track.verify(rec, reg.image, inp, observed=reg.valid), p.ground_truth["solution"]


@pytest.mark.parametrize("style,variant,k", [
    ("s_tribun_tape_protector", "5x5", 0),  # small X's in the cells' corners (incorrect 73.68, stray_mark, before)
    ("s_roadgeek_wood_fax", "15x15", 1),  # a grey grid line dithered by the fax (needs_review 99.16)
])
def test_heldout14_error_free_answers_are_correct(style, variant, k):
    v, _ = _heldout14_verdict(style, variant, k, "none")
    assert v.status == Status.CORRECT and v.score == 100 and not v.needs_review, (v.status, v.score, v.codes)


@pytest.mark.parametrize("style,variant,k", [
    ("s_domestic_knit_spreadsheet", "15x15", 1),  # X's of dots (incorrect 25.29, stray_mark, 12 cells unsure)
])
def test_heldout14_error_free_cells_are_read(style, variant, k):
    # every cell read as what it is (the pages' clue strips are another matter: in doubt or not)
    v, solution = _heldout14_verdict(style, variant, k, "none")
    states = v.parsed["states"]
    assert "stray_mark" not in v.codes and not v.extra.get("unsure_cells"), (v.codes, v.extra.get("unsure_cells"))
    assert all((s == cells_mod.FILLED) == bool(solution[r][c]) for r, row in enumerate(states) for c, s in enumerate(row))


@pytest.mark.parametrize("variant,seed", [("5x5", 1600), ("10x10", 1610)])
def test_stamped_xs_are_no_sure_stray_marks(variant, seed):
    # a rubber-stamped X with voids drawn on a clean page: accepted, or at most in doubt (at 15x15 its voids blur
    # into the strokes' edges: left), never a sure stray mark
    puzzle, image, chosen = _marked_page(seed, variant, _stamped_x)
    v = genpuzzle.verify(puzzle, image)
    assert v.status != Status.INCORRECT and "stray_mark" not in v.codes, (v.status, v.score, v.codes)


@pytest.mark.parametrize("style,variant,k,error", [
    ("s_tribun_tape_protector", "5x5", 0, "x_instead"),
    ("s_tribun_tape_protector", "5x5", 0, "extra_outline"),
    ("s_domestic_marble_puzzlepage", "5x5", 1, "x_instead"),
    ("s_roadgeek_wood_fax", "15x15", 1, "missing"),
])
def test_heldout14_planted_errors_stay_caught(style, variant, k, error):
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent))
    import nonogram_answers as answers

    v, _ = _heldout14_verdict(style, variant, k, error)
    assert v.status == Status.INCORRECT and v.score < 100 and set(v.codes) & answers.EXPECTED_CODES[error], (
        v.status, v.score, v.codes)
