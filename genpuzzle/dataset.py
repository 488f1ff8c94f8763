"""The on-disk set format: ``set.json`` + ``manifest.jsonl`` + ``images/``.

A set folder holds:

* ``set.json`` -- schema version, genpuzzle version, master seed, per-track counts and versions, and a
  content fingerprint (SHA-256 over every manifest line and every image's bytes, in manifest order);
* ``manifest.jsonl`` -- one :class:`~genpuzzle.records.InstanceRecord` per line;
* ``images/<track>/<id>_input.png``, ``<id>_ref<k>.png``, ``<id>_mask.png``.

Writing is deterministic: same master seed and versions give byte-identical files.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import shutil
from collections import OrderedDict
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from PIL import Image

import genpuzzle
from genpuzzle.errors import DatasetError
from genpuzzle.parallel import clear_worker_failures, process_pool
from genpuzzle.records import InstanceRecord, Puzzle
from genpuzzle.seeds import derive_seed

SCHEMA_VERSION = 1
MANIFEST = "manifest.jsonl"
SET_JSON = "set.json"
PUBLIC_MANIFEST = "public.jsonl"


def encode_png(image: Image.Image) -> bytes:
    """PNG bytes with fixed settings and no metadata, so equal images give equal bytes.

    An RGB image with no colour (every pixel grey) is stored as 8-bit grey: the same pixels in a
    third of the data, which every verification decodes once per answer.
    """
    if image.mode == "RGB" and _is_grey(image):
        image = image.getchannel(0)
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", compress_level=6, optimize=False)
    return buffer.getvalue()


MASKS_KEPT = 16
_mask_bytes: OrderedDict[tuple, bytes] = OrderedDict()


def encode_mask_png(mask: Image.Image) -> bytes:
    """:func:`encode_png` of an edit mask, the bytes reused when the process encoded an equal mask before.

    Many variants draw the same mask for every instance (tangram's three variants, a nonogram size, a
    pattern-completion layout): hashing a mask's pixels costs ~1/10 of encoding it. Keyed by the SHA-1 of
    the pixels with mode and size, so equal pixels still give equal bytes; the last :data:`MASKS_KEPT`
    masks are kept.
    """
    key = (mask.mode, mask.size, hashlib.sha1(mask.tobytes()).digest())
    data = _mask_bytes.get(key)
    if data is None:
        data = _mask_bytes[key] = encode_png(mask)
        if len(_mask_bytes) > MASKS_KEPT:
            _mask_bytes.popitem(last=False)
    else:
        _mask_bytes.move_to_end(key)
    return data


def _is_grey(image: Image.Image) -> bool:
    """Whether every pixel of an RGB image is grey (R = G = B).

    A grey image has at most 256 colours: one counting pass, no copy of the pixels (~5x faster than
    comparing the bands with numpy). Every 8th pixel of every 8th row is counted first: a colour there
    settles it at ~1/60 of the cost (coloured pictures), else the whole image is counted.
    """
    w, h = image.size
    sample = [image.resize((w // 8, h // 8), Image.NEAREST)] if w >= 8 and h >= 8 else []
    for pixels in (*sample, image):
        colours = pixels.getcolors(256)
        if colours is None or not all(r == g == b for _, (r, g, b) in colours):
            return False
    return True


IMAGE_BLOCK_BYTES = 256 * 1024
IMAGE_BLOCKS_KEPT = 32


@contextmanager
def reused_image_memory() -> Iterator[None]:
    """Pillow keeps up to :data:`IMAGE_BLOCKS_KEPT` freed image blocks of :data:`IMAGE_BLOCK_BYTES` for
    reuse (8 MiB) while the body runs; its settings before are restored after (which frees the kept
    blocks).

    Generating an instance allocates and frees a few page-sized images (pages, 2x drawing regions,
    masks). By default Pillow returns each to the C library, which returns memory that large to the
    system, so every new image is fresh memory the kernel maps page by page: ~1,500 page faults (~4 ms
    of kernel time) per tangram instance, against ~130 when blocks are reused. Pixels and bytes are the
    same (only where image rows are stored changes)."""
    core = Image.core
    size, kept = core.get_block_size(), core.get_blocks_max()
    core.set_block_size(IMAGE_BLOCK_BYTES)
    core.set_blocks_max(IMAGE_BLOCKS_KEPT)
    try:
        yield
    finally:
        core.set_blocks_max(kept)
        core.set_block_size(size)


def json_line(data: dict[str, Any]) -> str:
    """Canonical JSON for one manifest/results line (sorted keys, no spaces, ASCII-safe UTF-8)."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


@dataclass(frozen=True)
class InstanceJob:
    """What one worker needs to build one instance."""

    track: str
    variant: str
    index: int
    seed: int

    @property
    def id(self) -> str:
        return f"{self.track}-{self.variant}-{self.index:05d}"


@dataclass
class BuiltInstance:
    """An instance ready to write: its manifest record and its files' bytes by relative path."""

    record: InstanceRecord
    files: dict[str, bytes]


class DrawnInstance:
    """A generated instance whose images are PNG-encoded only when its ``files`` are first asked for: the
    writer tells a duplicate by its record alone, so a duplicate that is re-drawn costs no encoding. Same
    record and files as :func:`build_instance`."""

    def __init__(self, record: InstanceRecord, puzzle: Puzzle) -> None:
        self.record = record
        self._puzzle: Puzzle | None = puzzle
        self._files: dict[str, bytes] | None = None

    @property
    def files(self) -> dict[str, bytes]:
        if self._files is None:
            self._files = _encode_files(self.record, self._puzzle)
            self._puzzle = None
        return self._files


def draw_instance(job: InstanceJob) -> DrawnInstance:
    """Generate and render one instance and make its record; its images are encoded when written."""
    from genpuzzle.registry import get_track

    track = get_track(job.track)
    puzzle: Puzzle = track.generate(job.seed, job.variant)
    folder = f"images/{job.track}"
    record = InstanceRecord(
        id=job.id, track=job.track, variant=job.variant, difficulty=puzzle.difficulty, seed=job.seed,
        instruction=puzzle.instruction, input_image=f"{folder}/{job.id}_input.png",
        reference_images=[f"{folder}/{job.id}_ref{k}.png" for k in range(len(puzzle.reference_images))],
        edit_mask=f"{folder}/{job.id}_mask.png", ground_truth=puzzle.ground_truth, layout=puzzle.layout,
        scoring=puzzle.scoring, track_version=track.version,
        extra_files=[f"{folder}/{job.id}_{suffix}" for suffix in sorted(puzzle.extra_files)],
    )
    return DrawnInstance(record, puzzle)


def _encode_files(record: InstanceRecord, puzzle: Puzzle) -> dict[str, bytes]:
    """The files of a drawn instance by relative path: input, references, mask, extra files (in that
    order: the set's fingerprint hashes them in it)."""
    files = {record.input_image: encode_png(puzzle.input_image)}
    for path, ref in zip(record.reference_images, puzzle.reference_images):
        files[path] = encode_png(ref)
    mask = puzzle.edit_mask
    files[record.edit_mask] = encode_mask_png(mask if mask.mode == "L" else mask.convert("L"))  # convert("L") of L copies
    for path, suffix in zip(record.extra_files, sorted(puzzle.extra_files)):
        files[path] = puzzle.extra_files[suffix]
    return files


def build_instance(job: InstanceJob) -> BuiltInstance:
    """Generate, render and PNG-encode one instance (runs in a worker process)."""
    with reused_image_memory():
        drawn = draw_instance(job)
        return BuiltInstance(drawn.record, drawn.files)


def plan_jobs(counts: dict[str, int], master_seed: int, variants: dict[str, list[str]] | None = None,
              variant_counts: dict[str, dict[str, int]] | None = None) -> list[InstanceJob]:
    """The instances of a set: per track, ``count`` jobs split across variants (the named ``variants`` in
    equal shares, the exact ``variant_counts``, or the track's default mix); seeds by hashing."""
    from genpuzzle.registry import get_track

    jobs = []
    for name, count in counts.items():
        track = get_track(name)
        exact = (variant_counts or {}).get(name)
        if exact:
            unknown = [v for v in exact if v not in track.variants]
            if unknown or sum(exact.values()) != count:
                raise DatasetError(f"{name}: variant counts {exact} do not fit the track "
                                   f"(variants {', '.join(track.variants)}; total must be {count})")
            plan = [v for v, n in exact.items() for _ in range(n)]
        else:
            plan = track.plan_variants(count, (variants or {}).get(name))
        for index, variant in enumerate(plan):
            jobs.append(InstanceJob(name, variant, index, derive_seed(master_seed, name, variant, index)))
    return jobs


def excluded_keys(sets: Iterable[str | Path], tracks: Iterable[str]) -> dict[str, set[str]]:
    """The dedupe keys (per track) of every instance of the earlier ``sets``, for ``tracks``."""
    from genpuzzle.registry import get_track

    wanted = set(tracks)
    keys: dict[str, set[str]] = {name: set() for name in wanted}
    for root in sets:
        manifest = Path(root) / MANIFEST
        if not manifest.is_file():
            raise DatasetError(f"{manifest}: missing; --exclude takes genpuzzle set folders")
        for record in _read_manifest(manifest):
            if record.track in wanted:
                keys[record.track].add(get_track(record.track).dedupe_key(record))
    return keys


def write_set(out: Path, counts: dict[str, int], master_seed: int, *, workers: int = 1,
              variants: dict[str, list[str]] | None = None,
              progress: Callable[[int], None] | None = None,
              variant_counts: dict[str, dict[str, int]] | None = None,
              exclude: Iterable[str | Path] = (), backend: str = "local", address: str | None = None,
              notes: dict[str, Any] | None = None) -> dict[str, Any]:
    """Generate a set into the empty or new folder ``out``; returns the ``set.json`` contents.

    ``exclude``: earlier set folders; no instance whose dedupe key occurs in one of them is emitted (it
    is re-drawn like a duplicate within the set). ``backend="ray"`` builds instances as Ray tasks (on the
    cluster at ``address``, or a local Ray instance with ``workers`` CPUs); the files are byte-identical
    to a local run. ``notes`` are added to ``set.json`` (e.g. the preset and the tracks it lacks).
    """
    from genpuzzle.distributed import check_backend
    from genpuzzle.registry import get_track

    check_backend(backend)
    out = Path(out)
    if out.exists() and any(out.iterdir()):
        raise DatasetError(f"{out}: output folder is not empty; choose a new --out")
    jobs = plan_jobs(counts, master_seed, variants, variant_counts)
    exclude = [Path(p) for p in exclude]
    seen: dict[str, set[str]] = excluded_keys(exclude, counts) if exclude else {}
    out.mkdir(parents=True, exist_ok=True)
    digest = hashlib.sha256()
    folders: set[Path] = set()
    manifest_tmp = out / (MANIFEST + ".part")
    with open(manifest_tmp, "w", encoding="utf-8", newline="\n") as manifest, reused_image_memory():
        for job, built in zip(jobs, _build_all(jobs, workers, backend, address)):
            built = _distinct(job, built, seen.setdefault(job.track, set()), master_seed)
            line = json_line(built.record.to_json())
            manifest.write(line + "\n")
            digest.update(line.encode("utf-8") + b"\n")
            for rel, data in built.files.items():
                path = out / rel
                if path.parent not in folders:
                    path.parent.mkdir(parents=True, exist_ok=True)
                    folders.add(path.parent)
                path.write_bytes(data)
                digest.update(rel.encode("utf-8") + b"\0" + data)
            if progress:
                progress(1)
    os.replace(manifest_tmp, out / MANIFEST)
    info = {
        "schema_version": SCHEMA_VERSION,
        "genpuzzle_version": genpuzzle.__version__,
        "master_seed": master_seed,
        "tracks": {name: {"count": count, "version": get_track(name).version} for name, count in counts.items()},
        "instances": len(jobs),
        "fingerprint": "sha256:" + digest.hexdigest(),
    }
    if exclude:
        info["excluded_sets"] = [{"path": str(p), "fingerprint": read_json_object(p / SET_JSON).get("fingerprint")}
                                 for p in exclude]
    info.update(notes or {})
    (out / SET_JSON).write_text(json.dumps(info, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return info


MAX_REDRAWS = 50


def _distinct(job: InstanceJob, built: BuiltInstance | DrawnInstance | None, seen: set[str],
              master_seed: int) -> BuiltInstance | DrawnInstance:
    """``built`` (drawn here when None), or a re-draw of it from a derived seed when it duplicates an
    earlier instance.

    Runs in the writing process, in job order, so the result does not depend on the worker count. A seed
    whose planned key (:meth:`Track.planned_dedupe_key`) is already in the set is not drawn, and a
    re-draw's images are encoded only if it is kept.
    """
    from genpuzzle.registry import get_track

    track = get_track(job.track)
    seed = job.seed
    for attempt in range(1, MAX_REDRAWS + 1):
        if built is None:
            key = track.planned_dedupe_key(seed, job.variant)
            if key is None or key not in seen:
                built = draw_instance(InstanceJob(job.track, job.variant, job.index, seed))
                key = track.dedupe_key(built.record)
        else:
            key = track.dedupe_key(built.record)
        if key not in seen:
            seen.add(key)
            return built
        seed = derive_seed(master_seed, job.track, job.variant, f"{job.index}/retry{attempt}")
        built = None
    raise DatasetError(f"{job.track}/{job.variant}: no distinct instance for index {job.index} after "
                       f"{MAX_REDRAWS} re-draws; the variant has too few distinct puzzles for this count")


def _build_all(jobs: list[InstanceJob], workers: int, backend: str = "local",
               address: str | None = None) -> Iterator[BuiltInstance | None]:
    """Built instances in job order, in ``workers`` processes when more than one, or as Ray tasks; None
    per job when there is one worker (the writer draws it)."""
    if backend == "ray":
        from genpuzzle.distributed import ray_map, ray_session

        with ray_session(address, workers) as ray:
            yield from ray_map(ray, build_instance, ((job,) for job in jobs), window=max(8, 4 * workers), ordered=True)
        return
    if workers <= 1 or len(jobs) < 2:
        for _ in jobs:
            yield None  # drawn by the writer's _distinct, which may skip a planned duplicate
        return
    with process_pool(workers) as pool, clear_worker_failures():
        yield from pool.map(build_instance, jobs, chunksize=max(1, min(16, len(jobs) // (4 * workers))))


@dataclass
class PuzzleSet:
    """A set read from disk."""

    root: Path
    info: dict[str, Any]
    records: list[InstanceRecord]

    def __post_init__(self) -> None:
        self.by_id = {record.id: record for record in self.records}

    def path(self, relative: str) -> Path:
        return self.root / relative

    def get(self, instance_id: str) -> InstanceRecord:
        try:
            return self.by_id[instance_id]
        except KeyError:
            raise DatasetError(f"{self.root / MANIFEST}: no instance with id {instance_id!r}") from None


def load_set(root: str | Path) -> PuzzleSet:
    """Read a set folder; raises :class:`DatasetError` naming the file and line of any problem."""
    root = Path(root)
    info = read_set_info(root)
    records = list(iter_records(root))
    seen: set[str] = set()
    for record in records:
        if record.id in seen:
            raise DatasetError(f"{root / MANIFEST}: duplicate id {record.id!r}")
        seen.add(record.id)
    return PuzzleSet(root, info, records)


def read_set_info(root: str | Path) -> dict[str, Any]:
    """A set folder's ``set.json``, after checking the folder holds a set this genpuzzle can read (what
    :func:`load_set` checks before reading the manifest)."""
    root = Path(root)
    if not root.is_dir():
        raise DatasetError(f"{root}: set folder does not exist")
    set_json = root / SET_JSON
    manifest = root / MANIFEST
    if not manifest.is_file():
        raise DatasetError(f"{manifest}: missing; is {root} a genpuzzle set (made by `genpuzzle generate`)?")
    if not set_json.is_file():
        raise DatasetError(f"{set_json}: missing; a set made by `genpuzzle generate` has one (it records the "
                           f"seed, versions and fingerprint): copy the whole set folder")
    info = read_json_object(set_json)
    if info:
        if info.get("schema_version", SCHEMA_VERSION) > SCHEMA_VERSION:
            raise DatasetError(f"{set_json}: schema version {info['schema_version']} is newer than this "
                               f"genpuzzle ({SCHEMA_VERSION}); upgrade genpuzzle")
    return info


def iter_records(root: str | Path) -> Iterator[InstanceRecord]:
    """The records of a set's manifest one at a time, without holding them (for sets of any size)."""
    return iter(_read_manifest(Path(root) / MANIFEST))


def read_json_object(path: Path) -> dict[str, Any]:
    """A JSON file holding one object ({} when the file does not exist); :class:`DatasetError` naming the
    file when it is not valid JSON or not an object."""
    if not path.is_file():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError) as err:
        raise DatasetError(f"{path}: invalid JSON ({err})") from None
    if not isinstance(data, dict):
        raise DatasetError(f"{path}: expected a JSON object, got {type(data).__name__}")
    return data


def iter_json_objects(path: Path) -> Iterator[tuple[int, dict[str, Any]]]:
    """(line number, object) for each non-blank line of a JSONL file; :class:`DatasetError` naming the
    file and line for invalid JSON or a line that is not an object."""
    with open(path, encoding="utf-8") as lines:
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                data = json.loads(line)
            except json.JSONDecodeError as err:
                raise DatasetError(f"{path}:{number}: invalid JSON ({err})") from None
            if not isinstance(data, dict):
                raise DatasetError(f"{path}:{number}: expected a JSON object, got {type(data).__name__}")
            yield number, data


def _read_manifest(manifest: Path) -> Iterable[InstanceRecord]:
    for number, data in iter_json_objects(manifest):
        try:
            yield InstanceRecord.from_json(data)
        except (KeyError, TypeError, ValueError) as err:
            raise DatasetError(f"{manifest}:{number}: bad instance record ({err})") from None


def missing_set_files(puzzle_set: PuzzleSet, records: Iterable[InstanceRecord], *,
                      references: bool = False) -> list[Path]:
    """The input images and edit masks (and references with ``references``) of ``records`` that are not
    files: what verifying answers needs from the set."""
    missing = []
    for record in records:
        wanted = [record.input_image, record.edit_mask, *(record.reference_images if references else [])]
        missing += [puzzle_set.path(rel) for rel in wanted if not puzzle_set.path(rel).is_file()]
    return missing


def fingerprint(root: str | Path) -> str:
    """Recompute a set's content fingerprint from its manifest, image and extra files."""
    puzzle_set = load_set(root)
    digest = hashlib.sha256()
    for record in puzzle_set.records:
        line = json_line(record.to_json())
        digest.update(line.encode("utf-8") + b"\n")
        for rel in [record.input_image, *record.reference_images, record.edit_mask, *record.extra_files]:
            path = puzzle_set.path(rel)
            if not path.is_file():
                raise DatasetError(f"{path}: image listed for {record.id} is missing")
            digest.update(rel.encode("utf-8") + b"\0" + path.read_bytes())
    return "sha256:" + digest.hexdigest()


def export_public(root: str | Path, out: str | Path) -> int:
    """Copy the model-facing part of a set (input images, instructions, ids) to ``out``.

    Ground truth, references and masks stay behind, so a fresh set can be published without its answers.
    Returns the number of instances exported.
    """
    puzzle_set = load_set(root)
    out = Path(out)
    if out.exists() and any(out.iterdir()):
        raise DatasetError(f"{out}: output folder is not empty; choose a new --out")
    out.mkdir(parents=True, exist_ok=True)
    with open(out / PUBLIC_MANIFEST, "w", encoding="utf-8", newline="\n") as public:
        for record in puzzle_set.records:
            target = out / record.input_image
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(puzzle_set.path(record.input_image), target)
            entry = {"id": record.id, "track": record.track, "instruction": record.instruction,
                     "input_image": record.input_image}
            public.write(json_line(entry) + "\n")
    info = {"schema_version": SCHEMA_VERSION, "genpuzzle_version": genpuzzle.__version__,
            "public": True, "instances": len(puzzle_set.records),
            "source_fingerprint": puzzle_set.info.get("fingerprint")}
    (out / SET_JSON).write_text(json.dumps(info, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return len(puzzle_set.records)
