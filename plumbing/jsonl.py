"""The one way the project appends to a JSON Lines log: whole lines, under a lock, or nothing.

The run log and the audit's records and waivers are evidence, so an append either lands
whole or leaves the file as it was. Under an exclusive flock the file is opened with
O_APPEND (never following a symlink) and read; the caller decides what to add from what
is there; the new lines go out with one write(2) and are fsynced. A write that fails
(disk full, a file-size limit) or comes up short is cut back, which is safe because we
hold the lock. A log that is replaced as a whole (the run log's repair) is locked through
a sidecar file, so that an appender waiting for the lock never writes to the old copy.
"""

from __future__ import annotations

import fcntl
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from oafreeze.plumbing.atomic import fsync_dir
from oafreeze.plumbing.errors import BadInput


def _write(fd: int, data: bytes) -> int:
    # One write() of the whole batch; the crash tests replace this to cut a write in half.
    return os.write(fd, data)


@contextmanager
def locked(lock_path: str | os.PathLike) -> Iterator[None]:
    """Hold an exclusive flock on `lock_path` (created if needed) for the block."""
    try:
        fd = os.open(lock_path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC | os.O_NOFOLLOW, 0o644)
    except OSError as exc:
        raise BadInput.at(str(lock_path), f"cannot open the lock file: {exc.strerror}", rule="lock") from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


def read(path: str | os.PathLike) -> bytes:
    """A log's bytes (empty when it does not exist yet); never follows a symlink."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC)
    except FileNotFoundError:
        return b""
    except OSError as exc:
        raise BadInput.at(str(path), f"cannot read: {exc.strerror}", rule="readable") from None
    with os.fdopen(fd, "rb") as fh:
        return fh.read()


class OpenLog:
    """A log held under its lock: the bytes it had when opened, and `append`."""

    def __init__(self, path: Path, fd: int, data: bytes):
        self.path, self._fd, self.data = path, fd, data

    def append(self, lines: bytes, *, keep: int | None = None) -> None:
        """Write `lines` at the end in one write() and fsync; first cut the file to `keep`
        bytes when given (a torn last line that was never an entry). On failure the file is
        cut back to what it was and BadInput says nothing was written."""
        size = len(self.data)
        if keep is not None and keep < size:
            os.ftruncate(self._fd, keep)
            size = keep
        try:
            written = _write(self._fd, lines)
        except OSError as exc:  # disk full, file too large: the log keeps what it had
            self._cut(size)
            raise BadInput.at(str(self.path), f"cannot append: {exc.strerror}; nothing was written",
                              rule="append") from None
        if written != len(lines):
            self._cut(size)
            raise BadInput.at(str(self.path), f"short write ({written} of {len(lines)} bytes); nothing was written",
                              rule="append")
        os.fsync(self._fd)
        self.data = self.data[:size] + lines

    def _cut(self, size: int) -> None:
        try:
            os.ftruncate(self._fd, size)  # we hold the lock: nobody else wrote after `size`
        except OSError:
            pass


@contextmanager
def open_locked(path: str | os.PathLike, *, lock_path: str | os.PathLike | None = None) -> Iterator[OpenLog]:
    """Open (creating) the log at `path` under an exclusive lock: a sidecar `lock_path`, or
    the log file itself when None."""
    path = Path(path)
    if not path.parent.is_dir():
        raise BadInput.at(str(path.parent), "no such folder", rule="folder-exists")
    created = not path.exists()

    def open_log() -> int:
        try:
            return os.open(path, os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o644)
        except OSError as exc:
            raise BadInput.at(str(path), f"cannot open: {exc.strerror}", rule="writable") from None

    if lock_path is not None:
        with locked(lock_path):
            fd = open_log()
            try:
                yield OpenLog(path, fd, _read_fd(fd))
            finally:
                os.close(fd)
    else:
        fd = open_log()
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            yield OpenLog(path, fd, _read_fd(fd))
        finally:
            os.close(fd)
    if created:
        fsync_dir(path.parent)


def _read_fd(fd: int) -> bytes:
    chunks, offset = [], 0
    while True:
        block = os.pread(fd, 1 << 20, offset)
        if not block:
            return b"".join(chunks)
        chunks.append(block)
        offset += len(block)


def whole_lines(data: bytes) -> int:
    """How many bytes of `data` are whole lines (a final line without its newline is torn)."""
    return data.rfind(b"\n") + 1
