"""Atomic, never-overwriting writes: a reader sees the whole file or no file."""

from __future__ import annotations

import errno
import fcntl
import os
import re
import shutil
import tempfile
from pathlib import Path

from oafreeze.plumbing.errors import AlreadyExists, BadInput


def fsync_dir(directory: Path) -> None:
    """fsync a folder, so that a new name in it survives a crash (best effort)."""
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

    The bytes go to an unnamed file (O_TMPFILE) in the same directory, are fsynced, and
    are then hard-linked into place: link(2) fails if the name exists, so two writers
    racing for one name cannot both win and nothing is ever overwritten. A writer killed
    at any point leaves either nothing or the whole file: the unnamed file has no name to
    leave behind. Where O_TMPFILE is not available a named temporary file is used.
    """
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    if target.exists() or target.is_symlink():
        raise AlreadyExists.at(str(target), "already exists; oafreeze never overwrites it",
                               rule="write-once")
    try:
        if _write_unnamed(target, data, mode):
            return target
        _write_named(target, data, mode)
    except OSError as exc:
        # Disk full, file-size limit, read-only folder: nothing was linked into place.
        raise BadInput.at(str(target), f"cannot write: {exc.strerror or exc}", rule="write") from None
    return target


def _link_error(target: Path):
    return AlreadyExists.at(str(target), "already exists; oafreeze never overwrites it", rule="write-once")


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]
    os.fsync(fd)


def _write_unnamed(target: Path, data: bytes, mode: int) -> bool:
    """Write through O_TMPFILE and link it into place; False where the system cannot."""
    flag = getattr(os, "O_TMPFILE", 0)
    if not flag or not os.path.isdir("/proc/self/fd"):
        return False
    try:
        fd = os.open(target.parent, flag | os.O_WRONLY | os.O_CLOEXEC, 0o600)
    except OSError as exc:
        if exc.errno in (errno.EOPNOTSUPP, errno.EISDIR, errno.EINVAL, errno.ENOENT):
            return False
        raise
    dir_fd = None
    try:
        _write_all(fd, data)
        os.fchmod(fd, mode)
        dir_fd = os.open(target.parent, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
        try:
            # linkat(AT_SYMLINK_FOLLOW) on /proc/self/fd/N gives the unnamed file its name.
            os.link(f"/proc/self/fd/{fd}", target.name, dst_dir_fd=dir_fd, follow_symlinks=True)
        except FileExistsError:
            raise _link_error(target) from None
        except OSError as exc:
            if exc.errno in (errno.EXDEV, errno.ENOENT, errno.EPERM):
                return False  # no usable /proc link here: fall back to a named temporary file
            raise
        os.fsync(dir_fd)
    finally:
        os.close(fd)
        if dir_fd is not None:
            os.close(dir_fd)
    return True


def _write_named(target: Path, data: bytes, mode: int) -> None:
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        try:
            _write_all(fd, data)
        finally:
            os.close(fd)
        os.chmod(tmp, mode)
        try:
            os.link(tmp, target)
        except FileExistsError:
            raise _link_error(target) from None
        fsync_dir(target.parent)
    finally:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass


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
        fsync_dir(target.parent)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    return target


# --- temporary folders that a killed run leaves behind ---------------------------------


def hold_dir_lock(folder: Path) -> int:
    """An exclusive flock on `folder`, held until the returned fd is closed (or we die)."""
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    fcntl.flock(fd, fcntl.LOCK_EX)
    return fd


_MKDTEMP_TAIL = re.compile(r"^[a-z0-9_]{8}$")


def sweep_stale_dirs(parent: Path, prefix: str) -> list[str]:
    """Remove temporary folders `prefix` + 8 mkdtemp characters under `parent` that no live
    process holds locked: what a run killed mid-build left behind. Returns what was removed."""
    removed = []
    try:
        names = os.listdir(parent)
    except OSError:
        return removed
    for name in names:
        if not name.startswith(prefix) or not _MKDTEMP_TAIL.match(name[len(prefix):]):
            continue
        path = parent / name
        if path.is_symlink() or not path.is_dir():
            continue
        try:
            fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC | os.O_NOFOLLOW)
        except OSError:
            continue
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            continue  # its builder is alive
        try:
            shutil.rmtree(path, ignore_errors=True)
            removed.append(name)
        finally:
            os.close(fd)
    return removed


def locked_temp_dir(parent: str | os.PathLike | None, prefix: str) -> tuple[Path, int]:
    """A new temporary folder `prefix` + 8 characters under `parent` (the system's temporary
    folder when None), flock'ed until the returned fd is closed; stale ones that no live
    process holds (a run killed before it cleaned up) are swept first."""
    parent = Path(parent if parent is not None else tempfile.gettempdir())
    sweep_stale_dirs(parent, prefix)
    path = Path(tempfile.mkdtemp(prefix=prefix, dir=parent))
    return path, hold_dir_lock(path)
