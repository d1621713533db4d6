"""Folders on disk: one walk, the git tree id a folder would have, and every difference from
what was pinned.

The walk is the only place the project lists a folder tree. It never follows a symlink,
and it never dies on a folder that vanishes or a file that cannot be read while it runs:
what went away is simply not listed (so a comparison reports it as removed), and what
cannot be read is listed as unreadable, with the reason.
"""

from __future__ import annotations

import functools
import os
import stat
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import BaseModel

from oafreeze.plumbing import hashing


@dataclass
class Listing:
    """What a walk found under a folder, by POSIX path relative to it."""

    files: dict[str, os.stat_result] = field(default_factory=dict)
    links: dict[str, str] = field(default_factory=dict)  # symlink -> the text it points at
    unreadable: dict[str, str] = field(default_factory=dict)  # path ('' for the root) -> why


def walk(root: str | os.PathLike) -> Listing:
    """Every regular file, symlink and unreadable entry under `root` (nothing followed)."""
    out = Listing()
    _walk(os.fspath(root), "", out)
    return out


def _walk(folder: str, prefix: str, out: Listing) -> None:
    # Plain strings and scandir's file types: this runs for every file of every workspace on
    # each verify, so only regular files cost a stat call.
    try:
        with os.scandir(folder) as it:
            entries = list(it)
    except FileNotFoundError:
        return  # the folder went away while we walked: nothing of it is there
    except OSError as exc:
        out.unreadable[prefix.rstrip("/")] = exc.strerror or str(exc)
        return
    for de in entries:
        rel = prefix + de.name
        try:
            if de.is_dir(follow_symlinks=False):
                _walk(de.path, rel + "/", out)
            elif de.is_symlink():
                out.links[rel] = os.readlink(de.path)
            else:
                st = de.stat(follow_symlinks=False)
                if stat.S_ISREG(st.st_mode):
                    out.files[rel] = st
        except FileNotFoundError:
            continue  # vanished between the listing and the look
        except OSError as exc:
            out.unreadable[rel] = exc.strerror or str(exc)


def git_mode(st: os.stat_result) -> str:
    """The git mode a file on disk would get."""
    return "100755" if st.st_mode & stat.S_IXUSR else "100644"


# --- the git tree id of a folder ---------------------------------------------------------


def _tree(listing: Listing, blob_ids: dict[str, str], object_format: str, *,
          subtrees: dict[str, str] | None = None, skip: str | None = None) -> str:
    # Nest the flat listing as git trees; empty folders vanish, as in git. `subtrees` places a
    # folder whose tree id is already known (path -> id); `skip` leaves out the files under a
    # folder (ending in "/") that such a subtree stands for.
    root: dict = {}
    for rel, st in listing.files.items():
        if skip is None or not rel.startswith(skip):
            _place(root, rel, (git_mode(st), blob_ids[rel]))
    for rel, target in listing.links.items():
        _place(root, rel, ("120000", hashing.git_blob_id(os.fsencode(target), object_format)))
    for rel, tree in (subtrees or {}).items():
        _place(root, rel, ("40000", tree))
    return _tree_id(root, object_format)


def tree_of_blobs(blobs: dict[str, tuple[str, str]], object_format: str) -> str:
    """The tree id of files given as path -> (git mode, blob id)."""
    root: dict = {}
    for rel, leaf in blobs.items():
        _place(root, rel, leaf)
    return _tree_id(root, object_format)


def _place(node: dict, rel: str, leaf: tuple[str, str]) -> None:
    *dirs, name = rel.split("/")
    for d in dirs:
        node = node.setdefault(d + "/", {})
    node[name] = leaf


def _tree_id(node: dict, object_format: str) -> str:
    entries = []
    for name, value in node.items():
        if isinstance(value, dict):
            sub = _tree_id(value, object_format)
            if sub != hashing.EMPTY_TREE[object_format]:
                entries.append(("40000", name[:-1], sub))
        else:
            entries.append((value[0], name, value[1]))
    return _tree_object_id(tuple(entries), object_format)


@functools.lru_cache(maxsize=4096)
def _tree_object_id(entries: tuple[tuple[str, str, str], ...], object_format: str) -> str:
    # Remembered: the knowledge base's folders are the same trees in every task of an environment.
    return hashing.git_tree_id(list(entries), object_format)


def _readable_listing(root: str | os.PathLike) -> Listing:
    listing = walk(root)
    if listing.unreadable:
        rel, why = next(iter(sorted(listing.unreadable.items())))
        raise PermissionError(13, why, os.path.join(os.fspath(root), rel))
    return listing


def dir_tree_id(root: str | os.PathLike, object_format: str = "sha1") -> str:
    """The git tree id the folder `root` would have if committed as it is on disk.

    Lets a task be bound to a tree id before it is committed (the audit does this).
    Symlinks are hashed as git would (blob of the link text); every file's blob id is
    computed first, on all cores. OSError names a file that cannot be read.
    """
    listing = _readable_listing(root)
    base = os.fspath(root)
    rels = list(listing.files)
    ids = hashing.parallel_map(lambda rel: hashing.git_blob_id_path(os.path.join(base, rel), object_format), rels)
    return _tree(listing, dict(zip(rels, ids)), object_format)


def dir_tree_digests(root: str | os.PathLike, object_format: str = "sha1") -> tuple[str, dict[str, tuple[str, int]]]:
    """`dir_tree_id`, plus every regular file's SHA-256 and size from the same single read
    (keyed by the path relative to `root`), for callers that also compare contents."""
    listing = _readable_listing(root)
    base = os.fspath(root)
    rels = list(listing.files)
    both = hashing.parallel_map(lambda rel: hashing.git_blob_id_file(os.path.join(base, rel), object_format), rels)
    tree = _tree(listing, {rel: blob for rel, (blob, _sha, _n) in zip(rels, both)}, object_format)
    return tree, {rel: (sha, n) for rel, (_blob, sha, n) in zip(rels, both)}


# --- differences from what was pinned ------------------------------------------------------


class Drift(BaseModel):
    """One difference between what was pinned and what is there."""

    task: str | None = None
    path: str
    change: str  # added | removed | modified | mode | symlink | normalization | case | unreadable | tree | ...
    expected: str | None = None
    found: str | None = None
    area: str | None = None  # "knowledge-base" for files of the pinned knowledge base
    field: str | None = None  # for settings: which key of oafreeze.yaml


def _odd(listing: Listing) -> list[Drift]:
    odd = [Drift(path=rel, change="symlink", found=target) for rel, target in listing.links.items()]
    odd += [Drift(path=rel or ".", change="unreadable", found=why) for rel, why in listing.unreadable.items()]
    return sorted(odd, key=lambda d: d.path.encode("utf-8", "surrogateescape"))


def compare(expected: dict[str, tuple[str, int, str]], root: Path, digest_of=None, *,
            listing: Listing | None = None) -> list[Drift]:
    """Compare {path: (sha256, size, mode)} with the files under `root`; every difference.

    `listing` is `walk(root)` when the caller already has it; `digest_of(path)` gives
    (sha256, size) of a file (default: hash it; all files at once, on every core).
    """
    listing = listing if listing is not None else walk(root)
    found = listing.files
    odd = _odd(listing)
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
    return _differences(expected, found, odd,
                        lambda rel: digests.get(rel) or (digest_of or hashing.sha256_file)(root / rel))


def _differences(expected: dict[str, tuple[str, int, str]], found: dict[str, os.stat_result],
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
