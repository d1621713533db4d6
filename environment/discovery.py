"""Where an environment is and which tasks it holds.

An environment is the folder that holds `oafreeze.yaml`; commands find it by walking up
from where they run, as git finds `.git` (`--env` still wins). A task is any folder under
`tasks/` that holds a `task.json`; its id is that folder's path under `tasks/`, so a flat
environment has ids like `covenant-package-v03` and a LAB checkout ids like
`corporate-ma/stock-purchase-review`. A task's folder is its own: folders inside it are its
workspace, never further tasks.
"""

from __future__ import annotations

import fnmatch
import os
from collections.abc import Iterable
from pathlib import Path

from oafreeze.environment.layout import CONFIG_FILE, MAX_DEPTH, TASK_FILE, TASKS, task_of, task_roots
from oafreeze.environment.task import task_id_problem
from oafreeze.plumbing.errors import BadInput, Problem

__all__ = ["TASKS", "find_root", "resolve_env", "task_ids", "task_of", "task_roots", "select_tasks",
           "check_task_id"]


def find_root(start: str | os.PathLike | None = None, *, repository_top: bool = False) -> Path:
    """The nearest folder at or above `start` (default: here) that holds oafreeze.yaml; with
    `repository_top`, the top of the git repository we are in when no such folder exists (the
    pre-commit check must also guard a commit that deletes oafreeze.yaml)."""
    here = Path(start or ".").resolve()
    for folder in (here, *here.parents):
        if (folder / CONFIG_FILE).is_file():
            return folder
        if (folder / ".git").exists():
            if repository_top:
                return folder
            break  # never leave the repository we started in
    raise BadInput.at(str(here), f"no {CONFIG_FILE} here or in any folder above (up to the repository's top); "
                      "run `oafreeze init` to make one, or pass --env", rule="environment-exists")


def resolve_env(env_dir: str | os.PathLike | None, *, repository_top: bool = False) -> Path:
    """The environment a command works on: `--env` when given, else found by walking up."""
    if env_dir is not None:
        return Path(env_dir).resolve()
    return find_root(repository_top=repository_top)


def task_ids(root: Path) -> list[str]:
    """The id of every task under root/tasks/, sorted by bytes."""
    tasks = Path(root) / TASKS
    out: list[str] = []
    if not tasks.is_dir():
        return out
    _find(tasks, "", 0, out)
    return sorted(out, key=lambda t: t.encode("utf-8", "surrogateescape"))


def _find(folder: Path, prefix: str, depth: int, out: list[str]) -> None:
    try:
        with os.scandir(folder) as it:
            entries = sorted(it, key=lambda de: de.name)
    except FileNotFoundError:
        return
    except OSError as exc:
        raise BadInput.at(f"{TASKS}/{prefix}" or TASKS, f"cannot list this folder: {exc.strerror}",
                          rule="readable") from None
    if prefix and any(de.name == TASK_FILE for de in entries):
        out.append(prefix.rstrip("/"))
        return
    if depth >= MAX_DEPTH:
        return
    for de in entries:
        if de.name.startswith(".") or not de.is_dir(follow_symlinks=False):
            continue
        _find(Path(de.path), f"{prefix}{de.name}/", depth + 1, out)


def select_tasks(root: Path, patterns: Iterable[str], *, field: str | None = None) -> list[str]:
    """Task ids matching any glob (every task when none is given); a glob that matches nothing,
    or an environment without tasks, is an error naming it."""
    ids = task_ids(root)
    patterns = list(patterns)
    if not ids:
        raise BadInput.at(str(Path(root) / TASKS), "no tasks: a task is a folder under tasks/ holding a task.json",
                          field=field, rule="tasks-exist")
    if not patterns:
        return ids
    chosen: set[str] = set()
    bad: list[Problem] = []
    for pattern in patterns:
        hits = [i for i in ids if fnmatch.fnmatchcase(i, pattern)]
        if not hits:
            close = [i for i in ids if fnmatch.fnmatchcase(i, f"*{pattern}*")][:3]
            hint = f" (did you mean {', '.join(close)}?)" if close else ""
            bad.append(Problem(f"{TASKS}/", f"no task matches {pattern!r}{hint}", field=field, rule="glob-matches"))
        chosen.update(hits)
    if bad:
        raise BadInput(f"{len(bad)} pattern(s) select no task", bad)
    return sorted(chosen, key=lambda t: t.encode("utf-8", "surrogateescape"))


def check_task_id(task_id: str) -> str:
    """`task_id` if it is a valid id; a BadInput naming the rule otherwise."""
    problem = task_id_problem(task_id)
    if problem:
        raise BadInput.at(f"{TASKS}/{task_id}", problem, field="task", rule="task-id")
    return task_id
