"""`oafreeze match`: which output file answers which deliverable of a task."""

from __future__ import annotations

from pathlib import Path

import click

from oafreeze.environment import matching
from oafreeze.runlog import outputs
from oafreeze.environment.task import load_task
from oafreeze.environment.discovery import resolve_env
from oafreeze.output import emit_json, env_option, handles_errors, json_option


@click.command("match")
@click.argument("task")
@click.argument("output_dir", type=click.Path(file_okay=False, exists=True))
@env_option
@json_option
@handles_errors
def command(task, output_dir, env_dir, as_json):
    """Print the deliverables_resolved map that `run record` stores for OUTPUT_DIR."""
    loaded = load_task(resolve_env(env_dir), task)
    files = [f["path"] for f in outputs.scan(output_dir)]
    res = matching.resolve(list(loaded.task.deliverables), files)
    if as_json:
        emit_json(res.as_dict())
        return
    for deliverable, file in res.resolved.items():
        how = f"  [{res.method[deliverable]}]" if deliverable in res.method else ""
        click.echo(f"{deliverable} <- {file or '(no file)'}{how}")
    for f in res.unassigned:
        click.echo(f"unassigned: {f}")
