"""Build a freeze manifest from an environment repository's committed (or staged) state.

Everything is read from git's objects, so what is frozen is exactly what is (or is
about to be) committed. Each distinct blob is hashed once; knowledge-base files whose
blob ids match the pinned snapshot reuse the snapshot's SHA-256 without rehashing.

The freezer does not run the audit: the caller passes `audit_states`, a function from the
tree ids being frozen to each task's audit state (the CLI passes the hygiene audit's
lookup), so that the audit result recorded is the one of exactly these trees.
"""

from __future__ import annotations

import unicodedata
from collections import defaultdict
from collections.abc import Callable, Mapping
from pathlib import Path

from oafreeze.corpus.snapshot import Snapshot, load_snapshot
from oafreeze.environment.config import CONFIG_FILE, parse_environment
from oafreeze.environment.discovery import TASKS, task_of, task_roots
from oafreeze.environment.task import TASK_FILE, parse_task, runnable_problems, task_id_problem
from oafreeze.freezer.lineage import check_freeze_id, current_manifest_id, manifest_ids
from oafreeze.freezer.manifest import (
    AuditRef, EnvironmentRef, FileEntry, KnowledgeBaseRef, Manifest, TaskEntry, load_manifest, manifest_path,
)
from oafreeze.plumbing import canonical, clock, hashing
from oafreeze.plumbing.atomic import write_new
from oafreeze.plumbing.errors import AlreadyExists, BadInput, CheckFailed, Problem, ProblemList
from oafreeze.plumbing.git import Repo, TreeEntry
from oafreeze.plumbing.paths import path_problem, shown
from oafreeze.plumbing.version import __version__

AuditStates = Callable[[dict[str, str]], Mapping[str, AuditRef]]
Progress = Callable[[int, int], None]  # (done, total)


def default_id() -> str:
    """A freeze id that sorts by time: 20261130T075500Z."""
    return clock.compact()


def check_new_id(env_root: Path, manifest_id: str, supersedes: str | None) -> None:
    """Refuse, before any work, an id that is malformed or taken, or a superseded freeze that is not there."""
    check_freeze_id(manifest_id)
    path = manifest_path(env_root, manifest_id)
    if path.exists():
        raise AlreadyExists.at(str(path), "already exists; oafreeze never overwrites a manifest (choose another --id)",
                               field="id", rule="write-once")
    if supersedes is not None and not manifest_path(env_root, check_freeze_id(supersedes)).is_file():
        raise BadInput.at(str(manifest_path(env_root, supersedes)), "no such manifest to supersede",
                          field="supersedes", rule="manifest-exists")


def _clean_or_refuse(repo: Repo, env_root: Path, staged: bool) -> str:
    """The root tree to freeze: HEAD's (nothing may differ from it) or the index's (`staged`)."""
    if staged:
        loose = sorted(set(repo.unstaged_paths()) | set(repo.untracked_paths()))
        if loose:
            raise CheckFailed(f"{env_root}: unstaged or untracked changes; stage or remove them first",
                              [Problem(shown(p), "not staged", rule="clean-tree") for p in loose])
        return repo.index_tree()
    dirty = repo.dirty_paths()
    if dirty:
        raise CheckFailed(f"{env_root}: the environment has uncommitted changes; commit them first "
                          "(or stage them and use --staged)",
                          [Problem(shown(p), "uncommitted", rule="clean-tree") for p in dirty])
    head = repo.head()
    if head is None:
        raise BadInput.at(str(env_root), "the repository has no commit yet", rule="has-commit")
    return repo.tree_of(head) or ""


def _task_entries(repo: Repo, root_tree: str) -> tuple[dict[str, str], dict[str, list[TreeEntry]], ProblemList]:
    """Each task's tree id and entries (paths relative to the repository), and every problem
    with a task id or a file name."""
    problems = ProblemList()
    cut = len(TASKS) + 1
    listing = repo.ls_tree(root_tree, TASKS, trees=True)
    roots = task_roots(e.path[cut:] for e in listing if e.type == "blob")
    entries: dict[str, list[TreeEntry]] = defaultdict(list)
    trees: dict[str, str] = {}
    for e in listing:
        rel = e.path[cut:]
        if e.type == "tree":
            if rel in roots:
                trees[rel] = e.oid
            continue
        tid = task_of(rel, roots)
        if tid is not None:
            entries[tid].append(e)
    if not roots:
        problems.add(f"{TASKS}/", "no task to freeze: a task is a folder under tasks/ holding a task.json",
                     rule="tasks-exist")
    folded: dict[str, str] = {}
    for tid in sorted(roots):
        problem = task_id_problem(tid)
        if problem:
            problems.add(f"{TASKS}/{shown(tid)}", problem, rule="task-id")
        twin = folded.setdefault(tid.casefold(), tid)
        if twin != tid:
            problems.add(f"{TASKS}/{tid}", f"differs from task {twin!r} only by case", rule="case-collision")
    checked: set[str] = set()
    for tid in sorted(entries):
        seen_folded: dict[str, str] = {}
        prefix = len(f"{TASKS}/{tid}/")
        for e in entries[tid]:
            rel = e.path[prefix:]
            if e.mode == "120000":
                problems.add(shown(e.path), "is a symlink; workspaces may not contain symlinks", rule="no-symlinks")
            elif e.type != "blob":
                problems.add(shown(e.path), "is a submodule; workspaces must be self-contained", rule="no-submodules")
            # Names repeat across workspaces (the knowledge base is in every one): check each once.
            if rel not in checked:
                checked.add(rel)
                why = path_problem(rel)
                if why:
                    problems.add(shown(e.path), f"file name {why}", rule="safe-names")
            # ASCII names are always NFC and fold by lower(): the common case, kept cheap.
            folded_rel = rel.lower() if rel.isascii() else unicodedata.normalize("NFC", rel).casefold()
            if folded_rel in seen_folded:
                problems.add(shown(e.path), f"differs from {seen_folded[folded_rel]!r} only by case or normalization",
                             rule="case-collision")
            seen_folded[folded_rel] = e.path
    return trees, entries, problems


def build_manifest(env_root: Path, *, manifest_id: str, supersedes: str | None = None, staged: bool = False,
                   audit_states: AuditStates | None = None, progress: Progress | None = None) -> Manifest:
    """Freeze the environment at `env_root`; refuse a dirty tree or any unsafe task."""
    check_new_id(env_root, manifest_id, supersedes)
    with Repo(env_root) as repo:
        root_tree = _clean_or_refuse(repo, env_root, staged)
        head = repo.head()
        head_tree = repo.tree_of(head) if head else None
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

        task_trees, entries_by_task, problems = _task_entries(repo, root_tree)
        problems.raise_if_any(f"{env_root}: cannot freeze")

        # Validate every task.json; all problems together.
        for tid in sorted(entries_by_task):
            blob = next(e.oid for e in entries_by_task[tid] if e.path == f"{TASKS}/{tid}/{TASK_FILE}")
            source = f"{TASKS}/{tid}/{TASK_FILE}"
            try:
                problems.extend(runnable_problems(parse_task(repo.read_blob(blob), source, tid).task, source))
            except BadInput as exc:
                problems.extend(exc.problems)
        problems.raise_if_any(f"{env_root}: invalid tasks")

        same_format = snapshot is not None and snapshot.object_format == repo.object_format
        known = {f.blob: (f.sha256, f.size) for f in snapshot.files} if same_format else {}
        mount = env.knowledge_base.mount if env.knowledge_base else None

        # Hash each distinct blob once.
        todo = sorted({e.oid for tid in entries_by_task for e in entries_by_task[tid] if e.oid not in known})
        digests: dict[str, tuple[str, int]] = dict(known)
        for n, oid in enumerate(todo, 1):
            digests[oid] = hashing.sha256_chunks(repo.iter_blob(oid))
            if progress:
                progress(n, len(todo))

        tasks: dict[str, TaskEntry] = {}
        kb_problems = ProblemList()
        kb_pinned = {f.path: (f.sha256, f.mode) for f in snapshot.files} if snapshot else {}
        kb_prefix = f"{mount}/" if mount else None
        for tid in sorted(entries_by_task):
            # Plain tuples in this loop: it runs once per file of every workspace, knowledge
            # base included, and only a task's own files become manifest entries.
            files, kb_found = [], {}
            cut = len(f"{TASKS}/{tid}/")
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
                        where = f"{TASKS}/{tid}/{mount}/{shown(path)}"
                        if a is None:
                            kb_problems.add(where, "pinned file missing", rule="kb-matches-pin")
                        elif b is None:
                            kb_problems.add(where, "not in the pinned snapshot", rule="kb-matches-pin")
                        elif a != b:
                            kb_problems.add(where, "differs from the pinned snapshot", rule="kb-matches-pin")
                has_kb = True
            elif kb_found:
                files.extend(kb_found.values())
            rows = [FileEntry(path=e.path[cut:], sha256=digests[e.oid][0], size=digests[e.oid][1], mode=e.mode,
                              blob=e.oid) for e in files]
            tasks[tid] = TaskEntry(tree=task_trees[tid], files=sorted(rows, key=lambda f: f.path.encode()),
                                   knowledge_base=has_kb)
        kb_problems.raise_if_any(f"{env_root}: knowledge base in a workspace differs from its pin",
                                 error=CheckFailed)
        object_format = repo.object_format

    if audit_states is not None:
        for tid, ref in audit_states({tid: t.tree for tid, t in tasks.items()}).items():
            if tid in tasks:
                tasks[tid].audit = ref

    sup_digest = load_manifest(env_root, supersedes)[0].digest if supersedes else None
    manifest = Manifest(
        id=manifest_id, created=clock.stamp(), supersedes=supersedes, supersedes_digest=sup_digest,
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
    path = manifest_path(env_root, manifest.id)
    write_new(path, canonical.pretty_bytes(manifest.to_json()))
    return path
