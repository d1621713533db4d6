"""A local stat cache for verify: skip rehashing task folders whose files' stat has not changed.

One entry per task folder: a fingerprint of every file's path, inode, size, mtime, ctime
and mode (`hashing.stat_fingerprint`), and the fingerprint of the expected content the
folder was proved to hold at that moment. One entry a folder keeps the cache small (a
few kilobytes for thousands of tasks), where one a file would cost more to load than git
spends on `git status`.

Like git's index, it distrusts "racy" entries: a file modified within the timestamp
granularity of the moment it was read could change again without its stat changing, so
an entry is trusted only if every file in the folder is older, by a margin, than the
walk that recorded it. The cache lives in `.oafreeze-cache/` (never committed) and is
only an accelerator: the gate always rehashes everything.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from oafreeze.plumbing import hashing
from oafreeze.plumbing.atomic import replace_atomically

CACHE_DIR = ".oafreeze-cache"
CACHE_FILE = "stat-v2.json"
RACY_NS = 2_000_000_000  # two seconds: coarser than any filesystem we expect


class StatCache:
    """Folder -> (stat fingerprint, proved content fingerprint, when walked); load, consult, save."""

    def __init__(self, env_root: Path, *, enabled: bool = True):
        self.path = env_root / CACHE_DIR / CACHE_FILE
        self.enabled = enabled
        self.entries: dict[str, list] = {}
        self.dirty = False
        self.hits = self.misses = 0
        if enabled and self.path.is_file():
            try:
                data = json.loads(self.path.read_bytes())
                self.entries = {k: v for k, v in data.get("entries", {}).items()
                                if isinstance(v, list) and len(v) == 3}
            except (ValueError, OSError, AttributeError, TypeError):
                self.entries = {}

    def proved(self, key: str, stats: dict[str, os.stat_result], content: str) -> bool:
        """True when the folder `key` holds exactly these stats, already proved to hold `content`."""
        if not self.enabled:
            return False
        hit = self.entries.get(key)
        if hit is not None:
            fp, newest = hashing.stat_fingerprint(stats)
            if hit[0] == fp and hit[1] == content and newest < hit[2] - RACY_NS:
                self.hits += 1
                return True
        self.misses += 1
        return False

    def record(self, key: str, stats: dict[str, os.stat_result], content: str, walked_ns: int) -> None:
        """Remember that the folder, with these stats (taken at `walked_ns` or later), held `content`."""
        if not self.enabled:
            return
        fp, _newest = hashing.stat_fingerprint(stats)
        if self.entries.get(key) != [fp, content, walked_ns]:
            self.entries[key] = [fp, content, walked_ns]
            self.dirty = True

    def forget(self, key: str) -> None:
        """Drop the entry of a folder that no longer matches."""
        if self.entries.pop(key, None) is not None:
            self.dirty = True

    def save(self) -> None:
        """Write the cache atomically when it changed (best effort: a read-only tree just goes without)."""
        if not self.enabled or not self.dirty:
            return
        data = {"version": 2, "entries": self.entries}
        try:
            replace_atomically(self.path, json.dumps(data, separators=(",", ":"), sort_keys=True).encode())
            gitignore = self.path.parent / ".gitignore"
            if not gitignore.exists():
                replace_atomically(gitignore, b"*\n")
        except OSError:
            pass
