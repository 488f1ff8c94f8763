"""Train the offline digit reader (data/models/digits.npz), deterministically in its data.

    pip install -e .[train] && pip install torch==2.13.0   # CPU wheel; torch is needed for training only
    python tools/train_digit_reader.py               # build data, train, calibrate, save, report
    python tools/train_digit_reader.py --eval-only   # held-out report for the saved model

Styles, splits and what is never used are listed in ``tools/digit_data.py``. Every training cell
is rendered as a whole-cell crop (grid lines near the edges, random size 20-120 px, glyph height
35-88 % of the cell, shift, rotation, shear, width change, stroke width, elastic warps, ink and
paper colours, blur, noise, rescaling, JPEG) and passed through the *run-time* cleaning and
normalisation (``genpuzzle.verifiers.digits.prepare_cells``), so the model learns exactly what it
will see. Classes: digits 0-9, blank (junk that survived the blank test), other (letters, signs,
crosses, ticks, scribbles, struck-through digits).

Two CNNs (each 3 conv 3x3 + max-pool layers, 16/32/48 channels, FC 128, 12 outputs; ~80k parameters,
float16 in the file) are trained with PyTorch on one thread each (nice it: the machine is shared), from
different seeds (``--fit-member K`` trains one, so both can run in parallel processes; ``--init`` starts
from a saved model's weights), then the temperature of their mean logits is fitted on the ``calib`` split
(handwriting fonts never trained on, training styles with fresh seeds, MNIST 200-224) by minimising the
negative log-likelihood. The digit-or-not check (``--check``) is a small head on the two members'
penultimate activations, trained on the ``check-v1`` stream (half digits, half non-digits: letters of the
handwriting training fonts except ``digit_data.HAND_LETTER_TEST``, training-only pen letter skeletons,
printed/italic/Hershey training letters, marks, struck digits), its threshold fitted on the calib split; it
is written into the model file next to the members, which it leaves unchanged:

    python tools/train_digit_reader.py --stream check-v1 --seed 20261209 --samples 80000 --calib-samples 1000 \
        --cache check_v1.npz --data-only
    python tools/train_digit_reader.py --check --cache check_v1.npz --epochs 12 --out data/models/digits.npz

Only numpy arrays are saved; inference is numpy. Data generation is seeded
(``numpy.random.default_rng`` per chunk; ``--cache`` keeps it); torch training is seeded too, but float
summation order may differ across machines.
"""

from __future__ import annotations

import argparse
import sys
import time
from multiprocessing import get_context
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import digit_data as dd  # noqa: E402

from genpuzzle.verifiers import digits as dg  # noqa: E402

OTHER = dg.OTHER_CLASS
BLANK = dg.BLANK_CLASS


# ------------------------------------------------------------------------------------ sampling

def _font_char(rng, fonts, ch, train: bool) -> np.ndarray:
    a = dd.font_glyph(fonts[int(rng.integers(len(fonts)))], ch)
    return dd.stroke_width(a, rng, -2, 4) if train else dd.stroke_width(a, rng, -1, 2)


def digit_glyph(split: str, source: str, digit: int, rng: np.random.Generator, mnist_pool=None,
                pen_v2: bool = False, jitter: float = 0.018) -> np.ndarray:
    """Alpha of ``digit`` from ``source`` ('printed', 'hand', 'pen', 'hershey', 'mnist') in ``split``
    ('train' or 'heldout'; 'calib' uses the training styles)."""
    train = split != "heldout"
    g = dd.font_groups()
    if source == "printed":
        return _font_char(rng, g["printed_train" if train else "printed_heldout"], str(digit), train)
    if source == "hand":
        return _font_char(rng, g[{"train": "hand_train", "calib": "hand_calib"}.get(split, "hand_heldout")],
                          str(digit), train)
    if source == "pen":
        strokes = (dd.pen_strokes(digit, int(rng.integers(10 if pen_v2 else 6))) if train
                   else dd.hand_strokes(digit, int(rng.integers(6))))
        return dd.draw_strokes(strokes, rng, jitter)
    if source == "hershey":
        fonts = dd.HERSHEY_TRAIN if train else dd.HERSHEY_HELDOUT
        return dd.hershey_glyph(fonts[int(rng.integers(len(fonts)))], bool(rng.integers(2)) and train, str(digit),
                                int(rng.integers(3, 14)))
    if source == "italic":  # printed italics and obliques, leaning further (training styles only)
        fonts = g["printed_italic_train"] if train else g["printed_heldout"]
        a = _font_char(rng, fonts, str(digit), train)
        return dd.slant(a, rng.uniform(-0.05, 0.3)) if train else a
    if source == "display":  # held-out display faces (digit_data.DISPLAY_HELDOUT), never trained on
        if split != "heldout":
            raise ValueError("the display faces are held out")
        return _font_char(rng, g["display_heldout"], str(digit), False)
    if source == "square":  # squared display digits (training and calib draws; no held-out style of this kind)
        if split == "heldout":
            raise ValueError("squared digits are training data only")
        return dd.square_glyph(str(digit), rng)
    if source == "wide":  # printed training fonts extended or condensed
        if split == "heldout":
            raise ValueError("stretched fonts are training data only")
        return dd.stretched(_font_char(rng, g["printed_train"], str(digit), True), rng)
    if source == "optdigits":
        if split != "train":
            raise ValueError("optdigits is training data only")
        a, label = dd.optdigits_glyph(int(rng.integers(dd.optdigits_count() * 10)), rng)
        while label != digit:
            a, label = dd.optdigits_glyph(int(rng.integers(dd.optdigits_count() * 10)), rng)
        return dd.stroke_width(a, rng, -3, 1)
    if source == "mnist":
        pool = mnist_pool[digit]
        a, label = dd.mnist_glyph(int(pool[int(rng.integers(len(pool)))]))
        assert label == digit
        if split != "train":
            return a
        a = dd.stroke_width(a, rng, -2, 3)
        # Real hands vary far more than 2,000 samples show: stronger warps and slant on them.
        return dd.elastic(a, rng, rng.uniform(3, 9)) if rng.random() < 0.6 else a
    raise ValueError(source)


def other_glyph(split: str, rng: np.random.Generator, mnist_pool=None, square_p: float = 0.0,
                wide_p: float = 0.0) -> np.ndarray:
    """Alpha of a non-digit: a letter or sign, a pen mark, or a struck-through digit; with probability
    ``square_p`` (training draws only) a squared display letter or sign, with ``wide_p`` a printed training
    font's letter or sign extended or condensed (the digits' own display sources, so neither shape nor
    proportion says "digit")."""
    train = split != "heldout"
    g = dd.font_groups()
    if train and (square_p or wide_p):
        r = rng.random()
        if r < square_p:
            return dd.square_glyph(dd.SQUARE_LETTERS[int(rng.integers(len(dd.SQUARE_LETTERS)))], rng)
        if r < square_p + wide_p:
            ch = dd.OTHER_CHARS[int(rng.integers(len(dd.OTHER_CHARS)))]
            return dd.stretched(_font_char(rng, g["printed_train"], ch, True), rng)
    r = rng.random()
    if r < 0.55:
        ch = dd.OTHER_CHARS[int(rng.integers(len(dd.OTHER_CHARS)))]
        hand = {"train": "hand_train", "calib": "hand_calib"}.get(split, "hand_heldout")
        fonts = g["printed_train" if train else "printed_heldout"] + g[hand]
        return _font_char(rng, fonts, ch, train)
    if r < 0.7:
        kind = ("cross", "tick", "scribble", "zigzag", "hash", "dash")[int(rng.integers(6))]
        return dd.draw_strokes(dd.mark_strokes(kind, rng), rng)
    source = ("printed", "hand", "pen", "mnist")[int(rng.integers(4))]
    return dd.strike_through(digit_glyph(split, source, int(rng.integers(10)), rng, mnist_pool), rng)


def check_other_glyph(rng: np.random.Generator, mnist_pool=None) -> np.ndarray:
    """Alpha of a non-digit for the digit-or-not check's training ('check-v1' stream), handwriting-heavy:
    letters/signs of the handwriting training fonts except ``hand_letter_test`` (45 %), training-only pen
    letter skeletons (15 %), printed and italic training letters (12 %), training Hershey letters (8 %),
    pen marks (8 %), struck-through training digits (12 %)."""
    g = dd.font_groups()
    r = rng.random()
    ch = dd.OTHER_CHARS[int(rng.integers(len(dd.OTHER_CHARS)))]
    if r < 0.45:
        return _font_char(rng, g["hand_letter_train"], ch, True)
    if r < 0.60:
        skeleton = dd.letter_strokes(dd.LETTER_SKELETONS[int(rng.integers(len(dd.LETTER_SKELETONS)))], rng)
        return dd.draw_strokes(skeleton, rng, rng.uniform(0.012, 0.03))
    if r < 0.72:
        fonts = g["printed_italic_train"] if rng.random() < 0.5 else g["printed_train"]
        a = _font_char(rng, fonts, ch, True)
        return dd.slant(a, rng.uniform(-0.05, 0.3)) if rng.random() < 0.5 else a
    if r < 0.80:
        return dd.hershey_glyph(dd.HERSHEY_TRAIN[int(rng.integers(len(dd.HERSHEY_TRAIN)))], bool(rng.integers(2)), ch,
                                int(rng.integers(3, 14)))
    if r < 0.88:
        kind = ("cross", "tick", "scribble", "zigzag", "hash", "dash")[int(rng.integers(6))]
        return dd.draw_strokes(dd.mark_strokes(kind, rng), rng)
    source = ("printed", "hand", "pen", "mnist")[int(rng.integers(4))]
    return dd.strike_through(digit_glyph("train", source, int(rng.integers(10)), rng, mnist_pool), rng)


CONDITIONS = ("clean", "rescale", "jpeg60", "blur1", "shift")
DIGIT_SOURCES = ("printed", "printed", "printed", "hand", "hand", "hand", "mnist", "mnist", "mnist", "pen", "hershey")
# train-v4: more handwriting (hand fonts, MNIST, pen skeletons) against printed, which is already read well.
DIGIT_SOURCES_V4 = ("printed", "printed", "hand", "hand", "hand", "hand", "mnist", "mnist", "mnist", "mnist",
                    "pen", "pen", "hershey")

# train-v5: as v4, with printed italics/obliques leaning further, and scikit-learn's optdigits hands.
DIGIT_SOURCES_V5 = ("printed", "italic", "hand", "hand", "hand", "hand", "mnist", "mnist", "mnist", "optdigits",
                    "pen", "pen", "hershey", "italic")
# train-v6: as v5, with squared display digits (3 of 19 draws) and extended/condensed printed fonts (2 of 19);
# its non-digits take the same shares of squared letters and signs and of stretched printed ones, so neither
# a squared "E" nor an extended "A" is taken for a digit.
DIGIT_SOURCES_V6 = DIGIT_SOURCES_V5 + ("square", "square", "square", "wide", "wide")
# (squared, stretched) shares of the train-v6 digit draws, given to its non-digits too
DISPLAY_SHARES = tuple(DIGIT_SOURCES_V6.count(k) / len(DIGIT_SOURCES_V6) for k in ("square", "wide"))


def _mnist_pool(split: str) -> dict[int, np.ndarray]:
    idx = dd.mnist_indices(split)
    return {d: idx[(idx // 500) == d] for d in range(10)}


def _wide_height(alpha: np.ndarray | None) -> tuple[float, float] | None:
    """The glyph height range for a wide glyph: drawn smaller, so the cell holds all of it (a verifier's
    crop does); None (the renderer's own range) for others."""
    if alpha is None or alpha.shape[1] <= 0.75 * alpha.shape[0]:
        return None
    hi = min(0.88, 0.9 * alpha.shape[0] / (1.2 * alpha.shape[1]))
    return (min(0.35, 0.7 * hi), hi)


def _chunk(args: tuple[int, str, int, int]) -> tuple[np.ndarray, np.ndarray]:
    """One chunk of prepared 28x28 images and labels for ``stream``: 'train-v6' (as v5, with squared display
    digits and stretched fonts, and the same shares of squared and stretched non-digits), 'train-v5' (as v4,
    with printed italics leaning further and scikit-learn's optdigits among the digit sources), 'train-v4'
    (as v3, with more handwriting sources, wobblier pen skeletons, warps on 65 % of glyphs and a second,
    local warp on some), 'train-v3' (the training styles, 10 % drawn hollow, pen 1s with long flags, more elastic
    warps), 'calib', or the earlier 'train' and 'train-outline' (30 % hollow) streams."""
    seed, stream, chunk, n = args
    if stream in ("check-v1", "check-v2"):
        return _check_chunk(seed, stream, chunk, n)
    split = "train" if stream.startswith("train") else stream
    v4 = stream in ("train-v4", "train-v5", "train-v6")
    v6 = stream == "train-v6"
    outline_p, pen_v2 = ((0.3, True) if stream == "train-outline"
                         else (0.1, True) if stream == "train-v3" or v4 else (0.0, False))
    sources = (DIGIT_SOURCES_V6 if v6 else DIGIT_SOURCES_V5 if stream == "train-v5" else DIGIT_SOURCES_V4 if v4
               else DIGIT_SOURCES)
    cv2.setNumThreads(1)
    rng = dd.rng_for(seed, stream, chunk)
    pool = _mnist_pool(split)
    cells, labels = [], []
    for _ in range(n):
        r = rng.random()
        if r < 0.04:
            label, alpha = BLANK, None
        elif r < 0.26:
            label, alpha = OTHER, other_glyph(split, rng, pool, *(DISPLAY_SHARES if v6 else (0.0, 0.0)))
        else:
            label = int(rng.integers(10))
            alpha = digit_glyph(split, sources[int(rng.integers(len(sources)))], label, rng, pool,
                                pen_v2, rng.uniform(0.012, 0.035) if v4 else 0.018)
        if alpha is not None and outline_p and rng.random() < outline_p:
            alpha = dd.outline(alpha, rng)
        if alpha is not None and rng.random() < (0.65 if v4 else 0.5 if stream == "train-v3" else 0.35):
            alpha = dd.elastic(alpha, rng, rng.uniform(2, 8 if v4 else 7))
        if alpha is not None and v4 and rng.random() < 0.25:
            alpha = dd.elastic(alpha, rng, rng.uniform(1.5, 4), sigma=rng.uniform(3, 6))  # local wobble
        cells.append(dd.render_cell(rng, alpha, "train", height=_wide_height(alpha) if v6 else None))
        labels.append(label)
    images, keep = [], []
    for k, p in enumerate(dg.prepare_cells(cells)):
        if p.image is not None:  # blank test already decided; a lost glyph is a too-faint render
            images.append(p.image)
            keep.append(labels[k])
    return np.array(images, np.float32), np.array(keep, np.int64)


def _check_chunk(seed: int, stream: str, chunk: int, n: int) -> tuple[np.ndarray, np.ndarray]:
    """'check-v1': the digit-or-not check's training cells, half digits (the ``train-v5`` digit sources)
    and half non-digits (:func:`check_other_glyph`), rendered as ``train-v5`` renders them; labels are
    0-9 or OTHER as in the other streams (the check reads class >= 10 as "not a digit"). 'check-v2': the
    same with the ``train-v6`` digit sources and their display share (5/19) of the non-digits squared or
    stretched letters and signs."""
    cv2.setNumThreads(1)
    rng = dd.rng_for(seed, stream, chunk)
    pool = _mnist_pool("train")
    v2 = stream == "check-v2"
    sources = DIGIT_SOURCES_V6 if v2 else DIGIT_SOURCES_V5
    cells, labels = [], []
    for _ in range(n):
        if rng.random() < 0.5:
            display = sum(DISPLAY_SHARES)
            if v2 and rng.random() < display:
                label, alpha = OTHER, other_glyph("train", rng, pool, *(share / display for share in DISPLAY_SHARES))
            else:
                label, alpha = OTHER, check_other_glyph(rng, pool)
        else:
            label = int(rng.integers(10))
            alpha = digit_glyph("train", sources[int(rng.integers(len(sources)))], label, rng, pool,
                                True, rng.uniform(0.012, 0.035))
        if rng.random() < 0.1:
            alpha = dd.outline(alpha, rng)
        if rng.random() < 0.5:
            alpha = dd.elastic(alpha, rng, rng.uniform(2, 7))
        if rng.random() < 0.2:
            alpha = dd.elastic(alpha, rng, rng.uniform(1.5, 4), sigma=rng.uniform(3, 6))
        cells.append(dd.render_cell(rng, alpha, "train", height=_wide_height(alpha) if v2 else None))
        labels.append(label)
    images, keep = [], []
    for k, p in enumerate(dg.prepare_cells(cells)):
        if p.image is not None and not p.pencil:
            images.append(p.image)
            keep.append(labels[k])
    return np.array(images, np.float32), np.array(keep, np.int64)


def build(seed: int, split: str, n: int, workers: int) -> tuple[np.ndarray, np.ndarray]:
    chunk = 1000
    jobs = [(seed, split, c, min(chunk, n - c * chunk)) for c in range((n + chunk - 1) // chunk)]
    dd.font_groups()  # once, before the workers fork (it renders a test line in every font on the machine)
    with get_context("fork").Pool(workers) as pool:
        parts = pool.map(_chunk, jobs)
    return np.concatenate([p[0] for p in parts]), np.concatenate([p[1] for p in parts])


# ------------------------------------------------------------------------------------ training

def make_net():
    import torch.nn as nn

    return nn.Sequential(
        nn.Conv2d(1, 16, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
        nn.Conv2d(16, 32, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
        nn.Conv2d(32, 48, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
        nn.Flatten(), nn.Linear(48 * 9, 128), nn.ReLU(), nn.Dropout(0.25), nn.Linear(128, dg.N_CLASSES))


def make_check_head(n_features: int):
    """The digit-or-not check: FC n_features (the members' penultimate activations side by side) -> 64,
    ReLU, -> 2 (digit, not a digit). Nothing convolutional: its input is computed by the members anyway."""
    import torch.nn as nn

    return nn.Sequential(nn.Linear(n_features, 64), nn.ReLU(), nn.Dropout(0.1), nn.Linear(64, 2))


def fit_check_head(features: np.ndarray, not_digit: np.ndarray, seed: int, epochs: int = 12):
    """Train the check head (Adam 1e-3, batches of 256, classes weighted to equal share) on member features."""
    import torch
    import torch.nn.functional as F

    torch.manual_seed(seed)
    torch.set_num_threads(1)
    f, y = torch.from_numpy(np.asarray(features, np.float32)), torch.from_numpy(not_digit.astype(np.int64))
    net = make_check_head(f.shape[1])
    share = float(y.float().mean())
    weight = torch.tensor([0.5 / (1 - share), 0.5 / share])
    opt = torch.optim.Adam(net.parameters(), 1e-3, weight_decay=1e-5)
    g = torch.Generator().manual_seed(seed)
    for ep in range(epochs):
        net.train()
        perm = torch.randperm(len(y), generator=g)
        total, correct = 0.0, 0
        for k in range(0, len(y), 256):
            i = perm[k:k + 256]
            out = net(f[i])
            loss = F.cross_entropy(out, y[i], weight=weight)
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += float(loss.detach()) * len(i)
            correct += int((out.argmax(1) == y[i]).sum())
        print(f"check epoch {ep + 1}/{epochs}: loss {total / len(y):.4f} acc {correct / len(y):.4f}", flush=True)
    return net.eval()


def blend_with(net, path: Path, member: int, alpha: float) -> None:
    """``net``'s weights become ``alpha`` x its own + (1 - alpha) x member ``member`` of the saved model at
    ``path`` (``net`` fine-tuned from that model: the blend keeps more of what the start read well)."""
    import torch

    start = make_net()
    init_from(start, path, member)
    with torch.no_grad():
        for p, q in zip(net.parameters(), start.parameters()):
            p.mul_(alpha).add_(q, alpha=1 - alpha)


def init_from(net, path: Path, member: int = 0) -> None:
    """Start ``net`` from the weights of a saved model (``m{member}_conv0_w``... or, in the previous
    single-network format, ``conv0_w``...) of the same architecture."""
    import torch

    with np.load(path) as z:
        w = {k: z[k] for k in z.files}
    prefix = f"m{member}_" if f"m{member}_conv0_w" in w else ""
    convs = [m for m in net if m.__class__.__name__ == "Conv2d"]
    fcs = [m for m in net if m.__class__.__name__ == "Linear"]
    with torch.no_grad():
        for kind, mods in (("conv", convs), ("fc", fcs)):
            for i, m in enumerate(mods):
                m.weight.copy_(torch.from_numpy(w[f"{prefix}{kind}{i}_w"].astype(np.float32)))
                m.bias.copy_(torch.from_numpy(w[f"{prefix}{kind}{i}_b"].astype(np.float32)))


def _augment(xb, g):
    """Cheap per-sample variation on normalised crops: +-1 px shift for all (the crop's centring varies
    by a pixel with the ink threshold); for half a small random affine (rotation +-8 deg, shear, scale
    0.9-1.05); for a sixth each, strokes one pixel bolder or thinner (3x3 max / min filter)."""
    import torch
    import torch.nn.functional as F

    dx, dy = torch.randint(-1, 2, (2,), generator=g).tolist()
    xb = torch.roll(xb, shifts=(dy, dx), dims=(2, 3))
    n = len(xb)
    pick = torch.rand(n, generator=g) < 0.5
    if pick.any():
        m = int(pick.sum())
        ang = (torch.rand(m, generator=g) - 0.5) * np.radians(16)
        sh = (torch.rand(m, generator=g) - 0.5) * 0.3
        sc = 0.9 + torch.rand(m, generator=g) * 0.15
        c, si = torch.cos(ang) / sc, torch.sin(ang) / sc
        theta = torch.stack([torch.stack([c, -si + sh * c, torch.zeros(m)], 1),
                             torch.stack([si, c + sh * si, torch.zeros(m)], 1)], 1)
        grid = F.affine_grid(theta, (m, 1, NORM, NORM), align_corners=False)
        xb = xb.clone()
        xb[pick] = F.grid_sample(xb[pick], grid, align_corners=False)
    r = torch.rand(n, generator=g)
    bold, thin = r < 1 / 6, r > 5 / 6
    if bold.any():
        xb[bold] = F.max_pool2d(xb[bold], 3, 1, 1)
    if thin.any():
        eroded = -F.max_pool2d(-xb[thin], 3, 1, 1)
        # Only strokes thick enough to survive: a thin pen line must not vanish under its label.
        ok = eroded.sum(dim=(1, 2, 3)) >= 0.5 * xb[thin].sum(dim=(1, 2, 3))
        xb[thin] = torch.where(ok[:, None, None, None], eroded, xb[thin])
    return xb


NORM = dg.NORM_SIZE


def _lr_at(progress: float, peak: float) -> float:
    """One-cycle learning rate at ``progress`` (0..1): linear warm-up from peak/25 over the first 15 %,
    then cosine annealing to peak/1e4."""
    if progress < 0.15:
        return peak / 25 + (peak - peak / 25) * progress / 0.15
    q = min(1.0, (progress - 0.15) / 0.85)
    return peak / 1e4 + (peak - peak / 1e4) * 0.5 * (1 + np.cos(np.pi * q))


def fit(x: np.ndarray, y: np.ndarray, seed: int, epochs: int, threads: int, init: Path | None = None,
        member: int = 0, time_budget: float | None = None, checkpoint: Path | None = None):
    """Train one network (Adam, one-cycle schedule; from ``init``'s weights at a third of the peak
    learning rate when given). With ``time_budget`` (seconds), the schedule runs on
    max(step fraction, time fraction) and training stops when either is used up, so a run on a loaded
    machine still finishes its annealing; the steps taken are printed. ``checkpoint``: the weights
    are saved there after every epoch."""
    import torch
    import torch.nn.functional as F

    torch.manual_seed(seed)
    torch.set_num_threads(threads)
    net = make_net()
    if init is not None:
        init_from(net, init, member)
    xt = torch.from_numpy(x).unsqueeze(1)
    yt = torch.from_numpy(y)
    peak = 1e-3 if init is not None else 3e-3
    opt = torch.optim.Adam(net.parameters(), lr=peak / 25, weight_decay=1e-5)
    steps = epochs * ((len(y) + 127) // 128)
    g = torch.Generator().manual_seed(seed)
    t0 = time.time()
    step, progress = 0, 0.0
    for ep in range(epochs):
        net.train()
        perm = torch.randperm(len(yt), generator=g)
        total, correct, seen = 0.0, 0, 0
        for k in range(0, len(perm), 128):
            progress = max(step / steps, (time.time() - t0) / time_budget if time_budget else 0.0)
            if progress >= 1.0:
                break
            for group in opt.param_groups:
                group["lr"] = _lr_at(progress, peak)
            idx = perm[k:k + 128]
            xb = _augment(xt[idx], g)
            out = net(xb)
            loss = F.cross_entropy(out, yt[idx], label_smoothing=0.02)
            opt.zero_grad()
            loss.backward()
            opt.step()
            step += 1
            total += float(loss.detach()) * len(idx)
            correct += int((out.argmax(1) == yt[idx]).sum())
            seen += len(idx)
            if k and k % (128 * 100) == 0:
                print(f"  {k}/{len(perm)} ({time.time() - t0:.0f}s, progress {progress:.3f})", flush=True)
        print(f"epoch {ep + 1}/{epochs}: loss {total / max(seen, 1):.4f} acc {correct / max(seen, 1):.4f} "
              f"steps {step} ({time.time() - t0:.0f}s)", flush=True)
        if checkpoint is not None:
            torch.save(net.state_dict(), checkpoint)
        if progress >= 1.0:
            break
    net.eval()
    return net


def fit_temperature(logits: np.ndarray, y: np.ndarray) -> float:
    """Temperature minimising the NLL of softmax(logits / T) on the calibration split."""
    best = (np.inf, 1.0)
    for t in np.exp(np.linspace(np.log(0.3), np.log(5.0), 200)):
        z = logits / t
        z = z - z.max(axis=1, keepdims=True)
        nll = float(np.mean(np.log(np.exp(z).sum(axis=1)) - z[np.arange(len(y)), y]))
        best = min(best, (nll, float(t)))
    return best[1]


UNSEEN_CALIB = (("hand", 400, ("clean", "rescale", "jpeg60", "shift")), ("mnist", 400, ("clean", "jpeg60", "rescale")),
                ("other", 300, ("clean", "jpeg60", "rescale")))


def unseen_calibration_images(seed: int = 31) -> tuple[np.ndarray, np.ndarray]:
    """Prepared crops and class labels of the calib split's styles never trained on: its handwriting
    fonts (NanumPen, Navilu, kiloji) and MNIST 200-224 as digits, and its letters/marks/struck digits
    as "other", each under a few page conditions (cells the blank or pencil test already decided are
    left out)."""
    return _prepared_calib_cells(seed, UNSEEN_CALIB)


def _prepared_calib_cells(seed: int, plan) -> tuple[np.ndarray, np.ndarray]:
    """Prepared crops and class labels of the calib split's cells per (source, count, conditions) of
    ``plan``, leaving out cells the blank or pencil test already decided."""
    xs, ys = [], []
    for source, n, conditions in plan:
        for cond in conditions:
            cells, labels = heldout_cells(seed, source, n, cond, split="calib")
            for p, lab in zip(dg.prepare_cells(cells), labels):
                if p.image is not None and not p.pencil:
                    xs.append(p.image)
                    ys.append(OTHER if lab == "other" else int(lab))
    return np.array(xs, np.float32), np.array(ys, np.int64)


def fit_class_error_scale(best: np.ndarray, conf: np.ndarray, y: np.ndarray, lo: float = 0.8) -> np.ndarray:
    """Per class k: errors / predicted errors (sum of 1 - confidence) among readings of k at confidence
    >= ``lo`` (the region where the sure/unsure decision is made), floored at 1: a class the
    temperature leaves over-confident on hands never trained on gets its error scaled up, none down."""
    scale = np.ones(dg.N_CLASSES)
    for k in range(dg.N_CLASSES):
        m = (best == k) & (conf >= lo)
        predicted = float((1.0 - conf[m]).sum())
        if predicted > 0:
            scale[k] = max(1.0, float((y[m] != k).sum()) / predicted)
    return scale


def add_class_error_scale(path: Path, seed: int = 31) -> None:
    """Fit the per-class error scale of the model at ``path`` on :func:`unseen_calibration_images`
    and write it into the model file."""
    with np.load(path) as z:
        arrays = {k: z[k] for k in z.files}
    arrays.pop("class_error_scale", None)
    reader = dg.DigitReader(arrays)
    x, y = unseen_calibration_images(seed)
    best, conf = reader.decide(x)
    scale = fit_class_error_scale(best, conf, y)
    arrays["class_error_scale"] = scale.astype(np.float32)
    np.savez_compressed(path, **arrays)
    print(f"class error scale on {len(y)} unseen-style calib cells: {np.round(scale, 2).tolist()}")


def export(nets, temperature: float, out: Path, meta: dict) -> None:
    """Save the members' weights (``m{j}_conv{i}_w`` ...; float16 weights, float32 biases) and the
    ensemble's temperature as one npz."""
    arrays = {"format": np.array(dg.MODEL_FORMAT), "temperature": np.array(temperature, np.float32)}
    arrays.update({k: np.array(v) for k, v in meta.items()})
    for j, net in enumerate(nets):
        convs = [m for m in net if m.__class__.__name__ == "Conv2d"]
        fcs = [m for m in net if m.__class__.__name__ == "Linear"]
        for i, m in enumerate(convs):
            arrays[f"m{j}_conv{i}_w"] = m.weight.detach().numpy().astype(np.float16)
            arrays[f"m{j}_conv{i}_b"] = m.bias.detach().numpy().astype(np.float32)
        for i, m in enumerate(fcs):
            arrays[f"m{j}_fc{i}_w"] = m.weight.detach().numpy().astype(np.float16)
            arrays[f"m{j}_fc{i}_b"] = m.bias.detach().numpy().astype(np.float32)
    out.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(out, **arrays)
    print(f"saved {out} ({out.stat().st_size / 1e6:.2f} MB), {len(nets)} members, temperature {temperature:.3f}")


CHECK_MAX_DIGIT_FLAGS = 0.002


def fit_check_threshold(p_not: np.ndarray, is_digit: np.ndarray, sure_digit: np.ndarray) -> float:
    """The digit-or-not check's threshold: the lowest at which at most ``CHECK_MAX_DIGIT_FLAGS`` of the
    calib cells that are digits *and* read as a sure digit would be made unsure (the cost), never below
    0.5. Fitted on the calib split (styles never trained on) only."""
    digit_p = np.sort(p_not[is_digit & sure_digit])[::-1]
    k = int(np.floor(CHECK_MAX_DIGIT_FLAGS * len(digit_p)))
    t = float(digit_p[k]) + 1e-6 if k < len(digit_p) else 0.5
    return max(0.5, min(t, 0.999))


def check_calibration_cells(seed: int = 41) -> tuple[np.ndarray, np.ndarray]:
    """Prepared crops (N, 28, 28) and labels of the calib split for the check's threshold: the calib
    handwriting fonts and MNIST 200-224 in the five page conditions, the training printed, pen and
    Hershey styles with fresh seeds (clean, JPEG 60), and calib non-digits (letters of the calib hand
    fonts, marks, struck digits)."""
    plan = [("hand", 500, CONDITIONS), ("mnist", 500, CONDITIONS), ("printed", 300, ("clean", "jpeg60")),
            ("pen", 300, ("clean", "jpeg60")), ("hershey", 200, ("clean",)), ("other", 500, ("clean", "jpeg60", "rescale"))]
    return _prepared_calib_cells(seed, plan)


def export_check(net, base: Path, out: Path) -> None:
    """Write the check head's weights (``check_fc{i}_w``...) and its calib-fitted threshold into a copy of
    the model at ``base`` (members, temperature and class scale unchanged), saved at ``out``."""
    with np.load(base) as z:
        arrays = {k: z[k] for k in z.files if not k.startswith("check_")}
    for i, m in enumerate(m for m in net if m.__class__.__name__ == "Linear"):
        arrays[f"check_fc{i}_w"] = m.weight.detach().numpy().astype(np.float32)
        arrays[f"check_fc{i}_b"] = m.bias.detach().numpy().astype(np.float32)
    arrays["check_threshold"] = np.array(1.0, np.float32)
    reader = dg.DigitReader(arrays)
    x, y = check_calibration_cells()
    best, conf = reader.decide(x)
    p_not = reader.not_digit_probability(reader.member_features(x))
    is_digit, sure_digit = y < 10, (best < 10) & (conf >= dg.CONFIDENT)
    t = fit_check_threshold(p_not, is_digit, sure_digit)
    arrays["check_threshold"] = np.array(t, np.float32)
    np.savez_compressed(out, **arrays)
    print(f"check threshold {t:.4f} on {len(y)} calib cells: sure digit readings of digits made unsure "
          f"{int((is_digit & sure_digit & (p_not >= t)).sum())}/{int((is_digit & sure_digit).sum())}, of non-digits "
          f"{int((~is_digit & sure_digit & (p_not >= t)).sum())}/{int((~is_digit & sure_digit).sum())}; saved {out}")


# --------------------------------------------------------------------------------- evaluation

def heldout_cells(seed: int, source: str, n: int, condition: str = "clean",
                  split: str = "heldout") -> tuple[list[np.ndarray], list[str]]:
    """Cells and open-set labels ('0'-'9' or 'other') from one held-out ``source``: a digit
    source, or 'other' (letters/signs in held-out fonts, marks, struck-through held-out digits)."""
    rng = dd.rng_for(seed, f"{split}-{source}-{condition}")
    pool = _mnist_pool(split) if split != "train" else None
    cells, labels = [], []
    for i in range(n):
        if source == "other":
            alpha, label = other_glyph(split, rng, pool), "other"
        elif source == "display_other":  # letters and signs of the held-out display faces
            fonts = dd.font_groups()["display_heldout"]
            ch = dd.OTHER_CHARS[int(rng.integers(len(dd.OTHER_CHARS)))]
            alpha, label = _font_char(rng, fonts, ch, False), "other"
        else:
            d = i % 10
            alpha, label = digit_glyph(split, source, d, rng, pool), str(d)
        cells.append(dd.render_cell(rng, alpha, condition,
                                    height=_wide_height(alpha) if source.startswith("display") else None))
        labels.append(label)
    return cells, labels


def report(reader: dg.DigitReader, seed: int, n: int) -> dict[str, dict[str, float]]:
    """Per source: accuracy (open-set symbol), confident-misread rate, share below CONFIDENT."""
    res = {}
    for source in ("printed", "hand", "mnist", "pen", "hershey", "other"):
        cells, labels = heldout_cells(seed, source, n)
        got = reader.read(cells)
        ok = np.array([r.symbol == lab for r, lab in zip(got, labels)])
        conf = np.array([r.confident for r in got])
        res[source] = {"accuracy": float(ok.mean()), "confident_wrong": float((~ok & conf).mean()),
                       "unsure": float((~conf).mean())}
    return res


def load_data(a) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    if a.cache and a.cache.is_file():
        z = np.load(a.cache)
        x, y = [z["x"]], [z["y"]]
        for extra in a.extra_cache:
            e = np.load(extra)
            x.append(e["x"])
            y.append(e["y"])
        return np.concatenate(x), np.concatenate(y), z["xc"], z["yc"]
    t0 = time.time()
    x, y = build(a.seed, a.stream, a.samples, a.workers)
    xc, yc = build(a.seed + 1, "calib", a.calib_samples, a.workers)
    if a.cache:
        np.savez(a.cache, x=x, y=y, xc=xc, yc=yc)
    print(f"data: train {len(y)} calib {len(yc)}, class counts {np.bincount(y).tolist()} "
          f"({time.time() - t0:.0f}s)", flush=True)
    return x, y, xc, yc


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=20261201)
    ap.add_argument("--samples", type=int, default=150000)
    ap.add_argument("--calib-samples", type=int, default=12000)
    ap.add_argument("--stream", default="train-v5", help="training data stream (see _chunk)")
    ap.add_argument("--epochs", type=int, default=9)
    ap.add_argument("--members", type=int, default=2, help="networks in the ensemble (each its own seed)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--cache", type=Path, default=None, help="npz cache of the rendered training data")
    ap.add_argument("--data-only", action="store_true", help="render the data into --cache and stop")
    ap.add_argument("--fit-member", type=int, default=None, help="train only this member into --member-out")
    ap.add_argument("--member-out", type=Path, default=None)
    ap.add_argument("--member-files", type=Path, nargs="*", default=None,
                    help="members trained separately (--fit-member): calibrate and export them")
    ap.add_argument("--init", type=Path, default=None, help="start from this saved model's weights (fine-tuning)")
    ap.add_argument("--round", type=int, default=0, help="fine-tuning round (changes the member's seed)")
    ap.add_argument("--time-budget", type=float, default=None,
                    help="seconds per network: the schedule follows the time used when that runs out first")
    ap.add_argument("--extra-cache", type=Path, nargs="*", default=(),
                    help="more rendered training cells (the x, y of other --cache files) added to the training set")
    ap.add_argument("--out", type=Path, default=dg.MODEL_PATH)
    ap.add_argument("--eval-only", action="store_true")
    ap.add_argument("--class-scale-only", action="store_true",
                    help="fit the per-class error scale of the model at --out and write it there")
    ap.add_argument("--eval-n", type=int, default=500)
    ap.add_argument("--check", action="store_true",
                    help="train the digit-or-not check head on --cache (a 'check-v1' stream) plus the first "
                         "--extra-digits digits of --extra-cache and write it, with its calib-fitted threshold, into a "
                         "copy of --init (default: the shipped model) at --out")
    ap.add_argument("--extra-digits", type=int, default=40000)
    ap.add_argument("--blend", type=float, default=None,
                    help="with --member-files and --init: export each member's weights as BLEND x the member + "
                         "(1 - BLEND) x --init's same member (a weight-space blend of a fine-tuned model and its "
                         "start)")
    a = ap.parse_args(argv)
    if a.check:
        z = np.load(a.cache)
        x, y = [z["x"]], [z["y"]]
        for extra in a.extra_cache:  # digits only: their non-digits may hold the letters the check holds out
            e = np.load(extra)
            keep = np.nonzero(e["y"] < 10)[0][:a.extra_digits]
            x.append(e["x"][keep])
            y.append(e["y"][keep])
        x, not_digit = np.concatenate(x), np.concatenate(y) >= 10
        base = a.init or dg.MODEL_PATH
        t0 = time.time()
        from threadpoolctl import threadpool_limits

        with threadpool_limits(limits=1):  # one BLAS thread: the machine is shared
            features = dg.DigitReader.load(base).member_features(x)
        print(f"check data: {len(x)} cells, {int(not_digit.sum())} not digits; features {time.time() - t0:.0f}s",
              flush=True)
        export_check(fit_check_head(features, not_digit, a.seed + 7000 + a.round, a.epochs), base, a.out)
        return
    if a.class_scale_only:
        add_class_error_scale(a.out)
        return
    if not a.eval_only:
        import torch

        x, y, xc, yc = load_data(a)
        if a.data_only:
            return
        if a.fit_member is not None:
            net = fit(x, y, a.seed + 1000 * a.fit_member + a.round, a.epochs, a.threads, a.init, a.fit_member,
                      a.time_budget, a.member_out)
            torch.save(net.state_dict(), a.member_out)
            return
        if a.member_files:
            nets = []
            for j, f in enumerate(a.member_files):
                net = make_net()
                net.load_state_dict(torch.load(f))
                if a.blend is not None:
                    blend_with(net, a.init, j, a.blend)
                nets.append(net.eval())
        else:
            nets = [fit(x, y, a.seed + 1000 * j, a.epochs, a.threads, a.init if j == 0 else None)
                    for j in range(a.members)]
        with torch.no_grad():
            member_logits = [net(torch.from_numpy(xc).unsqueeze(1)).numpy() for net in nets]
        for j, lg in enumerate(member_logits):
            print(f"member {j} calib accuracy {float((lg.argmax(1) == yc).mean()):.4f}")
        logits = np.mean(member_logits, axis=0)
        print(f"ensemble calib accuracy {float((logits.argmax(1) == yc).mean()):.4f}")
        export(nets, fit_temperature(logits, yc), a.out, {"seed": a.seed, "n_train": len(y)})
        add_class_error_scale(a.out)
    reader = dg.DigitReader.load(a.out)
    for source, r in report(reader, 7, a.eval_n).items():
        print(f"heldout {source:8s} acc {r['accuracy']:.4f} confident_wrong {r['confident_wrong']:.4f} "
              f"unsure {r['unsure']:.4f}")


if __name__ == "__main__":
    sys.exit(main())
