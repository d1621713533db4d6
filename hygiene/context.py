"""What every item is handed: one task, its files, the pinned snapshot, its family."""

from __future__ import annotations

import datetime as dt
import os
import posixpath
import re
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from oafreeze.corpus import formats
from oafreeze.corpus.snapshot import Snapshot
from oafreeze.environment.task import TASK_FILE, WORKSPACE, Extension, LoadedTask, Task
from oafreeze.hygiene.cache import AuditCache, digest
from oafreeze.hygiene.finding import Finding
from oafreeze.plumbing import clock
from oafreeze.plumbing.errors import BadInput
from oafreeze.plumbing.hashing import git_blob_id
from oafreeze.plumbing.tree import Listing, walk

# The audit reads task documents whole; nothing a task hands an agent should be near this.
MAX_INSPECT = 64 << 20


class ContentStore:
    """Each distinct content's extraction, read once: from the audit cache when this code has
    seen these bytes before (keyed by their blob id), else extracted and remembered. Plain text
    is not remembered: decoding it again costs less than compressing, sealing and storing it
    (at LAB scale, hundreds of megabytes through the caller's process on a cold run)."""

    def __init__(self, cache: AuditCache | None = None, object_format: str = "sha1",
                 known: frozenset[str] = frozenset()):
        self.cache = cache
        self.object_format = object_format
        self.known = known  # SHA-256 of every pinned knowledge-base file: an attachment that is one is a copy
        self.extracted = self.reused = 0

    def extraction(self, f: "WorkspaceFile") -> formats.Extraction:
        """What `f` holds, an attachment or member that copies a pinned knowledge-base file left
        out (see `without_copies`)."""
        return without_copies(self._extraction(f), self.known)

    def _extraction(self, f: "WorkspaceFile") -> formats.Extraction:
        """What `f` holds (its bytes are read only when the cache does not know them)."""
        key = None
        if self.cache is not None and self.cache.enabled and f.blob and formats.parsed(f.rel):
            key = digest("content", self.cache.version, f.blob, formats.extension(f.rel))
            hit = self.cache.get("content", key)
            if isinstance(hit, dict) and isinstance(hit.get("status"), str):
                self.reused += 1
                return formats.Extraction(hit["status"], hit.get("text"), tuple(tuple(p) for p in hit.get("parts", ())),
                                          hit.get("problem"), tuple(tuple(p) for p in hit.get("sources", ())))
        data = f.data
        if data is None:
            return formats.Extraction(formats.UNREADABLE, problem="cannot be read" if not f.too_large else None)
        found = formats.extract(f.rel, data)
        self.extracted += 1
        if key is not None:
            self.cache.put("content", key, {"status": found.status, "text": found.text,
                                            "parts": [list(p) for p in found.parts], "problem": found.problem,
                                            "sources": [list(p) for p in found.sources]})
        return found

    def created(self, f: "WorkspaceFile") -> formats.Stamp | None:
        """The creation stamp `f`'s own metadata holds (formats.created), read once for its bytes and
        remembered beside its extraction."""
        key = None
        if self.cache is not None and self.cache.enabled and f.blob:
            key = digest("created", self.cache.version, f.blob, formats.extension(f.rel))
            hit = self.cache.get("content", key)
            if isinstance(hit, list):
                day = _iso_day(hit[1]) if len(hit) == 2 and isinstance(hit[1], str) else None
                return formats.Stamp(str(hit[0]), day) if day else None
        stamp = formats.created(f.rel, f.data) if f.data is not None else None
        if key is not None:
            self.cache.put("content", key, [stamp.field, stamp.day.isoformat()] if stamp else [])
        return stamp


def _iso_day(text: str) -> dt.date | None:
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        return None


COPY_MARK = "(a copy of a file of the pinned knowledge base)"


def without_copies(found: formats.Extraction, known: frozenset[str]) -> formats.Extraction:
    """`found` with the lines of each attachment or archive member whose bytes are a pinned
    knowledge-base file's replaced by COPY_MARK and blank lines (line numbers kept): a zip of the
    library's checklists, or a guide attached to an e-mail, hands the agent nothing the mounted
    library does not, and is judged as the library is, not as material written for the task."""
    copies = [label for label, sha in found.sources if sha in known]
    if not copies or found.text is None:
        return found
    lines = found.text.split("\n")
    for label, first, end in found.spans():
        if any(label == c or label.startswith(c + " ") for c in copies):
            lines[first - 1:end - 1] = [COPY_MARK] + [""] * (end - first - 1)
    return formats.Extraction(found.status, "\n".join(lines), found.parts, found.problem, found.sources)


@dataclass
class WorkspaceFile:
    """A regular file in a task folder; its bytes and text are read once, on first use."""

    rel: str  # relative to the task folder: "documents/facts.md"
    path: str | Path  # a str when listed: a thousand knowledge-base files a task, no Path each
    size: int
    in_kb: bool = False
    blob: str | None = None  # its git blob id, as the audited tree holds it
    kb_copy: bool = False  # outside the mount, byte for byte a pinned knowledge-base file
    store: ContentStore | None = None

    @property
    def too_large(self) -> bool:
        """Larger than the audit reads into memory (its name and size are still checked)."""
        return self.size > MAX_INSPECT

    @cached_property
    def data(self) -> bytes | None:
        """The file's bytes (None if it cannot be read or is too large); a symlink is never followed.

        When the tree the audit is bound to gave this file a blob id, the bytes read must be that
        blob: a file changed in between is refused, not analysed under the wrong tree."""
        if self.too_large:
            return None
        try:
            fd = os.open(self.path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
            with os.fdopen(fd, "rb") as fh:
                data = fh.read()
        except OSError:
            return None
        if self.blob and git_blob_id(data, "sha256" if len(self.blob) == 64 else "sha1") != self.blob:
            raise BadInput.at(str(self.path), "changed while it was audited", rule="readable")
        return data

    @cached_property
    def extraction(self) -> formats.Extraction:
        """What the document holds, read once: its text part by part, or why it has none."""
        if self.store is not None:
            return self.store.extraction(self)
        if self.data is None:
            return formats.Extraction(formats.UNREADABLE, problem="cannot be read" if not self.too_large else None)
        return formats.extract(self.rel, self.data)

    @cached_property
    def created(self) -> formats.Stamp | None:
        """The day its own metadata says it was created (a .docx's core properties, a PDF's
        /CreationDate, a photo's EXIF), or None; read once."""
        if formats.extension(self.rel) not in formats.STAMPED or self.too_large:
            return None
        if self.store is not None:
            return self.store.created(self)
        return formats.created(self.rel, self.data) if self.data is not None else None

    @property
    def text(self) -> str | None:
        """Readable text (PDF, Office and e-mail flattened to lines), or None for binaries and unreadable files."""
        return self.extraction.text

    @property
    def own_text(self) -> str | None:
        """The text of the file itself, without the documents it carries (a data file's base64 documents,
        read after it): what a JSON or YAML reader parses."""
        text = self.extraction.text
        parts = self.extraction.parts
        if text is None or not parts or parts[0][1] == 1:
            return text
        return "\n".join(text.split("\n")[:parts[0][1] - 1])

    def where(self, line: int | None) -> str:
        """`page 3` / `sheet Fees` / `word/footnotes.xml` for a line of a document with parts ('' otherwise)."""
        part = self.extraction.part_at(line) if line else None
        return f" ({part})" if part else ""

    @cached_property
    def name(self) -> str:
        """Path inside the workspace (what the agent sees): "facts.md"."""
        return self.rel[len(WORKSPACE) + 1:] if self.rel.startswith(WORKSPACE + "/") else self.rel


@dataclass(frozen=True)
class BrokenSpec:
    """A family spec that does not validate: its instances are reported (FAM), the run goes on."""

    source: str
    error: BadInput


@dataclass
class TaskContext:
    """One task as an item sees it. Items read it; they never write."""

    env_root: Path
    loaded: LoadedTask
    files: list[WorkspaceFile]
    symlinks: list[str]
    snapshot: Snapshot | None = None
    kb_mount: str = "documents/knowledge-base"
    siblings: list["TaskContext"] = field(default_factory=list)
    today: dt.date = field(default_factory=clock.today)
    cache: dict = field(default_factory=dict)  # shared by one audit run (the knowledge base's index, ...)
    families: dict = field(default_factory=dict)  # family name -> its spec (freezer.family.Family)
    knowledge: object = None  # a callable giving the run's KnowledgeIndex of the pinned knowledge base
    listing: Listing | None = None  # the walk that listed `files` (stat data, link targets)
    pin_commit: str | None = None  # the commit oafreeze.yaml pins the knowledge base at
    kb_exact: bool = False  # the tree's read proved the mount holds exactly the pinned copy (trees.py)

    @property
    def task_id(self) -> str:
        """The task's id (its folder's path under tasks/)."""
        return self.loaded.id

    @property
    def task(self) -> Task:
        """The validated task.json."""
        return self.loaded.task

    @property
    def ext(self) -> Extension:
        """The `oafreeze` extension (empty when absent)."""
        return self.loaded.task.ext

    @property
    def has_block(self) -> bool:
        """Whether task.json carries oafreeze's own block (LAB's plain tasks do not)."""
        return self.loaded.task.oafreeze is not None

    @property
    def folder(self) -> Path:
        """tasks/<id> on disk."""
        return self.env_root / "tasks" / self.task_id

    @cached_property
    def task_json_text(self) -> str:
        """task.json as written (for line numbers and whole-task scans)."""
        return (self.folder / TASK_FILE).read_bytes().decode("utf-8", "replace")

    @cached_property
    def workspace(self) -> list[WorkspaceFile]:
        """Every file the agent sees, the knowledge base included."""
        return [f for f in self.files if f.rel.startswith(WORKSPACE + "/")]

    @cached_property
    def task_files(self) -> list[WorkspaceFile]:
        """The workspace files written for this task: outside the knowledge base, and not a copy of
        one of its pinned files (which hands the agent nothing the mount does not)."""
        return [f for f in self.workspace if not f.in_kb and not f.kb_copy]

    @cached_property
    def kb_files(self) -> list[WorkspaceFile]:
        """The materialized knowledge base."""
        return [f for f in self.workspace if f.in_kb]

    @cached_property
    def pinned_blobs(self) -> dict[str, str]:
        """Workspace path -> the blob id the pinned snapshot gives it (empty when nothing is pinned)."""
        if self.snapshot is None:
            return {}
        return {f"{self.kb_mount}/{f.path}": f.blob for f in self.snapshot.files if f.blob}

    def pinned(self, f: WorkspaceFile) -> bool:
        """Whether a knowledge-base file holds exactly the pinned snapshot's content."""
        expected = self.pinned_blobs.get(f.rel)
        if expected is None:
            return False
        if f.blob:
            return f.blob == expected
        return f.data is not None and git_blob_id(f.data, "sha256" if len(expected) == 64 else "sha1") == expected

    def kb_deviations(self) -> list[WorkspaceFile]:
        """Knowledge-base files that are not byte for byte the pinned snapshot's (added or edited for
        this task); every one of them when nothing is pinned."""
        if self.kb_exact:
            return []
        return [f for f in self.kb_files if not self.pinned(f)]

    def knowledge_index(self):
        """The run's index of the pinned knowledge base (None when nothing is pinned or materialized)."""
        return self.knowledge(self) if callable(self.knowledge) else None

    def file(self, name: str) -> WorkspaceFile | None:
        """A workspace file by its workspace path ("facts.md"; "documents/facts.md" and "./documents/facts.md"
        are accepted too)."""
        by_rel = self.__dict__.setdefault("_by_rel", {f.rel: f for f in self.files})
        if "./" in name or name.endswith("/."):  # "./documents/facts.md" names the same file; ".." climbs out
            name = posixpath.normpath(name)
            if name == ".." or name.startswith(("../", "/")):
                return None
        return by_rel.get(f"{WORKSPACE}/{name}") or (by_rel.get(name) if name.startswith(WORKSPACE + "/") else None)

    @cached_property
    def saved_in_parts(self) -> list["SavedInParts"]:
        """Task documents saved in parts ("note (part 1 of 2).md", "check-p1.md", "check-p2.md"),
        each read as the one document its parts make, in part order."""
        groups: dict[str, list[tuple[int, WorkspaceFile]]] = {}
        for f in self.task_files:
            m = _PART.search(f.name)
            if m and f.text:
                # One document's parts may be saved in different formats ("part 1 of 2.docx", "part 2 of 2.odt").
                key = f.name[:m.start()].casefold()
                groups.setdefault(key, []).append((int(m.group("n") or m.group("m")), f))
        out = []
        for parts in groups.values():
            numbers = sorted(n for n, _ in parts)
            if len(parts) >= 2 and numbers == list(range(numbers[0], numbers[0] + len(numbers))):
                ordered = [f for _, f in sorted(parts, key=lambda p: p[0])]
                out.append(SavedInParts(ordered[0].rel, ordered))
        return out

    def finding(self, item: str, severity: str, path: str, message: str, fix: str, *,
                location: int | str | None = None, evidence: str = "") -> Finding:
        """A finding about this task."""
        return Finding(item=item, severity=severity, task=self.task_id, path=path, location=location,
                       evidence=evidence, message=message, fix=fix)


# A part number in a file name, before its extension: "(part 1 of 2)", "part-2", "_pt3", "-p1", "page 2",
# "(1 of 3)", "Teil 2", "parte 1".
_PART = re.compile(r"[\s_.-]*[(\[]?(?<![A-Za-z0-9])(?:(?:part|pt|page|pg|p|teil|parte|partie)[\s_.-]*(?P<n>\d{1,3})"
                   r"(?:[\s_-]*(?:of|von|de|sur|/)[\s_-]*\d{1,3})?|(?P<m>\d{1,3})[\s_-]*(?:of|von|de|sur)[\s_-]*\d{1,3})"
                   r"[)\]]?(?=\.[^./]+$)", re.I)


@dataclass
class SavedInParts:
    """One document saved as several files: their texts joined in part order. Findings point at the
    first part and name the others (`where`)."""

    rel: str
    parts: list[WorkspaceFile]

    @property
    def name(self) -> str:
        return self.parts[0].name

    @cached_property
    def text(self) -> str:
        return "\n".join(f.text or "" for f in self.parts)

    def where(self, line: int | None) -> str:
        return " (read with " + ", ".join(f.name for f in self.parts[1:]) + ", its other parts)"


def list_task_folder(folder: Path, kb_mount: str, *, listing=None, blobs: dict[str, str] | None = None,
                     store: ContentStore | None = None,
                     kb_blobs: frozenset[str] = frozenset()) -> tuple[list[WorkspaceFile], list[str]]:
    """Regular files (sorted by path bytes) and symlinks of a task folder; nothing is followed.

    `listing` is the folder's walk when the caller already has it, `blobs` each file's blob id,
    `kb_blobs` the pinned knowledge base's blob ids (a file outside the mount that holds one of them
    is a copy of the library: `kb_copy`)."""
    listing = listing if listing is not None else walk(folder)
    kb_prefix = kb_mount.rstrip("/") + "/"
    blobs = blobs or {}
    base = os.fspath(folder)
    base = base if base.endswith("/") else base + "/"  # os.path.join's result, without a call per file
    files = [WorkspaceFile(rel, base + rel, st.st_size, in_kb=(in_kb := rel.startswith(kb_prefix)),
                           blob=(blob := blobs.get(rel)), store=store,
                           kb_copy=not in_kb and blob is not None and blob in kb_blobs)
             for rel, st in listing.files.items()]
    files.sort(key=lambda f: f.rel.encode("utf-8", "surrogateescape"))
    return files, sorted(listing.links, key=lambda p: p.encode("utf-8", "surrogateescape"))
