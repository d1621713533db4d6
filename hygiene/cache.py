"""The audit's on-disk cache: what it learned about each distinct content, each task folder's
tree, and each task's findings, so that nothing unchanged is read or analysed twice.

It lives in `<env>/.oafreeze-cache/audit-v1.sqlite` (the folder of `freezer/statcache.py`:
never committed, safe to delete) and holds three tables, each keyed so that a stale entry
can never be found:

- `content`: a document's extraction (its text, its parts, or why it has none), keyed by the
  git blob id of its bytes and the audit's code version; and the pinned knowledge base's index,
  keyed by the snapshot, the mount and the code version;
- `tree`: a task folder's tree id and the blob ids of its files, keyed by the folder and
  trusted only when the stat data of every file is unchanged and older, by a margin, than the
  walk that recorded it (the racy-git rule);
- `result`: a task's findings and not-applicable items, keyed by its tree id, the pinned
  snapshot, the mount, the day (items compare dates with today) and the code version.

Every entry is sealed with an HMAC under a key that lives outside the environment (in the
user's cache folder). A cache committed into an environment, or edited by hand, fails its
seal and is ignored: an audit result can come only from this machine's own earlier audit of
the same bytes by the same code. Without a place for the key, or when the database cannot be
opened, the cache is simply off; results never depend on it.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
import sqlite3
import zlib
from functools import lru_cache
from pathlib import Path

CACHE_DIR = ".oafreeze-cache"
CACHE_FILE = "audit-v1.sqlite"
KEY_FILE = "audit-cache.key"
RACY_NS = 2_000_000_000  # as freezer/statcache.py: coarser than any filesystem we expect


@lru_cache(maxsize=1)
def code_version() -> str:
    """A digest of the audit's own code and of the code it reads documents with: any change
    to either makes every cached analysis and result unreachable."""
    import pypdf

    import oafreeze.corpus as corpus
    import oafreeze.environment as environment
    import oafreeze.hygiene as hygiene
    import oafreeze.plumbing as plumbing
    from oafreeze.plumbing.version import __version__

    h = hashlib.sha256(f"{__version__}\0pypdf {pypdf.__version__}\0".encode())
    for package in (hygiene, corpus, environment, plumbing):
        root = Path(package.__file__).parent
        for path in sorted(root.rglob("*.py")):
            h.update(path.relative_to(root).as_posix().encode() + b"\0")
            h.update(path.read_bytes())
    return h.hexdigest()


def _key_dir() -> Path | None:
    base = os.environ.get("XDG_CACHE_HOME") or (os.path.join(os.path.expanduser("~"), ".cache")
                                                if os.path.expanduser("~") != "~" else None)
    return Path(base) / "oafreeze" if base else None


def _machine_key() -> bytes | None:
    """The key that seals cache entries, created on first use (None: nowhere to keep it)."""
    folder = _key_dir()
    if folder is None:
        return None
    path = folder / KEY_FILE
    try:
        data = path.read_bytes()
        if len(data) >= 32:
            return data
    except OSError:
        pass
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as fh:
            fh.write(secrets.token_bytes(32))
        return path.read_bytes()
    except FileExistsError:
        try:
            data = path.read_bytes()
            return data if len(data) >= 32 else None
        except OSError:
            return None
    except OSError:
        return None


class AuditCache:
    """Get and put sealed entries; every failure to read or write is a miss, never an error."""

    def __init__(self, env_root: Path, *, enabled: bool = True, collect: bool = False):
        """`collect`: read the database, but keep what is put in memory (`take_collected`) for
        another process to write: a worker of a parallel audit."""
        self.path = Path(env_root) / CACHE_DIR / CACHE_FILE
        self.version = code_version()
        self.hits = self.misses = 0
        self._db: sqlite3.Connection | None = None
        self._pending = 0
        self._collected: dict[tuple[str, str], object] | None = {} if collect else None
        self._key = _machine_key() if enabled else None
        if self._key is None:
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            gitignore = self.path.parent / ".gitignore"
            if not gitignore.exists():
                gitignore.write_bytes(b"*\n")
            db = sqlite3.connect(self.path, timeout=30, isolation_level=None, check_same_thread=False)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")
            for table in ("content", "tree", "result"):
                db.execute(f"CREATE TABLE IF NOT EXISTS {table} (k TEXT PRIMARY KEY, v BLOB NOT NULL)")
            if self._collected is None:
                db.execute("BEGIN")
            self._db = db
        except (OSError, sqlite3.Error):
            self._db = None

    @property
    def enabled(self) -> bool:
        """Whether entries are read and written."""
        return self._db is not None

    def _seal(self, table: str, key: str, payload: bytes) -> bytes:
        return hmac.new(self._key, table.encode() + b"\0" + key.encode() + b"\0" + payload, "sha256").digest()

    def get(self, table: str, key: str):
        """The value stored under `key`, or None (absent, unsealed, unreadable)."""
        if self._db is None:
            return None
        if self._collected is not None and (table, key) in self._collected:
            self.hits += 1
            return self._collected[(table, key)]
        try:
            row = self._db.execute(f"SELECT v FROM {table} WHERE k = ?", (key,)).fetchone()
        except sqlite3.Error:
            row = None
        if row is None or not isinstance(row[0], bytes) or len(row[0]) < 32:
            self.misses += 1
            return None
        seal, payload = row[0][:32], row[0][32:]
        if not hmac.compare_digest(seal, self._seal(table, key, payload)):
            self.misses += 1
            return None
        try:
            value = json.loads(zlib.decompress(payload))
        except (zlib.error, ValueError):
            self.misses += 1
            return None
        self.hits += 1
        return value

    def put(self, table: str, key: str, value) -> None:
        """Store `value` (JSON) under `key`; written at the latest when the cache is closed."""
        if self._db is None:
            return
        if self._collected is not None:
            self._collected[(table, key)] = value
            return
        payload = zlib.compress(json.dumps(value, separators=(",", ":")).encode(), 1)
        try:
            self._db.execute(f"INSERT OR REPLACE INTO {table} (k, v) VALUES (?, ?)",
                             (key, self._seal(table, key, payload) + payload))
            self._pending += 1
            if self._pending >= 500:
                self.flush()
        except sqlite3.Error:
            pass

    def take_collected(self) -> list[tuple[str, str, object]]:
        """What was put since the last call (collecting caches only), and forget it."""
        out = [(table, key, value) for (table, key), value in (self._collected or {}).items()]
        if self._collected is not None:
            self._collected.clear()
        return out

    def flush(self) -> None:
        """Commit what was put so far."""
        if self._db is None or self._collected is not None:
            return
        try:
            self._db.execute("COMMIT")
            self._db.execute("BEGIN")
            self._pending = 0
        except sqlite3.Error:
            pass

    def close(self) -> None:
        """Commit and close (best effort: a read-only tree just goes without)."""
        if self._db is None:
            return
        try:
            self._db.execute("COMMIT")
        except sqlite3.Error:
            pass
        try:
            self._db.close()
        except sqlite3.Error:
            pass
        self._db = None


def digest(*parts: str) -> str:
    """A cache key from its parts."""
    return hashlib.sha256("\0".join(parts).encode("utf-8", "surrogateescape")).hexdigest()
