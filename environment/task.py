"""LAB's task.json, with oafreeze's additions under the `oafreeze` key.

LAB's schema moves, so we validate what we rely on and keep everything else: the raw
mapping is kept and written back untouched, key order included.

Reading a task checks its shape only: JSON of the right types where a field is present.
Whether the values make a sound task (a title, a unique criterion id, "PASS if" and "FAIL
if" clauses, safe deliverable names, a seeded-law citation, a work type in LAB's set...)
is the audit's to say, item by item, so that one flawed task is reported with findings
instead of stopping the audit of every other one. docs/TASKS.md lists every field.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from oafreeze.plumbing import canonical
from oafreeze.plumbing.errors import BadInput, Problem
from oafreeze.plumbing.paths import path_problem
from oafreeze.plumbing.sealed import pydantic_problems

TASK_FILE = "task.json"
WORKSPACE = "documents"
# A task id is its folder's path under tasks/: `covenant-package-v03`, or in a LAB checkout
# `corporate-ma/stock-purchase-review`. Each segment is a plain name.
SEGMENT = r"[A-Za-z0-9][A-Za-z0-9._-]{0,127}"
TASK_ID = re.compile(rf"^{SEGMENT}(?:/{SEGMENT}){{0,7}}$")
TASK_ID_RULE = ("a task id is its folder's path under tasks/: up to 8 names of letters, digits, '.', '_' and '-' "
                "(each starting with a letter or digit), joined by '/'")


def task_id_problem(task_id: object) -> str | None:
    """Why `task_id` is not a valid task id, or None."""
    if not isinstance(task_id, str) or not TASK_ID.match(task_id):
        return TASK_ID_RULE
    return None


WORK_TYPES = ("analyze", "draft", "review", "research")
SOURCES = ("expert", "oracle")


class Criterion(BaseModel):
    """One grading criterion in LAB's form ("PASS if ... FAIL if ..."); H04 checks its form."""

    model_config = ConfigDict(extra="allow")

    id: str = ""
    title: str = ""
    match_criteria: str = ""
    deliverables: list[str] = Field(default_factory=list)
    source: str | None = Field(None, description="expert or oracle")
    sources: list[Any] | None = Field(None, description="The workspace documents the criterion rests on.")


class Anchor(BaseModel):
    """A quoted passage in a named workspace file (path relative to documents/)."""

    model_config = ConfigDict(extra="allow")

    file: str = ""
    quote: str = ""


class Trap(BaseModel):
    """What the task is built to catch, where it is, and which criteria detect it (H11)."""

    model_config = ConfigDict(extra="allow")

    kind: str = ""
    description: str = ""
    anchors: list[Anchor] = Field(default_factory=list)
    criteria: list[str] = Field(default_factory=list)


class SeededLaw(BaseModel):
    """An excerpt of law planted in the workspace, with its provenance (H09)."""

    model_config = ConfigDict(extra="allow")

    file: str = ""
    citation: str = ""
    quote: str | None = None
    effective_date: str | None = None
    verified_on: str | None = None
    verified_against: str | None = None


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

    title: str = ""
    instructions: str = ""
    work_type: str = Field("", description="analyze, draft, review or research")
    deliverables: dict[str, str] = Field(default_factory=dict)
    criteria: list[Criterion] = Field(default_factory=list)
    language: str | None = None
    jurisdiction: str | None = None
    judge_language: str | None = None
    oafreeze: Extension | None = None

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
        raise BadInput(f"{source}: invalid task", pydantic_problems(exc, source)) from None
    return LoadedTask(id=task_id, task=task, raw=raw)


def runnable_problems(task: Task, source: str) -> list[Problem]:
    """What makes a task impossible to run at all (freeze refuses these; the audit reports them
    too, with every subtler problem): no instructions, no deliverables, a deliverable name that
    is not a safe relative path, no criteria."""
    out = []
    if not task.instructions.strip():
        out.append(Problem(source, "no instructions: the agent is told nothing", field="instructions",
                           rule="task-runnable"))
    if not task.deliverables:
        out.append(Problem(source, "no deliverables", field="deliverables", rule="task-runnable"))
    for name in task.deliverables:
        why = path_problem(name)
        if why:
            out.append(Problem(source, f"deliverable {name!r} {why}", field="deliverables", rule="safe-names"))
    if not task.criteria:
        out.append(Problem(source, "no criteria: nothing is graded", field="criteria", rule="task-runnable"))
    return out


def dump_task(raw: dict) -> bytes:
    """Bytes for a task.json: keys in their original order, unknown fields untouched."""
    import json

    return (json.dumps(raw, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


def load_task(env_root: Path, task_id: str) -> LoadedTask:
    """Read and validate tasks/<id>/task.json under an environment."""
    problem = task_id_problem(task_id)
    if problem:
        raise BadInput.at(f"tasks/{task_id}", problem, rule="task-id")
    path = env_root / "tasks" / task_id / TASK_FILE
    if path.is_symlink() or not path.is_file():
        raise BadInput.at(f"tasks/{task_id}/{TASK_FILE}", "missing (or not a regular file)", rule="task-file")
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise BadInput.at(f"tasks/{task_id}/{TASK_FILE}", f"cannot read: {exc.strerror}", rule="readable") from None
    return parse_task(data, f"tasks/{task_id}/{TASK_FILE}", task_id)
