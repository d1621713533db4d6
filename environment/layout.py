"""The names an environment is laid out by, and which task a path belongs to.

Kept free of the task and config models (and of pydantic) so that the pre-commit hook,
which runs on every commit, can place a staged path in its task cheaply.
"""

from __future__ import annotations

from collections.abc import Iterable

CONFIG_FILE = "oafreeze.yaml"
TASKS = "tasks"
TASK_FILE = "task.json"
WORKSPACE = "documents"
MAX_DEPTH = 8


def task_roots(paths: Iterable[str]) -> set[str]:
    """Task ids among file paths relative to tasks/ (as git lists them): the folders holding a
    task.json, except folders inside another task's folder."""
    holders = sorted({p[:-len(TASK_FILE) - 1] for p in paths if p.endswith("/" + TASK_FILE)}, key=len)
    roots: set[str] = set()
    for folder in holders:
        parts = folder.split("/")
        if not any("/".join(parts[:i]) in roots for i in range(1, len(parts))):
            roots.add(folder)
    return roots


def task_of(rel: str, roots: set[str]) -> str | None:
    """The task a path relative to tasks/ belongs to (None: it is in no task's folder)."""
    parts = rel.split("/")
    for i in range(1, min(len(parts), MAX_DEPTH + 1)):
        head = "/".join(parts[:i])
        if head in roots:
            return head
    return None
