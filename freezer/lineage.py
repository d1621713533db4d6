"""Which freeze is current: the one manifest that no other one supersedes.

One definition, used by verify, the gate, the run-log commands and the pre-commit
check. Kept free of the pydantic models so that the pre-commit hook can use it cheaply.
"""

from __future__ import annotations

from pathlib import Path

from oafreeze.plumbing.errors import BadInput
from oafreeze.plumbing import canonical

MANIFESTS = "manifests"


def manifest_ids(env_root: Path) -> list[str]:
    """Ids of the manifests in manifests/, sorted (ids sort by time when left to default)."""
    folder = Path(env_root) / MANIFESTS
    if not folder.is_dir():
        return []
    return sorted(p.name[:-5] for p in folder.glob("*.json") if p.is_file())


def current_id(ids_and_supersedes: dict[str, str | None]) -> str | None:
    """The manifest no other one supersedes (the newest by id if several)."""
    superseded = {s for s in ids_and_supersedes.values() if s}
    heads = sorted(i for i in ids_and_supersedes if isinstance(i, str) and i not in superseded)
    return heads[-1] if heads else None


def current_manifest_id(env_root: Path) -> str:
    """The current freeze of an environment; a clear error when there is none."""
    env_root = Path(env_root)
    ids = manifest_ids(env_root)
    if not ids:
        raise BadInput.at(str(env_root / MANIFESTS), "no manifest yet; run `oafreeze freeze`",
                          rule="manifest-exists")
    sup = {}
    for i in ids:
        raw = canonical.loads_strict((env_root / MANIFESTS / f"{i}.json").read_bytes(), f"{MANIFESTS}/{i}.json")
        sup[i] = raw.get("supersedes") if isinstance(raw, dict) else None
    return current_id(sup) or ids[-1]
