"""The project's one hashing module.

SHA-256 is the published per-file digest (what manifests, exports and other tools
check). git blob ids let us reuse what git already knows. blake3 is used only as a
fast internal content key (the stat cache and whole-tree fingerprints).
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable

import blake3

CHUNK = 1 << 20


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


def read_chunks(path: str | os.PathLike, chunk: int = CHUNK) -> Iterable[bytes]:
    """Yield a file's bytes in chunks, never following a symlink."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    with os.fdopen(fd, "rb", buffering=0) as fh:
        while True:
            block = fh.read(chunk)
            if not block:
                return
            yield block


def sha256_file(path: str | os.PathLike) -> tuple[str, int]:
    """Hex SHA-256 and size of a file on disk, streamed."""
    return sha256_chunks(read_chunks(path))


def git_blob_id(data: bytes, object_format: str = "sha1") -> str:
    """The id git gives a blob with this content (sha1 or sha256 repositories)."""
    h = hashlib.new(object_format)
    h.update(b"blob %d\0" % len(data))
    h.update(data)
    return h.hexdigest()


def blake3_bytes(data: bytes) -> str:
    """Hex blake3, the fast internal content key."""
    return blake3.blake3(data).hexdigest()


def fingerprint(items: Iterable[tuple[str, str]]) -> str:
    """blake3 over sorted (path, digest) pairs: a whole-tree fingerprint."""
    h = blake3.blake3()
    for path, digest in sorted(items, key=lambda pd: pd[0].encode("utf-8")):
        h.update(path.encode("utf-8") + b"\0" + digest.encode("ascii") + b"\n")
    return h.hexdigest()
