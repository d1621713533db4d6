"""Check a working tree (or a commit) against a freeze manifest; report all drift at once."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from oafreeze.environment.config import CONFIG_FILE, parse_environment
from oafreeze.environment.discovery import TASKS, task_ids, task_of, task_roots
from oafreeze.freezer.diff import settings_drift
from oafreeze.freezer.manifest import Manifest
from oafreeze.freezer.statcache import StatCache
from oafreeze.plumbing import hashing
from oafreeze.plumbing.errors import BadInput
from oafreeze.plumbing.git import Repo
from oafreeze.plumbing.tree import Drift, compare, dir_tree_id, walk

Progress = Callable[[int, int], None]  # (done, total)


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
    tasks_dir = env_root / TASKS
    kb_files = _kb_files(manifest)
    drift: list[Drift] = []
    ids = sorted(set(task_ids(env_root)) | set(manifest.tasks), key=lambda t: t.encode("utf-8", "surrogateescape"))
    for n, tid in enumerate(ids, 1):
        folder = tasks_dir / tid
        if tid not in manifest.tasks:
            drift.append(Drift(task=tid, path="", change="task-added"))
        elif not folder.is_dir() or folder.is_symlink():
            drift.append(Drift(task=tid, path="", change="task-removed", expected=manifest.tasks[tid].tree))
        else:
            drift.extend(_verify_task(folder, tid, manifest, kb_files, cache))
        if progress:
            progress(n, len(ids))
    cache.save()
    drift.extend(_settings(env_root, manifest, _read_config(env_root)))
    return drift


def _verify_task(folder: Path, tid: str, manifest: Manifest, kb_files: dict, cache: StatCache) -> list[Drift]:
    walked_ns = time.time_ns()
    listing = walk(folder)
    content = _content_key(manifest, tid)
    if not listing.links and not listing.unreadable and cache.proved(tid, listing.files, content):
        return []
    found = _mark_kb(compare(expected_files(manifest, tid, kb_files), folder, listing=listing), manifest)
    for d in found:
        d.task = tid
    if not found:
        cache.record(tid, listing.files, content, walked_ns)
        return []
    cache.forget(tid)
    try:
        now = dir_tree_id(folder, manifest.environment.object_format)
    except OSError:
        now = None
    return [Drift(task=tid, path="", change="tree", expected=manifest.tasks[tid].tree, found=now), *found]


def _read_config(env_root: Path) -> bytes | None:
    path = env_root / CONFIG_FILE
    if not path.is_file():
        return None
    try:
        return path.read_bytes()
    except OSError as exc:
        raise BadInput.at(str(path), f"cannot read: {exc.strerror}", rule="readable") from None


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
        cut = len(TASKS) + 1
        listing = repo.ls_tree(commit, TASKS, trees=True)
        roots = task_roots(e.path[cut:] for e in listing if e.type == "blob")
        trees = {e.path[cut:]: e.oid for e in listing if e.type == "tree" and e.path[cut:] in roots}
        by_task: dict[str, list] = {}
        for e in listing:
            if e.type != "tree":
                owner = task_of(e.path[cut:], roots)
                if owner is not None:
                    by_task.setdefault(owner, []).append(e)
        kb = manifest.knowledge_base
        # The snapshot names the library's blobs; where the library and the environment use
        # different object formats (SHA-1 and SHA-256) those ids cannot be compared with the
        # environment's, so its knowledge-base files are compared by their SHA-256 instead.
        by_content = kb is not None and kb.snapshot.object_format != repo.object_format
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
            prefix = f"{TASKS}/{tid}/"
            expected = {f.path: (f.blob, f.mode) for f in want.files}
            kb_sha = {}
            if want.knowledge_base and kb is not None:
                if by_content:
                    kb_sha = {f"{kb.mount}/{f.path}": (f.sha256, f.mode) for f in kb.snapshot.files}
                else:
                    expected.update({f"{kb.mount}/{f.path}": (f.blob, f.mode) for f in kb.snapshot.files})
            found = {e.path[len(prefix):]: (e.oid, e.mode) for e in by_task.get(tid, ())}
            for path in sorted(set(expected) | set(kb_sha) | set(found), key=lambda p: p.encode("utf-8", "surrogateescape")):
                b = found.get(path)
                if path in kb_sha and b is not None:
                    a = kb_sha[path]
                    b = (hashing.sha256_chunks(repo.iter_blob(b[0]))[0], b[1])
                else:
                    a = expected.get(path) or kb_sha.get(path)
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


