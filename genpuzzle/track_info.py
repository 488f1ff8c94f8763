"""What `genpuzzle tracks` lists, read without importing the track modules.

A track module imports its solver, renderer and verifier (OpenCV, shapely, OR-Tools, ...), which takes
most of a second; the listing only needs the class attributes ``name``, ``version``, ``variants``,
``variant_weights`` and ``description``. They are plain literals in every track, so they are read from
the module's source; a track whose attributes are computed falls back to importing it. A test checks
that both ways agree for every registered track.
"""

from __future__ import annotations

import ast
import importlib.util
from typing import Any

from genpuzzle.registry import TRACKS, get_track

FIELDS = ("name", "version", "variants", "variant_weights", "description")
REQUIRED = ("name", "version", "variants")


def track_info(name: str) -> dict[str, Any]:
    """``get_track(name).info()``, from the track module's source when its attributes are literals."""
    fields = _literal_fields(name)
    if fields is None or fields.get("name") != name:
        return get_track(name).info()
    variants = list(fields["variants"])
    weights = fields.get("variant_weights") or {}
    return {"name": name, "version": fields["version"], "variants": variants,
            "default_mix": dict(weights or {v: 1 for v in variants}),
            "description": fields.get("description", "")}


def _literal_fields(name: str) -> dict[str, Any] | None:
    """The track class's literal attributes (own or inherited from a class of the same module), or None
    when the module cannot be read or a required one is not a literal."""
    target = TRACKS.get(name)
    if target is None:
        return None
    module_name, _, class_name = target.partition(":")
    try:
        spec = importlib.util.find_spec(module_name)
        if spec is None or spec.origin is None or not spec.origin.endswith(".py"):
            return None
        with open(spec.origin, encoding="utf-8") as source:
            tree = ast.parse(source.read(), spec.origin)
    except (ImportError, OSError, SyntaxError, ValueError):
        return None
    classes = {node.name: node for node in tree.body if isinstance(node, ast.ClassDef)}
    fields: dict[str, Any] = {}
    pending = [class_name]
    while pending:
        node = classes.get(pending.pop(0))
        if node is None:
            continue  # a base from elsewhere (Track): its defaults are applied by track_info
        for statement in node.body:
            if isinstance(statement, ast.Assign) and len(statement.targets) == 1:
                target_node, value = statement.targets[0], statement.value
            elif isinstance(statement, ast.AnnAssign) and statement.value is not None:
                target_node, value = statement.target, statement.value
            else:
                continue
            if isinstance(target_node, ast.Name) and target_node.id in FIELDS and target_node.id not in fields:
                try:
                    fields[target_node.id] = ast.literal_eval(value)
                except ValueError:
                    return None
        pending += [base.id for base in node.bases if isinstance(base, ast.Name)]
    if any(key not in fields for key in REQUIRED):
        return None
    return fields
