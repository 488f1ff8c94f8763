"""Digit reader as a measuring instrument on styles it never trained on: held-out fonts and hands,
open-set reading (letters, marks, struck-through digits), whole-glyph crops, pencil marks, numbers,
calibration of the confidence, garbage."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from genpuzzle.verifiers.digits import (CONFIDENT, DISAGREE_CONFIDENCE, MODEL_PATH, SYMBOL_OTHER, SYMBOL_PENCIL,
                                        DigitReader, DigitReading, default_reader, glyph_boxes, ink_mask, prepare_cells,
                                        read_number)
from heldout_sudoku_answers import _load

dd = _load("digit_data")
CONDITIONS = ("clean", "rescale", "jpeg60", "blur1", "shift")

# Held-out printed fonts that ship with matplotlib (so on every machine); STIX regular and bold are trained on.
PRINTED_HELDOUT = [str(dd.MPL_FONTS / f) for f in ("STIXGeneralItalic.ttf", "STIXGeneralBolIta.ttf", "cmr10.ttf",
                                                   "cmss10.ttf", "cmtt10.ttf", "cmb10.ttf")]
STIX_ITALIC, STIX_BOLD_ITALIC, CMR, CMSS = PRINTED_HELDOUT[:4]


def _cells(seed: int, n: int, make, condition: str = "clean"):
    rng = np.random.default_rng(seed)
    cells, labels = [], []
    for i in range(n):
        alpha, label = make(i, rng)
        cells.append(dd.render_cell(rng, alpha, condition))
        labels.append(label)
    return cells, labels


def _printed(i, rng):
    return dd.font_glyph(PRINTED_HELDOUT[i // 10 % len(PRINTED_HELDOUT)], str(i % 10)), str(i % 10)


def _hand(i, rng):
    d = i % 10
    if i // 10 % 3 == 2:
        return dd.draw_strokes(dd.hand_strokes(d, int(rng.integers(6))), rng), str(d)
    font = dd.HERSHEY_HELDOUT[i // 10 % 2]
    return dd.hershey_glyph(font, False, str(d), int(rng.integers(3, 12))), str(d)


def _scores(cells, labels):
    got = default_reader().read(cells)
    right = np.array([r.symbol == lab for r, lab in zip(got, labels)])
    sure = np.array([r.confident for r in got])
    return right.mean(), (~right & sure).mean(), got


@pytest.mark.parametrize("condition", CONDITIONS)
def test_heldout_printed_fonts(condition):
    # STIX italics and Computer Modern only (STIX regular/bold are trained on): cmtt's open 8 and a
    # blurred cmr 9 are the misses, and they are unsure, not sure misreads.
    acc, confident_wrong, _ = _scores(*_cells(101, 100, _printed, condition))
    assert acc >= 0.97 and confident_wrong <= 0.01


def test_heldout_handwriting_styles_and_calibration():
    cells, labels = _cells(102, 300, _hand)
    acc, confident_wrong, got = _scores(cells, labels)
    assert acc >= 0.96, acc
    assert confident_wrong <= 0.01, confident_wrong
    # Calibration: readings at >= CONFIDENT are right (almost) always; the unsure ones are where the
    # errors concentrate.
    sure = [r.symbol == lab for r, lab in zip(got, labels) if r.confident]
    unsure = [r.symbol == lab for r, lab in zip(got, labels) if not r.confident]
    assert np.mean(sure) >= 0.99
    assert not unsure or np.mean(unsure) < np.mean(sure)


def test_blanks_with_noise_jpeg_and_line_remnants_read_blank():
    rng = np.random.default_rng(103)
    readings = default_reader().read([dd.render_cell(rng, None, c) for c in CONDITIONS * 30])
    assert sum(r.symbol == "blank" for r in readings) >= 148
    assert all(r.digit is None for r in readings)


LETTERS = "".join(ch for ch in dd.OTHER_CHARS if ch.isalpha())


def _font_for(ch: str, k: int) -> str:
    """A held-out font for ``ch``. The Computer Modern files use TeX's OT1 layout, where '<' and '>'
    are the glyphs of an inverted '!' and '?' (an 'i'-like bar and dot), so they only write letters."""
    fonts = PRINTED_HELDOUT if ch.isalpha() else PRINTED_HELDOUT[:2]
    return fonts[k % len(fonts)]


def _letter(i, rng):
    ch = dd.OTHER_CHARS[i % len(dd.OTHER_CHARS)]
    if i % 3 == 2:
        return dd.hershey_glyph(dd.HERSHEY_HELDOUT[i % 2], False, ch, int(rng.integers(3, 10))), "other"
    return dd.font_glyph(_font_for(ch, i), ch), "other"


# The 18th mark of that test (after its 165 letters, a "scribble") is drawn as a 6: a closed loop at the lower right
# under a stroke rising to the upper left. The train-v6 model (fifty-first session) reads it a sure 6 (0.93), as a
# person could; the model before it was unsure. It is held to a 6 or unsure, every other cell to no sure digit.
MARK_DRAWN_AS_A_SIX = 165 + 17


def test_letters_signs_and_marks_are_not_digits():
    cells, _ = _cells(104, 165, _letter)
    rng = np.random.default_rng(105)
    for kind in ("cross", "tick", "scribble", "zigzag", "hash") * 6:
        cells.append(dd.render_cell(rng, dd.draw_strokes(dd.mark_strokes(kind, rng), rng), "clean"))
    got = default_reader().read(cells, allowed=range(1, 10))
    assert not [(i, r) for i, r in enumerate(got) if r.digit is not None and r.confident and i != MARK_DRAWN_AS_A_SIX]
    assert got[MARK_DRAWN_AS_A_SIX].digit in (None, 6) or not got[MARK_DRAWN_AS_A_SIX].confident
    assert np.mean([r.symbol == SYMBOL_OTHER for r in got]) >= 0.9
    assert all(not r.in_allowed for r in got if r.symbol == SYMBOL_OTHER)


def test_struck_through_digits_are_not_digits():
    rng = np.random.default_rng(106)
    cells = [dd.render_cell(rng, dd.strike_through(_hand(i, rng)[0], rng), "clean") for i in range(60)]
    got = default_reader().read(cells, allowed=range(1, 10))
    assert not [r for r in got if r.digit is not None and r.confident]
    assert np.mean([r.symbol == SYMBOL_OTHER for r in got]) >= 0.85


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ch=st.sampled_from(dd.OTHER_CHARS), font=st.sampled_from(PRINTED_HELDOUT + ["script0", "script1"]),
       seed=st.integers(0, 2**31 - 1), height=st.floats(0.45, 0.85))
def test_property_no_non_digit_glyph_is_read_as_a_confident_allowed_digit(ch, font, seed, height):
    rng = np.random.default_rng(seed)
    if font.startswith("script"):
        alpha = dd.hershey_glyph(dd.HERSHEY_HELDOUT[int(font[-1])], False, ch, 5)
    else:
        alpha = dd.font_glyph(font if ch.isalpha() else _font_for(ch, PRINTED_HELDOUT.index(font)), ch)
    cell = dd.render_cell(rng, alpha, "clean", height=(height, height))
    r = default_reader().read([cell], allowed=range(1, 10))[0]
    assert not (r.in_allowed and r.digit is not None and r.confidence >= CONFIDENT), (ch, font, r)


# The property's failures before the whole view (2,000-draw runs of its generator, seeds 1-7: 15 in 14,000):
# the cleaning cut the glyph into a digit. STIX italic T and Z at 77-85 % of the cell: their bar plus a grid
# line beside it filled an edge-band row over 60 %, so the row went as a grid line and the cut-off bar as
# a line remnant (a sure 1 or 7); a 36 px STIX bold italic Z whose hairline bar the threshold lost: its
# serif, a piece under 12 % of the stroke, went as a speck (a sure 7).
CUT_GLYPHS = [("Z", STIX_BOLD_ITALIC, 363, 0.625), ("T", STIX_ITALIC, 908290194, 0.846),
              ("T", STIX_ITALIC, 1386247003, 0.814), ("Z", STIX_ITALIC, 793892524, 0.85),
              ("Z", STIX_BOLD_ITALIC, 1139212083, 0.835), ("T", STIX_ITALIC, 1445641756, 0.767)]


@pytest.mark.parametrize("ch, font, seed, height", CUT_GLYPHS)
def test_a_glyph_the_cleaning_cut_into_a_digit_is_not_a_sure_digit(ch, font, seed, height):
    cell = dd.render_cell(np.random.default_rng(seed), dd.font_glyph(font, ch), "clean", height=(height, height))
    prepared = prepare_cells([cell])[0]
    assert prepared.whole is not None  # the glyph with the dropped ink put back
    reader = default_reader()
    cut, whole = reader.decide(np.stack([prepared.image, prepared.whole]))[0]
    assert cut < 10 and whole != cut  # the cut glyph reads as a digit, the whole one does not
    r = reader.read([cell], allowed=range(1, 10))[0]
    assert not (r.digit is not None and r.confident), r


def test_open_set_reads_digits_outside_allowed_as_themselves():
    rng = np.random.default_rng(107)
    cells = [dd.render_cell(rng, dd.font_glyph(PRINTED_HELDOUT[0], d), "clean") for d in "7890"]
    got = default_reader().read(cells, allowed=[1, 2, 3, 4])
    assert [r.symbol for r in got] == ["7", "8", "9", "0"]
    assert not any(r.in_allowed for r in got)


def _whole_cell(alpha, height, centre, size=80, lines=True):
    img = np.full((size, size, 3), 255, np.float32)
    img = dd.place(img, alpha, np.array([30, 30, 30], np.float32), np.random.default_rng(0), height, centre,
                   rotate=0, shear=0, squash=0)
    if lines:
        img[:3], img[-2:], img[:, :3], img[:, -3:] = 0, 0, 0, 0
    return np.clip(img, 0, 255).astype(np.uint8)


def test_tall_and_off_centre_digits_are_read_whole():
    one = dd.font_glyph(CMR, "1")  # cmr10 '1': a flag and a foot
    seven = dd.font_glyph(CMR, "7")
    cells = [_whole_cell(one, 0.84, (0.5, 0.5)), _whole_cell(one, 0.9, (0.5, 0.5)),
             _whole_cell(seven, 0.86, (0.5, 0.5)), _whole_cell(dd.font_glyph(STIX_ITALIC, "4"), 0.5, (0.3, 0.66))]
    got = default_reader().read(cells)
    assert [r.symbol for r in got] == ["1", "1", "7", "4"]
    assert all(r.confident for r in got)


def test_small_corner_digits_are_pencil_candidates_not_an_answer():
    img = np.full((100, 100, 3), 255, np.float32)
    rng = np.random.default_rng(0)
    for d, spot in (("2", (0.2, 0.2)), ("7", (0.8, 0.2)), ("5", (0.2, 0.8))):
        img = dd.place(img, dd.font_glyph(PRINTED_HELDOUT[0], d), np.full(3, 90, np.float32), rng, 0.24, spot,
                       rotate=0, shear=0, squash=0)
    img[:2], img[:, :2] = 0, 0
    one_corner = dd.place(np.full((100, 100, 3), 255, np.float32), dd.font_glyph(PRINTED_HELDOUT[1], "3"),
                          np.full(3, 90, np.float32), rng, 0.25, (0.8, 0.22), rotate=0, shear=0, squash=0)
    got = default_reader().read([img.astype(np.uint8), one_corner.astype(np.uint8)], allowed=range(1, 10))
    assert [r.symbol for r in got] == [SYMBOL_PENCIL, SYMBOL_PENCIL]
    assert all(r.digit is None and r.confident for r in got)
    assert got[0].candidates == (2, 5, 7) and got[1].candidates == (3,)


def _broken(alpha: np.ndarray, period: int = 40, gap: int = 15) -> np.ndarray:
    """``alpha`` with a blank band every ``period`` rows: a stroke the ink threshold broke into pieces,
    each much smaller than the glyph, the gaps wider than the pieces' usual joining distance."""
    out = alpha.copy()
    for k in range(period // 2, out.shape[0], period):
        out[k:k + gap] = 0
    return out


def test_a_glyph_in_pieces_in_the_middle_is_not_pencil_marks_and_never_a_sure_blank():
    rng = np.random.default_rng(8)
    cells = []
    for d in "0235689":
        alpha = _broken(dd.stroke_width(dd.font_glyph(CMSS, d), rng, -2, -2))
        img = dd.place(np.full((80, 80, 3), 250, np.float32), alpha, np.full(3, 40, np.float32), rng, 0.7,
                       (0.5, 0.5), rotate=0, shear=0, squash=0)
        cells.append(np.clip(img, 0, 255).astype(np.uint8))
    got = default_reader().read(cells)
    assert not [r for r in got if r.symbol == SYMBOL_PENCIL]
    assert not [r for r in got if r.symbol == "blank" and r.confident]


def test_pieces_of_a_light_digit_are_not_sure_pencil_marks():
    """Two dark corner-sized pieces joined by lighter ink (a light or hairline answer digit the ink
    threshold kept only in pieces) are not sure pencil marks; without the light ink they are."""
    def cell(light: int) -> np.ndarray:
        img = np.full((80, 80, 3), 250, np.uint8)
        cv2.polylines(img, [np.array([[24, 18], [56, 18], [36, 64]])], False, (250 - light,) * 3, 2, cv2.LINE_AA)
        cv2.line(img, (24, 18), (36, 18), (70,) * 3, 2, cv2.LINE_AA)
        cv2.line(img, (41, 52), (36, 64), (70,) * 3, 2, cv2.LINE_AA)
        return img

    marks, light_seven = default_reader().read([cell(0), cell(50)])
    assert marks.symbol == SYMBOL_PENCIL and marks.confident
    assert not light_seven.confident


def test_members_that_disagree_make_a_reading_unsure():
    base = {"format": np.array("x"), "temperature": np.array(1.0, np.float32)}
    for j, top in enumerate((3, 8)):  # one conv layer, then an fc layer whose bias picks the class
        base[f"m{j}_conv0_w"] = np.zeros((2, 1, 3, 3), np.float16)
        base[f"m{j}_conv0_b"] = np.zeros(2, np.float32)
        base[f"m{j}_fc0_w"] = np.zeros((12, 2 * 14 * 14), np.float16)
        base[f"m{j}_fc0_b"] = np.where(np.arange(12) == top, 9.0, 0.0).astype(np.float32)
    p = DigitReader(base).probabilities(np.zeros((1, 28, 28), np.float32))[0]
    assert p.argmax() in (3, 8) and p.max() <= DISAGREE_CONFIDENCE < CONFIDENT
    base["m1_fc0_b"] = base["m0_fc0_b"] * 1.5  # both read 3: the calibrated probability stands
    p = DigitReader(base).probabilities(np.zeros((1, 28, 28), np.float32))[0]
    assert p.argmax() == 3 and p.max() > CONFIDENT


def _reference_member_logits(weights: dict, images: np.ndarray, penultimate: bool = False) -> np.ndarray:
    """Each member's logits (or, ``penultimate``, its activations before the last fc layer) the plain way,
    in float64: zero-padded 3x3 correlation at every position, ReLU, then 2x2 max-pool (floor), PyTorch's
    (C, H, W) flattening, the fc layers."""
    members = []
    for pre in [f"m{j}_" for j in range(sum(k.startswith("m") and k.endswith("_conv0_w") for k in weights))]:
        y = images.astype(np.float64)[:, None]
        for i in range(sum(k.startswith(f"{pre}conv") and k.endswith("_w") for k in weights)):
            w, b = weights[f"{pre}conv{i}_w"].astype(np.float64), weights[f"{pre}conv{i}_b"].astype(np.float64)
            n, _, h, wd = y.shape
            p = np.pad(y, ((0, 0), (0, 0), (1, 1), (1, 1)))
            z = sum(np.einsum("nchw,fc->nfhw", p[:, :, ky:ky + h, kx:kx + wd], w[:, :, ky, kx])
                    for ky in range(3) for kx in range(3))
            z = np.maximum(z + b[None, :, None, None], 0)[:, :, :h // 2 * 2, :wd // 2 * 2]
            y = z.reshape(n, -1, h // 2, 2, wd // 2, 2).max(axis=(3, 5))
        y = y.reshape(len(y), -1)
        n_fc = sum(k.startswith(f"{pre}fc") and k.endswith("_w") for k in weights)
        for i in range(n_fc - penultimate):
            y = y @ weights[f"{pre}fc{i}_w"].astype(np.float64).T + weights[f"{pre}fc{i}_b"]
            if i < n_fc - 1:
                y = np.maximum(y, 0)
        members.append(y)
    return np.stack(members)


def test_fast_network_path_matches_the_plain_computation():
    # The reader runs its members as one stack (shared first-layer im2col, pool-window-major rows, fc
    # permuted to channels-last); the logits must be the plain network's, for the shipped model and for
    # members of different shapes (run as separate stacks).
    with np.load(MODEL_PATH) as z:
        shipped = {k: z[k] for k in z.files}
    cells, _ = _cells(107, 40, _printed)
    crops = np.stack([p.image for p in prepare_cells(cells) if p.image is not None])
    crops = np.concatenate([crops, np.random.default_rng(0).random((5, 28, 28)).astype(np.float32)])
    rng = np.random.default_rng(1)
    odd = {"format": np.array("x"), "temperature": np.array(1.0, np.float32)}
    for j, widths in enumerate(((3, 5), (4, 6), (3, 5))):
        c = 1
        for i, f in enumerate(widths):
            odd[f"m{j}_conv{i}_w"] = rng.normal(0, 0.5, (f, c, 3, 3)).astype(np.float16)
            odd[f"m{j}_conv{i}_b"] = rng.normal(0, 0.1, f).astype(np.float32)
            c = f
        odd[f"m{j}_fc0_w"] = rng.normal(0, 0.1, (12, c * 7 * 7)).astype(np.float16)
        odd[f"m{j}_fc0_b"] = rng.normal(0, 0.1, 12).astype(np.float32)
    for weights in (shipped, odd):
        got = DigitReader(weights).member_logits(crops)
        want = _reference_member_logits(weights, crops)
        assert got.shape == want.shape
        assert np.abs(got - want).max() < 1e-4
        assert (got.argmax(axis=2) == want.argmax(axis=2)).all()
    # The digit-or-not check: a head on the members' penultimate activations, side by side.
    assert "check_fc0_w" in shipped
    features = np.concatenate(list(_reference_member_logits(shipped, crops, penultimate=True)), axis=1)
    got = DigitReader(shipped).member_features(crops)
    assert np.abs(got - features).max() < 1e-4
    y = np.maximum(features @ shipped["check_fc0_w"].astype(np.float64).T + shipped["check_fc0_b"], 0)
    y = y @ shipped["check_fc1_w"].astype(np.float64).T + shipped["check_fc1_b"]
    want = 1.0 / (1.0 + np.exp(y[:, 0] - y[:, 1]))
    assert np.abs(DigitReader(shipped).not_digit_probability(got) - want).max() < 1e-4


def _with_check_threshold(threshold: float) -> DigitReader:
    with np.load(MODEL_PATH) as z:
        weights = {k: z[k] for k in z.files}
    weights["check_threshold"] = np.array(threshold, np.float32)
    return DigitReader(weights)


def test_the_digit_or_not_check_only_makes_sure_digit_readings_unsure():
    # A check that flags everything (threshold 0) leaves every symbol and every unsure confidence as it was
    # and makes every sure digit reading unsure; one that flags nothing (threshold > 1) changes nothing.
    cells, _ = _cells(108, 60, _printed)
    cells += _cells(109, 60, _letter)[0] + _cells(110, 40, _hand, "blur1")[0]
    off = _with_check_threshold(2.0).read(cells, allowed=range(1, 10))
    on = _with_check_threshold(0.0).read(cells, allowed=range(1, 10))
    assert [r.symbol for r in on] == [r.symbol for r in off]
    assert any(r.digit is not None and r.confident for r in off)
    for a, b in zip(off, on):
        if a.digit is not None and a.confident:
            assert not b.confident
        else:
            assert b.confidence == a.confidence


def _hand_letter_cells():
    """Every letter/sign of the handwriting training fonts whose letters the digit-or-not check never
    trained on (``digit_data.HAND_LETTER_TEST``: Breip, Humor Sans, Leckerli One, Joscelyn, NanumBrush),
    clean, JPEG 60 and rescaled, at 50 and 80 % of the cell."""
    fonts = dd.font_groups()["hand_letter_test"]
    assert fonts  # Humor Sans at least: tools/install.sh installs it
    cells, meta = [], []
    for fi, font in enumerate(fonts):
        for ci, ch in enumerate(dd.OTHER_CHARS):
            for k, cond in enumerate(("clean", "jpeg60", "rescale")):
                rng = np.random.default_rng([fi, ci, k])
                height = (0.5, 0.8)[(fi + ci + k) % 2]
                cells.append(dd.render_cell(rng, dd.font_glyph(font, ch), cond, height=(height, height)))
                meta.append((font.rsplit("/", 1)[-1], ch, cond))
    return cells, meta


def test_handwritten_letters_the_check_never_saw_are_less_often_a_sure_digit():
    # Letters of handwriting fonts the members trained on but the digit-or-not check never saw. Without the
    # check 46 of these 990 cells read as a sure allowed digit (Breip's y/Y as 4 in every condition, its G
    # as 6, J/B/S as 5, Leckerli's and Joscelyn's z as 2, ...); with it 33 (ninth session): the 12 Breip y/Y
    # and a Joscelyn G are unsure now. Breip's G *is* its 6's outline and its J a 5 without the bar: those stay the known
    # limit. (Not a rate target, a regression bound.)
    cells, meta = _hand_letter_cells()
    got = default_reader().read(cells, allowed=range(1, 10))
    sure = [(m, r.symbol, round(r.confidence, 3)) for m, r in zip(meta, got)
            if r.in_allowed and r.digit is not None and r.confident]
    assert len(cells) == 990 and len(sure) <= 36, sure
    assert not [m for m, symbol, _ in sure if m[0].lower().startswith("breip") and m[1] in "yY"]


def _strip(text: str, font: str = PRINTED_HELDOUT[0], h: int = 40) -> np.ndarray:
    """A clue strip: ``text`` written left to right, glyphs ~0.15 h apart, on off-white paper."""
    glyphs = [cv2.resize(a, (max(1, int(round(a.shape[1] * h / a.shape[0]))), h), interpolation=cv2.INTER_AREA)
              for a in (dd.font_glyph(font, ch) for ch in text)]
    img = np.full((h + 16, sum(g.shape[1] for g in glyphs) + h, 3), 250, np.float32)
    x = h // 2
    for g in glyphs:
        win = img[8:8 + h, x:x + g.shape[1]]
        win[:] = win * (1 - g[..., None]) + np.array([20, 20, 120]) * g[..., None]
        x += g.shape[1]  # the glyphs' own padding leaves gaps of ~0.15 h
    return np.clip(img, 0, 255).astype(np.uint8)


def test_read_number_splits_multi_digit_clues():
    for text in ("12", "305", "7", "48"):
        got = read_number(_strip(text))
        assert got.value == int(text) and got.text == text, (text, got.text)
        assert len(got.boxes) == len(text) and got.confidence > 0.5
    assert glyph_boxes(np.full((20, 60), 255, np.uint8)) == []
    assert read_number(np.full((20, 60), 255, np.uint8)).value is None
    assert read_number(_strip("1A")).value is None


def test_reading_fields_and_ink_fraction():
    rng = np.random.default_rng(2)
    r = default_reader().read([dd.render_cell(rng, dd.font_glyph(CMSS, "5"), "clean")])[0]
    assert isinstance(r, DigitReading) and r.digit == 5 and r.symbol == "5" and r.in_allowed
    assert 0.0 < r.ink < 0.5 and r.confident


def test_ink_mask_sees_coloured_ink_not_tinted_background():
    cell = np.full((48, 48, 3), (250, 240, 200), np.uint8)
    cv2.putText(cell, "3", (12, 36), cv2.FONT_HERSHEY_DUPLEX, 1.3, (30, 60, 200), 3, cv2.LINE_AA)
    m = ink_mask(cell)
    drawn = np.any(cell != np.array((250, 240, 200), np.uint8), axis=2)
    assert m.dtype == bool and m.shape == cell.shape[:2]
    assert 0 < m.sum() <= drawn.sum()
    assert not m[:6, :6].any()


GARBAGE = [np.zeros((0, 0), np.uint8), np.zeros((1, 1), np.uint8), np.zeros((40, 40), np.uint8),
           np.full((40, 40, 3), 255, np.uint8), np.zeros((3, 50, 3), np.uint8), np.zeros((10, 10, 4), np.uint8),
           np.random.default_rng(0).integers(0, 256, (40, 40, 3), dtype=np.uint8),
           np.random.default_rng(1).random((30, 30)), np.full((20, 20), np.nan)]


def _assert_sane(readings, n):
    assert len(readings) == n
    for r in readings:
        assert r.digit is None or 0 <= r.digit <= 9
        assert 0.0 <= r.confidence <= 1.0 and 0.0 <= r.ink <= 1.0


def test_garbage_never_crashes():
    _assert_sane(default_reader().read(GARBAGE), len(GARBAGE))
    assert default_reader().read([]) == []
    assert read_number(np.zeros((0, 0), np.uint8)).value is None


@settings(max_examples=25, deadline=None)
@given(h=st.integers(1, 80), w=st.integers(1, 80), rgb=st.booleans(), seed=st.integers(0, 2**32 - 1))
def test_random_noise_any_shape(h, w, rgb, seed):
    a = np.random.default_rng(seed).integers(0, 256, (h, w, 3) if rgb else (h, w), dtype=np.uint8)
    _assert_sane(default_reader().read([a], allowed=[1, 2]), 1)
    assert ink_mask(a).shape == (h, w)
    read_number(a)


def test_missing_or_corrupt_model_names_the_file(tmp_path):
    with pytest.raises(FileNotFoundError, match="nope.npz"):
        DigitReader.load(tmp_path / "nope.npz")
    bad = tmp_path / "bad.npz"
    bad.write_bytes(b"not a zip")
    with pytest.raises(RuntimeError, match="bad.npz"):
        DigitReader.load(bad)


@settings(max_examples=40, deadline=None)
@given(side=st.integers(20, 90), frac=st.floats(0.2, 0.6), square=st.booleans(), dx=st.floats(-0.15, 0.15),
       grey=st.integers(0, 120))
def test_a_solid_dot_or_square_is_never_a_sure_digit(side, frac, square, dx, grey):
    """A filled dot or square in a cell is no digit: the networks read a disc as a sure 0, so
    ``solid_blob`` caps it unsure (or the networks call it "other")."""
    from PIL import Image, ImageDraw

    from genpuzzle.verifiers.digits import solid_blob  # noqa: F401  (the rule under test)

    im = Image.new("RGB", (side, side), "white")
    draw = ImageDraw.Draw(im)
    r, c = side * frac / 2, side * (0.5 + dx)
    (draw.rectangle if square else draw.ellipse)([c - r, side / 2 - r, c + r, side / 2 + r], fill=(grey,) * 3)
    reading = default_reader().read([np.asarray(im)])[0]
    assert not (reading.digit is not None and reading.confidence >= CONFIDENT), reading
