"""Exports other tools verify unchanged: `sha256sum -c` lists and BagIt bags (RFC 8493)."""

from __future__ import annotations

import datetime as dt
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

from oafreeze.plumbing.version import __version__
from oafreeze.plumbing.errors import AlreadyExists, BadInput, GitError
from oafreeze.plumbing import hashing
from oafreeze.plumbing.git import Repo
from oafreeze.freezer.manifest import Manifest
from oafreeze.plumbing.atomic import locked_temp_dir, write_new
from oafreeze.plumbing.paths import check_relative_path


def frozen_files(manifest: Manifest) -> Iterator[tuple[str, str, int, str, str]]:
    """(path from the environment root, sha256, size, mode, blob) of every frozen file, sorted."""
    rows = []
    kb = manifest.knowledge_base
    for tid, entry in manifest.tasks.items():
        for f in entry.files:
            rows.append((f"tasks/{tid}/{f.path}", f.sha256, f.size, f.mode, f.blob))
        if entry.knowledge_base and kb is not None:
            for f in kb.snapshot.files:
                rows.append((f"tasks/{tid}/{kb.mount}/{f.path}", f.sha256, f.size, f.mode, f.blob))
    return iter(sorted(rows, key=lambda r: r[0].encode("utf-8")))


def _checked_path(path: str) -> str:
    # sha256sum escapes names with backslash or newline; ours never have them (freeze refuses
    # unsafe names), but an export must not produce a line another tool would misread.
    if "\n" in path or "\\" in path or "\r" in path:
        raise BadInput.at(path, "name contains a newline or backslash", rule="exportable-name")
    # A manifest may come from someone else: a path that climbs out of the bag ('..',
    # absolute, NUL) would be written outside it.
    try:
        check_relative_path(path)
    except ValueError as exc:
        raise BadInput.at(path, f"unsafe path in the manifest: {exc}", rule="exportable-name") from None
    return path


def sha256sum_bytes(manifest: Manifest) -> bytes:
    """The `sha256sum -c` list, run from the environment root."""
    return "".join(f"{sha}  {_checked_path(p)}\n" for p, sha, _s, _m, _b in frozen_files(manifest)).encode("utf-8")


def write_sha256sum(manifest: Manifest, out: Path) -> int:
    """Write the list atomically, never over an existing file; returns the number of lines."""
    data = sha256sum_bytes(manifest)
    write_new(out, data)
    return data.count(b"\n")


def _bag_path(path: str) -> str:
    return path.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def write_bag(manifest: Manifest, env_root: Path, out: Path) -> int:
    """Build a BagIt bag of the frozen workspaces from git's objects; returns payload files.

    The bag is assembled in a temporary sibling folder and renamed into place, so `out`
    either holds a complete bag or does not exist.
    """
    if out.exists():
        raise AlreadyExists.at(str(out), "already exists; oafreeze never overwrites it", rule="write-once")
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp, lock = locked_temp_dir(out.parent, f".{out.name}.")
    try:
        lines, octets, count = [], 0, 0
        with Repo(env_root) as repo:
            for path, sha, size, mode, blob in frozen_files(manifest):
                target = tmp / "data" / _checked_path(path)
                target.parent.mkdir(parents=True, exist_ok=True)
                with open(target, "xb") as fh:
                    got, n = hashing.sha256_copy(repo.iter_blob(blob), fh)
                if got != sha:
                    raise GitError.at(path, f"blob {blob} does not hash to the frozen SHA-256", rule="content-matches-pin")
                if mode == "100755":
                    os.chmod(target, 0o755)
                lines.append(f"{sha}  data/{_bag_path(path)}\n")
                octets += n
                count += 1
        (tmp / "bagit.txt").write_text("BagIt-Version: 1.0\nTag-File-Character-Encoding: UTF-8\n", "utf-8")
        (tmp / "manifest-sha256.txt").write_text("".join(lines), "utf-8")
        today = dt.datetime.now(dt.timezone.utc).date().isoformat()
        (tmp / "bag-info.txt").write_text(
            f"Bag-Software-Agent: oafreeze {__version__}\n"
            f"Bagging-Date: {today}\n"
            f"External-Identifier: oafreeze freeze {manifest.id}\n"
            f"External-Description: Frozen workspaces of environment {manifest.environment.name} "
            f"at {manifest.environment.commit}; manifest digest {manifest.digest}\n"
            f"Payload-Oxum: {octets}.{count}\n", "utf-8")
        tags = []
        for name in ("bag-info.txt", "bagit.txt", "manifest-sha256.txt"):
            tags.append(f"{hashing.sha256_file(tmp / name)[0]}  {name}\n")
        (tmp / "tagmanifest-sha256.txt").write_text("".join(tags), "utf-8")
        try:
            os.rename(tmp, out)
        except OSError as exc:
            # Someone made `out` while we built: never replace it.
            raise AlreadyExists.at(str(out), f"appeared while the bag was built ({exc.strerror}); "
                                   "oafreeze never overwrites it", rule="write-once") from None
    except OSError as exc:
        shutil.rmtree(tmp, ignore_errors=True)
        raise BadInput.at(str(out), f"cannot write the bag: {exc.strerror or exc}", rule="write") from None
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    finally:
        os.close(lock)
    return count

