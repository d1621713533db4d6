"""H07 workspace integrity: named files exist, every file reads and parses, no junk, no tricks."""

from __future__ import annotations

import re
import unicodedata
from collections import defaultdict

from oafreeze.corpus import formats
from oafreeze.corpus import text as tx
from oafreeze.hygiene import criteria as cr
from oafreeze.hygiene.context import TaskContext
from oafreeze.hygiene.finding import Finding
from oafreeze.plumbing.paths import shown

ID = "H07"
NAME = "workspace integrity"

JUNK = re.compile(r"^(\.DS_Store|Thumbs\.db|desktop\.ini|~\$.*|\.~lock\..*#|.*\.swp|.*~|\._.*|\.#.*)$")


def check(ctx: TaskContext) -> list[Finding]:
    """Missing named files, empty/unreadable/unparseable files, junk, symlinks, case or NFC twins."""
    out = []
    for rel in ctx.symlinks:
        out.append(ctx.finding(
            ID, "major", rel, f"{rel} is a symlink: what the agent reads depends on the machine, and it can point "
            "outside the workspace", "replace the link by the file it points to", evidence=rel))
    for rel in [f.rel for f in ctx.files] + ctx.symlinks:
        try:
            rel.encode("utf-8")
        except UnicodeEncodeError:
            out.append(ctx.finding(ID, "major", shown(rel), "the file name is not valid UTF-8: git, the manifest and "
                                   "other machines may show or store it differently", "rename it in UTF-8",
                                   evidence=shown(rel)))
    for f in ctx.files:
        parts = f.rel.split("/")
        if ".git" in parts[:-1] or parts[-1] == ".git":
            out.append(ctx.finding(ID, "major", f.rel, "a .git folder or file in the task: its history can hold the "
                                   "rubric or earlier answers", "remove it", evidence=f.rel))
        elif JUNK.match(parts[-1]):
            out.append(ctx.finding(ID, "minor", f.rel, f"{parts[-1]!r} is operating-system or editor junk",
                                   "delete it (and ignore such files in the environment's .gitignore)",
                                   evidence=parts[-1]))
    for f in ctx.task_files:
        if f.too_large:
            out.append(ctx.finding(ID, "minor", f.rel, f"{f.rel} is {f.size >> 20} MiB, too large for the audit to "
                                   "read; only its name was checked", "split it, or review it by hand",
                                   evidence=f"{f.size} bytes"))
        elif f.data is None:
            out.append(ctx.finding(ID, "major", f.rel, f"{f.rel} cannot be read", "fix its permissions",
                                   evidence=f.rel))
        elif not f.data:
            out.append(ctx.finding(ID, "major", f.rel, f"{f.rel} is empty: the agent is handed nothing where the "
                                   "task promises a document", "fill it or remove it", evidence=f.rel))
        elif not JUNK.match(f.rel.rsplit("/", 1)[-1]):
            why = f.extraction.problem
            if why:
                out.append(ctx.finding(ID, "major", f.rel, f"{f.rel} does not open as what its name says: {why}",
                                       "re-export the document from the program that made it", evidence=why))
            elif f.extraction.status == formats.NO_TEXT_LAYER:
                out.append(ctx.finding(ID, "info", f.rel, f"{f.rel} has no text layer (a scan?): the audit read none "
                                       "of it, so no item could check what it says", "add a text layer (OCR), or "
                                       "review the document by hand", evidence=f.rel))
            elif f.text is not None and not f.text.strip():
                out.append(ctx.finding(ID, "major", f.rel, f"{f.rel} holds nothing but white space: the agent is "
                                       "handed nothing where the task promises a document", "fill it or remove it",
                                       evidence=f.rel))
    out += _twins(ctx)
    out += _named_but_missing(ctx)
    out += _missing_sources(ctx)
    return out


def _missing_sources(ctx: TaskContext) -> list[Finding]:
    """LAB's `sources`: every document a criterion rests on is in the workspace (a path from the
    task folder, `documents/memo.pdf`, or from the workspace, `memo.pdf`)."""
    out = []
    for i, c in enumerate(ctx.task.criteria):
        for j, source in enumerate(c.sources or []):
            name = source if isinstance(source, str) else (source.get("file") or source.get("path")
                                                           if isinstance(source, dict) else None)
            if not isinstance(name, str) or not name.strip():
                out.append(ctx.finding(ID, "minor", "task.json", f"criterion {c.id!r} lists a source that names no "
                                       "file", "name the workspace document", location=f"$.criteria[{i}].sources[{j}]",
                                       evidence=repr(source)[:80]))
            elif ctx.file(name) is None:
                out.append(ctx.finding(ID, "major", "task.json", f"criterion {c.id!r} rests on {name!r}, which is not "
                                       "in the workspace: the judge grades against a document the agent never had",
                                       "add the document or correct the source's path",
                                       location=f"$.criteria[{i}].sources[{j}]", evidence=name))
    return out


def _twins(ctx: TaskContext) -> list[Finding]:
    groups: dict[str, list[str]] = defaultdict(list)
    for rel in [f.rel for f in ctx.workspace] + ctx.symlinks:
        groups[unicodedata.normalize("NFC", rel).casefold()].append(rel)
    return [ctx.finding(ID, "major", names[0], "names that differ only by case or Unicode normalization: on "
                        "macOS or Windows one file hides the other", "rename one of them",
                        evidence=" | ".join(names))
            for names in groups.values() if len(names) > 1]


def _named_but_missing(ctx: TaskContext) -> list[Finding]:
    deliverables = {tx.normalize(d.rsplit("/", 1)[-1]) for d in ctx.task.deliverables}
    present = {tx.normalize(f.name) for f in ctx.workspace} | {tx.normalize(f.name.rsplit("/", 1)[-1])
                                                               for f in ctx.workspace}
    out = []
    for line, sentence in tx.sentences(ctx.task.instructions):
        for m in cr.LITERAL_PATTERNS["file"].finditer(sentence):
            name = tx.normalize(m.group(0))
            if name in deliverables or name in present or name.rsplit("/", 1)[-1] in deliverables:
                continue
            if name.startswith("documents/") and name[len("documents/"):] in present:
                continue
            out.append(ctx.finding(
                ID, "major", "task.json",
                f"the instructions name {m.group(0)!r}, which is not in the workspace and is not a deliverable: the "
                "agent is sent to a file it cannot find", f"add {m.group(0)!r} to documents/ or fix the name",
                location="$.instructions", evidence=tx.excerpt(sentence)))
    return out
