"""Copy a snapshot byte for byte into a workspace folder, and check a folder against it."""

from __future__ import annotations

import fcntl
import os
import re
import shutil
import stat
import tempfile
import unicodedata
from pathlib import Path

from pydantic import BaseModel

from oafreeze.plumbing.errors import BadInput, GitError
from oafreeze.plumbing import hashing
from oafreeze.plumbing.git import Repo
from oafreeze.corpus.snapshot import Snapshot

DEFAULT_MOUNT = "documents/knowledge-base"


class Drift(BaseModel):
    """One difference between what was pinned and what is there."""

    task: str | None = None
    path: str
    change: str  # added | removed | modified | mode | symlink | normalization | case | tree | settings | ...
    expected: str | None = None
    found: str | None = None
    area: str | None = None  # "knowledge-base" for files of the pinned knowledge base
    field: str | None = None  # for settings: which key of oafreeze.yaml


def materialize(snap: Snapshot, repo: Repo, dest: str | os.PathLike) -> int:
    """Write every file of `snap` under `dest`, verified against its SHA-256; returns files written.

    The copy is built in a temporary sibling folder and renamed into place, so `dest`
    is either the whole snapshot or untouched. An existing `dest` is replaced only if it
    is a previous materialization (it contains nothing the snapshot would not write).
    """
    if repo.resolve_commit(snap.commit) != snap.commit:
        raise GitError.at(str(repo.path), f"does not hold commit {snap.commit}", rule="commit-exists")
    dest = Path(dest)
    if dest.is_symlink() or (dest.exists() and not dest.is_dir()):
        raise BadInput.at(str(dest), "is a symlink or a file, not a folder oafreeze materialized; "
                          "remove it first", rule="materialize-target")
    dest.parent.mkdir(parents=True, exist_ok=True)
    sweep_stale_dirs(dest.parent, f".{dest.name}.")
    tmp = Path(tempfile.mkdtemp(prefix=f".{dest.name}.", dir=dest.parent))
    # Held while we build: a later run only sweeps a temporary folder nobody holds (its
    # builder was killed), never one another process is still writing.
    lock = hold_dir_lock(tmp)
    current = str(tmp)
    try:
        for f in snap.files:
            current = f.path
            target = tmp / f.path
            target.parent.mkdir(parents=True, exist_ok=True)
            with open(target, "xb") as fh:
                digest, size = hashing.sha256_copy(repo.iter_blob(f.blob), fh)
            if digest != f.sha256 or size != f.size:
                raise GitError.at(f.path, f"blob {f.blob} has SHA-256 {digest}, snapshot says {f.sha256}",
                                  rule="content-matches-pin")
            os.chmod(target, 0o755 if f.mode == "100755" else 0o644)
        current = str(dest)
        # Swap by two renames, so that a kill leaves `dest` whole (old or new) or absent,
        # never half-deleted; the old copy is then removed (or swept by the next run).
        old = None
        if dest.exists():
            old = Path(tempfile.mkdtemp(prefix=f".{dest.name}.", dir=dest.parent))
            os.rename(dest, old / "old")
        os.replace(tmp, dest)
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
    except OSError as exc:
        shutil.rmtree(tmp, ignore_errors=True)
        raise BadInput.at(current, f"cannot materialize into {dest}: {exc.strerror or exc}",
                          rule="write") from None
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    finally:
        os.close(lock)
    return len(snap.files)


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


def walk_files(root: Path) -> tuple[dict[str, os.stat_result], list[Drift]]:
    """Every regular file under `root` by POSIX relative path; symlinks and odd names as drift."""
    found: dict[str, os.stat_result] = {}
    odd: list[Drift] = []
    if not root.is_dir():
        return found, odd
    _walk(os.fspath(root), "", found, odd)
    odd.sort(key=lambda d: d.path.encode("utf-8", "surrogateescape"))
    return found, odd


def _walk(folder: str, prefix: str, found: dict[str, os.stat_result], odd: list[Drift]) -> None:
    # Plain strings and scandir's file types: this runs for every file of every workspace on
    # each verify, so only regular files cost a stat call.
    with os.scandir(folder) as it:
        for de in it:
            if de.is_dir(follow_symlinks=False):
                _walk(de.path, prefix + de.name + "/", found, odd)
            elif de.is_symlink():
                odd.append(Drift(path=prefix + de.name, change="symlink", found=os.readlink(de.path)))
            else:
                st = de.stat(follow_symlinks=False)
                if stat.S_ISREG(st.st_mode):
                    found[prefix + de.name] = st


def git_mode(st: os.stat_result) -> str:
    """The git mode a file on disk would get."""
    return "100755" if st.st_mode & stat.S_IXUSR else "100644"


def compare(expected: dict[str, tuple[str, int, str]], root: Path, digest_of=None, *,
            walked: tuple[dict[str, os.stat_result], list[Drift]] | None = None) -> list[Drift]:
    """Compare {path: (sha256, size, mode)} with the files under `root`; every difference.

    `walked` is `walk_files(root)` when the caller already has it; `digest_of(path)` gives
    (sha256, size) of a file (default: hash it; all files at once, on every core).
    """
    found, odd = walked if walked is not None else walk_files(root)
    digests: dict[str, tuple[str, int]] = {}
    if not odd and found.keys() == expected.keys() \
            and all(st.st_size == expected[rel][1] and git_mode(st) == expected[rel][2] for rel, st in found.items()):
        # The usual case, proved in one pass: same names, sizes and modes; then contents.
        rels = list(found)
        try:
            if digest_of is None:
                sums = hashing.sha256_files([os.path.join(root, rel) for rel in rels])
            else:
                sums = [digest_of(root / rel) for rel in rels]
        except OSError:
            sums = None  # a file went away or cannot be read: the slow path names it
        if sums is not None:
            digests = dict(zip(rels, sums))
            if all(digests[rel][0] == expected[rel][0] for rel in rels):
                return []
    return _differences(expected, root, found, list(odd),
                        lambda rel: digests.get(rel) or (digest_of or hashing.sha256_file)(root / rel))


def _differences(expected: dict[str, tuple[str, int, str]], root: Path, found: dict[str, os.stat_result],
                 drift: list[Drift], digest_of) -> list[Drift]:
    exp_fold = {_fold(p): p for p in expected}
    for rel in sorted(set(expected) | set(found), key=lambda p: p.encode("utf-8", "surrogateescape")):
        if rel in expected and rel in found:
            sha, size, mode = expected[rel]
            st = found[rel]
            try:
                same = st.st_size == size and digest_of(rel)[0] == sha
            except FileNotFoundError:
                drift.append(Drift(path=rel, change="removed", expected=sha))
                continue
            except OSError as exc:
                drift.append(Drift(path=rel, change="unreadable", expected=sha, found=exc.strerror))
                continue
            if not same:
                drift.append(Drift(path=rel, change="modified", expected=sha))
            elif git_mode(st) != mode:
                drift.append(Drift(path=rel, change="mode", expected=mode, found=git_mode(st)))
        elif rel in found:
            twin = exp_fold.get(_fold(rel))
            if twin and twin not in found:
                kind = "normalization" if unicodedata.normalize("NFC", rel) == twin else "case"
                drift.append(Drift(path=rel, change=kind, expected=twin, found=rel))
            else:
                drift.append(Drift(path=rel, change="added"))
        else:
            renamed = any(_fold(f) == _fold(rel) for f in found if f not in expected)
            if not renamed:
                drift.append(Drift(path=rel, change="removed", expected=expected[rel][0]))
    return drift


def _fold(path: str) -> str:
    return unicodedata.normalize("NFC", path).casefold()


def check_materialized(snap: Snapshot, dest: str | os.PathLike, digest_of=None) -> list[Drift]:
    """Every way the folder `dest` differs from the snapshot (empty list: byte-identical).

    `digest_of(path)` -> (sha256, size) when the caller has just hashed the files (see `compare`)."""
    dest = Path(dest)
    if not dest.is_dir():
        raise BadInput.at(str(dest), "no such folder", rule="folder-exists")
    return compare({f.path: (f.sha256, f.size, f.mode) for f in snap.files}, dest, digest_of)
