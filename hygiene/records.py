"""The audit's two append-only logs: results bound to tree ids, and reasoned waivers.

`<env>/audit/records.jsonl` holds one canonical-JSON line per task audit and
`<env>/audit/waivers.jsonl` one line per waiver. Each line carries the digest of its
own content, so an edited line is detected. Lines are appended whole: one write(2) of
the full lines (one audit run's, together) to a file opened O_APPEND, under an exclusive
fcntl lock, then fsync.
A final line without its newline (a writer killed mid-write) is ignored on read and cut
before the next append.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from oafreeze.plumbing.version import __version__
from oafreeze.plumbing.errors import BadInput, Problem
from oafreeze.plumbing import canonical, clock, jsonl
from oafreeze.hygiene.finding import BLOCKING, Finding

AUDIT_DIR = "audit"
RECORDS = f"{AUDIT_DIR}/records.jsonl"
WAIVERS = f"{AUDIT_DIR}/waivers.jsonl"


now = clock.stamp


class Waiver(BaseModel):
    """A reasoned waiver of one item's non-blocking findings on one exact tree of one task."""

    model_config = ConfigDict(extra="forbid")

    task: str
    item: str
    reason: str = Field(min_length=1)
    by: str = Field(min_length=1)
    tree: str
    time: str
    digest: str = ""

    def covers(self, finding: Finding, tree: str) -> bool:
        """Whether this waiver lifts `finding` for a task now at `tree` (never a blocker, never a stale tree)."""
        return (self.task == finding.task and self.item == finding.item and self.tree == tree
                and finding.severity != "blocker")


class Record(BaseModel):
    """One audit of one task, bound to the tree id it read."""

    model_config = ConfigDict(extra="forbid")

    task: str
    tree: str
    passed: bool
    findings: list[Finding]
    tool_version: str = __version__
    time: str
    digest: str = ""


def passed(findings: list[Finding], waivers: list[Waiver], tree: str) -> bool:
    """No blocker, and every major finding covered by a waiver on this tree."""
    return all(f.severity not in BLOCKING or any(w.covers(f, tree) for w in waivers) for f in findings)


def _sealed(entry: BaseModel) -> dict:
    data = entry.model_dump(mode="json")
    data.pop("digest", None)
    data["digest"] = canonical.digest(data)
    return data


def append(env_root: Path, log: str, entry: Record | Waiver) -> dict:
    """Append one entry, sealed with its digest, as one whole line; returns what was written."""
    return append_all(env_root, log, [entry])[0]


def append_all(env_root: Path, log: str, entries: list[Record] | list[Waiver]) -> list[dict]:
    """Append entries, each sealed with its digest on a line of its own, in one write and one
    fsync (an audit of 1,750 tasks writes its records at once, not in 1,750 rounds of open, read
    and fsync); returns what was written. A write cut short leaves whole lines, each a complete
    entry, and at most one torn final line, which is never read and is cut before the next append."""
    if not entries:
        return []
    sealed = [_sealed(entry) for entry in entries]
    lines = b"".join(canonical.canonical_bytes(data) + b"\n" for data in sealed)
    path = env_root / log
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise BadInput.at(log, f"cannot create the audit folder: {exc.strerror}", rule="writable") from None
    with jsonl.open_locked(path) as opened:
        # A final line without its newline was never completed (its writer died before the
        # one write finished); it was never an entry, so it is cut before these.
        opened.append(lines, keep=jsonl.whole_lines(opened.data))
    return sealed


def _read(env_root: Path, log: str, model: type[BaseModel]) -> list:
    raw = jsonl.read(env_root / log)
    if not raw:
        return []
    lines = raw.split(b"\n")
    if lines and lines[-1] != b"":
        lines[-1] = b""  # torn final line: never completed, never counted
    out, problems = [], []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            data = canonical.loads_strict(line, log)
            entry = model.model_validate(data)
        except BadInput as exc:
            problems.append(Problem(log, exc.problems[0].message if exc.problems else exc.message, line=number,
                                    rule="jsonl"))
            continue
        except ValidationError as exc:
            problems.append(Problem(log, f"not a valid entry: {exc.errors()[0]['msg']}", line=number,
                                    field=".".join(map(str, exc.errors()[0]["loc"])), rule="entry-schema"))
            continue
        body = dict(data)
        body.pop("digest", None)
        if data.get("digest") != canonical.digest(body):
            problems.append(Problem(log, "entry does not match its digest: the line was edited", line=number,
                                    field="digest", rule="self-digest"))
            continue
        out.append(entry)
    if problems:
        raise BadInput(f"{log}: unreadable audit log", problems)
    return out


def read_records(env_root: Path) -> list[Record]:
    """Every audit record, oldest first."""
    return _read(env_root, RECORDS, Record)


def read_waivers(env_root: Path) -> list[Waiver]:
    """Every waiver, oldest first."""
    return _read(env_root, WAIVERS, Waiver)
