"""git's index file, read by our own code, and the working tree compared with it.

The design rule (docs/DESIGN.md): git only ever reads objects for us; the working tree is
read by our own code. `git status` would read working-tree content through the
repository's clean filters and recurse into submodules, so a repository could make it run
a command. Instead we read the index (formats 2, 3 and 4), trust an entry whose stat data
still matches the file exactly as git does (and, as git does, distrust "racy" entries
written in the same second as the index), and compute the blob id of anything else
ourselves, from the raw bytes: no filter, no attribute, no conversion, no submodule.
"""

from __future__ import annotations

import os
import stat
import struct
from dataclasses import dataclass
from pathlib import Path

from oafreeze.plumbing import hashing

_HEADER = struct.Struct(">4sII")
_STAT = struct.Struct(">10I")  # ctime s, ns; mtime s, ns; dev; ino; mode; uid; gid; size
_FLAGS = struct.Struct(">H")
OID_BYTES = {"sha1": 20, "sha256": 32}


class IndexUnreadable(ValueError):
    """An index this reader does not handle (a split or sparse index, an unknown version)."""


@dataclass(frozen=True, slots=True)
class IndexEntry:
    """One stage-0 (or conflicted) entry of the index with the stat data git recorded."""

    path: str
    mode: int
    oid: str
    stage: int
    ctime: tuple[int, int]
    mtime: tuple[int, int]
    dev: int
    ino: int
    size: int
    assume_valid: bool
    skip_worktree: bool
    intent_to_add: bool


def _varint(data: bytes, pos: int) -> tuple[int, int]:
    # git's offset encoding for index v4 path prefixes (each continuation adds one).
    byte = data[pos]
    pos += 1
    value = byte & 0x7F
    while byte & 0x80:
        byte = data[pos]
        pos += 1
        value = ((value + 1) << 7) | (byte & 0x7F)
    return value, pos


def parse_index(data: bytes, object_format: str = "sha1") -> list[IndexEntry]:
    """Every entry of an index file's bytes; IndexUnreadable for what we do not read."""
    try:
        return _parse_index(data, object_format)
    except (struct.error, IndexError, ValueError) as exc:
        if isinstance(exc, IndexUnreadable):
            raise
        raise IndexUnreadable(f"index ends early or is damaged ({exc})") from None


def _parse_index(data: bytes, object_format: str) -> list[IndexEntry]:
    if len(data) < 12:
        raise IndexUnreadable("index is shorter than its header")
    signature, version, count = _HEADER.unpack_from(data, 0)
    if signature != b"DIRC" or version not in (2, 3, 4):
        raise IndexUnreadable(f"unknown index signature or version {version}")
    width = OID_BYTES[object_format]
    pos, previous = 12, b""
    out: list[IndexEntry] = []
    for _ in range(count):
        start = pos
        fields = _STAT.unpack_from(data, pos)
        pos += 40
        oid = data[pos:pos + width].hex()
        pos += width
        (flags,) = _FLAGS.unpack_from(data, pos)
        pos += 2
        extended = 0
        if flags & 0x4000:
            if version < 3:
                raise IndexUnreadable("extended flag in a version 2 index")
            (extended,) = _FLAGS.unpack_from(data, pos)
            pos += 2
        if version == 4:
            strip, pos = _varint(data, pos)
            end = data.index(b"\0", pos)
            name = previous[:len(previous) - strip] + data[pos:end]
            pos = end + 1
        else:
            end = data.index(b"\0", pos)
            name = data[pos:end]
            pos = start + ((pos - start + len(name) + 8) & ~7)
        previous = name
        out.append(IndexEntry(
            path=name.decode("utf-8", "surrogateescape"), mode=fields[6], oid=oid, stage=(flags >> 12) & 3,
            ctime=(fields[0], fields[1]), mtime=(fields[2], fields[3]), dev=fields[4], ino=fields[5],
            size=fields[9], assume_valid=bool(flags & 0x8000), skip_worktree=bool(extended & 0x4000),
            intent_to_add=bool(extended & 0x2000)))
    # Extensions that change what the entries mean: a split index keeps entries elsewhere, a
    # sparse index folds folders into one entry.
    end = len(data) - width
    while pos + 8 <= end:
        sig = data[pos:pos + 4]
        (size,) = struct.unpack_from(">I", data, pos + 4)
        if sig in (b"link", b"sdir"):
            raise IndexUnreadable(f"index extension {sig.decode()!r} (split or sparse index)")
        pos += 8 + size
    return out


def _stat_matches(e: IndexEntry, st: os.stat_result, index_mtime_ns: int) -> bool:
    if (e.mtime[0], e.mtime[1]) != (int(st.st_mtime_ns // 1_000_000_000), st.st_mtime_ns % 1_000_000_000):
        return False
    if (e.ctime[0], e.ctime[1]) != (int(st.st_ctime_ns // 1_000_000_000), st.st_ctime_ns % 1_000_000_000):
        return False
    if e.size != st.st_size & 0xFFFFFFFF or e.ino != st.st_ino & 0xFFFFFFFF:
        return False
    # Racy: modified in the same instant the index was written, so the stat data cannot prove it.
    return st.st_mtime_ns < index_mtime_ns


def _git_mode(st: os.stat_result) -> int:
    if stat.S_ISLNK(st.st_mode):
        return 0o120000
    return 0o100755 if st.st_mode & stat.S_IXUSR else 0o100644


def worktree_changes(root: Path, entries: list[IndexEntry], index_mtime_ns: int,
                     object_format: str = "sha1") -> list[str]:
    """Paths whose working-tree file differs from its index entry (changed, deleted, retyped),
    found by our own reads: stat first, and the raw bytes' blob id where stat cannot prove it."""
    suspects: list[tuple[IndexEntry, str, os.stat_result]] = []
    changed: list[str] = []
    base = os.fspath(root)
    for e in entries:
        if e.mode == 0o160000 or e.skip_worktree:
            continue  # a submodule's own state is not ours to read; sparse entries are not checked out
        if e.stage or e.intent_to_add:
            changed.append(e.path)
            continue
        full = os.path.join(base, e.path)
        try:
            st = os.lstat(full)
        except (FileNotFoundError, NotADirectoryError):
            changed.append(e.path)
            continue
        except OSError:
            changed.append(e.path)  # unreadable: cannot be proved to match
            continue
        if _git_mode(st) != e.mode:
            changed.append(e.path)
        elif e.assume_valid or _stat_matches(e, st, index_mtime_ns):
            continue
        else:
            suspects.append((e, full, st))

    def differs(item: tuple[IndexEntry, str, os.stat_result]) -> bool:
        e, full, st = item
        try:
            if stat.S_ISLNK(st.st_mode):
                return hashing.git_blob_id(os.fsencode(os.readlink(full)), object_format) != e.oid
            return hashing.git_blob_id_path(full, object_format) != e.oid
        except OSError:
            return True

    changed += [e.path for (e, _f, _s), bad in zip(suspects, hashing.parallel_map(differs, suspects)) if bad]
    return sorted(set(changed), key=lambda p: p.encode("utf-8", "surrogateescape"))
