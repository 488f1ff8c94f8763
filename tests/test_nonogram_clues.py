"""Nonogram clue strips read by two readers together (thirteenth session): the digit reader and the OCR recogniser
combined per number (``verifiers.nonogram._joint_reading``, ``clue_second_opinions``), open-set."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

from genpuzzle.records import Status
from genpuzzle.verifiers import ocr

sys.path.insert(0, str(Path(__file__).parent))
import nonogram_answers as answers  # noqa: E402
from test_nonogram import _family_page_verdicts, _generated_record  # noqa: E402

pytestmark = pytest.mark.skipif(not ocr.ocr_available(), reason="the OCR extra is not installed")


def _crop(text: str, font_file: str = "DejaVuSans.ttf", px: int = 18) -> np.ndarray:
    font = ImageFont.truetype(str(answers.font_path(font_file)), px)
    im = Image.new("L", (px * len(text) + 12, px + 12), 255)
    ImageDraw.Draw(im).text((6, 4), text, font=font, fill=0)
    return np.asarray(im)


def _probs(*rows: dict[int, float]) -> np.ndarray:
    """Digit-reader class probabilities (12 classes), one row per glyph; what a row leaves is 'other'."""
    out = np.zeros((len(rows), 12))
    for k, row in enumerate(rows):
        for d, p in row.items():
            out[k, d] = p
        out[k, 11] = max(0.0, 1.0 - sum(row.values()))
    return out


def test_the_readers_together_read_a_glyph_one_doubts_and_the_other_reads_surely():
    # Monoid's or Sora's flagged "1": the digit reader reads 7 below its confident level and still gives 1 a few per
    # cent; the recogniser reads "1" surely. Together: 1. A digit the digit reader rules out (under
    # JOINT_READER_SUPPORT) is not taken whatever the recogniser reads, and a letter is no digit string.
    from genpuzzle.verifiers.nonogram import JOINT_READER_SUPPORT, _joint_reading

    one, letter = ocr.read_cells([_crop("1"), _crop("A")])
    joint = _joint_reading(_probs({7: 0.6, 1: 0.05}), one)
    assert joint["joint"] == "1" and joint["ocr_p"] >= ocr.OCR_MIN_SCORE and joint["reader_p"] >= JOINT_READER_SUPPORT
    ruled_out = _joint_reading(_probs({7: 0.99, 1: 0.001}), one)
    assert ruled_out["reader_p"] < JOINT_READER_SUPPORT
    assert _joint_reading(_probs({4: 0.5, 1: 0.3}), letter)["ocr_p"] < 0.1


def test_an_unsure_number_the_readers_read_together_is_sure_and_a_changed_one_is_read_as_drawn(monkeypatch):
    # clue_second_opinions on a strip "1 6" whose "6" the digit reader read at 0.8: shown the real recogniser's
    # reading of a drawn "6", the number is sure (6: the puzzle's); of a drawn "5" (a changed clue), it is sure as 5
    # only when the digit reader gives 5 a chance too, and never read as the puzzle's 6
    from genpuzzle.verifiers import digits
    from genpuzzle.verifiers import nonogram as N

    reading = N.ClueReading(None, 0.8, [[10, 10, 22, 30], [34, 10, 46, 30]], "1 6", (1, 1), (20.0, 12.0),
                            glyph_cells=tuple(np.asarray(Image.fromarray(_crop(d)).resize((32, 32))) for d in "16"),
                            doubtful=True,
                            glyph_reads=((1, 0.99), (6, 0.8)))
    dark = np.zeros((40, 80), np.uint8)

    class Reader:
        def __init__(self, row):
            self.row = row

        def probabilities(self, images):
            return np.repeat(_probs(self.row), len(images), axis=0)

    real = ocr.read_cells
    for drawn, row, want in (("6", {6: 0.8, 5: 0.15}, [1, 6]), ("5", {6: 0.8, 5: 0.15}, [1, 5]),
                             ("5", {6: 0.995, 5: 0.001}, None)):
        monkeypatch.setattr(digits, "default_reader", lambda row=row: Reader(row))
        monkeypatch.setattr(ocr, "read_cells", lambda crops, drawn=drawn: [real([_crop(drawn)])[0] for _ in crops])
        out, opinions, note = N.clue_second_opinions(dark, [reading])
        assert note is None and [o["classifier"] for o in opinions[0]] == ["6"]
        assert out[0].values == want, (drawn, row, out[0].values, opinions)
        # a digit taken against the digit reader's best guess is evidence for the puzzle's numbers only
        assert out[0].joint_override == (want == [1, 5])


def test_monoid_flagged_ones_the_digit_reader_reads_as_sevens_are_read_with_the_ocr():
    # HELDOUT8's Monoid page (15x15, pixelated, small clues): the flagged "1" read 7 by the digit reader (which gives 1
    # 0.02-0.2) and 1 by the recogniser at 1.0, so "11" read "71": the readers disagreed and every such strip went to
    # review. Read together, each "11" strip is 11. (The page has other doubtful strips: an "8" and a "6" the
    # recogniser reads at 0.6 or as a letter, and a "15" whose digits stand as far apart as two numbers.) The planted
    # clue change on the page is still charged.
    verdicts = _family_page_verdicts("HELDOUT8", "w_monoid_navy_pixelated", 5020, "15x15", answer_seed=0)
    ok = verdicts["none"]
    _, p, _ = _generated_record(5020, "15x15")
    elevens = [[kind, i] for kind in ("row", "col") for i, c in enumerate(p.ground_truth[kind + "_clues"]) if c == [11]]
    assert len(elevens) >= 3
    unsure = [[u["line"], u["index"]] for u in ok.extra.get("unsure_clues", [])]
    assert not [line for line in elevens if line in unsure], ok.extra.get("unsure_clues")
    assert "clue_changed" not in ok.codes, [v.evidence for v in ok.violations]
    assert verdicts["clue_changed"].status == Status.INCORRECT and "clue_changed" in verdicts["clue_changed"].codes


@pytest.mark.parametrize("font_file", ["Monoid-Regular.ttf", "DejaVuSans.ttf"])
def test_a_letter_in_a_clue_strip_never_passes(font_file):
    # open-set: a clue's last number replaced by a letter (none of the digit look-alikes o, O, I, l), the cells
    # filled right: never a pass (clue_changed, or a review)
    track, p, record = _generated_record(5021, "15x15")
    inp = np.asarray(p.input_image.convert("RGB"))
    lines = [(kind, i) for kind in ("row", "col") for i, c in enumerate(p.ground_truth[kind + "_clues"]) if c]
    for n, letter in enumerate("AxSBZgq"):
        kind, i = random.Random(n).choice(lines)
        v = track.verify(record, answers.solved_with_a_clue_changed(p, font_file, random.Random(n), (kind, i, letter)),
                         inp)
        assert v.status != Status.CORRECT and v.score < 100, (letter, kind, i, v.codes)
        assert "clue_changed" in v.codes or v.needs_review, (letter, kind, i, v.codes)
