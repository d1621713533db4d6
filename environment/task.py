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

from pydantic import BaseModel, ConfigDict, Field

from oafreeze.plumbing import canonical
from oafreeze.plumbing.errors import BadInput, Problem
from oafreeze.plumbing.hashing import git_blob_id
from oafreeze.plumbing.paths import path_problem
from oafreeze.plumbing.sealed import validated

from oafreeze.environment.layout import TASK_FILE, WORKSPACE  # noqa: F401 - re-exported
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

    id: str = Field("", description="Unique within the task; verdicts, waivers and the trap name it (H01-H05, H07, H11, H12).")
    title: str = Field("", description="A short name for people (H01, H04).")
    match_criteria: str = Field("", description='"PASS if ... FAIL if ...", one claim (H01-H05, H10, H12).')
    deliverables: list[str] = Field(default_factory=list, description="The deliverables it grades; required when the "
                                    "task has more than one (H02-H06, H12).")
    source: str | None = Field(None, description="LAB: expert or oracle (H04).")
    sources: list[Any] | None = Field(None, description="LAB: the workspace documents the criterion rests on, as paths "
                                      "from the task folder or from documents/; each must exist (H07).")


class Anchor(BaseModel):
    """A quoted passage in a workspace file, named from the task folder (documents/memo.md) or from documents/."""

    model_config = ConfigDict(extra="allow")

    file: str = Field("", description="The workspace file, from the task folder (documents/...).")
    quote: str = Field("", description="Text that must appear in that file.")


class Trap(BaseModel):
    """What the task is built to catch, where it is, and which criteria detect it (H11)."""

    model_config = ConfigDict(extra="allow")

    kind: str = Field("", description="What kind of trap: placement, instruction-scope, effective-date ...")
    description: str = Field("", description="What the task is built to catch, in a sentence or two.")
    anchors: list[Anchor] = Field(default_factory=list, description="Where the trap is: each quote must be in its "
                                  "file (H11).")
    criteria: list[str] = Field(default_factory=list, description="Ids of the criteria that detect it (H11).")


class SeededLaw(BaseModel):
    """An excerpt of law planted in the workspace, with its provenance (H09)."""

    model_config = ConfigDict(extra="allow")

    file: str = Field("", description="The workspace file holding the excerpt, from the task folder.")
    citation: str = Field("", description="The law it is, e.g. 'C.R.S. § 8-2-113(2)'.")
    quote: str | None = Field(None, description="The excerpt as planted; must be in the file.")
    effective_date: str | None = Field(None, description="YYYY-MM-DD; compared with as_of (H10).")
    verified_on: str | None = Field(None, description="YYYY-MM-DD, on or before the freeze.")
    verified_against: str | None = Field(None, description="The official source it was checked against.")


class Extension(BaseModel):
    """oafreeze's additions to task.json (LAB ignores this key)."""

    model_config = ConfigDict(extra="allow")

    family: str | None = Field(None, description="The family this task is an instance of (FAM).")
    instance: str | None = Field(None, description="The instance's id within its family.")
    variables: dict[str, Any] = Field(default_factory=dict, description="The instance's variable values (FAM).")
    as_of: str | None = Field(None, description="YYYY-MM-DD: the day the work is done, which decides the law (H10).")
    operative: list[str] = Field(default_factory=list, description="Deliverables a counterparty signs (H12).")
    advisory: list[str] = Field(default_factory=list, description="Deliverables that stay with the client (H12).")
    trap: Trap | None = Field(None, description="What the task is built to catch (H10, H11).")
    seeded_law: list[SeededLaw] = Field(default_factory=list, description="Each excerpt of law planted in the "
                                        "workspace, with its provenance (H09; H12 reads the quotes).")
    synthetic: bool | None = Field(None, description="true once every name and number is fictional (H13).")


class Task(BaseModel):
    """The fields of LAB's task.json that oafreeze reads."""

    model_config = ConfigDict(extra="allow")

    title: str = Field("", description="The task's name (H03, H04).")
    instructions: str = Field("", description="What the agent is told; names every deliverable exactly (H03, H06, H07, H10).")
    work_type: str = Field("", description="LAB's kind of work: analyze, draft, review or research (H04, H12).")
    deliverables: dict[str, str] = Field(default_factory=dict, description="File name -> description; names are safe "
                                         "relative paths (H02-H07, H12, FAM).")
    criteria: list[Criterion] = Field(default_factory=list, description="The grading criteria (H01-H07, H10-H12).")
    language: str | None = Field(None, description="The task's language, a BCP 47 tag such as 'en' (H04).")
    jurisdiction: str | None = Field(None, description="E.g. 'US-CO'; family instances must be covered by the "
                                     "knowledge base (FAM).")
    judge_language: str | None = Field(None, description="The judge's language, a BCP 47 tag (H04).")
    oafreeze: Extension | None = Field(None, description="oafreeze's additions; LAB ignores this key.")

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
    return LoadedTask(id=task_id, task=validated(Task, raw, source, "task"), raw=raw)


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


def load_task(env_root: Path, task_id: str, *, blob: str | None = None) -> LoadedTask:
    """Read and validate tasks/<id>/task.json under an environment. With `blob` (the git blob id
    the caller's walk of the folder proved), bytes that are not that blob are refused (rule
    "unchanged"): a result bound to that walk's tree must describe its task.json."""
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
    if blob is not None and git_blob_id(data, "sha256" if len(blob) == 64 else "sha1") != blob:
        raise BadInput.at(f"tasks/{task_id}/{TASK_FILE}", "changed while it was audited", rule="unchanged")
    return parse_task(data, f"tasks/{task_id}/{TASK_FILE}", task_id)


def json_schema() -> dict:
    """task.json's JSON Schema, generated from the models (freezer/schemas/task.schema.json)."""
    schema = Task.model_json_schema()
    schema["$id"] = "https://oafreeze.example.org/schemas/oafreeze.task/1.json"
    schema["title"] = "LAB task.json, with oafreeze's additions under `oafreeze`"
    return schema


if __name__ == "__main__":  # pragma: no cover - regenerate the committed schema
    import sys

    if "--schema" in sys.argv:
        sys.stdout.buffer.write(canonical.pretty_bytes(json_schema()))
