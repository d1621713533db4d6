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
            why = formats.problem(f.rel, f.data)
            if why:
                out.append(ctx.finding(ID, "major", f.rel, f"{f.rel} does not open as what its name says: {why}",
                                       "re-export the document from the program that made it", evidence=why))
    out += _twins(ctx)
    out += _named_but_missing(ctx)
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
