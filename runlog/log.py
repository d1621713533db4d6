"""The run log of a freeze: an append-only, hash-chained JSON Lines file.

`manifests/<freeze-id>.runlog.jsonl` holds one entry a line, each the canonical JSON of
`{seq, time, kind, payload, prev, digest}` (an `entries.Entry`): `seq` counts from 1 and equals the line
number, `prev` is the digest of the entry before (GENESIS for the first) and `digest`
is taken over the canonical encoding of the entry without `digest`. A line must be
byte-for-byte the canonical encoding of what it holds, so every single-byte change is
seen. Appends take an exclusive flock on a sidecar `<log>.lock`, re-read and verify
the log, check the entry against the rules (entries.py), then write one whole line
with one write() and fsync (`plumbing.jsonl`). docs/RUNLOG.md gives the design and its limits.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from oafreeze.plumbing import canonical, clock, hashing, jsonl
from oafreeze.plumbing.atomic import replace_atomically, write_new
from oafreeze.plumbing.errors import BadInput, CheckFailed, GitError, Problem
from oafreeze.freezer.lineage import MANIFESTS, check_freeze_id, current_manifest_id
from oafreeze.runlog import entries as rules
from oafreeze.runlog.entries import Entry

GENESIS = "sha256:" + "0" * 64
FIELDS = ("seq", "time", "kind", "payload", "prev", "digest")
DIGEST = re.compile(r"^sha256:[0-9a-f]{64}$")
TIME = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$")
SUFFIX = ".runlog.jsonl"
_DIGEST_PREFIX = len('{"digest":"sha256:",') + 64

# A payload, or a function that builds one from the log's current state under the lock
# (adjudications and replays point at entries that only the locked state can name).
PayloadSource = dict | Callable[["rules.LogState"], dict]


@dataclass
class Report:
    """What `verify` found: every problem with its line, the whole entries, the head."""

    source: str
    entries: list[Entry] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    lines: int = 0
    torn_bytes: int = 0
    exists: bool = True
    state: rules.LogState = field(default_factory=rules.LogState)
    committed: int | None = None  # entries of the version it was checked against (verify_against)

    @property
    def ok(self) -> bool:
        """True when the log verifies."""
        return not self.problems

    @property
    def head(self) -> Entry | None:
        """The last entry of a log that verifies."""
        return self.entries[-1] if self.entries and self.ok else None

    @property
    def repairable(self) -> bool:
        """True when the only damage is a torn final line (a crash mid-append)."""
        return self.torn_bytes > 0 and all(p.rule == "runlog-torn" for p in self.problems)

    def as_dict(self) -> dict:
        """Plain data for --json."""
        head = self.head
        return {"log": self.source, "exists": self.exists, "ok": self.ok, "entries": len(self.entries),
                "lines": self.lines, "head": head.ref() if head else None,
                "torn_bytes": self.torn_bytes, "repairable": self.repairable,
                "problems": [p.as_dict() for p in self.problems]}


# -- the pure core ------------------------------------------------------------------


def entry_digest(entry: dict) -> str:
    """The digest of an entry: over its canonical encoding without `digest`."""
    return canonical.digest({k: v for k, v in entry.items() if k != "digest"})


def next_entry(last: Entry | None, kind: str, payload: dict, time: str | None = None) -> Entry:
    """The entry that follows `last` (None for the first entry)."""
    body = {"seq": last.seq + 1 if last else 1, "time": time or clock.stamp(micro=True), "kind": kind,
            "payload": payload, "prev": last.digest if last else GENESIS}
    return Entry(**body, digest=entry_digest(body))


def entry_line(entry: Entry) -> bytes:
    """The bytes of one log line: the canonical encoding and a newline."""
    return canonical.canonical_bytes(entry.as_dict()) + b"\n"


def parse_line(raw: bytes, line: int, source: str) -> tuple[Entry | None, list[Problem]]:
    """One line's entry, or the problems that stop it being one."""
    def problem(message: str, rule: str, fld: str | None = None) -> list[Problem]:
        return [Problem(source, message, field=fld, rule=rule, line=line)]

    if not raw:
        return None, problem("empty line", "runlog-blank-line")
    try:
        obj = canonical.loads_strict(raw, source)
    except BadInput as exc:
        msg = exc.problems[0].message if exc.problems else exc.message
        return None, problem(msg, "runlog-json")
    if not isinstance(obj, dict):
        return None, problem("not a JSON object", "runlog-entry")
    found: list[Problem] = []
    for name in sorted(set(FIELDS) - obj.keys()):
        found += problem("required field missing", "runlog-entry", name)
    for name in sorted(obj.keys() - set(FIELDS)):
        found += problem("unknown field", "runlog-entry", name)
    if found:
        return None, found
    checks = [
        ("seq", isinstance(obj["seq"], int) and not isinstance(obj["seq"], bool) and obj["seq"] >= 1,
         "must be a positive integer"),
        ("time", isinstance(obj["time"], str) and bool(TIME.match(obj["time"])),
         "must be UTC ISO 8601 ending in Z"),
        ("kind", isinstance(obj["kind"], str) and bool(obj["kind"]), "must be a non-empty string"),
        ("payload", isinstance(obj["payload"], dict), "must be a JSON object"),
        ("prev", isinstance(obj["prev"], str) and bool(DIGEST.match(obj["prev"])), "must be sha256:<64 hex>"),
        ("digest", isinstance(obj["digest"], str) and bool(DIGEST.match(obj["digest"])), "must be sha256:<64 hex>"),
    ]
    for name, good, msg in checks:
        if not good:
            found += problem(msg, "runlog-entry", name)
    if found:
        return None, found
    if canonical.canonical_bytes(obj) != raw:
        found += problem("line is not the canonical encoding of its entry (reformatted or edited)",
                         "runlog-canonical")
    computed = entry_digest(obj)
    if computed != obj["digest"]:
        found += problem(f"digest does not match the entry (computed {computed}): the entry was edited",
                         "runlog-digest", "digest")
    return Entry(**obj, line=line), found


def verify_bytes(data: bytes, source: str, *, check_rules: bool = True) -> Report:
    """Verify a whole log held in memory: every line, the chain, and (optionally) the rules."""
    report = Report(source)
    body, torn = data, b""
    if data and not data.endswith(b"\n"):
        cut = data.rfind(b"\n") + 1
        body, torn = data[:cut], data[cut:]
    lines = body.split(b"\n")[:-1] if body else []
    report.lines = len(lines)
    previous: Entry | None = None
    previous_ok = True  # False when the line before could not be read, so no chain check
    for number, raw in enumerate(lines, start=1):
        entry, problems = parse_line(raw, number, source)
        report.problems += problems
        if entry is None:
            previous, previous_ok = None, False
            continue
        if entry.seq != number:
            report.problems.append(Problem(source, f"seq is {entry.seq} on line {number}: an entry was "
                                           "deleted, duplicated or moved", field="seq", rule="runlog-seq",
                                           line=number))
        expected = GENESIS if number == 1 else (previous.digest if previous else None)
        if previous_ok and expected is not None and entry.prev != expected:
            what = "the genesis value" if number == 1 else f"the digest of line {number - 1}"
            report.problems.append(Problem(source, f"prev is not {what}: the chain is broken here",
                                           field="prev", rule="runlog-chain", line=number))
        report.entries.append(entry)
        previous, previous_ok = entry, True
    if torn:
        report.torn_bytes = len(torn)
        report.problems.append(Problem(
            source, f"last line is incomplete ({len(torn)} bytes, no newline): an append was cut off; "
            "`oafreeze log repair` cuts it back to the last whole entry", rule="runlog-torn",
            line=len(lines) + 1))
    if check_rules and report.entries:
        report.state, found = rules.history_problems(report.entries, source)
        report.problems += found
    report.problems.sort(key=lambda p: (p.line or 0, p.rule or ""))
    return report


def _line_of(data: bytes, offset: int) -> int:
    return data.count(b"\n", 0, offset) + 1


def _describe(lines: list[bytes], first: int) -> str:
    """Committed lines as people name them: 'entry seq 4 (run r-0001)' and how many follow."""
    if not lines:
        return "nothing"
    try:
        obj = json.loads(lines[0])
        payload = obj.get("payload") or {}
        what = payload.get("run_id") or payload.get("criterion") or ""
        head = f"entry seq {obj.get('seq', first)} ({obj.get('kind', '?')}{' ' + what if what else ''})"
    except (ValueError, AttributeError):
        head = f"line {first}"
    return head + (f" and {len(lines) - 1} entr{'y' if len(lines) == 2 else 'ies'} after it" if len(lines) > 1 else "")


def check_append(old: bytes, new: bytes, source: str) -> list[Problem]:
    """Problems unless `new` is `old` plus whole valid entries (the pre-commit check's test)."""
    found: list[Problem] = []
    if not new.startswith(old):
        committed = old.split(b"\n")[:-1] if old.endswith(b"\n") else old.split(b"\n")
        if old.startswith(new):
            kept = new.count(b"\n")
            lost = committed[kept:]
            found.append(Problem(source, f"truncates the committed log: {_describe(lost, kept + 1)} "
                                 f"{'is' if len(lost) == 1 else 'are'} missing ({len(old) - len(new)} bytes); "
                                 "a run log may only be appended to",
                                 rule="runlog-append-only", line=_line_of(new, len(new))))
        else:
            at = next((i for i, (a, b) in enumerate(zip(old, new)) if a != b), min(len(old), len(new)))
            line = _line_of(old, at)
            found.append(Problem(source, f"rewrites the committed log from line {line} on: "
                                 f"{_describe(committed[line - 1:line], line)} differs from what was committed; "
                                 "a run log may only be appended to", rule="runlog-append-only",
                                 line=_line_of(new, at)))
    found += verify_bytes(new, source).problems
    return sorted(found, key=lambda p: (p.line or 0, p.rule or ""))


# -- the file ---------------------------------------------------------------------


def log_path(env_root: str | os.PathLike, freeze_id: str | None = None) -> Path:
    """The run log of `freeze_id` (default: the current freeze) in an environment."""
    root = Path(env_root)
    freeze_id = check_freeze_id(freeze_id) if freeze_id is not None else current_manifest_id(root)
    if not (root / MANIFESTS / f"{freeze_id}.json").is_file():
        raise BadInput.at(str(root / MANIFESTS / f"{freeze_id}.json"), "no such freeze manifest",
                          field="freeze", rule="freeze-exists")
    return root / MANIFESTS / f"{freeze_id}{SUFFIX}"


def lock_path(log: Path) -> Path:
    """The sidecar lock of a log (repair replaces the log, so the log itself cannot be the lock)."""
    return log.with_name(log.name + ".lock")


read = jsonl.read


def verify(path: str | os.PathLike) -> Report:
    """Verify the log file at `path`: every problem, each with its line."""
    path = Path(path)
    report = verify_bytes(read(path), str(path))
    report.exists = path.exists()
    return report


def _linked_entries(data: bytes) -> tuple[Entry | None, rules.LogState] | None:
    """The last entry and the folded state if every line is whole, hashes to its digest and
    links to the one before; None otherwise (then `verify_bytes` says exactly what is wrong).

    Every line we write is canonical, so its fields sit at known places: the digest first
    (and it is the SHA-256 of the line with that member cut out), `prev`, `seq` and `time`
    last. That makes this check a hash and a few slices per line instead of a JSON parse
    and re-encoding, and only entries the rules look at (not notes) are parsed. Appends
    stay fast on a long log; the full check is `verify_bytes`.
    """
    if data and not data.endswith(b"\n"):
        return None
    state = rules.LogState()
    prev = GENESIS.encode()
    last_raw = None
    sha256 = hashing.sha256_bytes
    try:
        for number, raw in enumerate(data.split(b"\n")[:-1], start=1):
            if not raw.startswith(b'{"digest":"sha256:') or raw[82:92] != b'","kind":"':
                return None
            if sha256(b"{" + raw[_DIGEST_PREFIX:]).encode() != raw[18:82]:
                return None
            at = raw.rfind(b',"prev":"')
            tail = raw[at + 9:]
            if at < 0 or tail[:71] != prev or not tail[71:78] == b'","seq"' or \
                    int(tail[79:tail.index(b",", 79)]) != number:
                return None
            prev = raw[11:82]
            last_raw = raw
            if raw[92:97] != b'note"':
                state.apply(Entry(**json.loads(raw), line=number))
        last = Entry(**json.loads(last_raw), line=number) if last_raw is not None else None
    except (ValueError, TypeError, KeyError, AttributeError):
        return None
    return last, state


def append_many(path: str | os.PathLike, items: list[tuple[str, PayloadSource]],
                time: str | None = None) -> list[Entry]:
    """Append entries atomically with respect to other appenders; refuse what the rules refuse.

    Under the lock: re-read the log and check it cheaply (every line whole and linked by
    seq and prev, the tail's digest recomputed; the full check is `verify`, which an O(n)
    re-hash on every append would make quadratic), build each payload from the current
    state, check it against the rules, then write all the new lines with one write() and
    fsync the file (and the folder when the log is new). A log that fails the cheap check
    is not extended, and the error lists what the full check finds.
    """
    path = Path(path)
    with jsonl.open_locked(path, lock_path=lock_path(path)) as log:
        data = log.data
        current = _linked_entries(data)
        if current is None:  # something is off: let the full check decide and explain
            report = verify_bytes(data, str(path))
            if not report.ok:
                hint = " (run `oafreeze log repair`)" if report.repairable else " (run `oafreeze log verify`)"
                raise CheckFailed(f"{path}: the run log does not verify; nothing appended{hint}",
                                  report.problems)
            current = (report.entries[-1] if report.entries else None), report.state
        last, state = current
        new: list[Entry] = []
        for kind, source in items:
            payload = source(state) if callable(source) else source
            refusals = rules.refusals(state, kind, payload, str(path))
            if refusals:
                error = BadInput if all(p.rule == "entry-shape" for p in refusals) else CheckFailed
                raise error(f"{path}: refused {kind} entry", refusals)
            entry = next_entry(last, kind, payload, time)
            state.apply(entry)
            new.append(entry)
            last = entry
        log.append(b"".join(entry_line(e) for e in new))
    return new


def append(path: str | os.PathLike, kind: str, payload: PayloadSource, time: str | None = None) -> Entry:
    """Append one entry (see append_many) and return it."""
    return append_many(path, [(kind, payload)], time)[0]


@dataclass
class Repair:
    """What `repair` did: the bytes cut and where their copy is."""

    log: str
    repaired: bool
    cut_bytes: int = 0
    copy: str | None = None
    entries: int = 0

    def as_dict(self) -> dict:
        """Plain data for --json."""
        return dict(self.__dict__)


def repair(path: str | os.PathLike) -> Repair:
    """Cut a torn final line back to the last whole entry; refuse any other damage.

    The cut bytes are kept in `<log>.torn-<n>` (never overwritten) and the log is replaced
    atomically, under the append lock.
    """
    path = Path(path)
    with jsonl.locked(lock_path(path)):
        data = read(path)
        report = verify_bytes(data, str(path))
        if report.ok:
            return Repair(str(path), False, entries=len(report.entries))
        if not report.repairable:
            raise CheckFailed(f"{path}: refusing to repair: the damage is not a torn last line, so cutting "
                              "would hide an edit; restore the log from git and investigate",
                              [p for p in report.problems if p.rule != "runlog-torn"])
        keep = data[:len(data) - report.torn_bytes]
        n = 1
        while path.with_name(f"{path.name}.torn-{n}").exists():
            n += 1
        copy = write_new(path.with_name(f"{path.name}.torn-{n}"), data[len(keep):])
        replace_atomically(path, keep)
    return Repair(str(path), True, cut_bytes=report.torn_bytes, copy=str(copy), entries=len(report.entries))


# -- anchoring in git ----------------------------------------------------------------


def committed_bytes(env_root: str | os.PathLike, rev: str, path: str | os.PathLike) -> bytes | None:
    """The log as committed at `rev` in the environment's repository (None if not there)."""
    from oafreeze.plumbing.git import Repo

    root = Path(env_root).resolve()
    rel = Path(path).resolve().relative_to(root).as_posix()
    with Repo(root) as repo:
        commit = repo.resolve_commit(rev)
        oid = repo.blob_id_at(commit, rel)
        if oid is None:
            if repo.tree_of(commit, rel) is not None:
                raise GitError.at(rel, f"is a folder at {rev}, not a file", rule="runlog-committed")
            return None
        # cat-file prints the blob as stored: no textconv, no filters (unlike `git show`).
        return repo.read_blob(oid)


def verify_against(env_root: str | os.PathLike, path: str | os.PathLike, rev: str) -> Report:
    """Verify the log and that it extends, byte for byte, the version committed at `rev`.

    `report.committed` is the number of entries committed at `rev` (None: no log there)."""
    path = Path(path)
    old = committed_bytes(env_root, rev, path)
    data = read(path)
    report = verify_bytes(data, str(path))
    report.exists = path.exists()
    if old is not None:
        report.committed = old.count(b"\n")
        extra = [p for p in check_append(old, data, str(path)) if p.rule == "runlog-append-only"]
        report.problems = sorted(report.problems + extra, key=lambda p: (p.line or 0, p.rule or ""))
    return report
