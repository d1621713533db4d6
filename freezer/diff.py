"""Differences between two freezes, or between a freeze and an environment's settings (pure)."""

from __future__ import annotations

from typing import Any

from oafreeze.environment.config import Environment
from oafreeze.freezer.manifest import Manifest
from oafreeze.plumbing.tree import Drift

SETTINGS = ("harness", "evaluator", "models", "judges")


def _dump(value: Any) -> Any:
    if value is None:
        return None
    if isinstance(value, list):
        return [_dump(v) for v in value]
    return value.model_dump(mode="json") if hasattr(value, "model_dump") else value


def settings_drift(manifest: Manifest, env: Environment) -> list[Drift]:
    """Every setting in oafreeze.yaml that no longer matches the freeze."""
    out = []
    for key in SETTINGS:
        a, b = _dump(getattr(manifest, key)), _dump(getattr(env, key))
        if a != b:
            out.append(Drift(path="oafreeze.yaml", change="settings", expected=_short(a), found=_short(b),
                             task=None, field=key))
    kb_m, kb_e = manifest.knowledge_base, env.knowledge_base
    pinned = kb_m.snapshot.commit if kb_m else None
    wanted = kb_e.commit if kb_e else None
    if pinned != wanted:
        out.append(Drift(path="oafreeze.yaml", change="knowledge-base", expected=pinned, found=wanted,
                         field="knowledge_base.commit"))
    if kb_m and kb_e and kb_m.mount != kb_e.mount:
        out.append(Drift(path="oafreeze.yaml", change="knowledge-base", expected=kb_m.mount, found=kb_e.mount,
                         field="knowledge_base.mount"))
    return out


def _short(value: Any) -> str | None:
    if value is None:
        return None
    import json

    text = json.dumps(value, sort_keys=True)
    return text if len(text) <= 200 else text[:197] + "..."


def diff_manifests(old: Manifest, new: Manifest) -> list[Drift]:
    """What changed from freeze `old` to freeze `new`: tasks, files, knowledge base, settings."""
    out: list[Drift] = []
    for key in SETTINGS:
        a, b = _dump(getattr(old, key)), _dump(getattr(new, key))
        if a != b:
            out.append(Drift(path="oafreeze.yaml", change="settings", expected=_short(a), found=_short(b), field=key))
    ko = old.knowledge_base.snapshot if old.knowledge_base else None
    kn = new.knowledge_base.snapshot if new.knowledge_base else None
    if (ko and ko.digest) != (kn and kn.digest):
        out.append(Drift(path="knowledge-base", change="knowledge-base", expected=ko.commit if ko else None,
                         found=kn.commit if kn else None))
        if ko and kn:
            out.extend(_file_changes({f.path: (f.sha256, f.mode) for f in ko.files},
                                     {f.path: (f.sha256, f.mode) for f in kn.files}, task=None,
                                     area="knowledge-base"))
    for tid in sorted(set(old.tasks) | set(new.tasks)):
        a, b = old.tasks.get(tid), new.tasks.get(tid)
        if a is None:
            out.append(Drift(task=tid, path="", change="task-added", found=b.tree))
        elif b is None:
            out.append(Drift(task=tid, path="", change="task-removed", expected=a.tree))
        elif a.tree != b.tree:
            out.append(Drift(task=tid, path="", change="tree", expected=a.tree, found=b.tree))
            out.extend(_file_changes({f.path: (f.sha256, f.mode) for f in a.files},
                                     {f.path: (f.sha256, f.mode) for f in b.files}, task=tid))
    return out


def _file_changes(a: dict[str, tuple[str, str]], b: dict[str, tuple[str, str]], *, task: str | None,
                  area: str | None = None) -> list[Drift]:
    out = []
    for path in sorted(set(a) | set(b), key=lambda p: p.encode("utf-8", "surrogateescape")):
        if path not in b:
            out.append(Drift(task=task, path=path, change="removed", expected=a[path][0], area=area))
        elif path not in a:
            out.append(Drift(task=task, path=path, change="added", found=b[path][0], area=area))
        elif a[path][0] != b[path][0]:
            out.append(Drift(task=task, path=path, change="modified", expected=a[path][0], found=b[path][0],
                             area=area))
        elif a[path][1] != b[path][1]:
            out.append(Drift(task=task, path=path, change="mode", expected=a[path][1], found=b[path][1], area=area))
    return out
