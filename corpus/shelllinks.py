"""Windows shortcuts (.lnk, the Shell Link format, [MS-SHLLINK]) as the paths and words they hold.

A shortcut dragged in with a task's inputs carries the place its target had on its author's
machine: a local path ("C:\\Users\\<name>\\OneDrive - <firm>\\Clients\\..."), a network share, a
working folder, arguments, a comment. Read as bytes it is binary; here its link information and
string data are read as labelled lines ("Target: C:\\Users\\..."), the header's fixed layout and
each field's offset checked against the file's length. The target's item list (shell item ids)
is skipped: what it holds is in the link information too.
"""

from __future__ import annotations

import struct

HEADER_SIZE = 0x4C
_CLSID = bytes.fromhex("0114020000000000c000000000000046")
# LinkFlags
_HAS_ID_LIST, _HAS_LINK_INFO, _IS_UNICODE = 0x1, 0x2, 0x80
_STRINGS = ((0x4, "Comment"), (0x8, "Relative path"), (0x10, "Working folder"), (0x20, "Arguments"),
            (0x40, "Icon"))


def is_shell_link(data: bytes) -> bool:
    """Whether the bytes open with a shell link's header."""
    return len(data) >= HEADER_SIZE and data[:4] == b"\x4c\x00\x00\x00" and data[4:20] == _CLSID


def read(data: bytes) -> str | None:
    """The paths and strings a shortcut holds, a labelled line each; None for bytes that are no shortcut."""
    if not is_shell_link(data):
        return None
    try:
        return "\n".join(_fields(data))
    except (struct.error, IndexError, ValueError):
        return None


def _cstring(data: bytes, at: int, unicode: bool) -> str:
    if unicode:  # the first two-byte NUL on a character's boundary ends it
        end = data.find(b"\x00\x00", at)
        while end >= 0 and (end - at) % 2:
            end = data.find(b"\x00\x00", end + 1)
        return data[at:end if end >= 0 else len(data)].decode("utf-16-le", errors="replace")
    end = data.index(b"\x00", at)
    return data[at:end].decode("cp1252", errors="replace")


def _fields(data: bytes) -> list[str]:
    (flags,) = struct.unpack_from("<I", data, 0x14)
    pos = HEADER_SIZE
    if flags & _HAS_ID_LIST:
        (size,) = struct.unpack_from("<H", data, pos)
        pos += 2 + size
    lines: list[str] = []
    if flags & _HAS_LINK_INFO:
        (size, header, info_flags, _volume, local, network, suffix) = struct.unpack_from("<7I", data, pos)
        if size < header or pos + size > len(data):
            raise ValueError("link information runs past the file")
        info = data[pos:pos + size]
        local_u = suffix_u = 0
        if header >= 0x24:
            local_u, suffix_u = struct.unpack_from("<2I", info, 0x1C)
        tail = _cstring(info, suffix_u, True) if suffix_u else _cstring(info, suffix, False) if suffix else ""
        if info_flags & 0x1:  # a local base path
            base = _cstring(info, local_u, True) if local_u else _cstring(info, local, False)
            lines.append(f"Target: {base}{tail}")
        if info_flags & 0x2 and network:  # a network share
            (net_name,) = struct.unpack_from("<I", info, network + 8)
            share = _cstring(info, network + net_name, False)
            lines.append(f"Network share: {share}" + ("\\" + tail if tail else ""))
        pos += size
    unicode = bool(flags & _IS_UNICODE)
    for bit, label in _STRINGS:
        if flags & bit:
            (count,) = struct.unpack_from("<H", data, pos)
            pos += 2
            width = 2 if unicode else 1
            raw = data[pos:pos + count * width]
            if len(raw) < count * width:
                raise ValueError("a string runs past the file")
            lines.append(f"{label}: {raw.decode('utf-16-le' if unicode else 'cp1252', errors='replace')}")
            pos += count * width
    return lines
