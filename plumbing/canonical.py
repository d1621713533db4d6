"""The project's one canonical JSON codec: RFC 8785, the JSON Canonicalization Scheme.

Every digest in oafreeze (snapshots, manifests, run-log entries, audit records) is
taken over `canonical_bytes`, the JCS encoding (through the `rfc8785` package): UTF-8,
keys sorted by their UTF-16 code units, no insignificant whitespace, numbers written as
ECMAScript writes them (`0`, not `0.0`), so that anyone can recompute a digest with any
JCS implementation in any language. Before encoding, values are checked: no NaN or
infinities, integers only within +/-2**53, bounded nesting.

Documents of the first schema versions (`oafreeze.manifest/1`, `oafreeze.snapshot/1`)
were digested with Python's sorted `json.dumps`, which writes `0.0` where JCS writes `0`;
`legacy_bytes` reproduces that encoding so that they still verify.

Files are written with `pretty_bytes` (same data, indented, newline-terminated) and read
with `loads_strict`, which refuses duplicate keys, NaN, huge numbers and absurd nesting
with a message naming the file, line and column.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

import rfc8785

from oafreeze.plumbing import hashing
from oafreeze.plumbing.errors import BadInput

MAX_SAFE_INTEGER = 2**53 - 1  # what JavaScript (and RFC 8785) can represent exactly
MAX_DEPTH = 64


def check(value: Any, depth: int = 0, where: str = "$") -> None:
    """ValueError naming the place where `value` is not plain JSON data we can encode."""
    _check(value, depth, where)


def _check(value: Any, depth: int = 0, where: str = "$") -> None:
    if depth > MAX_DEPTH:
        raise ValueError(f"{where}: nested deeper than {MAX_DEPTH} levels")
    if isinstance(value, str):
        if not value.isascii():
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                raise ValueError(f"{where}: a lone surrogate (\\u{ord(value[_surrogate(value)]):04x}) is not "
                                 "Unicode text") from None
        return
    if isinstance(value, bool) or value is None:
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
                raise ValueError(f"{where}: key {key!r} is not a string (in YAML, quote it)")
            _check(key, depth + 1, where)
            _check(item, depth + 1, f"{where}.{key}")
        return
    if isinstance(value, (list, tuple)):
        for i, item in enumerate(value):
            _check(item, depth + 1, f"{where}[{i}]")
        return
    raise ValueError(f"{where}: {type(value).__name__} is not JSON data")


def _surrogate(text: str) -> int:
    return next(i for i, ch in enumerate(text) if 0xD800 <= ord(ch) <= 0xDFFF)


def canonical_bytes(value: Any) -> bytes:
    """The one byte encoding that every digest in the project is taken over (RFC 8785)."""
    _check(value)
    try:
        return rfc8785.dumps(value)
    except (rfc8785.CanonicalizationError, UnicodeEncodeError) as exc:
        raise ValueError(f"not canonical JSON: {exc}") from None


def legacy_bytes(value: Any) -> bytes:
    """The encoding of schema version 1 documents (sorted `json.dumps`), for verifying them."""
    _check(value)
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                      allow_nan=False).encode("utf-8")


def pretty_bytes(value: Any) -> bytes:
    """The same data, indented for people; what manifests and snapshots are stored as."""
    _check(value)
    return (json.dumps(value, sort_keys=True, indent=2, ensure_ascii=False, allow_nan=False)
            + "\n").encode("utf-8")


def digest(value: Any) -> str:
    """`sha256:<hex>` of the canonical (RFC 8785) encoding."""
    return "sha256:" + hashing.sha256_bytes(canonical_bytes(value))


def legacy_digest(value: Any) -> str:
    """`sha256:<hex>` of the schema-version-1 encoding."""
    return "sha256:" + hashing.sha256_bytes(legacy_bytes(value))


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
        raise BadInput.at(source, f"invalid JSON: {_explain(exc, text)}", line=exc.lineno, column=exc.colno,
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


_TRAILING_COMMA = re.compile(r",\s*$")


def _explain(exc: json.JSONDecodeError, text: str) -> str:
    """Python's parser message in words a person editing the file can act on."""
    before = text[:exc.pos]
    if exc.msg.startswith(("Expecting property name", "Expecting value")) and _TRAILING_COMMA.search(before) \
            and text[exc.pos:exc.pos + 1] in ("}", "]"):
        return "trailing comma before the closing bracket (JSON allows none)"
    if exc.msg.startswith("Expecting property name") and text[exc.pos:exc.pos + 1] == "'":
        return "keys and strings take double quotes (\"), not single quotes"
    if exc.msg.startswith("Expecting ',' delimiter"):
        return "a comma is missing between two items (or a string is not closed)"
    if exc.msg.startswith("Invalid control character"):
        return "a raw line break or tab inside a string: write it as \\n or \\t"
    if exc.msg == "Extra data":
        return "more than one JSON value (something follows the closing bracket)"
    return exc.msg[:1].lower() + exc.msg[1:]
