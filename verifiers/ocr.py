"""Second opinion on digit cells the classifier is unsure of: RapidOCR's text recogniser.

The ``rapidocr`` wheel ships its ONNX models and runs them with ``onnxruntime`` (the ``ocr`` extra,
installed by ``tools/install.sh``); nothing is downloaded. It takes ~25-40 ms per cell, against
~0.2-0.4 ms for the classifier, so it only sees the cells the classifier scored below ``OCR_BELOW``
(1-10 % of held-out cells, by style). It is a second opinion, not a replacement: agreement makes a
cell sure, disagreement leaves it unsure (``genpuzzle.verifiers.sudoku._second_opinions``). Without
the extra, :func:`ocr_available` is False and those cells stay unsure (``needs_review``).
"""

from __future__ import annotations

import importlib.util
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Sequence

import numpy as np

OCR_BELOW = 0.9  # classifier confidence under which a cell also goes to the recogniser
OCR_MIN_SCORE = 0.9  # recogniser score at which its single digit counts (agreeing with the classifier: sure)
MAX_OCR_CELLS = 12  # more unsure cells than this in one grid: no clean grid to read, skip the recogniser
UNAVAILABLE = "RapidOCR is not installed (pip install 'genpuzzle[ocr]'); unsure cells are left for review"


@dataclass(frozen=True)
class OcrReading:
    text: str  # what the recogniser read (stripped)
    score: float  # its confidence, 0..1

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


def read_cell(cell: np.ndarray) -> OcrReading:
    """Recognise the text in one cell crop (RGB or grey uint8); raises RuntimeError(UNAVAILABLE) without
    the extra."""
    if not ocr_available():
        raise RuntimeError(UNAVAILABLE)
    bgr = np.ascontiguousarray(cell[:, :, 2::-1] if cell.ndim == 3 else np.repeat(cell[:, :, None], 3, axis=2))
    out = _engine()(bgr, use_det=False, use_cls=False, use_rec=True)  # arrays are taken as OpenCV BGR
    texts, scores = out.txts or ("",), out.scores or (0.0,)
    return OcrReading(str(texts[0]).strip(), float(scores[0]))
