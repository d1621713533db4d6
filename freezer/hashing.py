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


def _tree_sort_key(entry: tuple[str, str, str]) -> bytes:
    # git orders tree entries by name bytes, with directories compared as "name/".
    mode, name, _oid = entry
    raw = name.encode("utf-8")
    return raw + b"/" if mode == "40000" else raw


def git_tree_id(entries: list[tuple[str, str, str]], object_format: str = "sha1") -> str:
    """The id git gives a tree of (mode, name, oid) entries (mode '40000' for subtrees)."""
    body = b"".join(mode.encode() + b" " + name.encode("utf-8") + b"\0" + bytes.fromhex(oid)
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


def dir_tree_id(root: str | os.PathLike, object_format: str = "sha1") -> str:
    """The git tree id the folder `root` would have if committed as it is on disk.

    Lets a task be bound to a tree id before it is committed (the audit does this).
    Symlinks are hashed as git would (blob of the link text); empty folders vanish, as
    in git.
    """
    import stat as _stat

    entries = []
    with os.scandir(root) as it:
        for de in it:
            st = de.stat(follow_symlinks=False)
            if _stat.S_ISLNK(st.st_mode):
                entries.append(("120000", de.name, git_blob_id(os.readlink(de.path).encode(), object_format)))
            elif _stat.S_ISDIR(st.st_mode):
                sub = dir_tree_id(de.path, object_format)
                if sub != EMPTY_TREE.get(object_format):
                    entries.append(("40000", de.name, sub))
            elif _stat.S_ISREG(st.st_mode):
                mode = "100755" if st.st_mode & 0o100 else "100644"
                entries.append((mode, de.name, git_blob_id_file(de.path, object_format)[0]))
    return git_tree_id(entries, object_format)


EMPTY_TREE = {"sha1": "4b825dc642cb6eb9a060e54bf8d69288fbee4904",
              "sha256": "6ef19b41225c5369f1c104d45d8d85efa9b057b53b14b4b9b939dd74decc5321"}
