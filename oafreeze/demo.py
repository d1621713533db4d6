"""The main job on the embedded sample environment, end to end.

Lays out an environment from the packaged sample library and task designs, pins the
library, materializes it into every workspace, commits, audits, freezes, verifies and
asks the gate, exactly as a team would by hand with the individual commands.
"""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from oafreeze.corpus.profile import load_profile
from oafreeze.plumbing.errors import AlreadyExists, GitError
from oafreeze.plumbing import canonical
from oafreeze.plumbing.atomic import write_new
from oafreeze.environment.config import CONFIG_FILE, SCHEMA, load_environment
from oafreeze.plumbing.git import git_argv, git_env
from oafreeze.corpus.library import BUILTIN_SAMPLE, open_library
from oafreeze.corpus.materialize import materialize
from oafreeze.corpus.snapshot import take_snapshot

SNAPSHOT = "snapshots/knowledge-base.json"
IDENTITY = {"GIT_AUTHOR_NAME": "oafreeze demo", "GIT_AUTHOR_EMAIL": "demo@example.org",
            "GIT_COMMITTER_NAME": "oafreeze demo", "GIT_COMMITTER_EMAIL": "demo@example.org"}

CONFIG = """\
# The oafreeze sample environment: the covenant-package family and six matrix tasks.
schema: {schema}
name: oafreeze-sample
knowledge_base:
  source: {source}
  commit: {commit}
  profile: sample
  expect: {expect}
  mount: documents/knowledge-base
  snapshot: {snapshot}
harness: {{repo: https://example.org/lab-harness.git, commit: '{harness}'}}
evaluator: {{repo: https://example.org/lab-evaluator.git, commit: '{evaluator}'}}
models:
  - id: example/drafting-model-a
    settings: {{temperature: 0, max_output_tokens: 32000, reasoning_effort: high}}
  - id: example/drafting-model-b
    settings: {{temperature: 0, max_output_tokens: 32000}}
judges:
  - id: google/gemini-3.1-pro-preview
    schema_version: "1"
    field_order: [reasoning, verdict]
    temperature: 0
  - {{id: anthropic/claude-sonnet-4.6, schema_version: "1", field_order: [reasoning, verdict], temperature: 0}}
families: [{families}]
"""


@dataclass
class DemoReport:
    """What the demo did, step by step."""

    root: Path
    steps: list[dict] = field(default_factory=list)

    def add(self, step: str, **data) -> None:
        self.steps.append({"step": step, **data})


def _git(root: Path, *args: str) -> str:
    proc = subprocess.run(git_argv(*args), cwd=root, env=git_env(IDENTITY), capture_output=True,
                          stdin=subprocess.DEVNULL)
    if proc.returncode != 0:
        raise GitError.at(str(root), f"git {args[0]} failed: {proc.stderr.decode(errors='replace').strip()}",
                          rule="git")
    return proc.stdout.decode().strip()


def commit(root: Path, message: str) -> str:
    """Stage everything and commit (hooks off: the demo commits its own freezes with them)."""
    _git(root, "add", "--all")
    _git(root, "commit", "--quiet", "--no-verify", "--no-gpg-sign", "--allow-empty", "-m", message)
    return _git(root, "rev-parse", "HEAD")


def lay_out(root: Path, *, source: str = BUILTIN_SAMPLE, report: "DemoReport | None" = None) -> list[str]:
    """Write oafreeze.yaml, the pinned snapshot, every task and its knowledge base into `root`."""
    from oafreeze.environment.family import expand_all, sample_env_root

    if (root / CONFIG_FILE).exists():
        raise AlreadyExists.at(str(root / CONFIG_FILE), "already exists", rule="write-once")
    profile, profile_bytes = load_profile("sample")
    with open_library(root, source) as repo:
        snap = take_snapshot(repo, "HEAD", profile, profile_bytes, source="oafreeze-sample-library")
        write_new(root / SNAPSHOT, canonical.pretty_bytes(snap.to_json()))
        if report is not None:
            report.add("snapshot", commit=snap.commit, inventory=snap.inventory, files=len(snap.files))
        expect = "{" + ", ".join(f"{k}: {v}" for k, v in snap.inventory.items()) + "}"
        sources = Path(str(sample_env_root()))
        # The family specs travel with the environment, so the audit checks instances against them.
        specs = [f"families/{p.name}" for p in sorted((sources / "families").glob("*.yaml"))]
        if (root / "families").exists():
            raise AlreadyExists.at(str(root / "families"), "already exists", rule="write-once")
        shutil.copytree(sources / "families", root / "families")
        write_new(root / CONFIG_FILE, CONFIG.format(schema=SCHEMA, source=source, commit=snap.commit,
                                                    expect=expect, snapshot=SNAPSHOT, harness="5d1e" * 10,
                                                    evaluator="a7c3" * 10, families=", ".join(specs)).encode())
        ids = expand_all(sources, root)
        mount = load_environment(root).knowledge_base.mount
        for tid in ids:
            materialize(snap, repo, root / "tasks" / tid / mount)
    gitignore = root / ".gitignore"
    if not gitignore.exists():
        write_new(gitignore, b".oafreeze-cache/\nmanifests/*.lock\n")
    return ids


def run_demo(root: Path, progress=None) -> DemoReport:
    """Build, audit, freeze, verify and gate the sample environment in the new folder `root`."""
    from oafreeze.freezer.freeze import build_manifest, default_id, write_manifest
    from oafreeze.gate import run_gate
    from oafreeze.freezer.manifest import load_manifest
    from oafreeze.freezer.verify import verify_worktree
    from oafreeze.hygiene.audit import run_audit, states_for_freeze

    if root.exists() and any(root.iterdir()):
        raise AlreadyExists.at(str(root), "exists and is not empty; choose a new folder", rule="write-once")
    root.mkdir(parents=True, exist_ok=True)
    report = DemoReport(root)
    _git(root, "init", "--quiet", "--initial-branch=main")
    ids = lay_out(root, report=report)
    report.add("lay out", tasks=len(ids), commit=commit(root, "Sample environment: tasks and pinned knowledge base"))
    audit = run_audit(root, ["*"], record=True)
    passed = [t for t in audit if t.passed]
    report.add("audit", tasks=len(audit), passed=len(passed),
               failed=sorted(t.task for t in audit if not t.passed),
               commit=commit(root, "Hygiene audit of every task"))
    manifest = build_manifest(root, manifest_id=default_id(), audit_states=states_for_freeze(root),
                              progress=progress)
    path = write_manifest(root, manifest)
    report.add("freeze", id=manifest.id, digest=manifest.digest, path=path.relative_to(root).as_posix(),
               commit=commit(root, f"Freeze {manifest.id}"))
    m, _ = load_manifest(root, None)
    drift = verify_worktree(root, m)
    report.add("verify", ok=not drift, drift=len(drift))
    gate = run_gate(root)
    report.add("gate", ok=gate.ok, failing=[c.name for c in gate.checks if not c.ok])
    return report
