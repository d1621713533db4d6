"""The project's one hashing module.

SHA-256 is the published per-file digest (what manifests, exports and other tools
check). git blob ids let us reuse what git already knows. blake3 is used only as a
fast internal content key (the stat cache and whole-tree fingerprints).
"""

from __future__ import annotations

import hashlib
import os
import threading
from array import array
from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

import blake3

CHUNK = 1 << 20
# Threads, not processes: hashlib and file reads release the GIL, so every core hashes at
# once (measured: one thread per core beats more, which only fight over the GIL).
WORKERS = max(2, min(8, os.cpu_count() or 2))

T = TypeVar("T")
R = TypeVar("R")


def parallel_map(fn: Callable[[T], R], items: Sequence[T], workers: int = WORKERS) -> list[R]:
    """`[fn(x) for x in items]`, run on `workers` threads (in order; the first error is raised)."""
    if len(items) < 2 * workers:
        return [fn(x) for x in items]
    out: list = [None] * len(items)
    errors: list[BaseException] = []

    def work(start: int) -> None:
        try:
            for i in range(start, len(items), workers):
                out[i] = fn(items[i])
        except BaseException as exc:  # re-raised in the caller's thread
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(k,), daemon=True) for k in range(workers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if errors:
        raise errors[0]
    return out


def sha256_bytes(data: bytes) -> str:
    """Hex SHA-256 of a byte string."""
    return hashlib.sha256(data).hexdigest()


def sha256_chunks(chunks: Iterable[bytes]) -> tuple[str, int]:
    """Hex SHA-256 and length of a stream of chunks, in constant memory."""
    h = hashlib.sha256()
    size = 0
    for chunk in chunks:
        h.update(chunk)
        size += len(chunk)
    return h.hexdigest(), size


def sha256_copy(chunks: Iterable[bytes], fh) -> tuple[str, int]:
    """Write a stream of chunks to `fh` while hashing it: SHA-256 hex and length."""
    h = hashlib.sha256()
    size = 0
    for chunk in chunks:
        fh.write(chunk)
        h.update(chunk)
        size += len(chunk)
    return h.hexdigest(), size


def read_chunks(path: str | os.PathLike, chunk: int = CHUNK) -> Iterable[bytes]:
    """Yield a file's bytes in chunks, never following a symlink."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    with os.fdopen(fd, "rb", buffering=0) as fh:
        while True:
            block = fh.read(chunk)
            if not block:
                return
            yield block


def _hash_file(path: str | os.PathLike, h, header: Callable[[int], bytes] | None = None) -> int:
    # One open, one fstat and reads straight into the hash: the per-file cost matters
    # when a workspace holds a thousand small files.
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    try:
        size = os.fstat(fd).st_size
        if header is not None:
            h.update(header(size))
        n = 0
        while True:
            block = os.read(fd, CHUNK)
            if not block:
                break
            h.update(block)
            n += len(block)
    finally:
        os.close(fd)
    if header is not None and n != size:
        raise OSError(f"{path} changed size while being hashed")
    return n


def sha256_file(path: str | os.PathLike) -> tuple[str, int]:
    """Hex SHA-256 and size of a file on disk, streamed."""
    h = hashlib.sha256()
    n = _hash_file(path, h)
    return h.hexdigest(), n


def sha256_files(paths: Sequence[str | os.PathLike]) -> list[tuple[str, int]]:
    """`sha256_file` of many files, on all cores."""
    return parallel_map(sha256_file, paths)


def git_blob_id(data: bytes, object_format: str = "sha1") -> str:
    """The id git gives a blob with this content (sha1 or sha256 repositories)."""
    h = hashlib.new(object_format)
    h.update(b"blob %d\0" % len(data))
    h.update(data)
    return h.hexdigest()


def blake3_bytes(data: bytes) -> str:
    """Hex blake3, the fast internal content key."""
    return blake3.blake3(data).hexdigest()


def stat_fingerprint(stats: dict[str, os.stat_result]) -> tuple[str, int]:
    """blake3 over every file's path, inode, size, mtime, ctime and mode; and the newest time seen.

    Two equal fingerprints mean no file was added, removed, renamed, rewritten or
    touched in between (the stat cache's premise, as in git's index).
    """
    rels = sorted(stats)
    nums: list[int] = []
    newest = 0
    for rel in rels:
        st = stats[rel]
        nums += (st.st_ino & 0x7FFF_FFFF_FFFF_FFFF, st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_mode)
        newest = max(newest, st.st_mtime_ns, st.st_ctime_ns)
    h = blake3.blake3("\0".join(rels).encode("utf-8", "surrogateescape"))
    h.update(array("q", nums).tobytes())
    return h.hexdigest(), newest


def fingerprint(items: Iterable[tuple[str, str]]) -> str:
    """blake3 over sorted (path, digest) pairs: a whole-tree fingerprint."""
    h = blake3.blake3()
    for path, digest in sorted(items, key=lambda pd: pd[0].encode("utf-8")):
        h.update(path.encode("utf-8") + b"\0" + digest.encode("ascii") + b"\n")
    return h.hexdigest()


def _tree_sort_key(entry: tuple[str, str, str]) -> bytes:
    # git orders tree entries by name bytes, with directories compared as "name/".
    mode, name, _oid = entry
    raw = name.encode("utf-8", "surrogateescape")  # a non-UTF-8 name keeps its own bytes, as in git
    return raw + b"/" if mode == "40000" else raw


def git_tree_id(entries: list[tuple[str, str, str]], object_format: str = "sha1") -> str:
    """The id git gives a tree of (mode, name, oid) entries (mode '40000' for subtrees)."""
    body = b"".join(mode.encode() + b" " + name.encode("utf-8", "surrogateescape") + b"\0" + bytes.fromhex(oid)
                    for mode, name, oid in sorted(entries, key=_tree_sort_key))
    h = hashlib.new(object_format)
    h.update(b"tree %d\0" % len(body))
    h.update(body)
    return h.hexdigest()


def git_blob_id_file(path: str | os.PathLike, object_format: str = "sha1") -> tuple[str, str, int]:
    """git blob id, SHA-256 and size of a file on disk, in one streamed read."""
    size = os.lstat(path).st_size
    g = hashlib.new(object_format)
    g.update(b"blob %d\0" % size)
    s = hashlib.sha256()
    n = 0
    for chunk in read_chunks(path):
        g.update(chunk)
        s.update(chunk)
        n += len(chunk)
    if n != size:
        raise OSError(f"{path} changed size while being hashed")
    return g.hexdigest(), s.hexdigest(), n


def git_blob_id_path(path: str | os.PathLike, object_format: str = "sha1") -> str:
    """git blob id of a file on disk (no SHA-256), streamed."""
    g = hashlib.new(object_format)
    _hash_file(path, g, header=lambda size: b"blob %d\0" % size)
    return g.hexdigest()


EMPTY_TREE = {"sha1": "4b825dc642cb6eb9a060e54bf8d69288fbee4904",
              "sha256": "6ef19b41225c5369f1c104d45d8d85efa9b057b53b14b4b9b939dd74decc5321"}
