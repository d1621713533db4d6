"""Build a freeze manifest from an environment repository's committed (or staged) state.

Everything is read from git's objects, so what is frozen is exactly what is (or is
about to be) committed. Each distinct blob is hashed once; knowledge-base files whose
blob ids match the pinned snapshot reuse the snapshot's SHA-256 without rehashing.
"""

from __future__ import annotations

import datetime as dt
import unicodedata
from collections import defaultdict
from pathlib import Path

from oafreeze.plumbing.version import __version__
from oafreeze.plumbing.errors import BadInput, CheckFailed, ProblemList
from oafreeze.plumbing import canonical, hashing
from oafreeze.environment.config import CONFIG_FILE, parse_environment
from oafreeze.plumbing.git import Repo, TreeEntry
from oafreeze.freezer.lineage import current_manifest_id, manifest_ids
from oafreeze.freezer.manifest import (
    AuditRef, EnvironmentRef, FileEntry, KnowledgeBaseRef, Manifest, TaskEntry, load_manifest, manifest_path,
)
from oafreeze.corpus.snapshot import Snapshot, load_snapshot
from oafreeze.environment.task import TASK_ID, parse_task
from oafreeze.output import Progress


def default_id(now: dt.datetime | None = None) -> str:
    """A freeze id that sorts by time: 20261130T075500Z."""
    return (now or dt.datetime.now(dt.timezone.utc)).strftime("%Y%m%dT%H%M%SZ")


def _audit_states(env_root: Path, trees: dict[str, str]) -> dict[str, AuditRef]:
    # The audit state of exactly the trees being frozen (known from git: no folder is read).
    from oafreeze.hygiene.audit import audit_status

    states = audit_status(env_root, sorted(trees), trees=trees)
    return {tid: AuditRef(state=st.state, tree=st.audited_tree) for tid, st in states.items()}


def build_manifest(env_root: Path, *, manifest_id: str, supersedes: str | None = None,
                   staged: bool = False, progress: Progress | None = None) -> Manifest:
    """Freeze the environment at `env_root`; refuse a dirty tree or any unsafe task."""
    with Repo(env_root) as repo:
        dirty = repo.dirty_paths()
        if staged:
            unstaged = repo.dirty_paths(include_staged=False)
            if unstaged:
                raise CheckFailed(f"{env_root}: unstaged or untracked changes; stage or remove them first",
                                  [BadInput.at(p, "not staged", rule="clean-tree").problems[0] for p in unstaged])
            root_tree = repo.index_tree()
        elif dirty:
            raise CheckFailed(f"{env_root}: the environment has uncommitted changes; commit them first "
                              "(or stage them and use --staged)",
                              [BadInput.at(p, "uncommitted", rule="clean-tree").problems[0] for p in dirty])
        head = repo.head()
        head_tree = repo.tree_of(head) if head else None
        object_format = repo.object_format
        if not staged:
            if head is None:
                raise BadInput.at(str(env_root), "the repository has no commit yet", rule="has-commit")
            root_tree = repo.tree_of(head) or ""
        config_bytes = repo.blob_at(root_tree, CONFIG_FILE)
        if config_bytes is None:
            raise BadInput.at(CONFIG_FILE, "not committed in the environment", rule="environment-exists")
        env = parse_environment(config_bytes, CONFIG_FILE)

        snapshot: Snapshot | None = None
        if env.knowledge_base is not None:
            raw = repo.blob_at(root_tree, env.knowledge_base.snapshot)
            if raw is None:
                raise BadInput.at(env.knowledge_base.snapshot, "the knowledge-base snapshot is not committed",
                                  field="knowledge_base.snapshot", rule="snapshot-committed")
            snapshot = load_snapshot(raw, env.knowledge_base.snapshot)
            if snapshot.commit != env.knowledge_base.commit:
                raise BadInput.at(env.knowledge_base.snapshot, f"pins {snapshot.commit}, oafreeze.yaml pins "
                                  f"{env.knowledge_base.commit}", field="knowledge_base.commit", rule="pin-agrees")

        task_trees = {e.path.split("/", 1)[1]: e.oid for e in repo.ls_tree(root_tree, "tasks", recursive=False)
                      if e.type == "tree"}
        entries_by_task: dict[str, list[TreeEntry]] = defaultdict(list)
        for e in repo.ls_tree(root_tree, "tasks"):
            entries_by_task[e.path.split("/", 2)[1]].append(e)

        problems = ProblemList()
        tasks_bytes: dict[str, bytes] = {}
        known = {f.blob: (f.sha256, f.size) for f in snapshot.files} if snapshot else {}
        if snapshot and snapshot.object_format != repo.object_format:
            known = {}
        mount = env.knowledge_base.mount if env.knowledge_base else None
        kb_expected = {f.path: f for f in snapshot.files} if snapshot else {}

        for tid in sorted(entries_by_task):
            if not TASK_ID.match(tid):
                problems.add(f"tasks/{tid}", "task ids are lower-case names of letters, digits, '.', '_' and '-'",
                             rule="task-id")
            seen_folded: dict[str, str] = {}
            cut = len(f"tasks/{tid}/")
            for e in entries_by_task[tid]:
                rel = e.path[cut:]
                if e.mode == "120000":
                    problems.add(e.path, "is a symlink; workspaces may not contain symlinks", rule="no-symlinks")
                elif e.type != "blob":
                    problems.add(e.path, "is a submodule; workspaces must be self-contained", rule="no-submodules")
                # ASCII names are always NFC and fold by lower(): the common case, kept cheap.
                if rel.isascii():
                    folded = rel.lower()
                else:
                    if unicodedata.normalize("NFC", rel) != rel:
                        problems.add(e.path, "file name is not NFC-normalized", rule="nfc-names")
                    folded = unicodedata.normalize("NFC", rel).casefold()
                if folded in seen_folded:
                    problems.add(e.path, f"differs from {seen_folded[folded]!r} only by case or normalization",
                                 rule="case-collision")
                seen_folded[folded] = e.path
                if rel == "task.json":
                    tasks_bytes[tid] = b""
            if tid not in tasks_bytes:
                problems.add(f"tasks/{tid}/task.json", "missing", rule="task-file")
        problems.raise_if_any(f"{env_root}: cannot freeze")

        # Validate every task.json; all problems together.
        for tid in sorted(tasks_bytes):
            blob = next(e.oid for e in entries_by_task[tid] if e.path == f"tasks/{tid}/task.json")
            try:
                parse_task(repo.read_blob(blob), f"tasks/{tid}/task.json", tid)
            except BadInput as exc:
                problems.extend(exc.problems)
        problems.raise_if_any(f"{env_root}: invalid tasks")

        # Hash each distinct blob once.
        all_entries = [e for tid in entries_by_task for e in entries_by_task[tid]]
        todo = sorted({e.oid for e in all_entries if e.oid not in known})
        progress = progress or Progress("hashing", len(todo), enabled=False)
        progress.total = len(todo)
        digests: dict[str, tuple[str, int]] = dict(known)
        for oid in todo:
            digests[oid] = hashing.sha256_chunks(repo.iter_blob(oid))
            progress.advance()
        progress.close()

        tasks: dict[str, TaskEntry] = {}
        kb_problems = ProblemList()
        kb_pinned = {path: (f.sha256, f.mode) for path, f in kb_expected.items()}
        kb_prefix = f"{mount}/" if mount else None
        for tid in sorted(entries_by_task):
            # Plain tuples in this loop: it runs once per file of every workspace, knowledge
            # base included, and only a task's own files become manifest entries.
            files, kb_found = [], {}
            cut = len(f"tasks/{tid}/")
            for e in entries_by_task[tid]:
                rel = e.path[cut:]
                if kb_prefix and rel.startswith(kb_prefix):
                    kb_found[rel[len(kb_prefix):]] = e
                else:
                    files.append(e)
            has_kb = False
            if snapshot and kb_found:
                found = {path: (digests[e.oid][0], e.mode) for path, e in kb_found.items()}
                if found != kb_pinned:
                    for path in sorted(set(found) | set(kb_pinned)):
                        a, b = found.get(path), kb_pinned.get(path)
                        if a is None:
                            kb_problems.add(f"tasks/{tid}/{mount}/{path}", "pinned file missing",
                                            rule="kb-matches-pin")
                        elif b is None:
                            kb_problems.add(f"tasks/{tid}/{mount}/{path}", "not in the pinned snapshot",
                                            rule="kb-matches-pin")
                        elif a != b:
                            kb_problems.add(f"tasks/{tid}/{mount}/{path}", "differs from the pinned snapshot",
                                            rule="kb-matches-pin")
                has_kb = True
            elif kb_found:
                files.extend(kb_found.values())
            entries = [FileEntry(path=e.path[cut:], sha256=digests[e.oid][0], size=digests[e.oid][1], mode=e.mode,
                                 blob=e.oid) for e in files]
            tasks[tid] = TaskEntry(tree=task_trees[tid], files=sorted(entries, key=lambda f: f.path.encode()),
                                   knowledge_base=has_kb)
        kb_problems.raise_if_any(f"{env_root}: knowledge base in a workspace differs from its pin",
                                 error=CheckFailed)

    for tid, ref in _audit_states(env_root, {tid: t.tree for tid, t in tasks.items()}).items():
        if tid in tasks:
            tasks[tid].audit = ref

    sup_digest = None
    if supersedes:
        old, _ = load_manifest(env_root, supersedes)
        sup_digest = old.digest
    manifest = Manifest(
        id=manifest_id, created=dt.datetime.now(dt.timezone.utc).replace(microsecond=0).isoformat(),
        supersedes=supersedes, supersedes_digest=sup_digest,
        tool={"name": "oafreeze", "version": __version__},
        environment=EnvironmentRef(name=env.name, commit=head, tree=root_tree,
                                   object_format=object_format, staged=root_tree != head_tree,
                                   config_sha256=hashing.sha256_bytes(config_bytes)),
        harness=env.harness, evaluator=env.evaluator,
        knowledge_base=KnowledgeBaseRef(mount=mount, snapshot_path=env.knowledge_base.snapshot, snapshot=snapshot)
        if snapshot and mount else None,
        models=env.models, judges=env.judges, tasks=tasks,
    )
    return manifest.sealed()


def next_supersedes(env_root: Path) -> str | None:
    """The current manifest a new freeze supersedes by default."""
    # Only the id is needed here; build_manifest loads (and checks) the old manifest itself.
    return current_manifest_id(env_root) if manifest_ids(env_root) else None


def write_manifest(env_root: Path, manifest: Manifest) -> Path:
    """Write manifests/<id>.json atomically; never overwrite."""
    from oafreeze.plumbing.atomic import write_new

    path = manifest_path(env_root, manifest.id)
    write_new(path, canonical.pretty_bytes(manifest.to_json()))
    return path

