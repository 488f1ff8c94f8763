"""The project's recurring validity checks: planted pages whose verdicts are known, verified through the full pipeline.

Each subcommand plants one kind of page (references redrawn, degraded or tilted; a mark, a glyph on a reference; a
washed-out reference; a nonogram answer family), verifies every page, prints a line per instance and a one-line
summary, and with ``--json OUT`` writes every verdict. The same arguments give the same pages. It measures whatever
``genpuzzle`` imports (``PYTHONPATH=/tmp/snapshot python tools/validity_checks.py ...`` measures a snapshot) and
takes the answer families from this repository's ``tests/``. What each check plants and counts as bad:
docs/validity_checks.md.
"""

from __future__ import annotations

import collections
import io
import json
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator, Optional

import numpy as np
import typer
from PIL import Image, ImageDraw, ImageEnhance, ImageFilter, ImageFont

REPO = Path(__file__).resolve().parents[1]
TESTS = REPO / "tests"
GLYPH_FONTS = (REPO / "data" / "fonts" / "DejaVuSans-Bold.ttf", REPO / "data" / "fonts" / "DejaVuSans.ttf")

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="Validity checks: planted pages with known verdicts (docs/validity_checks.md).")

JsonOption = typer.Option(None, "--json", help="write every verdict to this JSON file")
KeepOption = typer.Option(None, "--keep", help="save every page with a bad verdict into this folder")
QuietOption = typer.Option(False, "--quiet", "-q", help="only the summary line")
CasesOption = typer.Option(None, "--cases", help="only these comma-separated cases (a quick probe; the figures of "
                                                 "record are with every case)")


# ------------------------------------------------------------------------------------------------ shared parts


def track_list(tracks: str) -> list[str]:
    """``all`` (every registered track, in registry order) or a comma-separated list."""
    from genpuzzle.registry import track_names

    return list(track_names()) if tracks == "all" else tracks.split(",")


def genpuzzle_dir() -> str:
    """Where the measured genpuzzle is imported from (the working tree, or a snapshot on PYTHONPATH)."""
    import genpuzzle

    return str(Path(genpuzzle.__file__).parent)


def chosen(names, cases: Optional[str]) -> list[str]:
    """``names`` in their order, only those listed in ``cases`` (comma-separated) when given."""
    if not cases:
        return list(names)
    wanted = cases.split(",")
    unknown = sorted(set(wanted) - set(names))
    if unknown:
        raise typer.BadParameter(f"unknown cases {unknown}; cases: {', '.join(names)}")
    return [n for n in names if n in wanted]


def verdict_row(v, **fields) -> dict[str, Any]:
    """The JSON row of one verdict: the page's fields, then status, score, review flag, first codes, reason."""
    return {**fields, "status": v.status.value, "score": round(float(v.score), 4), "needs_review": bool(v.needs_review),
            "codes": list(v.codes)[:4], "reason": (v.reason or "")[:100]}


def verdict_text(v) -> str:
    return f"{v.score:.0f}/{v.status.value}{'/R' if v.needs_review else ''}:{list(v.codes)[:3]}"


# Judges: a verdict -> the kind of bad verdict it is, or None.

def must_score_100(v) -> Optional[str]:
    """A redrawn reference must score 100 (needs_review at 100 is bad too: the reference is a right answer)."""
    return None if v.score == 100 else "not_100"


def must_not_pass(v) -> Optional[str]:
    """An unchanged input must neither be ``correct`` nor score 100."""
    return "input_passes" if v.status.value == "correct" or v.score >= 100 else None


def mark_must_not_pass(v) -> Optional[str]:
    """A marked reference must not score 100 with no review flag."""
    return "passes" if v.score >= 100 and not v.needs_review else None


def no_confident_fail(v) -> Optional[str]:
    """A degraded reference may score 100, ask for review or be unreadable; a confident score under 100 is a false
    fail."""
    if v.score < 100 and not v.needs_review and v.status.value != "unreadable":
        return "false_fail"
    return None


def glyph_must_not_pass(v) -> Optional[str]:
    """A glyph in an empty nonogram cell must neither score 100 nor be ``correct``."""
    return "passes" if v.score >= 100 or v.status.value == "correct" else None


def degraded_input_must_not_pass(v) -> Optional[str]:
    return "false_pass" if v.score >= 100 or v.status.value == "correct" else None


class Tally:
    """Every verdict of one check: the rows for ``--json``, bad verdicts counted by kind, a line per instance."""

    def __init__(self, check: str, args: dict[str, Any], quiet: bool, keep: Optional[Path]):
        self.check, self.args, self.quiet, self.keep = check, args, quiet, keep
        self.rows: list[dict[str, Any]] = []
        self.bad: collections.Counter[str] = collections.Counter()
        self.total = 0
        self.notes: list[str] = []
        self.started = time.time()
        if keep:
            keep.mkdir(parents=True, exist_ok=True)
        if not quiet:
            typer.echo(f"{check}: genpuzzle from {genpuzzle_dir()}", err=True)

    def add(self, v, judge: Callable[[Any], Optional[str]], page: Optional[Image.Image] = None, note: str = "",
            **fields) -> Optional[str]:
        """Count verdict ``v`` judged by ``judge``; a bad one is noted for the instance line (and its page kept)."""
        bad = judge(v)
        self.total += 1
        self.rows.append(verdict_row(v, **fields, bad=bad))
        if bad:
            self.bad[bad] += 1
            self.notes.append(f"{fields.get('case', '')}={note or verdict_text(v)}")
            if self.keep and page is not None:
                name = "_".join(str(fields.get(k, "")) for k in ("track", "variant", "case"))
                page.convert("RGB").save(self.keep / (name.replace("/", "-") + f"_{self.args.get('seed')}.png"))
        return bad

    def instance_done(self, *label: Any, extra: Optional[list[str]] = None, skipped: str = "") -> None:
        """Print the instance's line: OK, its bad verdicts and ``extra`` notes, or why it was skipped."""
        notes = self.notes + (extra or [])
        if not self.quiet:
            typer.echo(" ".join(map(str, label)) + " " + (skipped or ("OK" if not notes else str(notes))))
        self.notes = []

    def finish(self, summary: str, json_out: Optional[Path], **figures) -> None:
        typer.echo(summary)
        if json_out:
            data = {"check": self.check, "args": self.args, "genpuzzle": genpuzzle_dir(), "summary": summary,
                    "figures": {"total": self.total, **dict(self.bad), **figures},
                    "seconds": round(time.time() - self.started), "verdicts": self.rows}
            json_out.write_text(json.dumps(data, indent=1))


@contextmanager
def generated_set(tracks: list[str], seed: int, count: int) -> Iterator[tuple[Path, list, Path]]:
    """A set of ``count`` instances of every track in ``tracks`` from ``seed``, in a temporary folder:
    (set folder, records, scratch folder)."""
    from genpuzzle.dataset import load_set, write_set

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "set"
        write_set(root, {t: count for t in tracks}, seed)
        yield root, load_set(root).records, Path(tmp)


def verify_saved(root: Path, rec, page: Image.Image, path: Path, **save):
    """Save ``page`` to ``path`` (as a model's answer file) and verify it as ``rec``'s answer."""
    from genpuzzle.evaluate import verify_answer

    page.save(path, **save)
    return verify_answer(root, rec, path)


def record_of_puzzle(puzzle, instance_id: str = "x", seed: int = 0):
    """The record the lead's in-memory checks verify with (id ``x``, seed 0, no image paths)."""
    from genpuzzle.records import InstanceRecord
    from genpuzzle.registry import get_track

    track = get_track(puzzle.track)
    return InstanceRecord(id=instance_id, track=puzzle.track, variant=puzzle.variant, difficulty=puzzle.difficulty,
                          seed=seed, instruction="", input_image="", reference_images=[], edit_mask="",
                          ground_truth=puzzle.ground_truth, layout=puzzle.layout, scoring=puzzle.scoring,
                          track_version=track.version)


# ------------------------------------------------------------------------------------------------ spot


def page_changes(a: np.ndarray, seed: int) -> dict[str, np.ndarray]:
    """The reference as models return it, ten ways: the six page changes of ``page_perturb``, rescaled 2.6x,
    squashed to 1024x1024 and blurred, lines thickened by a 3x3 minimum filter, turned 2 degrees."""
    from genpuzzle import page_perturb as pp

    out = {kind: pp.page_change(a, kind, seed=seed)[0] for kind in pp.PAGE_CHANGES}
    img = Image.fromarray(a)
    out["rescale2.6_jpeg"] = np.asarray(img.resize((int(a.shape[1] * 2.6), int(a.shape[0] * 2.6)), Image.LANCZOS))
    out["squash1024_blur"] = np.asarray(img.resize((1024, 1024), Image.BICUBIC).filter(ImageFilter.GaussianBlur(0.8)))
    out["thicker"] = np.asarray(img.filter(ImageFilter.MinFilter(3)))
    out["rotate2"] = pp.rotate_expand(a, 2.0)[0]
    return out


@app.command()
def spot(tracks: str = typer.Argument(..., help="all or a comma-separated track list"),
         seed: int = typer.Argument(...), count: int = typer.Argument(2, help="instances per track"),
         cases: Optional[str] = CasesOption, json_out: Optional[Path] = JsonOption,
         keep: Optional[Path] = KeepOption, quiet: bool = QuietOption):
    """References redrawn ten ways (JPEG 85) must score 100; the unchanged input must not pass."""
    from genpuzzle.evaluate import verify_answer

    tally = Tally("spot", {"tracks": tracks, "seed": seed, "count": count, "cases": cases}, quiet, keep)
    with generated_set(track_list(tracks), seed, count) as (root, records, tmp):
        for rec in records:
            ref = np.asarray(Image.open(root / rec.reference_images[0]).convert("RGB"))
            changed = page_changes(ref, seed)
            for name in chosen(changed, cases):
                arr = changed[name]
                page = Image.fromarray(arr).convert("RGB")
                v = verify_saved(root, rec, page, tmp / f"{rec.id}_{name}.jpg", quality=85)
                tally.add(v, must_score_100, page, id=rec.id, track=rec.track, variant=rec.variant, case=name,
                          role="reference")
            v = verify_answer(root, rec, root / rec.input_image)  # the input file as generated
            tally.add(v, must_not_pass, id=rec.id, track=rec.track, variant=rec.variant, case="input", role="input")
            tally.instance_done(rec.track, rec.variant)
    bad = sum(tally.bad.values())
    tally.finish(f"seed {seed}: {bad} bad of {tally.total}", json_out, bad=bad)


# ------------------------------------------------------------------------------------------------ scribble


MARKS = ("scribble", "tick", "blob", "digit7")


def blank_paper(ref: np.ndarray, inp: np.ndarray, any_flat: bool) -> np.ndarray:
    """Where a mark may go: white paper in both reference and input, or (``any_flat``) any flat part of the
    reference the answer left as the input has it."""
    if any_flat:
        from scipy.ndimage import uniform_filter

        g = ref.mean(axis=2)
        flat = uniform_filter(g * g, 9) - uniform_filter(g, 9) ** 2 < 30
        return (np.abs(ref - inp).max(axis=2) < 8) & flat & (g > 90)
    return (ref.min(axis=2) > 200) & (inp.min(axis=2) > 200)


def draw_mark(img: Image.Image, kind: str, cx: int, cy: int, s: int, rng: np.random.Generator) -> None:
    """One mark of size ``s`` centred near (cx, cy): a five-point dark scribble, a blue tick, a filled dot or a
    "7", strokes s/8 wide."""
    d = ImageDraw.Draw(img)
    w = max(2, s // 8)
    if kind == "scribble":
        pts = [(cx + rng.integers(-s // 2, s // 2), cy + rng.integers(-s // 2, s // 2)) for _ in range(5)]
        d.line(pts, fill=(30, 30, 40), width=w)
    elif kind == "tick":
        d.line([(cx - s // 3, cy), (cx - s // 8, cy + s // 3), (cx + s // 2, cy - s // 2)], fill=(20, 20, 160), width=w)
    elif kind == "blob":
        d.ellipse([cx - s // 3, cy - s // 3, cx + s // 3, cy + s // 3], fill=(40, 40, 40))
    else:
        d.line([(cx - s // 3, cy - s // 2), (cx + s // 3, cy - s // 2), (cx - s // 8, cy + s // 2)], fill=(20, 20, 20),
               width=w)


@app.command()
def scribble(tracks: str = typer.Argument(..., help="all or a comma-separated track list"),
             seed: int = typer.Argument(...), count: int = typer.Argument(..., help="instances per track"),
             size: float = typer.Option(0.035, help="mark size as a fraction of the page's short side (min 8 px)"),
             any_flat: bool = typer.Option(False, help="place marks on any flat unchanged part, not only white paper"),
             cases: Optional[str] = CasesOption, json_out: Optional[Path] = JsonOption,
             keep: Optional[Path] = KeepOption, quiet: bool = QuietOption):
    """A reference with one planted mark (scribble, tick, blob, "7") on blank paper inside the edit mask must not
    pass (score 100 without review)."""
    from scipy.ndimage import binary_erosion

    tally = Tally("scribble", {"tracks": tracks, "seed": seed, "count": count, "size": size, "any_flat": any_flat,
                               "cases": cases}, quiet, keep)
    marks = chosen(MARKS, cases)
    rng = np.random.default_rng(seed)
    skipped = 0
    with generated_set(track_list(tracks), seed, count) as (root, records, tmp):
        for rec in records:
            ref = Image.open(root / rec.reference_images[0]).convert("RGB")
            inp = np.asarray(Image.open(root / rec.input_image).convert("RGB")).astype(int)
            mask = np.asarray(Image.open(root / rec.edit_mask).convert("L")) > 127
            a = np.asarray(ref).astype(int)
            if mask.shape != a.shape[:2] or inp.shape != a.shape:
                skipped += 1
                tally.instance_done(rec.track, rec.variant, skipped="shape mismatch")
                continue
            s = max(8, int(size * min(mask.shape)))
            ys, xs = np.nonzero(binary_erosion(blank_paper(a, inp, any_flat) & mask, iterations=s // 2 + 2))
            if len(ys) == 0:
                skipped += 1
                tally.instance_done(rec.track, rec.variant, skipped="no blank paper in mask")
                continue
            for kind in marks:
                i = rng.integers(len(ys))
                cy, cx = int(ys[i]), int(xs[i])
                page = ref.copy()
                draw_mark(page, kind, cx, cy, s, rng)
                v = verify_saved(root, rec, page, tmp / f"{rec.id}_{kind}.png")
                tally.add(v, mark_must_not_pass, page, note=f"PASS {v.status.value} ({cx},{cy}) s={s}", id=rec.id,
                          track=rec.track, variant=rec.variant, case=kind, role="marked", at=[cx, cy], size=s)
            tally.instance_done(rec.track, rec.variant)
    passes = tally.bad["passes"]
    tally.finish(f"seed {seed}: {passes} passes of {tally.total} marked answers", json_out, passes=passes,
                 skipped=skipped)


# ------------------------------------------------------------------------------------------------ degrade


DEGRADATIONS = ("small300", "blur2", "jpeg20", "lowcontrast", "big2000")


def degraded(img: Image.Image, kind: str) -> tuple[Image.Image, int]:
    """(page, JPEG quality): short side 300 px (q75), Gaussian blur 2 px (q85), JPEG 20, contrast 0.45 (q85), long side
    2000 px (q90)."""
    img = img.convert("RGB")
    w, h = img.size
    if kind == "small300":
        f = 300 / min(w, h)
        return img.resize((round(w * f), round(h * f)), Image.BILINEAR), 75
    if kind == "blur2":
        return img.filter(ImageFilter.GaussianBlur(2.0)), 85
    if kind == "jpeg20":
        return img, 20
    if kind == "lowcontrast":
        return ImageEnhance.Contrast(img).enhance(0.45), 85
    if kind == "big2000":
        f = 2000 / max(w, h)
        return img.resize((round(w * f), round(h * f)), Image.BICUBIC), 90
    raise ValueError(kind)


@app.command()
def degrade(tracks: str = typer.Argument(..., help="all or a comma-separated track list"),
            seed: int = typer.Argument(...), count: int = typer.Argument(..., help="instances per track"),
            cases: Optional[str] = CasesOption, json_out: Optional[Path] = JsonOption,
            keep: Optional[Path] = KeepOption, quiet: bool = QuietOption):
    """Reference and input each degraded five ways: a reference must score 100, ask for review or be unreadable (a
    confident score under 100 is a false fail); an input must not pass (a false pass)."""
    tally = Tally("degrade", {"tracks": tracks, "seed": seed, "count": count, "cases": cases}, quiet, keep)
    with generated_set(track_list(tracks), seed, count) as (root, records, tmp):
        for rec in records:
            review = []
            for role, path, judge in (("reference", rec.reference_images[0], no_confident_fail),
                                      ("input", rec.input_image, degraded_input_must_not_pass)):
                for kind in chosen(DEGRADATIONS, cases):
                    page, quality = degraded(Image.open(root / path), kind)
                    v = verify_saved(root, rec, page, tmp / f"{rec.id}_{role}_{kind}.jpg", quality=quality)
                    bad = tally.add(v, judge, page, id=rec.id, track=rec.track, variant=rec.variant,
                                    case=f"{role}/{kind}", role=role)
                    if role == "reference" and not bad and v.score < 100:
                        review.append(f"{role}/{kind}={verdict_text(v)}")
            tally.instance_done(rec.track, rec.variant, extra=review)
    ff, fp = tally.bad["false_fail"], tally.bad["false_pass"]
    tally.finish(f"seed {seed}: {ff} confident false fails, {fp} false passes of {tally.total}", json_out,
                 false_fail=ff, false_pass=fp)


# ------------------------------------------------------------------------------------------------ tilt


PERSPECTIVES = (0.015, 0.02, 0.03)
TILTED_INPUTS = ("persp0.02", "margin_persp0.03")  # the lead's script took items [2::3] of the six: these two


def tilted(a: np.ndarray, seed: int) -> dict[str, np.ndarray]:
    """The page under a perspective of 1.5 / 2 / 3 % of the long side, on the same canvas and on a page with a
    4 % white margin."""
    from genpuzzle import page_perturb as pp, perturb

    out = {}
    for s in PERSPECTIVES:
        out[f"persp{s}"] = pp.perspective(a, s, seed=seed)[0]
        m = round(0.04 * max(a.shape[:2]))
        out[f"margin_persp{s}"] = pp.perspective(perturb.pad(a, m, m, m, m, (255, 255, 255)), s, seed=seed + 7)[0]
    return out


@app.command()
def tilt(tracks: str = typer.Argument(..., help="all or a comma-separated track list"),
         seed: int = typer.Argument(...), count: int = typer.Argument(2, help="instances per track"),
         cases: Optional[str] = CasesOption, json_out: Optional[Path] = JsonOption,
         keep: Optional[Path] = KeepOption, quiet: bool = QuietOption):
    """References under six perspectives (JPEG 85) must score 100; the input under two of them must not pass."""
    tally = Tally("tilt", {"tracks": tracks, "seed": seed, "count": count, "cases": cases}, quiet, keep)
    names = [f"{m}persp{s}" for s in PERSPECTIVES for m in ("", "margin_")]
    with generated_set(track_list(tracks), seed, count) as (root, records, tmp):
        for n, rec in enumerate(records):
            for role, path, judge, wanted in (("reference", rec.reference_images[0], must_score_100, names),
                                              ("input", rec.input_image, must_not_pass, TILTED_INPUTS)):
                a = np.asarray(Image.open(root / path).convert("RGB"))
                pages = tilted(a, seed + n)
                for name in chosen(names, cases):
                    if name not in wanted:
                        continue
                    page = Image.fromarray(pages[name])
                    v = verify_saved(root, rec, page, tmp / f"{rec.id}_{role}_{name}.jpg", quality=85)
                    reg = v.extra.get("registration", {})
                    tally.add(v, judge, page, note=f"{reg.get('method')}@{reg.get('quality')}={verdict_text(v)}",
                              id=rec.id, track=rec.track, variant=rec.variant, case=f"{role}/{name}", role=role)
            tally.instance_done(rec.track, rec.variant)
    bad = sum(tally.bad.values())
    inputs = tally.bad["input_passes"]
    tally.finish(f"seed {seed}: {bad} bad of {tally.total} ({inputs} inputs passing)", json_out, bad=bad,
                 input_passes=inputs)


# ------------------------------------------------------------------------------------------------ glyph marks


GLYPHS = "0123456789aeoAB"
NONOGRAM_VARIANTS = ("5x5", "10x10", "15x15")
GLYPH_SIZES = (0.3, 0.4, 0.55)
# --fonts: a name -> the font file (the default pair first: the figures of record are with DejaVu Sans Bold and Sans;
# the others are system fonts -- fonts-urw-base35, fonts-courier-prime, tex-gyre -- looked for where Debian puts them).
GLYPH_FONT_FILES = {
    "dejavu-bold": GLYPH_FONTS[0],
    "dejavu": GLYPH_FONTS[1],
    "nimbus-mono": Path("/usr/share/fonts/opentype/urw-base35/NimbusMonoPS-Regular.otf"),
    "nimbus-mono-bold": Path("/usr/share/fonts/opentype/urw-base35/NimbusMonoPS-Bold.otf"),
    "courier-prime": Path("/usr/share/fonts/opentype/courier-prime/Courier Prime.otf"),
    "termes": Path("/usr/share/texmf/fonts/opentype/public/tex-gyre/texgyretermes-regular.otf"),
    "termes-bold": Path("/usr/share/texmf/fonts/opentype/public/tex-gyre/texgyretermes-bold.otf"),
}


@app.command("glyph-marks")
def glyph_marks(seed: int = typer.Argument(77, help="puzzle seed (one nonogram per size)"),
                kinds: bool = typer.Option(False, help="also name, for each passing glyph, the cell state read and "
                                                       "the empty-mark kind last fitted"),
                variants: str = typer.Option(",".join(NONOGRAM_VARIANTS), help="nonogram sizes"),
                glyphs: str = typer.Option(GLYPHS, help="the glyphs to draw (a quick probe: fewer; others than the "
                                                        "default 15 may be added, e.g. cKlx)"),
                fonts: str = typer.Option("dejavu-bold,dejavu", help="comma-separated fonts: "
                                          + ", ".join(GLYPH_FONT_FILES)),
                greys: str = typer.Option("0", help="comma-separated ink levels 0-255 (0 black; 110 a mid grey)"),
                sizes: str = typer.Option(",".join(map(str, GLYPH_SIZES)), help="comma-separated glyph sizes in cells "
                                                                               "(the font's size; 0.12-0.2: specks)"),
                json_out: Optional[Path] = JsonOption, keep: Optional[Path] = KeepOption, quiet: bool = QuietOption):
    """A digit or letter (15 glyphs, DejaVu Sans bold and regular, 0.3 / 0.4 / 0.55 of a cell) drawn in an empty cell
    of a nonogram reference must not pass (score 100 or correct); pages verified in the input's frame. --fonts,
    --greys and --sizes draw a broader probe (the default run is unchanged)."""
    from genpuzzle.registry import get_track

    font_names = fonts.split(",")
    unknown = [f for f in font_names if f not in GLYPH_FONT_FILES]
    if unknown:
        raise typer.BadParameter(f"unknown fonts {unknown}; fonts: {', '.join(GLYPH_FONT_FILES)}")
    grey_levels = [int(g) for g in greys.split(",")]
    size_list = [float(x) for x in sizes.split(",")]
    # The default glyphs keep their place (and so their cells) when a subset is drawn; others come after them.
    order = list(GLYPHS) + [g for g in dict.fromkeys(glyphs) if g not in GLYPHS]
    default_fonts = font_names == ["dejavu-bold", "dejavu"]
    args = {"seed": seed, "kinds": kinds, "variants": variants, "glyphs": glyphs}
    if not default_fonts or grey_levels != [0] or size_list != list(GLYPH_SIZES):
        args.update(fonts=fonts, greys=greys, sizes=sizes)
    tally = Tally("glyph-marks", args, quiet, keep)
    fits: list = []
    kind_counts: collections.Counter[str] = collections.Counter()
    if kinds:
        import genpuzzle.verifiers.nonogram as N

        original = N.empty_mark_fit

        def spy(*args, **kwargs):
            r = original(*args, **kwargs)
            fits.append(r)
            return r

        N.empty_mark_fit = spy
    try:
        track = get_track("nonogram")
        for variant in chosen(NONOGRAM_VARIANTS, variants):
            p = track.generate(seed, variant)
            rec = record_of_puzzle(p)
            inp = np.asarray(p.input_image.convert("RGB"))
            ref = p.reference_images[0].convert("RGB")
            L = p.layout
            x0, y0, _, _ = L["grid_bbox"]
            cp = L["cell_px"]
            sol = p.ground_truth["solution"]
            empties = [(r, c) for r in range(L["rows"]) for c in range(L["cols"]) if not sol[r][c]]
            for fi, font_name in enumerate(font_names):
                font_file = GLYPH_FONT_FILES[font_name]
                for (gi, grey), frac in ((g, f) for g in enumerate(grey_levels) for f in size_list):
                    # the default run's font size (8 px at the least); a speck probe (under 0.2 cell) draws smaller
                    font = ImageFont.truetype(str(font_file), max(8 if frac >= 0.2 else 4, int(frac * cp)))
                    for ti, text in enumerate(order):
                        if text not in glyphs:
                            continue
                        r, c = empties[(ti * 7 + fi * 3 + int(frac * 10) + gi * 5) % len(empties)]
                        page = ref.copy()
                        ImageDraw.Draw(page).text((x0 + (c + 0.5) * cp, y0 + (r + 0.5) * cp), text, font=font,
                                                  fill=(grey, grey, grey), anchor="mm")
                        fits.clear()
                        a = np.asarray(page)
                        v = track.verify(rec, a, inp)
                        if default_fonts and grey_levels == [0]:
                            label = f"{text}@{frac}{'b' if fi == 0 else ''}"
                        else:
                            label = f"{text}@{frac}/{font_name}" + (f"/g{grey}" if grey else "")
                        fields = dict(track="nonogram", variant=variant, case=label, glyph=text, size=frac,
                                      font=font_file.name, cell=[r, c], role="marked", **({"grey": grey} if grey else {}))
                        if kinds and glyph_must_not_pass(v):
                            from genpuzzle.verifiers.nonogram import read_cells

                            kind = f"{read_cells(a, L).states[r][c]}/{fits[-1][0] if fits else None}"
                            kind_counts[kind] += 1
                            fields["read_as"] = kind
                        tally.add(v, glyph_must_not_pass, page, note="PASS", **fields)
            passing = [row["case"] for row in tally.rows if row["variant"] == variant and row["bad"]]
            if not quiet:
                typer.echo(f"{variant} {passing}")
            tally.notes = []
    finally:
        if kinds:
            N.empty_mark_fit = original
    passes = tally.bad["passes"]
    summary = f"{passes} of {tally.total} pass"
    if kinds:
        summary += f"; read as (cell state/empty-mark kind): {dict(kind_counts.most_common())}"
    tally.finish(summary, json_out, passes=passes, kinds=dict(kind_counts))


# ------------------------------------------------------------------------------------------------ a page's own mark


PAGE_MARKS = ("x", "pair", "triad", "dot", "dash", "slash", "ring", "plus")
PAGE_MARK_GLYPHS = "eaAkNW83"
PAGE_MARK_GREY = (90, 90, 90)


def draw_page_mark(d: ImageDraw.ImageDraw, kind: str, cx: float, cy: float, cp: float, radius: float = 0.05) -> None:
    """One copy of a page's mark for an empty cell, centred at (cx, cy) in a cell ``cp`` px wide, grey: an X a quarter
    of a cell across (1 px); two dots side by side or three in a triangle (each ``radius`` of a cell); a solid dot 0.12
    of a cell across; a dash 0.3 of a cell long, a slash 0.24 across, a plus 0.24 across (each a 28th of a cell wide,
    1 px at least); a ring 0.24 across (a 30th of a cell)."""
    g, w = PAGE_MARK_GREY, max(1, round(cp / 28))
    if kind == "x":
        h = cp / 8
        d.line([(cx - h, cy - h), (cx + h, cy + h)], fill=g, width=1)
        d.line([(cx - h, cy + h), (cx + h, cy - h)], fill=g, width=1)
        return
    if kind == "dot":
        r = 0.06 * cp
        d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=g)
        return
    if kind == "dash":
        d.line([(cx - 0.15 * cp, cy), (cx + 0.15 * cp, cy)], fill=g, width=w)
        return
    if kind == "slash":
        d.line([(cx - 0.12 * cp, cy + 0.12 * cp), (cx + 0.12 * cp, cy - 0.12 * cp)], fill=g, width=w)
        return
    if kind == "ring":
        r = 0.12 * cp
        d.ellipse([cx - r, cy - r, cx + r, cy + r], outline=g, width=max(1, round(cp / 30)))
        return
    if kind == "plus":
        h, w = 0.12 * cp, max(1, round(cp / 30))
        d.line([(cx - h, cy), (cx + h, cy)], fill=g, width=w)
        d.line([(cx, cy - h), (cx, cy + h)], fill=g, width=w)
        return
    rad = max(1.0, radius * cp)
    dots = ([(cx - 2.2 * rad, cy), (cx + 2.2 * rad, cy)] if kind == "pair" else
            [(cx, cy - 2 * rad), (cx - 2 * rad, cy + 1.4 * rad), (cx + 2 * rad, cy + 1.4 * rad)])
    for px, py in dots:
        d.ellipse([px - rad, py - rad, px + rad, py + rad], fill=PAGE_MARK_GREY)


def photographed(img: Image.Image, angle: float, scale: float) -> Image.Image:
    """The page on a margin of paper, turned ``angle`` degrees, rescaled by ``scale``, JPEG 88."""
    W, H = img.size
    big = Image.new("RGB", (W + 80, H + 80), (250, 248, 240))
    big.paste(img, (40, 40))
    big = big.rotate(angle, resample=Image.BICUBIC, fillcolor=(250, 248, 240))
    big = big.resize((int((W + 80) * scale), int((H + 80) * scale)), Image.LANCZOS)
    b = io.BytesIO()
    big.save(b, "JPEG", quality=88)
    return Image.open(io.BytesIO(b.getvalue())).convert("RGB")


def page_of_marks(puzzle, seed: int, kind: str, glyph: Optional[str] = None, mark_index: Optional[int] = None,
                  glyph_index: Optional[int] = None) -> tuple[Image.Image, Optional[tuple[int, int]]]:
    """One page of the ``page-marks`` check: the nonogram ``puzzle``'s reference with the mark ``kind`` in every empty
    cell, ``glyph`` (DejaVu Sans Bold, 0.3 of a cell high, the marks' grey) in one of them instead, photographed.
    ``mark_index`` and ``glyph_index`` (the mark's and the glyph's places in the check's lists, ``glyph_index`` 0 for
    none; by default PAGE_MARKS' and PAGE_MARK_GLYPHS') choose that cell and the photograph, as in the check with
    ``seed``. Returns the page and the glyph's cell (row, column), None without a glyph."""
    mi = PAGE_MARKS.index(kind) if mark_index is None else mark_index
    gi = (0 if glyph is None else 1 + PAGE_MARK_GLYPHS.index(glyph)) if glyph_index is None else glyph_index
    L = puzzle.layout
    x0, y0 = L["grid_bbox"][:2]
    cp = L["cell_px"]
    empties = [(r, c) for r, row in enumerate(puzzle.ground_truth["solution"]) for c, v in enumerate(row) if not v]
    font = ImageFont.truetype(str(GLYPH_FONTS[0]), max(6, int(round(0.3 * cp))))
    at = empties[(gi * 7 + mi * 3) % len(empties)]
    page = puzzle.reference_images[0].convert("RGB").copy()
    d = ImageDraw.Draw(page)
    for r, c in empties:
        cx, cy = x0 + (c + 0.5) * cp, y0 + (r + 0.5) * cp
        if glyph is not None and (r, c) == at:
            d.text((cx, cy), glyph, font=font, fill=PAGE_MARK_GREY, anchor="mm")
        else:
            draw_page_mark(d, kind, cx, cy, cp)
    rng = np.random.default_rng([seed, mi, gi, len(empties)])
    return photographed(page, float(rng.uniform(-1.5, 1.5)), float(rng.uniform(0.9, 1.1))), (
        at if glyph is not None else None)


@app.command("page-marks")
def page_marks(seed: int = typer.Argument(121, help="puzzle seed (one nonogram per size)"),
               variants: str = typer.Option(",".join(NONOGRAM_VARIANTS), help="nonogram sizes"),
               marks: str = typer.Option(",".join(PAGE_MARKS), help="the pages' marks: " + ", ".join(PAGE_MARKS)),
               glyphs: str = typer.Option(PAGE_MARK_GLYPHS, help="the glyphs drawn among the marks"),
               json_out: Optional[Path] = JsonOption, keep: Optional[Path] = KeepOption,
               quiet: bool = QuietOption):
    """Every empty cell of a nonogram reference marked with one mark (a small grey X, two dots, a triad of dots, a dot,
    a dash, a slash, a ring, a plus: ``draw_page_mark``), the page photographed (turned, rescaled, JPEG): alone it is a right answer and must score 100; with one of the
    glyphs (DejaVu Sans Bold, 0.3 of a cell high, grey) in one empty cell instead, it must not pass."""
    from genpuzzle.registry import get_track

    unknown = [m for m in marks.split(",") if m not in PAGE_MARKS]
    if unknown:
        raise typer.BadParameter(f"unknown marks {unknown}; marks: {', '.join(PAGE_MARKS)}")
    tally = Tally("page-marks", {"seed": seed, "variants": variants, "marks": marks, "glyphs": glyphs}, quiet, keep)
    track = get_track("nonogram")
    for variant in chosen(NONOGRAM_VARIANTS, variants):
        p = track.generate(seed, variant)
        for mi, kind in enumerate(marks.split(",")):
            for gi, glyph in enumerate([None, *glyphs]):
                page, at = page_of_marks(p, seed, kind, glyph, mi, gi)
                v = genpuzzle_verify(p, page)
                fields = dict(track="nonogram", variant=variant, case=f"{kind}/{glyph or 'alone'}", mark=kind,
                              glyph=glyph, cell=list(at) if glyph else None,
                              role="marked" if glyph else "reference")
                tally.add(v, glyph_must_not_pass if glyph else must_score_100, page, **fields)
        tally.instance_done(variant)
    summary = (f"seed {seed}: {tally.bad['passes']} of {sum(1 for r in tally.rows if r['role'] == 'marked')} "
               f"glyph pages pass, {tally.bad['not_100']} of {sum(1 for r in tally.rows if r['role'] == 'reference')} "
               "marked references under 100")
    tally.finish(summary, json_out, passes=tally.bad["passes"], not_100=tally.bad["not_100"])


def genpuzzle_verify(puzzle, page: Image.Image):
    """``genpuzzle.verify`` (the full pipeline: registration, reading, rules) of an in-memory page."""
    import genpuzzle

    return genpuzzle.verify(puzzle, page)


# ------------------------------------------------------------------------------------------------ washed-out sweep


CONTRASTS = (1.0, 0.6, 0.5, 0.45, 0.4)


def washed(img: Image.Image, contrast: float) -> Image.Image:
    """The page at ``contrast`` (PIL's Contrast enhance), JPEG 85; contrast 1 is the page as generated."""
    if contrast >= 1:
        return img
    buf = io.BytesIO()
    ImageEnhance.Contrast(img.convert("RGB")).enhance(contrast).save(buf, "JPEG", quality=85)
    return Image.open(io.BytesIO(buf.getvalue())).convert("RGB")


@app.command()
def sweep(tracks: str = typer.Argument("all", help="all or a comma-separated track list"),
          seeds: str = typer.Argument("1,2", help="comma-separated puzzle seeds, each for every variant"),
          contrasts: str = typer.Option(",".join(map(str, CONTRASTS)), help="contrasts (1.0: the page as generated)"),
          json_out: Optional[Path] = JsonOption, keep: Optional[Path] = KeepOption, quiet: bool = QuietOption):
    """Every variant's reference washed out to contrast 1.0 / 0.6 / 0.5 / 0.45 / 0.4 (JPEG 85), verified in memory:
    the verdicts per contrast (a reference below 100 without review is a false fail)."""
    import genpuzzle
    from genpuzzle.registry import get_track

    tally = Tally("sweep", {"tracks": tracks, "seeds": seeds, "contrasts": contrasts}, quiet, keep)
    per_contrast = {float(c): collections.Counter() for c in contrasts.split(",")}
    for tn in track_list(tracks):
        for variant in get_track(tn).variants:
            for s in (int(x) for x in seeds.split(",")):
                p = genpuzzle.generate(tn, s, variant)
                for c in per_contrast:
                    page = washed(p.reference_images[0], c)
                    t0 = time.process_time()
                    v = genpuzzle.verify(p, page)
                    reg = v.extra.get("registration", {})
                    key = f"{tn}/{variant}/{s}/{c}"
                    bad = tally.add(v, no_confident_fail, page, key=key, track=tn, variant=variant, seed=s, contrast=c,
                                    case=f"{s}/{c}", role="reference", q=reg.get("quality"), m=reg.get("method"),
                                    cpu_seconds=round(time.process_time() - t0, 3))
                    per_contrast[c]["at_100" if v.score == 100 else "false_fail" if bad
                                    else "review" if v.needs_review else v.status.value] += 1
                tally.instance_done(tn, variant, s)
    def by_contrast(key: str) -> str:
        return "/".join(str(n[key]) for n in per_contrast.values())

    pages = sum(per_contrast[next(iter(per_contrast))].values())
    summary = (f"contrast {'/'.join(map(str, per_contrast))}, {pages} references each: at 100 {by_contrast('at_100')}; "
               f"confident below 100 {by_contrast('false_fail')}; review {by_contrast('review')}; "
               f"unreadable {by_contrast('unreadable')}")
    tally.finish(summary, json_out, per_contrast={str(c): dict(n) for c, n in per_contrast.items()})


# ------------------------------------------------------------------------------------------------ nonogram families


def answer_module():
    """tests/nonogram_answers.py of this repository."""
    if str(TESTS) not in sys.path:
        sys.path.insert(0, str(TESTS))
    import nonogram_answers

    return nonogram_answers



def family_styles(family: str, styles: Optional[str]):
    A = answer_module()
    if not hasattr(A, family):
        raise typer.BadParameter(f"tests/nonogram_answers.py has no family {family!r}")
    family_set = getattr(A, family)
    if styles:
        names = styles.split(",")
        family_set = tuple(s for s in family_set if s.name in names)
    return family_set


@app.command("measure-fam")
def measure_fam(family: str = typer.Argument(..., help="a family of tests/nonogram_answers.py, e.g. TUNE, HELDOUT9"),
                seed: int = typer.Option(5, help="puzzle seed block: puzzle k of variant i is 1000*seed + 10*i + k"),
                puzzles: int = typer.Option(2, help="puzzles per variant"),
                variants: str = typer.Option(",".join(NONOGRAM_VARIANTS)),
                errors: Optional[str] = typer.Option(None, help="planted errors (default: all of ERRORS)"),
                styles: Optional[str] = typer.Option(None, help="only these styles of the family"),
                json_out: Optional[Path] = JsonOption, quiet: bool = QuietOption):
    """A nonogram answer family (every style x puzzle x planted error, registered then verified) through
    ``nonogram_answers.measure``: right verdicts, false passes, false fails, reviews, unreadable; the JSON lists
    every miss (``recheck`` re-verifies them)."""
    A = answer_module()
    family_set = family_styles(family, styles)
    vs = tuple(variants.split(","))
    errs = tuple(errors.split(",")) if errors else A.ERRORS
    t = time.time()
    stats = A.measure(family_set, variants=vs, puzzles=puzzles, errors=errs, seed=seed)
    stats["seconds"] = round(time.time() - t)
    if not quiet:
        for w in stats["wrong"]:
            typer.echo(" ".join(map(str, w)))
    typer.echo(f"{family} {({k: v for k, v in stats.items() if k != 'wrong'})}")
    if json_out:
        stats.update(family=family, genpuzzle=genpuzzle_dir(), seed=seed, variants=list(vs), puzzles=puzzles,
                     errors=list(errs), styles=[s.name for s in family_set])
        json_out.write_text(json.dumps(stats, indent=1, default=str))


@app.command()
def recheck(family: str = typer.Argument(..., help="the family the JSON was measured on"),
            measured: Path = typer.Argument(..., help="a measure-fam --json file"),
            json_out: Optional[Path] = JsonOption, quiet: bool = QuietOption):
    """Re-verify every ``incorrect`` miss of a measure-fam JSON on the code imported now: its verdict, and whether it
    is confident or asks for review."""
    from genpuzzle.registration import register
    from genpuzzle.registry import get_track

    A = answer_module()
    styles = family_styles(family, None)
    data = json.loads(measured.read_text())
    seed = data.get("seed", 5)  # the lead's measure_fam.py measured seed 5 and stored no seed
    variants = tuple(data.get("variants", NONOGRAM_VARIANTS))
    track = get_track("nonogram")
    tally = Tally("recheck", {"family": family, "measured": str(measured), "seed": seed}, quiet, None)
    for w in data["wrong"]:
        if len(w) < 3 or w[1] != "incorrect":
            continue
        style_name, variant, k, error = w[0].split("/")
        k = int(k)
        p = track.generate(1000 * seed + 10 * variants.index(variant) + k, variant)
        rec = record_of_puzzle(p, instance_id=f"{variant}-{k}", seed=k)
        inp = np.asarray(p.input_image.convert("RGB"))
        style = next(s for s in styles if s.name == style_name)
        answer = A.make_answer(p.input_image, p.layout, p.ground_truth, style, error, seed=k)
        reg = register(answer, inp, edit_mask=np.asarray(p.edit_mask))
        v = track.verify(rec, reg.image, inp, observed=reg.valid)
        confident = v.status.value == "incorrect" and not v.needs_review
        tally.add(v, lambda v: "confident" if confident else None, id=w[0], track="nonogram", variant=variant,
                  case=w[0], role="miss", was=w[1:])
        if not quiet:
            typer.echo(f"{w[0]} {v.status.value} {round(v.score, 2)} {'review' if v.needs_review else 'CONFIDENT'} "
                       f"{list(v.codes)[:3]}")
    n = tally.total
    still = sum(1 for row in tally.rows if row["status"] == "incorrect")
    tally.finish(f"{family}: {n} incorrect misses re-verified: {still} still incorrect, "
                 f"{tally.bad['confident']} of them confident", json_out, still_incorrect=still,
                 confident=tally.bad["confident"])


if __name__ == "__main__":
    app()
