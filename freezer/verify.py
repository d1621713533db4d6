"""Check a working tree (or a commit) against a freeze manifest; report all drift at once."""

from __future__ import annotations

import os
import time
from pathlib import Path

from oafreeze.plumbing.errors import BadInput
from oafreeze.plumbing import hashing
from oafreeze.freezer.diff import settings_drift
from oafreeze.environment.config import CONFIG_FILE, parse_environment
from oafreeze.plumbing.git import Repo
from oafreeze.freezer.manifest import Manifest
from oafreeze.corpus.materialize import Drift, compare, walk_files
from oafreeze.freezer.statcache import StatCache
from oafreeze.output import Progress


def expected_files(manifest: Manifest, tid: str,
                   kb_files: dict[str, tuple[str, int, str]] | None = None) -> dict[str, tuple[str, int, str]]:
    """Every file a task's folder must hold: its own files and, if mounted, the pinned knowledge base."""
    entry = manifest.tasks[tid]
    out = {f.path: (f.sha256, f.size, f.mode) for f in entry.files}
    if entry.knowledge_base and manifest.knowledge_base is not None:
        out.update(kb_files if kb_files is not None else _kb_files(manifest))
    return out


def _kb_files(manifest: Manifest) -> dict[str, tuple[str, int, str]]:
    kb = manifest.knowledge_base
    if kb is None:
        return {}
    return {f"{kb.mount}/{f.path}": (f.sha256, f.size, f.mode) for f in kb.snapshot.files}


def _content_key(manifest: Manifest, tid: str) -> str:
    # What a task folder must hold, in one string: its own files and the snapshot by digest.
    entry = manifest.tasks[tid]
    items = [(f.path, f"{f.sha256} {f.size} {f.mode}") for f in entry.files]
    kb = manifest.knowledge_base
    if entry.knowledge_base and kb is not None:
        items.append((kb.mount + "/", f"snapshot {kb.snapshot.digest}"))
    return hashing.fingerprint(items)


def _mark_kb(drift: list[Drift], manifest: Manifest) -> list[Drift]:
    kb = manifest.knowledge_base
    if kb is None:
        return drift
    for d in drift:
        if d.path.startswith(kb.mount + "/"):
            d.area = "knowledge-base"
    return drift


def verify_worktree(env_root: Path, manifest: Manifest, *, use_cache: bool = True,
                    progress: Progress | None = None) -> list[Drift]:
    """All drift between the files on disk and the manifest (cache off: every file rehashed)."""
    cache = StatCache(env_root, enabled=use_cache)
    tasks_dir = env_root / "tasks"
    on_disk = sorted(p.name for p in tasks_dir.iterdir() if p.is_dir() or p.is_symlink()) \
        if tasks_dir.is_dir() else []
    kb_files = _kb_files(manifest)
    drift: list[Drift] = []
    progress = progress or Progress("verifying", enabled=False)
    progress.total = len(manifest.tasks)
    for tid in sorted(set(on_disk) | set(manifest.tasks)):
        folder = tasks_dir / tid
        if tid not in manifest.tasks:
            drift.append(Drift(task=tid, path="", change="task-added"))
            continue
        if not folder.is_dir() or folder.is_symlink():
            drift.append(Drift(task=tid, path="", change="task-removed", expected=manifest.tasks[tid].tree))
            continue
        walked_ns = time.time_ns()
        walked = walk_files(folder)
        content = _content_key(manifest, tid)
        if not walked[1] and cache.proved(tid, walked[0], content):
            progress.advance()
            continue
        found = _mark_kb(compare(expected_files(manifest, tid, kb_files), folder, walked=walked), manifest)
        for d in found:
            d.task = tid
        if found:
            cache.forget(tid)
            try:
                now = hashing.dir_tree_id(folder, manifest.environment.object_format)
            except OSError:
                now = None
            drift.append(Drift(task=tid, path="", change="tree", expected=manifest.tasks[tid].tree, found=now))
        else:
            cache.record(tid, walked[0], content, walked_ns)
        drift.extend(found)
        progress.advance()
    progress.close()
    cache.save()
    drift.extend(_settings(env_root, manifest, (env_root / CONFIG_FILE).read_bytes()
                           if (env_root / CONFIG_FILE).is_file() else None))
    return drift


def _settings(env_root: Path, manifest: Manifest, config: bytes | None) -> list[Drift]:
    if config is None:
        return [Drift(path=CONFIG_FILE, change="removed")]
    if hashing.sha256_bytes(config) == manifest.environment.config_sha256:
        return []
    env = parse_environment(config, CONFIG_FILE)
    out = settings_drift(manifest, env)
    return out or [Drift(path=CONFIG_FILE, change="modified", expected=manifest.environment.config_sha256,
                         found=hashing.sha256_bytes(config))]


def verify_rev(env_root: Path, manifest: Manifest, rev: str) -> list[Drift]:
    """All drift between the commit `rev` and the manifest, from git's objects alone."""
    drift: list[Drift] = []
    with Repo(env_root) as repo:
        commit = repo.resolve_commit(rev)
        if repo.object_format != manifest.environment.object_format:
            raise BadInput.at(str(env_root), f"repository is {repo.object_format}, manifest is "
                              f"{manifest.environment.object_format}", rule="object-format")
        trees = {e.path.split("/", 1)[1]: e.oid for e in repo.ls_tree(commit, "tasks", recursive=False)
                 if e.type == "tree"}
        for tid in sorted(set(trees) | set(manifest.tasks)):
            if tid not in manifest.tasks:
                drift.append(Drift(task=tid, path="", change="task-added", found=trees[tid]))
                continue
            want = manifest.tasks[tid]
            if tid not in trees:
                drift.append(Drift(task=tid, path="", change="task-removed", expected=want.tree))
                continue
            if trees[tid] == want.tree:
                continue
            drift.append(Drift(task=tid, path="", change="tree", expected=want.tree, found=trees[tid]))
            expected = {f.path: (f.blob, f.mode) for f in want.files}
            kb = manifest.knowledge_base
            if want.knowledge_base and kb is not None:
                expected.update({f"{kb.mount}/{f.path}": (f.blob, f.mode) for f in kb.snapshot.files})
            found = {e.path[len(f"tasks/{tid}/"):]: (e.oid, e.mode) for e in repo.ls_tree(commit, f"tasks/{tid}")}
            for path in sorted(set(expected) | set(found), key=lambda p: p.encode("utf-8")):
                a, b = expected.get(path), found.get(path)
                if b is None:
                    drift.append(Drift(task=tid, path=path, change="removed"))
                elif a is None:
                    drift.append(Drift(task=tid, path=path, change="added" if b[1] != "120000" else "symlink"))
                elif a[0] != b[0]:
                    drift.append(Drift(task=tid, path=path, change="modified"))
                elif a[1] != b[1]:
                    drift.append(Drift(task=tid, path=path, change="mode", expected=a[1], found=b[1]))
        config = repo.blob_at(commit, CONFIG_FILE)
    return _mark_kb(drift, manifest) + _settings(env_root, manifest, config)


def drift_json(drift: list[Drift]) -> list[dict]:
    """Drift entries as plain data for --json (task, path, change always present)."""
    out = []
    for d in drift:
        item = d.model_dump(exclude_none=True)
        item.setdefault("task", None)
        out.append(item)
    return out


__all__ = ["verify_worktree", "verify_rev", "drift_json", "expected_files", "os"]
