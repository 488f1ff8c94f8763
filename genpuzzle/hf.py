"""Export a set as a Hugging Face dataset: Parquet shards with embedded images and a dataset card.

Layout of ``out``::

    README.md                                  dataset card (YAML header: configs, features, licence)
    <track>/test-00000-of-0000N.parquet        one configuration per track, split ``test``

Each row is one instance. Images are stored as the ``datasets`` Image feature (a struct of the PNG
``bytes`` and its ``path`` in the set), so ``datasets.load_dataset(out, "<track>")`` (or
``load_dataset("parquet", data_files=...)``) decodes them as PIL images. Track-specific nested fields
(``difficulty``, ``ground_truth``, ``layout``, ``scoring``) are JSON strings, because their shape differs
between tracks and variants. With ``public=True`` only ``id``, ``track``, ``variant``, ``instruction`` and
``input_image`` are written, as for the folder export. The shards are written with pyarrow alone, row
group by row group, so memory stays flat in the size of the set.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import genpuzzle
from genpuzzle.dataset import PuzzleSet, load_set
from genpuzzle.errors import DatasetError, GenpuzzleError
from genpuzzle.records import InstanceRecord

ROWS_PER_SHARD = 1000
ROWS_PER_GROUP = 64
SPLIT = "test"

_VALUE = {"_type": "Value"}
PUBLIC_FEATURES: dict[str, Any] = {
    "id": {**_VALUE, "dtype": "string"},
    "track": {**_VALUE, "dtype": "string"},
    "variant": {**_VALUE, "dtype": "string"},
    "instruction": {**_VALUE, "dtype": "string"},
    "input_image": {"_type": "Image"},
}
FULL_FEATURES: dict[str, Any] = {
    **PUBLIC_FEATURES,
    "seed": {**_VALUE, "dtype": "int64"},
    "track_version": {**_VALUE, "dtype": "string"},
    "difficulty": {**_VALUE, "dtype": "string"},
    "reference_images": {"feature": {"_type": "Image"}, "_type": "Sequence"},
    "edit_mask": {"_type": "Image"},
    "ground_truth": {**_VALUE, "dtype": "string"},
    "layout": {**_VALUE, "dtype": "string"},
    "scoring": {**_VALUE, "dtype": "string"},
}


def _arrow_schema(features: dict[str, Any]):
    import pyarrow as pa

    image = pa.struct([("bytes", pa.binary()), ("path", pa.string())])
    types = {"string": pa.string(), "int64": pa.int64()}
    fields = []
    for name, feature in features.items():
        if feature["_type"] == "Image":
            fields.append((name, image))
        elif feature["_type"] == "Sequence":
            fields.append((name, pa.list_(image)))
        else:
            fields.append((name, types[feature["dtype"]]))
    return pa.schema(fields, metadata={"huggingface": json.dumps({"info": {"features": features}})})


def _row(puzzle_set: PuzzleSet, record: InstanceRecord, public: bool) -> dict[str, Any]:
    def image(rel: str) -> dict[str, Any]:
        path = puzzle_set.path(rel)
        if not path.is_file():
            raise DatasetError(f"{path}: image of {record.id} is missing from the set")
        return {"bytes": path.read_bytes(), "path": rel}

    row: dict[str, Any] = {"id": record.id, "track": record.track, "variant": record.variant,
                           "instruction": record.instruction, "input_image": image(record.input_image)}
    if not public:
        dump = lambda value: json.dumps(value, sort_keys=True, separators=(",", ":"))  # noqa: E731
        row.update(seed=int(record.seed), track_version=record.track_version, difficulty=dump(record.difficulty),
                   reference_images=[image(rel) for rel in record.reference_images],
                   edit_mask=image(record.edit_mask), ground_truth=dump(record.ground_truth),
                   layout=dump(record.layout), scoring=dump(record.scoring))
    return row


def export_hf(root: str | Path, out: str | Path, *, public: bool = False, licence: str = "cc-by-4.0",
              rows_per_shard: int = ROWS_PER_SHARD) -> dict[str, int]:
    """Write the set at ``root`` as a Hugging Face dataset folder ``out``; returns rows per track."""
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        raise GenpuzzleError("--format hf needs pyarrow: pip install 'genpuzzle[hf]'") from None
    puzzle_set = load_set(root)
    out = Path(out)
    if out.exists() and any(out.iterdir()):
        raise DatasetError(f"{out}: output folder is not empty; choose a new --out")
    features = PUBLIC_FEATURES if public else FULL_FEATURES
    schema = _arrow_schema(features)
    by_track: dict[str, list[InstanceRecord]] = {}
    for record in puzzle_set.records:
        by_track.setdefault(record.track, []).append(record)
    counts: dict[str, int] = {}
    for track, records in by_track.items():
        shards = max(1, -(-len(records) // rows_per_shard))
        folder = out / track
        folder.mkdir(parents=True, exist_ok=True)
        for shard in range(shards):
            chunk = records[shard * rows_per_shard:(shard + 1) * rows_per_shard]
            path = folder / f"{SPLIT}-{shard:05d}-of-{shards:05d}.parquet"
            with pq.ParquetWriter(path, schema, compression="zstd") as writer:
                for group in _groups(chunk, ROWS_PER_GROUP):
                    rows = [_row(puzzle_set, record, public) for record in group]
                    writer.write_table(pa.Table.from_pylist(rows, schema=schema))
        counts[track] = len(records)
    (out / "README.md").write_text(dataset_card(puzzle_set, counts, features, public=public, licence=licence),
                                   encoding="utf-8")
    return counts


def _groups(records: list[InstanceRecord], size: int) -> Iterator[list[InstanceRecord]]:
    for start in range(0, len(records), size):
        yield records[start:start + size]


def dataset_card(puzzle_set: PuzzleSet, counts: dict[str, int], features: dict[str, Any], *, public: bool,
                 licence: str) -> str:
    """The dataset card: YAML header the hub reads (configs, features, licence) and a short description."""
    info = puzzle_set.info
    yaml = ["---", f"license: {licence}", "task_categories:", "- image-to-image", "tags:", "- genpuzzle",
            "- visual-reasoning", "- puzzles", "configs:"]
    for track in counts:
        yaml += [f"- config_name: {track}", "  data_files:", f"  - split: {SPLIT}", f"    path: {track}/{SPLIT}-*.parquet"]
    yaml += ["dataset_info:"]
    for track, n in counts.items():
        yaml += [f"- config_name: {track}", "  features:"]
        for name, feature in features.items():
            if feature["_type"] == "Image":
                yaml += [f"  - name: {name}", "    dtype: image"]
            elif feature["_type"] == "Sequence":
                yaml += [f"  - name: {name}", "    list: image"]
            else:
                yaml += [f"  - name: {name}", f"    dtype: {feature['dtype']}"]
        yaml += ["  splits:", f"  - name: {SPLIT}", f"    num_examples: {n}"]
    yaml += ["---", ""]
    rows = "\n".join(f"| `{t}` | {n} |" for t, n in counts.items())
    fingerprint = info.get("fingerprint", "unknown")
    kind = ("the **public** part only (id, track, variant, instruction, input image): ground truth, references "
            "and edit masks stay private, so models cannot have seen the answers") if public else \
        ("every field: input image, reference image(s), edit mask, ground truth (JSON), pixel layout (JSON), "
         "scoring and difficulty")
    body = f"""# genpuzzle set {fingerprint[:19]}

Visual-reasoning puzzles that an image-generation or image-editing model answers **with an image**,
generated by genpuzzle {genpuzzle.__version__} with master seed
`{info.get('master_seed', 'unknown')}` (set fingerprint `{fingerprint}`). Every instance has a certified
unique solution (or an exhaustively known set of valid answers), proved by an independent solver when the
set was generated and re-proved by `genpuzzle validate`.

This export holds {kind}. One configuration per track, split `{SPLIT}`:

| track | instances |
|---|---|
{rows}

```python
from datasets import load_dataset
ds = load_dataset("path/or/hub-id", "{next(iter(counts), 'sudoku')}", split="{SPLIT}")
```

Answers are verified programmatically: save each answer image as `<id>.png` and run
`genpuzzle evaluate --set SET --answers ANSWERS --out RESULTS` against the full set (the ids are the set's).
"""
    return "\n".join(yaml) + body
