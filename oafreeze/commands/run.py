"""`oafreeze run record`: record a run of a declared cell, its outputs and deliverable matching."""

from __future__ import annotations

from pathlib import Path

import click

from oafreeze.commands.log import freeze_option
from oafreeze.runlog import outputs, log as runlog
from oafreeze.environment.task import load_task
from oafreeze.environment.discovery import resolve_env
from oafreeze.output import emit_json, env_option, handles_errors, json_option


@click.group("run")
def command():
    """Runs of the declared cells."""


@command.command("record")
@click.argument("task")
@click.argument("model")
@click.option("--run-id", required=True, help="The harness's id for this run (unique in the log).")
@click.option("--outputs", "outputs_dir", required=True, type=click.Path(file_okay=False, exists=True),
              help="The folder of files the run produced.")
@click.option("--production/--trial", default=True, show_default=True,
              help="A production run (one per cell) or a trial.")
@env_option
@freeze_option
@json_option
@handles_errors
def record(task, model, run_id, outputs_dir, production, env_dir, freeze_id, as_json):
    """Record a run of TASK x MODEL: refused outside the matrix or for a second production run."""
    root = resolve_env(env_dir)
    path = runlog.log_path(root, freeze_id)
    loaded = load_task(root, task)
    payload = {"task": task, "model": model, "run_id": run_id, "production": production,
               **outputs.run_fields(list(loaded.task.deliverables), outputs_dir)}
    entry = runlog.append(path, "run", payload)
    if as_json:
        emit_json(entry.as_dict())
        return
    mode = "production" if production else "trial"
    click.echo(f"recorded {mode} run {run_id} of {task} x {model} (seq {entry.seq}, {entry.digest})")
    for deliverable, file in payload["deliverables_resolved"].items():
        click.echo(f"  {deliverable} <- {file or '(no file)'}")
    if payload["unassigned"]:
        click.echo(f"  unassigned: {', '.join(payload['unassigned'])}")
