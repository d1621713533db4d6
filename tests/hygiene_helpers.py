"""A minimal, clean environment for the hygiene audit: one drafting task that passes every item.

Tests copy it, break one thing, and look at the finding that results.
"""

from __future__ import annotations

import copy
import datetime as dt
import json
from pathlib import Path

from oafreeze.corpus import documents as docs
from oafreeze.corpus.documents import Document
from oafreeze.corpus.profile import KINDS
from oafreeze.plumbing.canonical import pretty_bytes
from oafreeze.plumbing.hashing import git_blob_id, sha256_bytes
from oafreeze.corpus.snapshot import KindRoot, ProfileRef, Snapshot, SnapshotFile
from oafreeze.hygiene.audit import run_audit

TODAY = dt.date(2026, 6, 1)
MOUNT = "documents/knowledge-base"

LIBRARY = {
    "practice-guides/non-compete/us/colorado.md": (
        "---\ntitle: Colorado non-competes\ntimestamp: 2026-01-10\n---\n"
        "Colorado voids most covenants not to compete below the highly compensated threshold.\n"),
    "practice-guides/non-compete/us/texas.md": (
        "---\ntitle: Texas non-competes\ntimestamp: 2025-11-02\n---\n"
        "Texas enforces reasonable covenants ancillary to an otherwise enforceable agreement.\n"),
}
JURISDICTION = {"colorado": ["CO"], "texas": ["TX"]}


def task_json() -> dict:
    """The clean task (a fresh copy)."""
    return copy.deepcopy({
        "title": "Colorado restrictive covenant package",
        "instructions": ("You are a junior associate. Read offer-facts.md, partner-notes.md and "
                         "colorado-statute-excerpt.md. Draft agreement.md, the agreement the employee signs, "
                         "and client-email.md, your note to the client explaining your choices."),
        "work_type": "draft",
        "deliverables": {"agreement.md": "The restrictive covenant agreement.",
                         "client-email.md": "An e-mail to the client."},
        "criteria": [
            {"id": "C1", "title": "Separate notice",
             "match_criteria": ("PASS if agreement.md gives the employee a separate written notice of the "
                                "non-compete covenant, signed by the employee. FAIL if that notice is missing "
                                "or buried in the body of the agreement."),
             "deliverables": ["agreement.md"], "source": "expert"},
            {"id": "C2", "title": "No internal material in the agreement",
             "match_criteria": ("PASS if agreement.md contains no source paths, drafting commentary, client advice "
                                "or legal analysis, statutory notices the law requires being allowed. "
                                "FAIL if it contains \"knowledge-base/\" or internal commentary."),
             "deliverables": ["agreement.md"], "source": "expert"},
            {"id": "C3", "title": "Advice on the salary",
             "match_criteria": ("PASS if client-email.md tells the client that this salary is below the "
                                "Colorado compensation threshold, so the non-compete would be void. FAIL if it "
                                "says the non-compete is enforceable against this employee."),
             "deliverables": ["client-email.md"], "source": "expert"},
        ],
        "language": "en", "jurisdiction": "US-CO", "judge_language": "en",
        "oafreeze": {
            "as_of": "2026-03-02",
            "operative": ["agreement.md"], "advisory": ["client-email.md"],
            "synthetic": True,
            "trap": {"kind": "placement",
                     "description": "The partner's notes invite copying the threshold analysis into the agreement.",
                     "anchors": [{"file": "partner-notes.md", "quote": "walk the employee through the threshold math"}],
                     "criteria": ["C2"]},
            "seeded_law": [{"file": "colorado-statute-excerpt.md", "citation": "C.R.S. § 8-2-113",
                            "quote": "a covenant not to compete is void",
                            "effective_date": "2022-08-10", "verified_on": "2026-01-15",
                            "verified_against": "Colorado Revised Statutes, official public text"}],
        },
    })


def workspace() -> dict[str, str | bytes]:
    """The clean task's own workspace files (paths relative to documents/)."""
    return {
        "offer-facts.md": ("# Offer facts (synthetic)\n\nEmployee: Dana Smith, sales engineer in Denver.\n"
                           "Salary: $95,000 a year. Start: 2026-04-01.\n"
                           "HR contact: hr@example.com, 303-555-0142.\n"),
        "partner-notes.md": ("# Partner notes\n\nIn the agreement, walk the employee through the threshold math "
                             "and cite our practice guide.\n"),
        "colorado-statute-excerpt.md": ("# C.R.S. § 8-2-113 (excerpt)\n\nExcept as provided, a covenant not to "
                                        "compete is void.\n"),
    }


def snapshot(library: dict[str, str] = LIBRARY) -> Snapshot:
    """A small pinned snapshot of `library`, sealed."""
    files, documents = [], []
    for path, text in sorted(library.items()):
        data = text.encode()
        files.append(SnapshotFile(path=path, sha256=sha256_bytes(data), size=len(data), mode="100644",
                                  blob=git_blob_id(data), document=path))
        stem = path.rsplit("/", 1)[-1][:-3]
        documents.append(Document(id=path, kind="practice-guide", files=[path], title=stem,
                                  timestamp=text.split("timestamp: ")[1][:10], jurisdictions=JURISDICTION.get(stem, [])))
    return Snapshot(tool_version="test", source="lib", commit="a" * 40, object_format="sha1", root_tree="b" * 40,
                    profile=ProfileRef(name="sample", sha256="0" * 64),
                    kinds={k: KindRoot(root="", tree=None) for k in KINDS}, files=files, documents=documents,
                    inventory=docs.inventory(documents), coverage=docs.coverage(documents)).sealed()


def write_task(env: Path, task_id: str, task: dict | None = None, files: dict | None = None, *,
               kb: dict[str, str] | None = LIBRARY) -> Path:
    """Write tasks/<id>/task.json, its workspace files and (unless kb is None) the knowledge base."""
    folder = env / "tasks" / task_id
    (folder / "documents").mkdir(parents=True, exist_ok=True)
    (folder / "task.json").write_text(json.dumps(task_json() if task is None else task, indent=2,
                                                 ensure_ascii=False))
    for name, content in (workspace() if files is None else files).items():
        target = folder / "documents" / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(content.encode() if isinstance(content, str) else content)
    for path, text in (kb or {}).items():
        target = folder / MOUNT / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text)
    return folder


def make_env(root: Path, tasks: dict[str, tuple[dict | None, dict | None]] | None = None, *,
             pin: bool = True) -> Path:
    """An environment with oafreeze.yaml, the pinned snapshot and the given tasks (default: one clean `t1`)."""
    root.mkdir(parents=True, exist_ok=True)
    config = "schema: oafreeze.environment/1\nname: test\n"
    if pin:
        (root / "snapshot.json").write_bytes(pretty_bytes(snapshot().to_json()))
        config += ("knowledge_base:\n  source: lib\n  commit: " + "a" * 40 + "\n  snapshot: snapshot.json\n")
    (root / "oafreeze.yaml").write_text(config)
    for task_id, (task, files) in (tasks or {"t1": (None, None)}).items():
        write_task(root, task_id, task, files, kb=LIBRARY if pin else None)
    return root


def audit(env: Path, task_id: str = "t1", **kw):
    """The TaskAudit of one task, not recorded."""
    return run_audit(env, [task_id], record=False, today=kw.pop("today", TODAY), **kw)[0]


def found(env: Path, item: str, task_id: str = "t1") -> list:
    """The findings of one item on one task."""
    return [f for f in audit(env, task_id).findings if f.item == item]


def env_with(tmp_path: Path, task: dict | None = None, files: dict | None = None, **kw) -> Path:
    """An environment whose one task `t1` is the clean task with `task` and/or `files` swapped in."""
    return make_env(tmp_path / "env", {"t1": (task, files)}, **kw)


def snapshot_bytes(library: dict[str, str] = LIBRARY) -> bytes:
    """The sealed snapshot of `library`, as written to snapshot.json."""
    return pretty_bytes(snapshot(library).to_json())


def verdicts(env: Path, task_id: str = "t1") -> dict[str, str]:
    """Each item's verdict on one task."""
    result = audit(env, task_id)
    return {row["id"]: row["verdict"] for row in result.items()}
