"""Copy a snapshot byte for byte into a workspace folder, and check a folder against it."""

from __future__ import annotations

import os
import shutil
import stat
import tempfile
import unicodedata
from pathlib import Path

from pydantic import BaseModel

from oafreeze.errors import BadInput, GitError
from oafreeze.freezer import hashing
from oafreeze.freezer.gitrepo import Repo
from oafreeze.freezer.snapshot import Snapshot

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
    dest.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{dest.name}.", dir=dest.parent))
    try:
        for f in snap.files:
            target = tmp / f.path
            target.parent.mkdir(parents=True, exist_ok=True)
            with open(target, "xb") as fh:
                digest, size = hashing.sha256_copy(repo.iter_blob(f.blob), fh)
            if digest != f.sha256 or size != f.size:
                raise GitError.at(f.path, f"blob {f.blob} has SHA-256 {digest}, snapshot says {f.sha256}",
                                  rule="content-matches-pin")
            os.chmod(target, 0o755 if f.mode == "100755" else 0o644)
        if dest.exists():
            shutil.rmtree(dest)
        os.replace(tmp, dest)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return len(snap.files)



def walk_files(root: Path) -> tuple[dict[str, os.stat_result], list[Drift]]:
    """Every regular file under `root` by POSIX relative path; symlinks and odd names as drift."""
    found: dict[str, os.stat_result] = {}
    odd: list[Drift] = []
    if not root.is_dir():
        return found, odd
    for dirpath, dirnames, filenames in os.walk(root):
        base = Path(dirpath)
        for name in sorted(dirnames + filenames):
            full = base / name
            rel = full.relative_to(root).as_posix()
            st = full.lstat()
            if stat.S_ISLNK(st.st_mode):
                odd.append(Drift(path=rel, change="symlink", found=os.readlink(full)))
                if name in dirnames:
                    dirnames.remove(name)
            elif stat.S_ISREG(st.st_mode):
                found[rel] = st
    return found, odd


def git_mode(st: os.stat_result) -> str:
    """The git mode a file on disk would get."""
    return "100755" if st.st_mode & stat.S_IXUSR else "100644"


def compare(expected: dict[str, tuple[str, int, str]], root: Path,
            digest_of=lambda p: hashing.sha256_file(p)) -> list[Drift]:
    """Compare {path: (sha256, size, mode)} with the files under `root`; every difference."""
    found, drift = walk_files(root)
    exp_fold = {_fold(p): p for p in expected}
    for rel in sorted(set(expected) | set(found), key=lambda p: p.encode("utf-8")):
        if rel in expected and rel in found:
            sha, size, mode = expected[rel]
            st = found[rel]
            if st.st_size != size or digest_of(root / rel)[0] != sha:
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


def check_materialized(snap: Snapshot, dest: str | os.PathLike) -> list[Drift]:
    """Every way the folder `dest` differs from the snapshot (empty list: byte-identical)."""
    dest = Path(dest)
    if not dest.is_dir():
        raise BadInput.at(str(dest), "no such folder", rule="folder-exists")
    return compare({f.path: (f.sha256, f.size, f.mode) for f in snap.files}, dest)
