"""The project's one canonical JSON codec.

Every digest in oafreeze (snapshots, manifests, run-log entries, audit records) is
taken over `canonical_bytes`: UTF-8, keys sorted by code point, no insignificant
whitespace, no NaN or infinities, integers only within +/-2**53 so that any JSON
reader reproduces them. Files are written with `pretty_bytes` (same data, indented,
newline-terminated) and read with `loads_strict`, which refuses duplicate keys, NaN,
huge numbers and absurd nesting with a message naming the file, line and column.
"""

from __future__ import annotations

import hashlib
import json
import math
from typing import Any

from oafreeze.plumbing.errors import BadInput

MAX_SAFE_INTEGER = 2**53
MAX_DEPTH = 64


def _check(value: Any, depth: int = 0, where: str = "$") -> None:
    if depth > MAX_DEPTH:
        raise ValueError(f"{where}: nested deeper than {MAX_DEPTH} levels")
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return
    if isinstance(value, int):
        if abs(value) > MAX_SAFE_INTEGER:
            raise ValueError(f"{where}: integer {value} outside +/-2**53")
        return
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"{where}: NaN or infinity is not canonical JSON")
        return
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                raise ValueError(f"{where}: key {key!r} is not a string")
            _check(item, depth + 1, f"{where}.{key}")
        return
    if isinstance(value, (list, tuple)):
        for i, item in enumerate(value):
            _check(item, depth + 1, f"{where}[{i}]")
        return
    raise ValueError(f"{where}: {type(value).__name__} is not JSON data")


def canonical_bytes(value: Any) -> bytes:
    """The one byte encoding that every digest in the project is taken over."""
    _check(value)
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                      allow_nan=False).encode("utf-8")


def pretty_bytes(value: Any) -> bytes:
    """The same data, indented for people; what manifests and snapshots are stored as."""
    _check(value)
    return (json.dumps(value, sort_keys=True, indent=2, ensure_ascii=False, allow_nan=False)
            + "\n").encode("utf-8")


def digest(value: Any) -> str:
    """`sha256:<hex>` of the canonical encoding."""
    return "sha256:" + hashlib.sha256(canonical_bytes(value)).hexdigest()


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict:
    out: dict = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"duplicate key {key!r}")
        out[key] = value
    return out


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not allowed")


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > 16:
        raise ValueError(f"integer {text[:20]}... is too large")
    return int(text)


def loads_strict(data: bytes | str, source: str) -> Any:
    """Parse JSON, refusing what canonical JSON forbids; errors name `source`, line, column."""
    if isinstance(data, bytes):
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise BadInput.at(source, f"not UTF-8 (byte {exc.start})", rule="utf-8") from None
    else:
        text = data
    try:
        value = json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constant,
                           parse_int=_bounded_int)
    except json.JSONDecodeError as exc:
        raise BadInput.at(source, f"invalid JSON: {exc.msg}", line=exc.lineno, column=exc.colno,
                          rule="json") from None
    except RecursionError:
        raise BadInput.at(source, "JSON nested too deeply", rule="json-depth") from None
    except ValueError as exc:
        raise BadInput.at(source, f"invalid JSON: {exc}", rule="canonical-json") from None
    try:
        _check(value)
    except ValueError as exc:
        raise BadInput.at(source, f"invalid JSON: {exc}", rule="canonical-json") from None
    return value
