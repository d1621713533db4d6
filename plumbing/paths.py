"""Path rules: what a name inside an environment may be, and how a name is shown to people.

Everything hashed or compared uses repo-relative POSIX paths, NFC-normalized. A name
that could climb out of a folder ('..', absolute), that another tool would misread
(a backslash, a newline) or that could forge a line of our own output (any control
character) is refused where it enters: in task.json, in a manifest, at freeze.
"""

from __future__ import annotations

import re
import unicodedata

_DRIVE = re.compile(r"^[A-Za-z]:")
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def path_problem(value: object) -> str | None:
    """Why `value` is not a safe relative POSIX path, or None when it is."""
    if not isinstance(value, str) or not value:
        return "must be a non-empty relative path"
    # The common case in one pass of C code: printable ASCII, no backslash.
    if not (value.isascii() and value.isprintable()):
        if "\0" in value:
            return "contains a NUL byte"
        if _CONTROL.search(value):
            return "contains a control character (a newline, a tab, ...)"
        if unicodedata.normalize("NFC", value) != value:
            return "must be NFC-normalized"
    if value.startswith(("/", "~")) or _DRIVE.match(value):
        return "must be relative, not absolute"
    if "\\" in value:
        return "must use '/' separators (no backslash)"
    if value.startswith(".") or "/." in value or "//" in value or value.endswith("/"):
        if any(part in ("", ".", "..") for part in value.split("/")):
            return "may not contain '..', '.' or empty segments"
    return None


def check_relative_path(value: str) -> str:
    """`value` if it is a safe relative POSIX path; ValueError naming the rule otherwise."""
    problem = path_problem(value)
    if problem:
        raise ValueError(problem)
    return value


def shown(name: str) -> str:
    """A name as printed for people: control characters, backslashes and undecodable bytes
    escaped, so that a crafted file name cannot start a line of its own in our output."""
    if name.isascii() and name.isprintable() and "\\" not in name:
        return name
    out = []
    for ch in name:
        if ch == "\\":
            out.append("\\\\")
        elif _CONTROL.match(ch) or 0xDC80 <= ord(ch) <= 0xDCFF:
            out.append(ch.encode("unicode_escape", "backslashreplace").decode("ascii")
                       if not 0xDC80 <= ord(ch) <= 0xDCFF else f"\\x{ord(ch) - 0xDC00:02x}")
        else:
            out.append(ch)
    return "".join(out)
