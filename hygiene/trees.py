"""The tree id a task folder has now, and the blob id of every file in it, proved as cheaply as
the evidence allows.

An audit result is bound to the tree it read, so every file's blob id is needed. Reading the
bytes of every file of every task costs most of an audit at LAB scale (the knowledge base,
a thousand files, is materialized in each task), so blob ids are taken, in this order, from:

1. the audit cache's entry for the folder, when the stat data of every file is unchanged
   since the walk that recorded it and older than that walk by a margin (git's racy rule);
2. git's index, for a file whose index entry's stat data matches it exactly (as git decides
   whether a file changed; see plumbing/gitindex.py), when the environment is a repository;
3. the file's bytes, hashed.

Git's index of a LAB checkout holds about two million entries; parsed whole it takes seconds
and a gigabyte or more, so it is opened to be read folder by folder (`gitindex.FolderIndex`:
mapped, each entry's start noted in one pass, a folder's entries parsed when the folder is
read). Opening it still passes over every entry, while one task's files hash in a tenth of a
second: so the first few folders the cache does not know are hashed (an audit after an edit
opens no index at all), and the index is opened once more than that many are new
(`HASH_FIRST`), or at once when the caller knows the run starts cold (`load_index`).

Knowledge-base files that hold exactly the pinned snapshot's content are recorded as "pinned"
rather than one by one, so a folder's cache entry stays small. When the mount holds exactly the
pinned copy (every pinned file with its blob id and mode, nothing else under it), the folder's
tree takes the pinned copy's tree id, built once a run, and says so (`TaskTree.kb_exact`): items
then skip what they would otherwise check file by file across the thousand copies.
"""

from __future__ import annotations

import os
import stat
import sys
import time
from dataclasses import dataclass

from oafreeze.corpus.snapshot import Snapshot
from oafreeze.hygiene.cache import RACY_NS, AuditCache, digest
from oafreeze.plumbing import gitindex, hashing
from oafreeze.plumbing.errors import BadInput
from oafreeze.plumbing.tree import Listing, _tree, git_mode, tree_of_blobs, walk

TREE_SCHEMA = "tree-v1"
HASH_FIRST = 16  # folders read by hashing their files before git's index is read


@dataclass
class TaskTree:
    """A task folder as read: its tree id, its walk, and every regular file's blob id."""

    tree: str
    listing: Listing
    blobs: dict[str, str]
    kb_exact: bool = False  # the mount holds exactly the pinned copy, and nothing else


def _fingerprint(listing: Listing) -> tuple[str, int]:
    fp, newest = hashing.stat_fingerprint(listing.files)
    if listing.links:
        fp = digest(fp, *(f"{rel}\0{target}" for rel, target in sorted(listing.links.items())))
    return fp, newest


class TreeReader:
    """Reads task folders of one environment; keeps nothing per task once a folder is read."""

    def __init__(self, env_root, cache: AuditCache | None = None, snapshot: Snapshot | None = None,
                 mount: str = "documents/knowledge-base"):
        self.env_root = os.fspath(env_root)
        self.cache = cache
        self.mount = mount.rstrip("/")
        self._repo_checked = False
        self.object_format = "sha1"
        self._index: gitindex.FolderIndex | bool | None = None  # False: looked for, none to use
        self._detect_repo()
        same_format = snapshot is not None and getattr(snapshot, "object_format", "sha1") == self.object_format
        self.pinned = {f"{self.mount}/{f.path}": f.blob for f in snapshot.files if f.blob} if same_format else {}
        self.pin_key = snapshot.digest if snapshot is not None and same_format else ""
        self.pinned_modes = {f"{self.mount}/{f.path}": f.mode for f in snapshot.files if f.blob} if same_format else {}
        self._mount_tree: str | None = None
        self.from_cache = self.from_index = self.hashed = 0
        self.unknown = 0  # folders the cache did not know

    # -- the repository, if the environment is one -----------------------------------------

    def _detect_repo(self) -> None:
        from oafreeze.plumbing.git import GitError, Repo

        if not os.path.exists(os.path.join(self.env_root, ".git")):
            return
        try:
            with Repo(self.env_root) as repo:
                self.object_format = repo.object_format
                self._index_file = repo.index_file if not repo.bare else None
        except (GitError, OSError):
            self._index_file = None
            return
        self._repo_checked = True

    @property
    def index_read(self) -> bool:
        """Whether git's index has been opened."""
        return self._index is not None

    def known(self, task_id: str) -> bool:
        """Whether the cache has an entry for the folder (current or not): a run that has been here."""
        return self.cache is not None and self.cache.get("tree", self._key(task_id)) is not None

    def load_index(self) -> None:
        """Open git's index now (a run that starts cold: its workers then share it)."""
        self._open_index(force=True)

    def _open_index(self, force: bool = False) -> gitindex.FolderIndex | None:
        """Git's index, opened once, and only when folders are not in the cache (None: no index
        to use, or not yet worth opening)."""
        if self._index is not None:
            return self._index or None
        if not force and self.unknown <= HASH_FIRST:
            return None
        self._index = False
        index_file = getattr(self, "_index_file", None)
        if not self._repo_checked or index_file is None:
            return None
        try:
            self._index = gitindex.FolderIndex(index_file, self.object_format)
        except (OSError, gitindex.IndexUnreadable):
            return None
        return self._index

    def _entries(self, task_id: str) -> dict[str, gitindex.IndexEntry]:
        """The index's entries for one task folder that can prove a file, by path in the folder."""
        index = self._open_index()
        if index is None:
            return {}
        prefix = os.fsencode(f"tasks/{task_id}/")
        try:
            entries = index.under(prefix)
        except gitindex.IndexUnreadable:
            return {}
        # Stages, assume-valid, skip-worktree, intent-to-add and submodules prove nothing about a
        # file; names are decoded as os.fsdecode does, without its wrapper.
        enc, errors, cut = sys.getfilesystemencoding(), sys.getfilesystemencodeerrors(), len(prefix)
        return {e.path[cut:].decode(enc, errors): e for e in entries
                if not (e.flags & 0xB000 or e.extended & 0x6000 or e.mode == 0o160000)}

    # -- reading a folder -----------------------------------------------------------------

    def read(self, task_id: str) -> TaskTree:
        """The folder tasks/<task_id> as it is now; BadInput naming what cannot be read."""
        folder = os.path.join(self.env_root, "tasks", task_id)
        for attempt in (1, 2):
            try:
                return self._read(task_id, folder)
            except FileNotFoundError as exc:
                if attempt == 2:
                    raise BadInput.at(str(exc.filename or folder), "changed while it was read",
                                      rule="readable") from None
            except OSError as exc:
                raise BadInput.at(str(exc.filename or folder), f"cannot read: {exc.strerror or exc}",
                                  rule="readable") from None
        raise AssertionError("unreachable")

    def _key(self, task_id: str) -> str:
        return digest(TREE_SCHEMA, task_id, self.object_format, self.pin_key, self.mount)

    def _read(self, task_id: str, folder: str) -> TaskTree:
        listing = walk(folder)
        if listing.unreadable:
            rel, why = next(iter(sorted(listing.unreadable.items())))
            raise PermissionError(13, why, os.path.join(folder, rel))
        fp, newest = _fingerprint(listing)
        key = self._key(task_id)
        entry = self.cache.get("tree", key) if self.cache is not None else None
        if isinstance(entry, dict) and entry.get("fp") == fp and newest < entry.get("walked", 0) - RACY_NS:
            own = entry.get("own") or {}
            blobs = {rel: own.get(rel) or self.pinned.get(rel) for rel in listing.files}
            if all(blobs.values()):
                self.from_cache += 1
                return TaskTree(entry["tree"], listing, blobs, self._mount_exact(listing, blobs))
        walked = time.time_ns()
        self.unknown += 1
        blobs = self._blobs(task_id, folder, listing)
        exact = self._mount_exact(listing, blobs)
        if exact:
            tree = _tree(listing, blobs, self.object_format, subtrees={self.mount: self._pinned_tree()},
                         skip=self.mount + "/")
        else:
            tree = _tree(listing, blobs, self.object_format)
        if self.cache is not None:
            own = {rel: b for rel, b in blobs.items() if self.pinned.get(rel) != b}
            self.cache.put("tree", key, {"fp": fp, "walked": walked, "tree": tree, "own": own})
        return TaskTree(tree, listing, blobs, exact)

    def _mount_exact(self, listing: Listing, blobs: dict[str, str]) -> bool:
        """Whether the mount holds exactly the pinned copy: every pinned file, with its blob id and
        mode, and no other file or symlink under it (a walk with an unreadable entry never gets here)."""
        pinned, modes, files = self.pinned, self.pinned_modes, listing.files
        if not pinned or self.mount in files or self.mount in listing.links:
            return False
        prefix = self.mount + "/"
        if any(rel.startswith(prefix) for rel in listing.links) or sum(
                1 for rel in files if rel.startswith(prefix)) != len(pinned):
            return False
        for rel, blob in pinned.items():
            st = files.get(rel)
            if st is None or blobs.get(rel) != blob:
                return False
            if modes[rel] != git_mode(st):
                return False
        return True

    def _pinned_tree(self) -> str:
        """The tree id of the pinned copy as mounted, built once."""
        if self._mount_tree is None:
            cut = len(self.mount) + 1
            self._mount_tree = tree_of_blobs({rel[cut:]: (self.pinned_modes[rel], blob)
                                              for rel, blob in self.pinned.items()}, self.object_format)
        return self._mount_tree

    def _blobs(self, task_id: str, folder: str, listing: Listing) -> dict[str, str]:
        entries = self._entries(task_id)
        index_mtime = self._index.mtime_ns if entries else 0
        out: dict[str, str] = {}
        left: list[str] = []
        for rel, st in listing.files.items():
            e = entries.get(rel)
            if e is not None and e.mode == _mode(st) and gitindex.stat_proves(e, st, index_mtime):
                out[rel] = e.oid.hex()
            else:
                left.append(rel)
        self.from_index += len(out)
        self.hashed += len(left)
        ids = hashing.parallel_map(lambda rel: hashing.git_blob_id_path(os.path.join(folder, rel),
                                                                        self.object_format), left)
        out.update(zip(left, ids))
        return out


def _mode(st: os.stat_result) -> int:
    return 0o100755 if st.st_mode & stat.S_IXUSR else 0o100644
