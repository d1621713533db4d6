"""Which freeze is current: the one manifest that no other one supersedes.

One definition, used by verify, the gate, the run-log commands and the pre-commit
check. Kept free of the pydantic models so that the pre-commit hook can use it cheaply.
"""

from __future__ import annotations

import re
from pathlib import Path

from oafreeze.plumbing.errors import BadInput

MANIFESTS = "manifests"
ID_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$"
_ID = re.compile(ID_PATTERN)
ID_RULE = ("a freeze id is 1 to 100 letters, digits, '.', '_' and '-', starting with a letter or digit "
           "(it names the file manifests/<id>.json)")


def check_freeze_id(freeze_id: str) -> str:
    """`freeze_id` if it is a valid freeze id (also a safe file name); BadInput naming the rule otherwise."""
    if not isinstance(freeze_id, str) or not _ID.match(freeze_id):
        shown = freeze_id if isinstance(freeze_id, str) and len(freeze_id) <= 60 else f"{str(freeze_id)[:57]}..."
        raise BadInput.at(repr(shown), ID_RULE, field="id", rule="freeze-id")
    return freeze_id


def manifest_ids(env_root: Path) -> list[str]:
    """Ids of the manifests in manifests/, sorted (ids sort by time when left to default)."""
    folder = Path(env_root) / MANIFESTS
    if not folder.is_dir():
        return []
    try:
        names = [p.name for p in folder.iterdir()]
    except OSError as exc:
        raise BadInput.at(str(folder), f"cannot list: {exc.strerror}", rule="readable") from None
    return sorted(n[:-5] for n in names if n.endswith(".json") and _ID.match(n[:-5])
                  and (folder / n).is_file())


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
    from oafreeze.plumbing import canonical  # not on the pre-commit hook's path

    sup = {}
    for i in ids:
        path = env_root / MANIFESTS / f"{i}.json"
        try:
            data = path.read_bytes()
        except OSError as exc:
            raise BadInput.at(str(path), f"cannot read: {exc.strerror}", rule="readable") from None
        raw = canonical.loads_strict(data, f"{MANIFESTS}/{i}.json")
        sup[i] = raw.get("supersedes") if isinstance(raw, dict) else None
    return current_id(sup) or ids[-1]
