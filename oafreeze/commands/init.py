"""`oafreeze init`: lay out a new, empty environment."""

from __future__ import annotations

import subprocess
from pathlib import Path

import click

from oafreeze.plumbing.errors import AlreadyExists
from oafreeze.plumbing.atomic import write_new
from oafreeze.environment.config import CONFIG_FILE, SCHEMA
from oafreeze.plumbing.git import git_argv, git_env
from oafreeze.output import emit_json, handles_errors, json_option

TEMPLATE = """\
# oafreeze environment configuration (schema {schema})
schema: {schema}
name: {name}
# knowledge_base:
#   source: path/to/library-repo-or-bundle   # or builtin:sample
#   commit: <full commit id>
#   profile: openagreements
#   expect: {{practice-guide: 127, template: 176, checklist: 53, survey: 11}}
#   mount: documents/knowledge-base
#   snapshot: snapshots/knowledge-base.json  # written by `oafreeze snapshot --out`
# harness: {{repo: https://example.org/harness.git, commit: <full commit id>}}
# evaluator: {{repo: https://example.org/evaluator.git, commit: <full commit id>}}
models: []
#  - id: provider/model-name
#    settings: {{temperature: 0, max_tokens: 8192}}
judges: []
#  - id: google/gemini-3.1-pro-preview
#    schema_version: "1"
#    field_order: [reasoning, verdict]
#    temperature: 0
"""


@click.command("init")
@click.argument("directory", default=".", type=click.Path(file_okay=False))
@click.option("--name", default=None, help="Environment name (default: the folder's name).")
@json_option
@handles_errors
def command(directory, name, as_json):
    """Create oafreeze.yaml, tasks/, manifests/ and a git repository in DIRECTORY."""
    root = Path(directory).resolve()
    if (root / CONFIG_FILE).exists():
        raise AlreadyExists.at(str(root / CONFIG_FILE), "already exists; this is an environment", rule="write-once")
    root.mkdir(parents=True, exist_ok=True)
    for sub in ("tasks", "manifests", "snapshots"):
        (root / sub).mkdir(exist_ok=True)
        keep = root / sub / ".gitkeep"
        if not keep.exists():
            keep.write_bytes(b"")
    write_new(root / CONFIG_FILE, TEMPLATE.format(schema=SCHEMA, name=name or root.name).encode())
    if not (root / ".gitignore").exists():
        write_new(root / ".gitignore", b".oafreeze-cache/\nmanifests/*.lock\n")
    if not (root / ".git").exists():
        subprocess.run(git_argv("init", "--quiet", "--initial-branch=main"), cwd=root, env=git_env(), check=True,
                       capture_output=True)
    if as_json:
        emit_json({"path": str(root), "config": CONFIG_FILE})
    else:
        click.echo(f"new environment in {root}: edit {CONFIG_FILE}, add tasks/<id>/task.json, then "
                   "`oafreeze freeze`")
