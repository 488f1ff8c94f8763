"""Per-instance seeds derived by hashing, so instances never share or shift seeds."""

from __future__ import annotations

import hashlib


def derive_seed(master_seed: int, track: str, variant: str, index: int | str) -> int:
    """Return a 63-bit seed for instance ``index`` of ``track``/``variant`` under ``master_seed``.

    SHA-256 over the four values, so neighbouring indices or master seeds give unrelated seeds
    (``seed + index`` would make set S instance 1 equal set S+1 instance 0). A string ``index`` such
    as ``"7/retry1"`` names the re-draw of an instance that duplicated an earlier one.
    """
    key = f"genpuzzle-seed-v1|{int(master_seed)}|{track}|{variant}|{index}".encode()
    return int.from_bytes(hashlib.sha256(key).digest()[:8], "big") >> 1
