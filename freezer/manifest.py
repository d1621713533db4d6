"""The freeze manifest: one document that pins a whole environment.

Its schema is written down in `freezer/schemas/manifest.schema.json` (generated from
these models by `python -m oafreeze.freezer.manifest --schema`) and versioned by the
`schema` field. A manifest carries its own digest over the canonical encoding of
everything else; loading checks it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from oafreeze.corpus.snapshot import VERSIONS as SNAPSHOT_VERSIONS
from oafreeze.corpus.snapshot import Snapshot
from oafreeze.environment.config import Judge, Model, Pin
from oafreeze.environment.task import task_id_problem
from oafreeze.freezer.lineage import ID_PATTERN, MANIFESTS, check_freeze_id, current_manifest_id
from oafreeze.plumbing import canonical
from oafreeze.plumbing.errors import BadInput, CheckFailed
from oafreeze.plumbing.paths import check_relative_path
from oafreeze.plumbing.sealed import Sealed, unseal

SCHEMA = "oafreeze.manifest/2"
# Schema version -> how its digest is taken. Version 2 is RFC 8785 (see canonical); version 1
# manifests still load and verify.
VERSIONS = {SCHEMA: canonical.digest, "oafreeze.manifest/1": canonical.legacy_digest}


class FileEntry(BaseModel):
    """One file of a workspace: path relative to the task folder, content, mode, git blob."""

    model_config = ConfigDict(extra="forbid")

    path: str
    sha256: str = Field(pattern=r"^[0-9a-f]{64}$")
    # A manifest may come from someone else: verify walks and hashes these paths, so one
    # that climbs out of the task folder is refused on load.
    _safe_path = field_validator("path")(lambda cls, v: check_relative_path(v))
    size: int = Field(ge=0)
    mode: str = Field(pattern=r"^100(644|755)$")
    blob: str


class AuditRef(BaseModel):
    """The audit state of a task when it was frozen, bound to the tree it audited."""

    model_config = ConfigDict(extra="allow")

    state: str
    tree: str | None = None


class TaskEntry(BaseModel):
    """One task: its git tree id and every file of its folder outside the knowledge base."""

    model_config = ConfigDict(extra="forbid")

    tree: str
    files: list[FileEntry]
    knowledge_base: bool = Field(description="The task's mount holds exactly the pinned snapshot.")
    audit: AuditRef | None = None


class EnvironmentRef(BaseModel):
    """Which environment, at which commit and root tree, in which object format."""

    model_config = ConfigDict(extra="forbid")

    name: str
    commit: str | None
    tree: str
    object_format: str
    staged: bool = False
    config_sha256: str


class KnowledgeBaseRef(BaseModel):
    """Where the pinned snapshot is mounted, and the snapshot itself."""

    model_config = ConfigDict(extra="forbid")

    mount: str
    snapshot_path: str
    snapshot: Snapshot

    _safe_paths = field_validator("mount", "snapshot_path")(lambda cls, v: check_relative_path(v))


class Manifest(Sealed):
    """A whole freeze."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    schema_: str = Field(SCHEMA, alias="schema")
    id: str = Field(pattern=ID_PATTERN)
    created: str
    supersedes: str | None = None
    supersedes_digest: str | None = None
    tool: dict[str, str]
    environment: EnvironmentRef
    harness: Pin | None = None
    evaluator: Pin | None = None
    knowledge_base: KnowledgeBaseRef | None = None
    models: list[Model] = Field(default_factory=list)
    judges: list[Judge] = Field(default_factory=list)
    tasks: dict[str, TaskEntry]

    _ids = field_validator("supersedes")(lambda cls, v: v if v is None else check_freeze_id(v))

    @field_validator("tasks")
    @classmethod
    def _task_ids(cls, value: dict[str, TaskEntry]) -> dict[str, TaskEntry]:
        for tid in value:
            problem = task_id_problem(tid)
            if problem:
                raise ValueError(f"task id {tid!r}: {problem}")
        ids = set(value)
        for tid in value:
            parts = tid.split("/")
            if any("/".join(parts[:i]) in ids for i in range(1, len(parts))):
                raise ValueError(f"task {tid!r} lies inside the folder of another task")
        return value


def parse_manifest(data: bytes, source: str) -> Manifest:
    """Validate a manifest's bytes and its self-digest; every problem named."""
    raw = canonical.loads_strict(data, source)
    return manifest_from_data(raw, source)


def manifest_from_data(raw: Any, source: str) -> Manifest:
    """Validate already-parsed manifest data and its self-digest."""
    manifest = unseal(Manifest, raw, source, VERSIONS, "manifest")
    kb = manifest.knowledge_base
    if kb is not None:
        snap_digest = SNAPSHOT_VERSIONS[kb.snapshot.schema_](kb.snapshot.body())
        if kb.snapshot.digest != snap_digest:
            raise CheckFailed.at(source, "the embedded snapshot's digest does not match its content",
                                 field="knowledge_base.snapshot.digest", rule="self-digest")
    return manifest


def manifest_path(env_root: Path, manifest_id: str) -> Path:
    """Where a manifest with this id lives."""
    return env_root / MANIFESTS / f"{manifest_id}.json"


def load_manifest(env_root: Path, ref: str | None) -> tuple[Manifest, Path]:
    """A manifest by id or path; by default the current one of the environment."""
    if ref and (ref.endswith(".json") or "/" in ref):
        path = Path(ref)
    else:
        if ref is None:
            ref = current_manifest_id(env_root)
        path = manifest_path(env_root, check_freeze_id(ref))
    if not path.is_file():
        raise BadInput.at(str(path), "no such manifest", rule="manifest-exists")
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise BadInput.at(str(path), f"cannot read: {exc.strerror}", rule="readable") from None
    return parse_manifest(data, str(path)), path


def json_schema() -> dict:
    """The manifest's JSON Schema, generated from the models."""
    schema = Manifest.model_json_schema(by_alias=True)
    schema["$id"] = f"https://oafreeze.example.org/schemas/{SCHEMA}.json"
    schema["title"] = f"oafreeze freeze manifest ({SCHEMA})"
    return schema


if __name__ == "__main__":  # pragma: no cover - regenerate the committed schema
    import sys

    if "--schema" in sys.argv:
        sys.stdout.buffer.write(canonical.pretty_bytes(json_schema()))
