"""`oafreeze init`: start an environment, or adopt an existing task repository in place.

    oafreeze init [DIRECTORY] [--name NAME] [--here] [--json]

- A new or empty folder becomes a git repository with oafreeze.yaml, tasks/ holding one
  example task (the documented format, passing the audit as written), manifests/ and a
  .gitignore: `init -> git commit -> audit -> commit -> freeze` works with no edits.
- A git repository that already has tasks (a LAB checkout: `tasks/<area>/<task-id>/task.json`,
  or flat `tasks/<id>/task.json`) is adopted as it is: only oafreeze.yaml is written.
- A folder with other files that is not a repository is left alone unless `--here` says so.
- A folder whose task.json files live elsewhere than tasks/ (`evals/<id>/task.json`) is left
  alone: an example task beside them would be audited and frozen while theirs are not. The
  error names the files found and where oafreeze reads tasks from. Found beside an adopted
  tasks/, they are named in the result (`outside`) as not read.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections import Counter
from pathlib import Path

import click

from oafreeze.environment.config import CONFIG_FILE, SCHEMA
from oafreeze.environment.discovery import TASKS, task_ids
from oafreeze.environment.family import sample_env_root
from oafreeze.output import emit_json, handles_errors, json_option
from oafreeze.plumbing.atomic import write_new
from oafreeze.plumbing.errors import AlreadyExists, BadInput
from oafreeze.plumbing.git import git_argv, git_env

EXAMPLE_ID = "example-termination-notice"
GITIGNORE = b".oafreeze-cache/\nmanifests/*.lock\nmanifests/*.torn-*\n"

TEMPLATE = """\
# oafreeze environment configuration (schema {schema}); every key: docs/TASKS.md and the README.
schema: {schema}
name: {name}
# A knowledge base mounted in every workspace is optional (a LAB checkout has none):
# knowledge_base:
#   source: path/to/library-repo-or-bundle   # or builtin:sample
#   commit: <full commit id>                 # quoted
#   profile: openagreements
#   expect: {{practice-guide: 127, template: 176, checklist: 53, survey: 11}}
#   mount: documents/knowledge-base
#   snapshot: snapshots/knowledge-base.json  # written by `oafreeze snapshot --out`
# harness: {{repo: https://example.org/harness.git, commit: '<full commit id>'}}
# evaluator: {{repo: https://example.org/evaluator.git, commit: '<full commit id>'}}
models: []
#  - id: provider/model-name
#    settings: {{temperature: 0, max_output_tokens: 8192}}
judges: []
#  - id: google/gemini-3.1-pro-preview
#    schema_version: "1"
#    field_order: [reasoning, verdict]
#    temperature: 0
"""


def _git(root: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(git_argv(*args), cwd=root, env=git_env(), capture_output=True, stdin=subprocess.DEVNULL)


def _is_repository(root: Path) -> bool:
    return (root / ".git").exists()


def _identity_missing(root: Path) -> bool:
    """True when `git commit` here would stop for want of a name or an email."""
    import os

    env = {k: v for k, v in os.environ.items()}
    for key in ("user.name", "user.email"):
        proc = subprocess.run(["git", "config", "--get", key], cwd=root, env=env, capture_output=True)
        if proc.returncode != 0 and not any(env.get(v) for v in ("GIT_AUTHOR_NAME", "GIT_COMMITTER_NAME")):
            return True
    return False


SKIP_FOLDERS = frozenset({"node_modules", "__pycache__"})
SEARCH_DEPTH = 6  # folders below the root searched for task.json files outside tasks/


def _task_files_outside(root: Path) -> list[str]:
    """task.json files under `root` but not under tasks/ (hidden folders, tools' folders and
    anything deeper than SEARCH_DEPTH aside), as sorted POSIX paths relative to the root."""
    found = []
    base = os.fspath(root)
    for folder, dirs, files in os.walk(base):
        rel = os.path.relpath(folder, base)
        depth = 0 if rel == "." else rel.count(os.sep) + 1
        dirs[:] = [d for d in dirs if not d.startswith(".") and d not in SKIP_FOLDERS
                   and not (depth == 0 and d == TASKS) and depth < SEARCH_DEPTH]
        if "task.json" in files:
            found.append(Path(rel, "task.json").as_posix() if rel != "." else "task.json")
    return sorted(found)


def _layout(ids: list[str]) -> str:
    depth = Counter(t.count("/") + 1 for t in ids)
    if set(depth) == {1}:
        return "flat: tasks/<task-id>/"
    if set(depth) == {2}:
        areas = len({t.split("/")[0] for t in ids})
        return f"nested: tasks/<practice-area>/<task-id>/ ({areas} practice areas)"
    return "mixed depths: task ids are their paths under tasks/"


@click.command("init")
@click.argument("directory", default=".", type=click.Path(file_okay=False))
@click.option("--name", default=None, help="Environment name (default: the folder's name).")
@click.option("--here", is_flag=True, help="Start an environment in a folder that holds other files and is "
                                           "not yet a git repository.")
@json_option
@handles_errors
def command(directory, name, here, as_json):
    """Start an environment in DIRECTORY, or adopt the task repository there as it is."""
    root = Path(directory).resolve()
    if (root / CONFIG_FILE).exists():
        raise AlreadyExists.at(str(root / CONFIG_FILE), "already exists; this is an environment", rule="write-once")
    existing = task_ids(root) if (root / TASKS).is_dir() else []
    repository = _is_repository(root)
    # A folder that is neither a repository nor offered with --here is refused below unsearched.
    outside = _task_files_outside(root) if root.is_dir() and (repository or here) else []
    if outside and not existing:
        shown = ", ".join(outside[:3]) + (f" and {len(outside) - 3} more" if len(outside) > 3 else "")
        raise BadInput.at(str(root), f"holds {len(outside)} task.json file(s) outside {TASKS}/ ({shown}); oafreeze "
                          f"reads tasks only from {TASKS}/<task-id>/task.json or {TASKS}/<area>/<task-id>/task.json, "
                          f"each with its workspace in documents/ beside it (docs/TASKS.md): move them there "
                          f"(`git mv <folder> {TASKS}`) and run init again", rule="task-layout")
    config = TEMPLATE.format(schema=SCHEMA, name=name or root.name).encode()
    if existing:
        if not repository:
            raise BadInput.at(str(root), f"holds {len(existing)} task(s) but is not a git repository; oafreeze "
                              "freezes what git has committed: run `git init` and commit the tasks first",
                              rule="git-repository")
        write_new(root / CONFIG_FILE, config)
        result = {"path": str(root), "adopted": True, "tasks": len(existing), "layout": _layout(existing),
                  "written": [CONFIG_FILE], "outside": outside}
    else:
        if root.exists() and any(p.name != ".git" for p in root.iterdir()) and not repository and not here:
            raise BadInput.at(str(root), "is not empty and not a git repository; pass --here to start an "
                              "environment in it (it becomes a git repository), or choose a new folder",
                              rule="init-target")
        root.mkdir(parents=True, exist_ok=True)
        example = root / TASKS / EXAMPLE_ID
        if example.exists():
            raise AlreadyExists.at(str(example), "already exists", rule="write-once")
        shutil.copytree(sample_env_root() / "example", example)
        (root / "manifests").mkdir(exist_ok=True)
        write_new(root / CONFIG_FILE, config)
        written = [CONFIG_FILE, f"{TASKS}/{EXAMPLE_ID}/"]
        if not (root / ".gitignore").exists():
            write_new(root / ".gitignore", GITIGNORE)
            written.append(".gitignore")
        if not repository:
            proc = _git(root, "init", "--quiet", "--initial-branch=main")
            if proc.returncode != 0:
                raise BadInput.at(str(root), f"git init failed: {proc.stderr.decode(errors='replace').strip()}",
                                  rule="git")
        result = {"path": str(root), "adopted": False, "tasks": 1, "layout": "flat: tasks/<task-id>/",
                  "written": written, "outside": []}
    result["git_identity_missing"] = _identity_missing(root)
    if as_json:
        emit_json(result)
        return
    if result["adopted"]:
        click.echo(f"adopted {root}: {result['tasks']} task(s), {result['layout']}; wrote {CONFIG_FILE} only")
        click.echo("no knowledge base is pinned; add one to oafreeze.yaml if your tasks mount one")
        if outside:
            click.echo(f"not read: {len(outside)} task.json file(s) outside {TASKS}/ (first: {outside[0]}); "
                       f"move them under {TASKS}/ to audit and freeze them")
    else:
        click.echo(f"new environment in {root}: {', '.join(result['written'])}")
        click.echo(f"the example task tasks/{EXAMPLE_ID}/ shows the task format (docs/TASKS.md)")
    if result["git_identity_missing"]:
        click.echo("note: git has no user.name/user.email here; set them before committing:\n"
                   '  git config --global user.name "Your Name" && git config --global user.email you@example.org')
    click.echo("next: git add -A && git commit -m tasks && oafreeze audit && git add -A && git commit -m audit "
               "&& oafreeze freeze")
