"""LAB's task.json, with oafreeze's additions under the `oafreeze` key.

LAB's schema moves, so we validate what we rely on and keep everything else: the raw
mapping is kept and written back untouched, key order included.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from oafreeze.plumbing.errors import BadInput, Problem
from oafreeze.plumbing import canonical

TASK_FILE = "task.json"
WORKSPACE = "documents"
TASK_ID = re.compile(r"^[a-z0-9][a-z0-9._-]{0,127}$")


def check_relative_path(value: str) -> str:
    """A safe relative POSIX path: no absolute, no `..`, no NUL, no backslash, NFC."""
    if not isinstance(value, str) or not value:
        raise ValueError("must be a non-empty relative path")
    if "\0" in value:
        raise ValueError("contains a NUL byte")
    if value.startswith("/") or re.match(r"^[A-Za-z]:", value) or value.startswith("~"):
        raise ValueError("must be relative, not absolute")
    if "\\" in value:
        raise ValueError("must use '/' separators")
    if any(part in ("", ".", "..") for part in value.split("/")):
        raise ValueError("may not contain '..', '.' or empty segments")
    if unicodedata.normalize("NFC", value) != value:
        raise ValueError("must be NFC-normalized")
    return value


class Criterion(BaseModel):
    """One grading criterion in LAB's form ("PASS if ... FAIL if ...")."""

    model_config = ConfigDict(extra="allow")

    id: str = Field(min_length=1)
    title: str = Field(min_length=1)
    match_criteria: str = Field(min_length=1)
    deliverables: list[str] = Field(default_factory=list)
    source: Literal["expert", "oracle"] | None = None
    sources: list[Any] | None = None


class Anchor(BaseModel):
    """A quoted passage in a named workspace file."""

    model_config = ConfigDict(extra="allow")

    file: str
    quote: str = Field(min_length=1)

    _path = field_validator("file")(lambda cls, v: check_relative_path(v))


class Trap(BaseModel):
    """What the task is built to catch, where it is, and which criteria detect it."""

    model_config = ConfigDict(extra="allow")

    kind: str = Field(min_length=1)
    description: str = Field(min_length=1)
    anchors: list[Anchor] = Field(default_factory=list)
    criteria: list[str] = Field(default_factory=list)


class SeededLaw(BaseModel):
    """An excerpt of law planted in the workspace, with its provenance."""

    model_config = ConfigDict(extra="allow")

    file: str
    citation: str = Field(min_length=1)
    quote: str | None = None
    effective_date: str | None = None
    verified_on: str | None = None
    verified_against: str | None = None

    _path = field_validator("file")(lambda cls, v: check_relative_path(v))


class Extension(BaseModel):
    """oafreeze's additions to task.json (LAB ignores this key)."""

    model_config = ConfigDict(extra="allow")

    family: str | None = None
    instance: str | None = None
    variables: dict[str, Any] = Field(default_factory=dict)
    as_of: str | None = None
    operative: list[str] = Field(default_factory=list)
    advisory: list[str] = Field(default_factory=list)
    trap: Trap | None = None
    seeded_law: list[SeededLaw] = Field(default_factory=list)
    synthetic: bool | None = None


class Task(BaseModel):
    """The fields of LAB's task.json that oafreeze reads."""

    model_config = ConfigDict(extra="allow")

    title: str = Field(min_length=1)
    instructions: str = Field(min_length=1)
    work_type: Literal["analyze", "draft", "review", "research"]
    deliverables: dict[str, str]
    criteria: list[Criterion] = Field(min_length=1)
    language: str | None = None
    jurisdiction: str | None = None
    judge_language: str | None = None
    oafreeze: Extension | None = None

    @field_validator("deliverables")
    @classmethod
    def _safe_names(cls, value: dict[str, str]) -> dict[str, str]:
        for name in value:
            try:
                check_relative_path(name)
            except ValueError as exc:
                raise ValueError(f"deliverable {name!r} {exc}") from None
        return value

    @property
    def ext(self) -> Extension:
        """The oafreeze extension, empty if the task has none."""
        return self.oafreeze or Extension()


class LoadedTask(BaseModel):
    """A task as read from disk: its id, its validated view and its raw mapping."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    id: str
    task: Task
    raw: dict


def parse_task(data: bytes, source: str, task_id: str = "") -> LoadedTask:
    """Validate task.json bytes; every problem named at once with file and field."""
    raw = canonical.loads_strict(data, source)
    if not isinstance(raw, dict):
        raise BadInput.at(source, "task.json must hold a JSON object", rule="task-object")
    try:
        task = Task.model_validate(raw)
    except ValidationError as exc:
        problems = []
        for err in exc.errors():
            field = ".".join(str(p) for p in err["loc"])
            msg = "required field missing" if err["type"] == "missing" else err["msg"]
            problems.append(Problem(source, msg, field=field, rule=err["type"]))
        raise BadInput(f"{source}: invalid task", problems) from None
    return LoadedTask(id=task_id, task=task, raw=raw)


def dump_task(raw: dict) -> bytes:
    """Bytes for a task.json: keys in their original order, unknown fields untouched."""
    import json

    return (json.dumps(raw, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


def load_task(env_root: Path, task_id: str) -> LoadedTask:
    """Read and validate tasks/<id>/task.json under an environment."""
    if not TASK_ID.match(task_id):
        raise BadInput.at(f"tasks/{task_id}", "task ids are lower-case names of letters, digits, '.', '_' "
                          "and '-'", rule="task-id")
    path = env_root / "tasks" / task_id / TASK_FILE
    if path.is_symlink() or not path.is_file():
        raise BadInput.at(f"tasks/{task_id}/{TASK_FILE}", "missing (or not a regular file)", rule="task-file")
    return parse_task(path.read_bytes(), f"tasks/{task_id}/{TASK_FILE}", task_id)


def task_ids(env_root: Path) -> list[str]:
    """The ids of every task folder under tasks/, sorted."""
    tasks = env_root / "tasks"
    if not tasks.is_dir():
        return []
    return sorted(p.name for p in tasks.iterdir() if p.is_dir() and not p.name.startswith("."))
