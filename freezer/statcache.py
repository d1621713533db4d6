"""A local stat cache for verify: skip rehashing files whose stat has not changed.

Keyed on path, inode, size, mtime and ctime. Like git's index, it distrusts "racy"
entries: a file modified within the timestamp granularity of the moment the cache
was written could change again without its stat changing, so such entries are
always rehashed. The cache lives in `.oafreeze-cache/` (never committed) and is only
an accelerator: the gate always rehashes everything.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

from oafreeze.freezer import hashing
from oafreeze.freezer.atomic import replace_atomically

CACHE_DIR = ".oafreeze-cache"
CACHE_FILE = "stat-v1.json"
RACY_NS = 2_000_000_000  # two seconds: coarser than any filesystem we expect


class StatCache:
    """Path -> (stat key, sha256); load, consult, save."""

    def __init__(self, env_root: Path, *, enabled: bool = True):
        self.path = env_root / CACHE_DIR / CACHE_FILE
        self.enabled = enabled
        self.entries: dict[str, list] = {}
        self.written_ns = 0
        self.hits = self.misses = 0
        if enabled and self.path.is_file():
            try:
                data = json.loads(self.path.read_bytes())
                self.entries = data.get("entries", {})
                self.written_ns = int(data.get("written_ns", 0))
            except (ValueError, OSError, AttributeError, TypeError):
                self.entries = {}

    @staticmethod
    def _key(st: os.stat_result) -> list:
        return [st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns]

    def sha256(self, path: Path, rel: str, st: os.stat_result | None = None) -> tuple[str, int]:
        """SHA-256 and size of `path`, from the cache when its stat is unchanged and not racy."""
        st = st or os.lstat(path)
        key = self._key(st)
        hit = self.entries.get(rel) if self.enabled else None
        if hit and hit[:4] == key and st.st_mtime_ns < self.written_ns - RACY_NS \
                and st.st_ctime_ns < self.written_ns - RACY_NS:
            self.hits += 1
            return hit[4], st.st_size
        self.misses += 1
        digest, size = hashing.sha256_file(path)
        after = os.lstat(path)
        if self._key(after) == key:
            self.entries[rel] = key + [digest]
        return digest, size

    def save(self) -> None:
        """Write the cache atomically (best effort: a read-only tree just goes without)."""
        if not self.enabled:
            return
        data = {"written_ns": time.time_ns(), "entries": self.entries}
        try:
            replace_atomically(self.path, json.dumps(data, separators=(",", ":")).encode())
            gitignore = self.path.parent / ".gitignore"
            if not gitignore.exists():
                replace_atomically(gitignore, b"*\n")
        except OSError:
            pass
