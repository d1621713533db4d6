"""git's index file, read by our own code, and the working tree compared with it.

The design rule (docs/DESIGN.md): git only ever reads objects for us; the working tree is
read by our own code. `git status` would read working-tree content through the
repository's clean filters and recurse into submodules, so a repository could make it run
a command. Instead we read the index (formats 2, 3 and 4), trust an entry whose stat data
still matches the file exactly as git does (and, as git does, distrust "racy" entries
written in the same instant as the index), and compute the blob id of anything else
ourselves, from the raw bytes: no filter, no attribute, no conversion, no submodule.

It runs over every tracked file (1.86 million at LAB scale), so entries are plain tuples of
bytes and integers, paths stay bytes, and the `lstat` calls run on every core.
"""

from __future__ import annotations

import bisect
import mmap
import os
import stat
import struct
from array import array
from typing import NamedTuple

from oafreeze.plumbing import hashing

_HEADER = struct.Struct(">4sII")
OID_BYTES = {"sha1": 20, "sha256": 32}
GITLINK, SYMLINK = 0o160000, 0o120000


class IndexUnreadable(ValueError):
    """An index this reader does not handle (a split or sparse index, an unknown version)."""


class IndexEntry(NamedTuple):
    """One entry of the index with the stat data git recorded (times in nanoseconds)."""

    path: bytes
    mode: int
    oid: bytes
    flags: int  # stage, assume-valid; `extended` holds skip-worktree and intent-to-add
    extended: int
    ctime_ns: int
    mtime_ns: int
    ino: int
    size: int

    @property
    def stage(self) -> int:
        return (self.flags >> 12) & 3

    @property
    def assume_valid(self) -> bool:
        return bool(self.flags & 0x8000)

    @property
    def skip_worktree(self) -> bool:
        return bool(self.extended & 0x4000)

    @property
    def intent_to_add(self) -> bool:
        return bool(self.extended & 0x2000)


def stat_proves(e: IndexEntry, st: os.stat_result, index_mtime_ns: int) -> bool:
    """Whether a file's stat data proves it still holds the entry's blob, as git decides it:
    the same times, size and inode, and written before the index was (else the entry is racy)."""
    mask = 0xFFFFFFFF
    return (st.st_mtime_ns == e.mtime_ns and st.st_ctime_ns == e.ctime_ns and st.st_size & mask == e.size
            and st.st_ino & mask == e.ino and st.st_mtime_ns < index_mtime_ns)


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
        return _parse(data, object_format)
    except IndexUnreadable:
        raise
    except (struct.error, IndexError, ValueError) as exc:
        raise IndexUnreadable(f"index ends early or is damaged ({exc})") from None


def _parse(data, object_format: str) -> list[IndexEntry]:
    version, count, _width = _header(data, object_format)
    out, pos = _entries(data, object_format, version, 12, count)
    _check_extensions(data, pos, object_format)
    return out


def _header(data, object_format: str) -> tuple[int, int, int]:
    if len(data) < 12:
        raise IndexUnreadable("index is shorter than its header")
    signature, version, count = _HEADER.unpack_from(data, 0)
    if signature != b"DIRC" or version not in (2, 3, 4):
        raise IndexUnreadable(f"unknown index signature or version {version}")
    return version, count, OID_BYTES[object_format]


def _entries(data, object_format: str, version: int, pos: int, count: int,
             previous: bytes = b"") -> tuple[list[IndexEntry], int]:
    """`count` entries from byte `pos` on, and where they end (`previous`: the name before, for v4)."""
    fixed = struct.Struct(f">10I{OID_BYTES[object_format]}sH")
    head = fixed.size  # 62 for SHA-1, 74 for SHA-256
    unpack = fixed.unpack_from
    find = data.find
    out: list[IndexEntry] = []
    append = out.append
    new = tuple.__new__
    for _ in range(count):
        start = pos
        cs, cn, ms, mn, _dev, ino, mode, _uid, _gid, size, oid, flags = unpack(data, pos)
        pos += head
        extended = 0
        if flags & 0x4000:
            if version < 3:
                raise IndexUnreadable("extended flag in a version 2 index")
            extended = (data[pos] << 8) | data[pos + 1]
            pos += 2
        if version == 4:
            strip, pos = _varint(data, pos)
            end = find(b"\0", pos)
            name = previous[:len(previous) - strip] + data[pos:end]
            pos = end + 1
            previous = name
        else:
            length = flags & 0xFFF
            end = pos + length if length < 0xFFF else find(b"\0", pos)
            if end < 0 or end > len(data):
                raise IndexUnreadable("an entry's name runs past the end of the index")
            name = data[pos:end]
            pos = start + ((end - start + 8) & ~7)
        # tuple.__new__ builds the named tuple in C: this line runs once per tracked file.
        append(new(IndexEntry, (name, mode, oid, flags, extended, cs * 1_000_000_000 + cn, ms * 1_000_000_000 + mn,
                                ino, size)))
    return out, pos


def _check_extensions(data, pos: int, object_format: str) -> None:
    # Extensions that change what the entries mean: a split index keeps entries elsewhere, a
    # sparse index folds folders into one entry.
    end = len(data) - OID_BYTES[object_format]
    while pos + 8 <= end:
        sig = data[pos:pos + 4]
        (length,) = struct.unpack_from(">I", data, pos + 4)
        if sig in (b"link", b"sdir"):
            raise IndexUnreadable(f"index extension {sig.decode()!r} (split or sparse index)")
        pos += 8 + length


class FolderIndex:
    """An index file opened to look up the entries under one folder at a time.

    Parsing every entry of a LAB checkout's index (1.86 million) takes seconds and a gigabyte
    or more; an audit needs each task folder's entries once. So the file is mapped, not read;
    one pass notes where each entry starts (for versions 2 and 3, whose names are whole: a
    fraction of a second); and the entries under a folder are found by bisecting the names
    (the index is sorted by them) and parsed then. Version 4 compresses each name against the
    one before it, so it is parsed whole once. The mapping is read-only and shared by forked
    processes; what it costs in memory is the kernel's page cache, not the process's.
    """

    def __init__(self, path: str | os.PathLike, object_format: str = "sha1"):
        with open(path, "rb") as f:
            self.mtime_ns = os.fstat(f.fileno()).st_mtime_ns
            try:
                self._data = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
            except ValueError:  # an empty file cannot be mapped
                self._data = b""
        self.object_format = object_format
        try:
            self.version, count, width = _header(self._data, object_format)
            self._head = 40 + width  # where the flags sit in an entry
            if self.version == 4:
                self._all, pos = _entries(self._data, object_format, 4, 12, count)
                self._names = [e.path for e in self._all]
            else:
                self._starts, pos = self._scan(count)
            _check_extensions(self._data, pos, object_format)
        except IndexUnreadable:
            raise
        except (struct.error, IndexError, ValueError) as exc:
            raise IndexUnreadable(f"index ends early or is damaged ({exc})") from None

    def _scan(self, count: int) -> tuple[array, int]:
        # One plain loop over every entry, names bound locally: only each entry's length is read.
        data, find, at = self._data, self._data.find, self._head
        starts = array("Q")
        add = starts.append
        pos = 12
        for _ in range(count):
            add(pos)
            flags = (data[pos + at] << 8) | data[pos + at + 1]
            name = pos + at + (4 if flags & 0x4000 else 2)
            length = flags & 0xFFF
            end = name + length if length < 0xFFF else find(b"\0", name)
            if end < 0:
                raise IndexUnreadable("an entry's name runs past the end of the index")
            pos += (end - pos + 8) & ~7
        return starts, pos

    def _name(self, start: int) -> bytes:
        data, at = self._data, self._head
        flags = (data[start + at] << 8) | data[start + at + 1]
        name = start + at + (4 if flags & 0x4000 else 2)
        length = flags & 0xFFF
        return data[name:name + length] if length < 0xFFF else data[name:data.find(b"\0", name)]

    def under(self, folder: bytes) -> list[IndexEntry]:
        """Every entry whose path starts with `folder` (which ends with a slash), in index order."""
        after = folder[:-1] + bytes([folder[-1] + 1])  # the first name past every name under it
        if self.version == 4:
            lo, hi = bisect.bisect_left(self._names, folder), bisect.bisect_left(self._names, after)
            return self._all[lo:hi]
        lo = bisect.bisect_left(self._starts, folder, key=self._name)
        hi = bisect.bisect_left(self._starts, after, lo, key=self._name)
        if lo == hi:
            return []
        try:
            entries = _entries(self._data, self.object_format, self.version, self._starts[lo], hi - lo)[0]
        except IndexUnreadable:
            raise
        except (struct.error, IndexError, ValueError) as exc:
            raise IndexUnreadable(f"index ends early or is damaged ({exc})") from None
        # An index out of order (git never writes one) loses entries here, never gains others.
        return [e for e in entries if e.path.startswith(folder)]


def _git_mode(st_mode: int) -> int:
    if stat.S_ISLNK(st_mode):
        return SYMLINK
    return 0o100755 if st_mode & stat.S_IXUSR else 0o100644


def worktree_changes(root: str | os.PathLike, entries: list[IndexEntry], index_mtime_ns: int,
                     object_format: str = "sha1") -> list[str]:
    """Paths whose working-tree file differs from its index entry (changed, deleted, retyped),
    found by our own reads: stat first, and the raw bytes' blob id where stat cannot prove it."""
    base = os.fsencode(root) + b"/"

    def look(chunk: list[IndexEntry]) -> tuple[list[bytes], list[tuple[IndexEntry, bytes, int]]]:
        # One plain loop, names bound locally: it runs once per tracked file.
        changed, suspects = [], []
        lstat, islnk, mask = os.lstat, stat.S_ISLNK, 0xFFFFFFFF
        for e in chunk:
            path, mode, _oid, flags, extended, ctime_ns, mtime_ns, ino, size = e
            if mode == GITLINK or extended & 0x4000:
                continue  # a submodule's own state is not ours to read; sparse entries are not checked out
            if flags & 0x3000 or extended & 0x2000:
                changed.append(path)  # a conflict, or intent-to-add
                continue
            full = base + path
            try:
                st = lstat(full)
            except OSError:
                changed.append(path)  # gone or unreadable: cannot be proved to match
                continue
            st_mode = st.st_mode
            if (SYMLINK if islnk(st_mode) else (0o100755 if st_mode & 0o100 else 0o100644)) != mode:
                changed.append(path)
            elif flags & 0x8000 or (st.st_mtime_ns == mtime_ns and st.st_ctime_ns == ctime_ns
                                    and st.st_size & mask == size and st.st_ino & mask == ino
                                    and st.st_mtime_ns < index_mtime_ns):
                continue  # assume-valid, or stat proves it (stat_proves, inlined: this runs per file)
            else:
                suspects.append((e, full, st_mode))
        return changed, suspects

    # One thread: two threads running this loop were slower (measured on 1.86 million entries),
    # the interpreter lock costing more than the overlapped lstat calls gain. The caller runs
    # git's listing of untracked names on the other core meanwhile.
    changed, suspects = look(entries)

    def differs(item: tuple[IndexEntry, bytes, int]) -> bool:
        e, full, st_mode = item
        try:
            if stat.S_ISLNK(st_mode):
                blob = hashing.git_blob_id(os.readlink(full), object_format)
            else:
                blob = hashing.git_blob_id_path(full, object_format)
        except OSError:
            return True
        return bytes.fromhex(blob) != e.oid

    changed += [e.path for (e, _f, _m), bad in zip(suspects, hashing.parallel_map(differs, suspects)) if bad]
    return sorted({p.decode("utf-8", "surrogateescape") for p in changed},
                  key=lambda p: p.encode("utf-8", "surrogateescape"))
