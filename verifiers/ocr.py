"""Second opinion on digit cells the classifier is unsure of: RapidOCR's text recogniser.

The ``rapidocr`` wheel ships its ONNX models and runs them with ``onnxruntime`` (the ``ocr`` extra,
installed by ``tools/install.sh``); nothing is downloaded. It takes ~25-40 ms per cell (its input is always
48 x 320 px, the crop padded; batching crops does not lessen that), against
~0.2-0.4 ms for the classifier, so it only sees the cells the classifier scored below ``OCR_BELOW``
(1-10 % of held-out cells, by style). It is a second opinion, not a replacement: agreement makes a
cell sure, disagreement leaves it unsure (``genpuzzle.verifiers.sudoku._second_opinions``). Without
the extra, :func:`ocr_available` is False and those cells stay unsure (``needs_review``).
"""

from __future__ import annotations

import importlib.util
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Sequence

import numpy as np

OCR_BELOW = 0.9  # classifier confidence under which a cell also goes to the recogniser
OCR_MIN_SCORE = 0.9  # recogniser score at which its single digit counts (agreeing with the classifier: sure)
OCR_CHUNK = 4  # crops per call of the recogniser's model in read_cells
MAX_OCR_CELLS = 12  # more unsure cells than this in one grid: no clean grid to read, skip the recogniser
UNAVAILABLE = "RapidOCR is not installed (pip install 'genpuzzle[ocr]'); unsure cells are left for review"
# Letter check (:func:`letter_checks`): the digits the classifier reads look-alike letters as, surely (its "other" class
# leaves out letters that are a digit's shape in some hand: b, g, q; Z read 2 in the thirteenth session's audit fonts) ...
LETTER_CHECK_DIGITS = (2, 5, 6, 9)
# ... and the letters whose mere probability counts against them. Not S: real handwritten 5s read "S" at 0.72-0.83 (4 of
# ~50 sure MNIST calib-split 5s), so a 5 needs the recogniser's one-letter reading at OCR_MIN_SCORE
LETTER_LOOKALIKES = {2: "Zz", 6: "bG", 9: "gq"}
AMBIGUOUS_LETTERS = "lIi|Oo"  # letters a digit may be written as (a bar 1, a ring 0): no evidence of a letter
LETTER_CHECK_BELOW = 0.99  # a sure reading of 2 or 9 under this confidence is checked (g and q read 9, Z read 2, at
LETTER_CHECK_BELOW_DIGITS = (2, 9)  # 0.90-0.99; not 5 and 6: the renderer's own 5s and 6s read 0.987-0.990) ...
LETTER_CHECK_NOT_DIGIT = 0.002  # ... and so is any the digit-or-not check gives at least this (DigitReading.not_digit;
                                # the renderer's digits are under it, its 5 the highest at 0.0011)
LETTER_MIN_PROBABILITY = 0.3  # the recogniser's probability of the digit's look-alike letters that makes it a letter ...
LETTER_PAGE_MIN = 2  # ... unless the page's other sure readings of the digit (at least this many) ...
LETTER_PAGE_ALIKE = 0.5  # ... are as letter-like, this share of them or more: that is the hand's way of writing it


@dataclass(frozen=True)
class OcrReading:
    text: str  # what the recogniser read (stripped)
    score: float  # its confidence, 0..1
    # per output step, the recogniser's class probabilities (T x classes; column 0 is CTC's blank), when read by
    # :func:`read_cells`: what :func:`string_probability` scores other texts on
    steps: np.ndarray | None = field(default=None, repr=False, compare=False)

    def digit(self, allowed: Sequence[int]) -> int | None:
        """The digit read, when the text is exactly one allowed digit at ``OCR_MIN_SCORE`` or more."""
        if len(self.text) == 1 and self.text.isdigit() and int(self.text) in allowed and self.score >= OCR_MIN_SCORE:
            return int(self.text)
        return None


def ocr_available() -> bool:
    """True when the optional recogniser (``rapidocr`` + ``onnxruntime``) is installed."""
    return all(importlib.util.find_spec(name) is not None for name in ("rapidocr", "onnxruntime"))


@lru_cache(maxsize=1)
def _engine() -> Any:
    from rapidocr import RapidOCR

    # One thread: evaluation runs one process per core. Models come from the installed package.
    return RapidOCR(params={"Global.log_level": "error",
                            "EngineConfig.onnxruntime.intra_op_num_threads": 1,
                            "EngineConfig.onnxruntime.inter_op_num_threads": 1})


def _bgr(cell: np.ndarray) -> np.ndarray:
    return np.ascontiguousarray(cell[:, :, 2::-1] if cell.ndim == 3 else np.repeat(cell[:, :, None], 3, axis=2))


def read_cells(cells: Sequence[np.ndarray]) -> list[OcrReading]:
    """Recognise the text in each of several crops (RGB or grey uint8), OCR_CHUNK crops a model call: each
    crop is prepared exactly as :func:`read_cell` prepares it (so each reads the same text and score), and the
    readings keep the per-step probabilities (``steps``) for :func:`string_probability`. Raises
    RuntimeError(UNAVAILABLE) without the extra."""
    if not ocr_available():
        raise RuntimeError(UNAVAILABLE)
    if not len(cells):
        return []
    engine = _engine()
    rec = engine._load_rec_model()
    images = [engine.preprocess_img(engine.load_img(_bgr(c)))[0] for c in cells]
    _, height, width = rec.rec_image_shape[:3]
    ratio = max([width / height] + [im.shape[1] / im.shape[0] for im in images])
    batch = np.stack([rec.resize_norm_img(im, ratio) for im in images]).astype(np.float32)
    # in chunks: the model's time per crop is the same from 1 to 4 crops a call and grows beyond (29 ms at 1-4, 33 at
    # 6, 34-59 at 120, one thread): a page's numbers in one call save the calls' overhead, not the model's work
    steps = np.concatenate([np.asarray(rec.session(batch[k:k + OCR_CHUNK])) for k in range(0, len(batch), OCR_CHUNK)])
    out = []
    for k, probs in enumerate(steps):
        (text, score), = rec.postprocess_op(probs[None], False, wh_ratio_list=[images[k].shape[1] / images[k].shape[0]],
                                            max_wh_ratio=ratio)[0]
        out.append(OcrReading(str(text).strip(), float(score), probs))
    return out


@lru_cache(maxsize=1)
def _class_table() -> dict[str, int]:
    return {c: i for i, c in enumerate(_engine()._load_rec_model().postprocess_op.character)}


def _class_index(chars: str) -> tuple[int, ...]:
    """The recogniser's output class of each character (-1: not one it outputs)."""
    table = _class_table()
    return tuple(table.get(c, -1) for c in chars)


def string_probabilities(reading: OcrReading, texts: Sequence[str], same: dict[str, str] | None = None) -> np.ndarray:
    """Per text, the probability the recogniser's output steps give to reading exactly that text (CTC: summed over
    every alignment of its characters and blanks). ``same`` maps a character to others counted as it (``{"0": "oO"}``:
    an output "o" counts as "0"). 0 for a reading without ``steps``, an empty text or a character the recogniser does
    not know."""
    out = np.zeros(len(texts))
    if reading.steps is None:
        return out
    probs = reading.steps
    columns: dict[str, np.ndarray | None] = {}
    for ch in {c for t in texts for c in t}:
        idx = [i for i in _class_index(ch + (same or {}).get(ch, "")) if i >= 0]
        known = _class_index(ch)[0] >= 0
        columns[ch] = probs[:, idx].sum(axis=1).astype(np.float64) if known else None
    blank = probs[:, 0].astype(np.float64)
    by_length: dict[int, list[int]] = {}
    for k, t in enumerate(texts):
        if t and all(columns[c] is not None for c in t):
            by_length.setdefault(len(t), []).append(k)
    for length, ks in by_length.items():
        # forward pass over each text's extended label sequence (blank, c1, blank, c2, ..., blank), all texts at once
        n = 2 * length + 1
        emit = np.empty((len(ks), len(probs), n))
        emit[:, :, 0::2] = blank[None, :, None]
        skip = np.zeros((len(ks), n), bool)
        for row, k in enumerate(ks):
            t = texts[k]
            for pos, ch in enumerate(t):
                emit[row, :, 2 * pos + 1] = columns[ch]
                skip[row, 2 * pos + 1] = pos > 0 and ch != t[pos - 1]
        alpha = np.zeros((len(ks), n))
        alpha[:, :2] = emit[:, 0, :2]
        for step in range(1, len(probs)):
            prev = alpha.copy()
            alpha[:, 1:] += prev[:, :-1]
            alpha[:, 2:] += np.where(skip[:, 2:], prev[:, :-2], 0.0)
            alpha *= emit[:, step]
        out[ks] = np.minimum(1.0, alpha[:, -1] + alpha[:, -2])
    return out


def string_probability(reading: OcrReading, text: str, same: dict[str, str] | None = None) -> float:
    """:func:`string_probabilities` of one text."""
    return float(string_probabilities(reading, [text], same)[0])


def read_cell(cell: np.ndarray) -> OcrReading:
    """Recognise the text in one cell crop (RGB or grey uint8); raises RuntimeError(UNAVAILABLE) without
    the extra."""
    if not ocr_available():
        raise RuntimeError(UNAVAILABLE)
    bgr = np.ascontiguousarray(cell[:, :, 2::-1] if cell.ndim == 3 else np.repeat(cell[:, :, None], 3, axis=2))
    out = _engine()(bgr, use_det=False, use_cls=False, use_rec=True)  # arrays are taken as OpenCV BGR
    texts, scores = out.txts or ("",), out.scores or (0.0,)
    return OcrReading(str(texts[0]).strip(), float(scores[0]))


def wants_letter_check(reading: Any) -> bool:
    """True for a sure reading (a :class:`~genpuzzle.verifiers.digits.DigitReading`) of a digit with look-alike letters
    (``LETTER_CHECK_DIGITS``) whose digit-or-not check gave at least ``LETTER_CHECK_NOT_DIGIT``, or of a 2 or 9 the
    classifier gives less than ``LETTER_CHECK_BELOW``: the readings a letter written where its digit belongs gets (the
    renderer's own digits never pay for the recogniser)."""
    from genpuzzle.verifiers.digits import CONFIDENT

    if reading.digit not in LETTER_CHECK_DIGITS or reading.confidence < CONFIDENT:
        return False
    not_digit = getattr(reading, "not_digit", None)
    return ((reading.digit in LETTER_CHECK_BELOW_DIGITS and reading.confidence < LETTER_CHECK_BELOW)
            or (not_digit is not None and not_digit >= LETTER_CHECK_NOT_DIGIT))


@dataclass(frozen=True)
class LetterCheck:
    """The recogniser's view of a cell the digit classifier read as ``digit``. ``one_letter``: it reads one letter (not
    ``AMBIGUOUS_LETTERS``) at ``OCR_MIN_SCORE`` or more. ``letter_probability``: the CTC probability of the digit's
    look-alike letters (``LETTER_LOOKALIKES``, each as the whole text, summed). ``page_alike``: of the page's other sure
    readings of the same digit (at least ``LETTER_PAGE_MIN`` of them), the share whose look-alike probability is
    ``LETTER_MIN_PROBABILITY`` or more too (None: not asked). ``letter``: a letter is there -- one letter read, or the
    look-alike letters at ``LETTER_MIN_PROBABILITY`` while the page's own copies of the digit mostly are not: a hand
    whose every 9 has a q's straight tail writes its 9s so, and a q among round 9s is a letter."""

    digit: int
    ocr: OcrReading
    letter_probability: float
    page_alike: float | None = None

    @property
    def one_letter(self) -> bool:
        text = self.ocr.text
        return len(text) == 1 and text.isalpha() and text not in AMBIGUOUS_LETTERS and self.ocr.score >= OCR_MIN_SCORE

    @property
    def lookalike(self) -> bool:
        return self.letter_probability >= LETTER_MIN_PROBABILITY

    @property
    def letter(self) -> bool:
        return self.one_letter or (self.lookalike and (self.page_alike is None or self.page_alike < LETTER_PAGE_ALIKE))


def letter_checks(cells: Sequence[np.ndarray], digits: Sequence[int]) -> list[LetterCheck]:
    """Ask the recogniser, which knows letters, about cells the digit classifier read as ``digits``: a letter drawn
    where its digit belongs (a g or q for a 9, a Z for a 2, a b for a 6) reads to the classifier as that digit, and to
    the recogniser as the letter. Callers make a cell whose check reads a ``letter`` unsure (review), never a sure
    digit; the check only ever lowers a confidence. Crops as for :func:`read_cells` (no grid lines). Without the page
    (:func:`page_letter_checks`) a look-alike probability alone counts as a letter."""
    got = read_cells(cells)
    out = []
    for reading, digit in zip(got, digits):
        letters = LETTER_LOOKALIKES.get(int(digit), "")
        p = float(string_probabilities(reading, list(letters)).sum()) if letters else 0.0
        out.append(LetterCheck(int(digit), reading, p))
    return out


def page_letter_checks(cells: Sequence[np.ndarray], readings: Sequence[Any]) -> dict[int, LetterCheck]:
    """:func:`letter_checks` of one page's cells (crops without grid lines, and their
    :class:`~genpuzzle.verifiers.digits.DigitReading`): the readings :func:`wants_letter_check` picks are asked, and
    where one shows only the look-alike probability, the page's other sure readings of its digit are asked too
    (``page_alike``), so a hand's own letter-shaped digit is not taken for a letter. Keyed by cell index."""
    asked = [i for i, r in enumerate(readings) if wants_letter_check(r)]
    if not asked:
        return {}
    out = dict(zip(asked, letter_checks([cells[i] for i in asked], [readings[i].digit for i in asked])))
    from genpuzzle.verifiers.digits import CONFIDENT

    sure = {d: [i for i, r in enumerate(readings) if r.digit == d and r.confidence >= CONFIDENT]
            for d in {out[i].digit for i in asked if out[i].lookalike and not out[i].one_letter}}
    more = sorted({i for group in sure.values() for i in group if len(group) > LETTER_PAGE_MIN} - set(out))
    if more:
        out.update(zip(more, letter_checks([cells[i] for i in more], [readings[i].digit for i in more])))
    for i in asked:
        check = out[i]
        others = [out[j] for j in sure.get(check.digit, []) if j != i]
        if check.lookalike and not check.one_letter and len(others) >= LETTER_PAGE_MIN:
            out[i] = LetterCheck(check.digit, check.ocr, check.letter_probability,
                                 sum(o.lookalike for o in others) / len(others))
    return {i: out[i] for i in asked}
