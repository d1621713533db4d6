"""Property lists (Apple's .plist, binary or XML) and the files macOS keeps in them: a text clipping
(.textClipping, left when text is dragged out of a window onto a folder), a web location (.webloc).

A clipping holds the dragged text as data (UTF-8 and UTF-16 both), so read as bytes it is binary
and its words are out of every reader's sight. Here the list is parsed by the standard library's
`plistlib` (which refuses entity declarations) and read as a person would inspect it: each string a
line under its key's path, and each data value that decodes cleanly as text (UTF-8, or UTF-16
little-endian with or without a byte-order mark) as that text. The same text stored twice (a
clipping's UTF-8 and UTF-16 copies) is read once. Dates are written as ISO dates.
"""

from __future__ import annotations

import datetime as dt
import plistlib

MAX_DEPTH = 32  # a list nested deeper than this is read no further


def read(data: bytes) -> str | None:
    """The strings and text a property list holds, a line each, or None when the bytes are no property list."""
    try:
        root = plistlib.loads(data)
    except (plistlib.InvalidFileException, ValueError, TypeError, KeyError, IndexError, OverflowError,
            RecursionError, UnicodeDecodeError, AttributeError):
        return None
    lines: list[str] = []
    seen: set[str] = set()
    _walk(root, "", lines, seen, 0)
    return "\n".join(lines)


def _text(value: bytes) -> str | None:
    """A data value as text, when it is text."""
    candidates = []
    if value.startswith((b"\xff\xfe", b"\xfe\xff")):
        candidates.append("utf-16")
    elif len(value) % 2 == 0 and value[1::2].count(0) > len(value) // 4:
        candidates.append("utf-16-le")
    candidates.append("utf-8")
    for encoding in candidates:
        try:
            text = value.decode(encoding)
        except UnicodeDecodeError:
            continue
        if text and all(c.isprintable() or c in "\n\r\t" for c in text):
            return text
    return None


def _walk(node, path: str, lines: list[str], seen: set[str], depth: int) -> None:
    if depth > MAX_DEPTH:
        return
    if isinstance(node, dict):
        for key, value in node.items():
            _walk(value, f"{path}/{key}" if path else str(key), lines, seen, depth + 1)
    elif isinstance(node, list):
        for i, value in enumerate(node):
            _walk(value, f"{path}[{i}]", lines, seen, depth + 1)
    else:
        if isinstance(node, bytes):
            node = _text(node)
        elif isinstance(node, dt.datetime):
            node = node.isoformat(sep=" ")
        elif isinstance(node, (bool, int, float, plistlib.UID)):
            return
        if isinstance(node, str) and node.strip() and node not in seen:
            seen.add(node)
            lines.append(f"{path}: {node}" if path else node)
