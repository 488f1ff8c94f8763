"""The OCR second opinion for unsure digit cells (RapidOCR, installed with the test extra)."""

from __future__ import annotations

from pathlib import Path

import matplotlib
import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

from genpuzzle.dataset import load_set, write_set
from genpuzzle.images import load_image
from genpuzzle.records import Status
from genpuzzle.registry import get_track
from genpuzzle.verifiers import ocr
from genpuzzle.verifiers import sudoku as sudoku_verifier
from genpuzzle.verifiers.digits import DigitReading, default_reader
from genpuzzle.verifiers.sudoku import read_grid

FONTS = Path(matplotlib.get_data_path()) / "fonts" / "ttf"


@pytest.fixture(scope="module")
def sets(tmp_path_factory):
    root = tmp_path_factory.mktemp("ocr_sets")
    write_set(root / "4x4", {"sudoku": 2}, master_seed=5, variants={"sudoku": ["4x4"]})
    write_set(root / "9x9", {"sudoku": 1}, master_seed=5, variants={"sudoku": ["9x9"]})
    return {name: load_set(root / name) for name in ("4x4", "9x9")}


class UnsureReader:
    """The shipped classifier, but unsure of every cell; ``wrong`` also makes it misread them."""

    def __init__(self, confidence: float = 0.5, wrong: bool = False):
        self.confidence, self.wrong = confidence, wrong

    def read(self, cells, allowed=None):
        out = []
        for reading in default_reader().read(cells, allowed=allowed):
            digit = reading.digit
            if self.wrong and digit is not None:
                digit = digit % max(allowed) + 1
            out.append(DigitReading(digit, self.confidence, reading.ink))
        return out


def _cell(digit: int, font: str, colour) -> np.ndarray:
    image = Image.new("RGB", (64, 64), (250, 248, 240))
    ImageDraw.Draw(image).text((32, 32), str(digit), font=ImageFont.truetype(str(FONTS / font), 40), fill=colour,
                                anchor="mm")
    return np.asarray(image)


def test_recogniser_is_installed_with_the_test_extra():
    assert ocr.ocr_available()


def test_recogniser_reads_digits_in_fonts_the_classifier_never_saw():
    for font, colour in (("STIXGeneralItalic.ttf", (200, 30, 30)), ("cmr10.ttf", (20, 120, 40)),
                         ("DejaVuSerif-Italic.ttf", (30, 60, 200))):
        for digit in range(1, 10):
            got = ocr.read_cell(_cell(digit, font, colour))
            assert got.digit(range(1, 10)) == digit, (font, digit, got)
    blank = ocr.read_cell(np.full((64, 64, 3), 250, np.uint8))
    assert blank.digit(range(1, 10)) is None


def _glyph_cell(text: str, font: str, size: int = 40) -> np.ndarray:
    image = Image.new("RGB", (64, 64), (250, 248, 240))
    ImageDraw.Draw(image).text((32, 32), text, font=ImageFont.truetype(str(FONTS / font), size), fill=(30, 60, 200),
                                anchor="mm")
    return np.asarray(image)


def test_letter_check_picks_sure_lookalike_digits_the_classifier_or_its_check_doubts():
    def reading(digit, confidence, not_digit):
        return DigitReading(digit, confidence, 0.1, not_digit=not_digit)

    assert ocr.wants_letter_check(reading(9, 0.95, 0.0))  # short of LETTER_CHECK_BELOW
    assert ocr.wants_letter_check(reading(6, 0.9995, 0.003))  # the digit-or-not check doubts it
    assert not ocr.wants_letter_check(reading(6, 0.9995, 0.0001))  # a clean page's digit: no call
    assert not ocr.wants_letter_check(reading(5, 0.9895, 0.0011))  # the renderer's own 5: no call
    assert not ocr.wants_letter_check(reading(9, 0.6, 0.2))  # unsure already (the second opinion's business)
    assert not ocr.wants_letter_check(reading(7, 0.95, 0.3))  # no look-alike letter
    assert not ocr.wants_letter_check(DigitReading(None, 0.99, 0.1, "other"))


def test_letter_check_reads_letters_but_not_digits_in_fonts_the_classifier_never_saw():
    """Digits with look-alike letters, in printed fonts the digit reader never trained on, are no letter to the
    recogniser; the look-alike letters themselves are."""
    digits = [(str(d), font) for d in ocr.LETTER_CHECK_DIGITS
              for font in ("STIXGeneralItalic.ttf", "cmr10.ttf", "DejaVuSerif-Italic.ttf", "DejaVuSans.ttf")]
    checks = ocr.letter_checks([_glyph_cell(t, f) for t, f in digits], [int(t) for t, _ in digits])
    assert not [(t, f, c.ocr.text, c.letter_probability) for (t, f), c in zip(digits, checks) if c.letter]
    letters = [("b", 6), ("g", 9), ("q", 9), ("Z", 2)]
    checks = ocr.letter_checks([_glyph_cell(t, "DejaVuSans.ttf") for t, _ in letters], [d for _, d in letters])
    assert all(c.letter for c in checks), [(c.ocr.text, c.ocr.score, c.letter_probability) for c in checks]


def test_a_letter_shaped_digit_is_a_letter_only_among_the_pages_unlike_copies():
    """DejaVu Serif Bold Italic's g at 50 pt reads to the recogniser as "g" at ~0.75: short of one letter at 0.9, so
    only its look-alike probability speaks. Among the page's round 9s it is a letter; on a page where every 9 reads so
    (a hand whose 9 has a g's tail) it is the hand's 9."""
    font = "DejaVuSerif-BoldItalic.ttf"
    nine = DigitReading(9, 0.95, 0.1)
    q, digit = _glyph_cell("g", font, 50), _glyph_cell("9", font, 50)
    among_nines = ocr.page_letter_checks([q, digit, digit, digit], [nine] * 4)
    assert among_nines[0].lookalike and not among_nines[0].one_letter and among_nines[0].page_alike == 0.0
    assert among_nines[0].letter and not any(among_nines[i].letter for i in (1, 2, 3))
    all_alike = ocr.page_letter_checks([q, q, q], [nine] * 3)
    assert all(c.page_alike == 1.0 and not c.letter for c in all_alike.values())
    alone = ocr.page_letter_checks([q, q], [nine] * 2)  # one other copy vouches for nothing
    assert all(c.page_alike is None and c.letter for c in alone.values())


def test_second_opinion_agreement_makes_a_cell_sure_and_disagreement_keeps_it_unsure(sets):
    puzzle_set = sets["4x4"]
    for record in puzzle_set.records:
        givens, solution = record.ground_truth["givens"], record.ground_truth["solution"]
        image = load_image(puzzle_set.path(record.reference_images[0]))
        target = load_image(puzzle_set.path(record.input_image))
        blanks = [[r, c] for r, row in enumerate(givens) for c, g in enumerate(row) if not g]
        right = read_grid(image, record.layout, reader=UnsureReader(), input_image=target, givens=givens)
        assert right.digits == solution and [o["cell"] for o in right.second_opinions] == blanks
        assert all(o["agrees"] and o["ocr_score"] >= ocr.OCR_MIN_SCORE for o in right.second_opinions)
        assert min(right.confidence[r][c] for r, c in blanks) >= 0.9 and not right.unsure_cells()
        wrong = read_grid(image, record.layout, reader=UnsureReader(wrong=True), input_image=target, givens=givens)
        assert wrong.digits != solution  # the stub really misreads, and OCR does not overrule it ...
        assert not any(o["agrees"] for o in wrong.second_opinions)
        assert sorted(map(list, wrong.unsure_cells())) == blanks  # ... the disagreement stays unsure


def test_the_track_reports_second_opinions_and_their_absence(sets, monkeypatch):
    puzzle_set = sets["4x4"]
    record = puzzle_set.records[0]
    image = load_image(puzzle_set.path(record.reference_images[0]))
    target = load_image(puzzle_set.path(record.input_image))
    monkeypatch.setattr(sudoku_verifier, "default_reader", lambda: UnsureReader(confidence=0.5))
    track = get_track("sudoku")
    verdict = track.verify(record, image, target)
    assert verdict.score == 100 and not verdict.needs_review and verdict.extra["ocr_cells"]
    monkeypatch.setattr(sudoku_verifier, "default_reader", lambda: UnsureReader(confidence=0.5, wrong=True))
    verdict = track.verify(record, image, target)
    assert verdict.score < 100 and verdict.status is not Status.CORRECT and verdict.needs_review
    monkeypatch.setattr(sudoku_verifier, "default_reader", lambda: UnsureReader(confidence=0.5))
    monkeypatch.setattr(ocr, "ocr_available", lambda: False)
    verdict = track.verify(record, image, target)
    # classifier right but unsure: left for review, charged as wrong in the score
    assert verdict.score < 100 and verdict.needs_review and verdict.status is Status.NEEDS_REVIEW
    assert verdict.extra["ocr_note"] == ocr.UNAVAILABLE and "ocr_cells" not in verdict.extra
    assert verdict.extra["unsure_cells"]


def test_a_grid_with_too_many_unsure_cells_gets_no_second_opinion(sets, monkeypatch):
    puzzle_set = sets["9x9"]
    record = puzzle_set.records[0]
    image = load_image(puzzle_set.path(record.reference_images[0]))
    called = []
    monkeypatch.setattr(ocr, "read_cell", lambda cell: called.append(cell))
    reading = read_grid(image, record.layout, reader=UnsureReader())  # 81 unsure cells
    assert not called and not reading.second_opinions
    assert "more than 12" in reading.second_opinion_note


def test_confident_cells_never_reach_the_recogniser(sets, monkeypatch):
    puzzle_set = sets["9x9"]
    record = puzzle_set.records[0]
    image = load_image(puzzle_set.path(record.reference_images[0]))
    monkeypatch.setattr(ocr, "read_cell", lambda cell: pytest.fail("recogniser called on a confident cell"))
    reading = read_grid(image, record.layout)
    assert reading.digits == record.ground_truth["solution"] and reading.second_opinion_note is None


def test_cells_read_together_read_as_each_alone_and_score_other_texts():
    # read_cells (a page's clue numbers in one call) prepares each crop as read_cell does: the same text and score;
    # its output steps give the CTC probability of any text, with look-alike characters counted as a digit on request
    crops = [_cell(d, font, (20, 20, 20)) for d, font in ((1, "DejaVuSerif.ttf"), (7, "DejaVuSans.ttf"), (0, "DejaVuSans.ttf"))]
    together = ocr.read_cells(crops)
    for crop, got in zip(crops, together):
        alone = ocr.read_cell(crop)
        assert (got.text, round(got.score, 4)) == (alone.text, round(alone.score, 4))
    assert [g.text for g in together] == ["1", "7", "0"]
    for got, text in zip(together, "170"):
        p = ocr.string_probabilities(got, [text, "4", text * 2])
        assert p[0] >= 0.9 and p[1] < 0.01 and p[2] < 0.01, (text, p)
    steps = np.zeros((2, together[0].steps.shape[1]))
    steps[0, ocr._class_index("I")[0]] = steps[1, 0] = 1.0  # an "I", then CTC's blank
    one_as_letter = ocr.OcrReading("I", 1.0, steps)
    assert ocr.string_probability(one_as_letter, "1") == 0.0
    assert ocr.string_probability(one_as_letter, "1", {"1": "Il|"}) == pytest.approx(1.0)
    assert ocr.read_cells([]) == []
