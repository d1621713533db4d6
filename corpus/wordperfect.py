"""WordPerfect documents (.wpd, .wp5, .wp): the text a person sees when the file opens in WordPerfect.

A WordPerfect file begins with a 16-byte prefix: -1 and "WPC", the offset of the document area (4 bytes,
little-endian), the product (1), the file type (10 for a document), the major and minor version (0.0 and
0.1 for WordPerfect 5.0 and 5.1; 2 for WordPerfect 6 and later), an encryption key (0 when none).

In a 5.x document area, bytes 0x20-0x7E are ASCII text; 0x0A is a hard return and 0x0C a hard page, 0x0D
a soft return (a line wrapped on screen: a space); 0x80-0xBF are one-byte functions (0xA0 a hard space,
0xA9 and 0xAA hyphens); 0xC0-0xCF are functions of a fixed length (0xC0, an extended character, 4 bytes;
0xC1, a tab or centre, 9; 0xC2, an indent, 11; 0xC3 and 0xC4, an attribute on and off, 3; ...); 0xD0-0xFE
are functions of a variable length: the code, a subgroup byte and a 2-byte length of what follows.

A 6.x document (major version 2) codes its functions otherwise; its text is read as the runs of printable
ASCII in the document area. An encrypted document, or bytes that are no WordPerfect file, give None.
"""

from __future__ import annotations

import re

_FIXED = {0xC0: 4, 0xC1: 9, 0xC2: 11, 0xC3: 3, 0xC4: 3, 0xC5: 5, 0xC6: 6, 0xC7: 7}
_ONE_BYTE = {0xA0: " ", 0xA9: "-", 0xAA: "-", 0xAB: "-", 0xAC: "-"}
_RUN = re.compile(rb"[\x20-\x7e]{4,}")


def read(data: bytes) -> str | None:
    """The text of a WordPerfect document, or None (not one, or encrypted)."""
    if len(data) < 16 or data[:4] != b"\xffWPC":
        return None
    start = int.from_bytes(data[4:8], "little")
    if not 16 <= start <= len(data) or data[12:14] != b"\x00\x00":
        return None  # a document area outside the file, or a password
    major = data[10]
    if major != 0:  # WordPerfect 6 and later: the printable runs
        return "\n".join(m.group(0).decode("ascii") for m in _RUN.finditer(data, start))
    out: list[str] = []
    i, n = start, len(data)
    while i < n:
        b = data[i]
        if 0x20 <= b <= 0x7E:
            j = i
            while j < n and 0x20 <= data[j] <= 0x7E:
                j += 1
            out.append(data[i:j].decode("ascii"))
            i = j
        elif b in (0x0A, 0x0C):
            out.append("\n")
            i += 1
        elif b in (0x09, 0x0D):
            out.append(" ")
            i += 1
        elif 0x80 <= b <= 0xBF:
            out.append(_ONE_BYTE.get(b, ""))
            i += 1
        elif 0xC0 <= b <= 0xCF:
            i += _FIXED.get(b, 2)
        elif 0xD0 <= b <= 0xFE:
            if i + 4 > n:
                break
            i += 4 + int.from_bytes(data[i + 2:i + 4], "little")
        else:
            i += 1
    return "\n".join(" ".join(line.split()) for line in "".join(out).split("\n")).strip("\n")
