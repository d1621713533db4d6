"""What every item is handed: one task, its files, the pinned snapshot, its family."""

from __future__ import annotations

import datetime as dt
import os
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from oafreeze.corpus.snapshot import Snapshot
from oafreeze.plumbing import clock
from oafreeze.plumbing.hashing import sha256_bytes
from oafreeze.plumbing.tree import walk
from oafreeze.environment.task import TASK_FILE, WORKSPACE, Extension, LoadedTask, Task
from oafreeze.corpus import formats
from oafreeze.hygiene.finding import Finding


# The audit reads task documents whole; nothing a task hands an agent should be near this.
MAX_INSPECT = 64 << 20


@dataclass
class WorkspaceFile:
    """A regular file in a task folder; its bytes and text are read once, on first use."""

    rel: str  # relative to the task folder: "documents/facts.md"
    path: Path
    size: int
    in_kb: bool = False

    @property
    def too_large(self) -> bool:
        """Larger than the audit reads into memory (its name and size are still checked)."""
        return self.size > MAX_INSPECT

    @cached_property
    def data(self) -> bytes | None:
        """The file's bytes (None if it cannot be read or is too large); a symlink is never followed."""
        if self.too_large:
            return None
        try:
            fd = os.open(self.path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
            with os.fdopen(fd, "rb") as fh:
                return fh.read()
        except OSError:
            return None

    @cached_property
    def extraction(self) -> formats.Extraction:
        """What the document holds, read once: its text part by part, or why it has none."""
        if self.data is None:
            return formats.Extraction(formats.UNREADABLE, problem="cannot be read" if not self.too_large else None)
        return formats.extract(self.rel, self.data)

    @property
    def text(self) -> str | None:
        """Readable text (PDF, Office and e-mail flattened to lines), or None for binaries and unreadable files."""
        return self.extraction.text

    def where(self, line: int | None) -> str:
        """`page 3` / `sheet Fees` / `word/footnotes.xml` for a line of a document with parts ('' otherwise)."""
        part = self.extraction.part_at(line) if line else None
        return f" ({part})" if part else ""

    @property
    def name(self) -> str:
        """Path inside the workspace (what the agent sees): "facts.md"."""
        return self.rel[len(WORKSPACE) + 1:] if self.rel.startswith(WORKSPACE + "/") else self.rel


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
    cache: dict = field(default_factory=dict)  # shared by one audit run (e.g. the KB's text)
    families: dict = field(default_factory=dict)  # family name -> its spec (freezer.family.Family)
    # SHA-256 and size of each file (path relative to the task folder), from the read that
    # gave the audited tree id; items that compare contents use it instead of reading again.
    digests: dict[str, tuple[str, int]] = field(default_factory=dict)

    @property
    def task_id(self) -> str:
        """The task's id (its folder name)."""
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
        """The workspace files written for this task (outside the knowledge base)."""
        return [f for f in self.workspace if not f.in_kb]

    @cached_property
    def kb_files(self) -> list[WorkspaceFile]:
        """The materialized knowledge base."""
        return [f for f in self.workspace if f.in_kb]

    def kb_deviations(self) -> list[WorkspaceFile]:
        """Knowledge-base files that are not byte for byte the pinned snapshot's (added or edited for
        this task); every one of them when nothing is pinned."""
        if self.snapshot is None:
            return list(self.kb_files)
        pinned = self.__dict__.get("_pinned")
        if pinned is None:
            pinned = self.__dict__["_pinned"] = {f"{self.kb_mount}/{f.path}": f.sha256 for f in self.snapshot.files}
        out = []
        for f in self.kb_files:
            known = self.digests.get(f.rel)
            digest = known[0] if known else (sha256_bytes(f.data) if f.data is not None else None)
            if pinned.get(f.rel) != digest:
                out.append(f)
        return out

    def file(self, name: str) -> WorkspaceFile | None:
        """A workspace file by its workspace path ("facts.md"; "documents/facts.md" is accepted too)."""
        by_rel = self.__dict__.setdefault("_by_rel", {f.rel: f for f in self.files})
        return by_rel.get(f"{WORKSPACE}/{name}") or (by_rel.get(name) if name.startswith(WORKSPACE + "/") else None)

    def finding(self, item: str, severity: str, path: str, message: str, fix: str, *,
                location: int | str | None = None, evidence: str = "") -> Finding:
        """A finding about this task."""
        return Finding(item=item, severity=severity, task=self.task_id, path=path, location=location,
                       evidence=evidence, message=message, fix=fix)


def list_task_folder(folder: Path, kb_mount: str) -> tuple[list[WorkspaceFile], list[str]]:
    """Regular files (sorted by path bytes) and symlinks of a task folder; nothing is followed."""
    listing = walk(folder)
    kb_prefix = kb_mount.rstrip("/") + "/"
    files = [WorkspaceFile(rel, folder / rel, st.st_size, in_kb=rel.startswith(kb_prefix))
             for rel, st in listing.files.items()]
    files.sort(key=lambda f: f.rel.encode("utf-8", "surrogateescape"))
    return files, sorted(listing.links, key=lambda p: p.encode("utf-8", "surrogateescape"))
