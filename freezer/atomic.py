"""Atomic, never-overwriting writes: a reader sees the whole file or no file."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from oafreeze.errors import AlreadyExists, BadInput


def _fsync_dir(directory: Path) -> None:
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def write_new(path: str | os.PathLike, data: bytes, *, mode: int = 0o644) -> Path:
    """Write `data` to `path` atomically; refuse if `path` already exists.

    The bytes go to a temporary file in the same directory, are fsynced, and are then
    hard-linked into place: link(2) fails if the name exists, so two writers racing
    for one name cannot both win and nothing is ever overwritten.
    """
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    if target.exists() or target.is_symlink():
        raise AlreadyExists.at(str(target), "already exists; oafreeze never overwrites it",
                               rule="write-once")
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, mode)
        try:
            os.link(tmp, target)
        except FileExistsError:
            raise AlreadyExists.at(str(target), "already exists; oafreeze never overwrites it",
                                   rule="write-once") from None
        except OSError as exc:
            raise BadInput.at(str(target), f"cannot write: {exc.strerror}", rule="write") from None
        _fsync_dir(target.parent)
    finally:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
    return target


def replace_atomically(path: str | os.PathLike, data: bytes, *, mode: int = 0o644) -> Path:
    """Write `data` to `path` atomically, replacing it (only for caches and materialized copies)."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, target)
        _fsync_dir(target.parent)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    return target
