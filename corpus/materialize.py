"""Copy a snapshot byte for byte into a workspace folder, and check a folder against it."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

from oafreeze.corpus.snapshot import Snapshot
from oafreeze.plumbing import hashing
from oafreeze.plumbing.atomic import locked_temp_dir
from oafreeze.plumbing.errors import BadInput, GitError
from oafreeze.plumbing.git import Repo
from oafreeze.plumbing.tree import Drift, compare

DEFAULT_MOUNT = "documents/knowledge-base"


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
    # Held while we build: a later run only sweeps a temporary folder nobody holds (its
    # builder was killed), never one another process is still writing.
    tmp, lock = locked_temp_dir(dest.parent, f".{dest.name}.")
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


def check_materialized(snap: Snapshot, dest: str | os.PathLike, digest_of=None) -> list[Drift]:
    """Every way the folder `dest` differs from the snapshot (empty list: byte-identical).

    `digest_of(path)` -> (sha256, size) when the caller has just hashed the files (see `compare`)."""
    dest = Path(dest)
    if not dest.is_dir():
        raise BadInput.at(str(dest), "no such folder", rule="folder-exists")
    return compare({f.path: (f.sha256, f.size, f.mode) for f in snap.files}, dest, digest_of)
