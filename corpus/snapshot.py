"""Pin a knowledge-base library at a commit, reading only git's objects.

The working tree of the library is never read, so uncommitted edits cannot leak into
a snapshot. Every file under a kind's root is hashed (each distinct blob once),
classified by the corpus profile and accounted for.
"""

from __future__ import annotations

import unicodedata
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, field_validator

from oafreeze.plumbing.version import __version__
from oafreeze.corpus import documents as docs
from oafreeze.corpus.profile import KINDS, Profile
from oafreeze.plumbing.errors import BadInput, Problem, ProblemList
from oafreeze.plumbing import canonical, hashing
from oafreeze.plumbing.git import Repo
from oafreeze.plumbing.paths import check_relative_path
from oafreeze.plumbing.sealed import Sealed, unseal

SCHEMA = "oafreeze.snapshot/2"
# Schema version -> how its digest is taken (version 1 predates RFC 8785; see canonical).
VERSIONS = {SCHEMA: canonical.digest, "oafreeze.snapshot/1": canonical.legacy_digest}
MODES = {"100644", "100755"}


class SnapshotFile(BaseModel):
    """One file of the library as pinned: where, what, how big, which git blob."""

    model_config = ConfigDict(extra="forbid")

    path: str
    sha256: str
    size: int
    mode: str
    blob: str
    document: str | None = None

    # A snapshot file may come from someone else: its paths are written under a workspace
    # by `materialize`, so one that climbs out ('..', absolute, NUL) is refused on load.
    _safe_path = field_validator("path")(lambda cls, v: check_relative_path(v))


class KindRoot(BaseModel):
    """A kind's root folder at the pinned commit (tree None: not there at that commit)."""

    model_config = ConfigDict(extra="forbid")

    root: str
    tree: str | None


class ProfileRef(BaseModel):
    """Which profile classified the library, and a digest of its exact text."""

    model_config = ConfigDict(extra="forbid")

    name: str
    sha256: str


class SnapshotProblem(BaseModel):
    """A validation problem recorded in the snapshot."""

    model_config = ConfigDict(extra="forbid")

    path: str
    message: str
    field: str | None = None
    rule: str | None = None
    line: int | None = None
    column: int | None = None


class Snapshot(Sealed):
    """A library pinned at one commit: files, documents, inventory, coverage."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    schema_: str = Field(SCHEMA, alias="schema")
    tool_version: str
    source: str
    commit: str
    object_format: str
    library_root: str = ""
    root_tree: str
    profile: ProfileRef
    kinds: dict[str, KindRoot]
    files: list[SnapshotFile]
    documents: list[docs.Document]
    inventory: dict[str, int]
    coverage: dict[str, dict[str, list[str]]]
    problems: list[SnapshotProblem] = Field(default_factory=list)


def load_snapshot(data: bytes, source: str) -> Snapshot:
    """Read a snapshot file and check its self-digest."""
    return snapshot_from_data(canonical.loads_strict(data, source), source)


def snapshot_from_data(raw, source: str) -> Snapshot:
    """Validate already-parsed snapshot data and its self-digest (either schema version)."""
    return unseal(Snapshot, raw, source, VERSIONS, "snapshot")


def take_snapshot(repo: Repo, rev: str, profile: Profile, profile_bytes: bytes, *,
                  root: str = "", source: str | None = None) -> Snapshot:
    """Pin the library in `repo` at `rev`; raise BadInput for anything unsafe or unreadable."""
    commit = repo.resolve_commit(rev)
    root = root.strip("/")
    root_tree = repo.tree_of(commit, root)
    if root_tree is None:
        raise BadInput.at(f"{repo.path}@{commit[:12]}", f"no folder {root!r} at this commit",
                          field="root", rule="root-exists")
    prefix = f"{root}/" if root else ""
    kinds = {kind: KindRoot(root=rule.root, tree=repo.tree_of(commit, prefix + rule.root))
             for kind, rule in profile.kinds.items()}
    for kind in KINDS:
        kinds.setdefault(kind, KindRoot(root="", tree=None))

    bad = ProblemList()
    entries = []
    for kind, info in kinds.items():
        if info.tree is None:
            continue
        for entry in repo.ls_tree(commit, prefix + info.root):
            rel = entry.path[len(prefix):]
            if entry.mode == "120000":
                bad.add(rel, "is a symlink; a library may not contain symlinks", rule="no-symlinks")
            elif entry.mode == "160000" or entry.type != "blob":
                bad.add(rel, "is a submodule; a library must be self-contained", rule="no-submodules")
            elif entry.mode not in MODES:
                bad.add(rel, f"unexpected git mode {entry.mode}", rule="file-mode")
            elif unicodedata.normalize("NFC", rel) != rel:
                bad.add(rel, "file name is not NFC-normalized", rule="nfc-names")
            else:
                entries.append((rel, entry))
    where = f"{source or repo.path}@{commit[:12]}"
    bad.raise_if_any(f"{where}: library refused")

    digests: dict[str, tuple[str, int]] = {}
    for _rel, entry in entries:
        if entry.oid not in digests:
            digests[entry.oid] = hashing.sha256_chunks(repo.iter_blob(entry.oid))

    paths = [rel for rel, _ in entries]
    by_path = {rel: entry for rel, entry in entries}
    cls = docs.classify(profile, paths)
    problems: list[Problem] = []
    documents = []
    owner: dict[str, str] = {}
    for doc_id, (kind, files) in sorted(cls.documents.items()):
        doc, found = docs.describe(profile, kind, doc_id, files,
                                   lambda p: repo.read_blob(by_path[p].oid))
        documents.append(doc)
        problems.extend(found)
        for f in files:
            owner[f] = doc_id
    for path in cls.unclaimed:
        problems.append(Problem(path, "no rule of the profile claims this file", rule="claimed"))
    problems.extend(docs.check_unique(profile, documents))

    files = [SnapshotFile(path=rel, sha256=digests[e.oid][0], size=digests[e.oid][1], mode=e.mode,
                          blob=e.oid, document=owner.get(rel))
             for rel, e in sorted(entries, key=lambda re_: re_[0].encode("utf-8"))]
    snap = Snapshot(
        tool_version=__version__, source=source or Path(repo.path).name, commit=commit, object_format=repo.object_format,
        library_root=root, root_tree=root_tree,
        profile=ProfileRef(name=profile.name, sha256=hashing.sha256_bytes(profile_bytes)),
        kinds=dict(sorted(kinds.items())), files=files, documents=documents,
        inventory=docs.inventory(documents), coverage=docs.coverage(documents),
        problems=[SnapshotProblem(**p.as_dict()) for p in
                  sorted(problems, key=lambda p: (p.path.encode("utf-8"), p.line or 0, p.field or ""))],
    )
    return snap.sealed()


def parse_expect(text: str) -> dict[str, int]:
    """`practice-guide=127,template=176` as a dict; errors name the bad part."""
    out: dict[str, int] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        kind, sep, count = part.partition("=")
        kind = kind.strip()
        if not sep or kind not in KINDS or not count.strip().isdigit():
            raise BadInput.at("--expect", f"{part!r} is not KIND=N with KIND one of {', '.join(KINDS)}",
                              field="expect", rule="expect-format")
        out[kind] = int(count)
    return out


def expectation_gaps(snap: Snapshot, expect: dict[str, int]) -> list[dict]:
    """Per kind where the inventory differs from what was expected: expected, found, difference."""
    return [{"kind": kind, "expected": n, "found": snap.inventory.get(kind, 0),
             "difference": snap.inventory.get(kind, 0) - n}
            for kind, n in expect.items() if snap.inventory.get(kind, 0) != n]
