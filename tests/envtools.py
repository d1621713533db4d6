"""Build real environments for tests: a git repo, tasks, the knowledge base materialized."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import commit_all, git, init_repo


def task_json(title: str = "Draft an offer letter", deliverables: dict | None = None, **extra) -> dict:
    """A minimal valid LAB task."""
    deliverables = deliverables or {"offer-letter.md": "The offer letter."}
    data = {
        "title": title,
        "instructions": "Draft the offer letter described in documents/term-sheet.md.",
        "work_type": "draft",
        "deliverables": deliverables,
        "criteria": [{"id": "c1", "title": "Salary stated", "match_criteria":
                      "PASS if the letter states the salary of $120,000. FAIL if it does not.",
                      "deliverables": list(deliverables), "source": "expert"}],
        "language": "en", "jurisdiction": "US-CO", "judge_language": "en",
        "lab_future_field": {"kept": True},
    }
    data.update(extra)
    return data


def make_env(root: Path, cli, library: Path | None, rev: str = "HEAD", n_tasks: int = 2,
             profile: str = "openagreements") -> Path:
    """An environment repository with `n_tasks` tasks and, if given, the library pinned in each."""
    init_repo(root)
    (root / "snapshots").mkdir()
    config = ["schema: oafreeze.environment/1", "name: test-env"]
    if library is not None:
        code, snap, err = cli.json("snapshot", "--library", str(library), "--commit", rev, "--profile", profile,
                                   "--out", str(root / "snapshots/kb.json"))
        assert code == 0, err
        config += ["knowledge_base:", f"  source: {library}", f"  commit: {snap['commit']}",
                   f"  profile: {profile}", "  snapshot: snapshots/kb.json"]
    config += ["harness: {repo: https://example.org/harness.git, commit: " + "a" * 40 + "}",
               "models:", "  - id: example/model-a", "    settings: {temperature: 0.2, max_tokens: 4096}",
               "judges:", "  - id: google/gemini-3.1-pro-preview", "    schema_version: '2'",
               "    field_order: [reasoning, verdict]", "    temperature: 0"]
    (root / "oafreeze.yaml").write_text("\n".join(config) + "\n")
    (root / ".gitignore").write_text(".oafreeze-cache/\n")
    for i in range(n_tasks):
        tdir = root / "tasks" / f"task-{i:02d}"
        (tdir / "documents").mkdir(parents=True)
        (tdir / "task.json").write_text(json.dumps(task_json(f"Task {i}"), indent=2))
        (tdir / "documents/term-sheet.md").write_text(f"# Term sheet {i}\nSalary: $120,000\n")
        (tdir / "documents/notes.txt").write_text("client notes\n")
    if library is not None:
        code, out, err = cli("materialize", "--env", str(root))
        assert code == 0, err
    commit_all(root, "environment")
    return root


def staged_tree(root: Path, tid: str) -> str:
    """What git says the task's tree is at HEAD."""
    return git(root, "rev-parse", f"HEAD:tasks/{tid}")
