"""`oafreeze run record`: record a run of a declared cell, its outputs and deliverable matching."""

from __future__ import annotations

from pathlib import Path

import click

from oafreeze.commands.log import freeze_option
from oafreeze.runlog import outputs, log as runlog
from oafreeze.environment.task import load_task
from oafreeze.environment.discovery import resolve_env
from oafreeze.output import emit_json, env_option, handles_errors, json_option
from oafreeze.plumbing.errors import CheckFailed


def screen_line(screen: dict) -> str:
    """One line on the screen's result as stored with a run or replay."""
    if screen["status"] == "not-screened":
        return f"screen: not screened: {screen['reason']}"
    files = sum(1 for s in screen["screened"] if s["flags"])
    if screen["status"] == "flagged":
        return (f"screen v{screen['version']}: {len(screen['flags'])} flag(s) in {files} of "
                f"{len(screen['screened'])} operative deliverable(s) (`oafreeze screen` shows them)")
    return f"screen v{screen['version']}: clean ({len(screen['screened'])} operative deliverable(s))"


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
@click.option("--allow-missing", is_flag=True,
              help="Record a production run even though no output answers any deliverable (the log says so).")
@env_option
@freeze_option
@json_option
@handles_errors
def record(task, model, run_id, outputs_dir, production, allow_missing, env_dir, freeze_id, as_json):
    """Record a run of TASK x MODEL: refused outside the matrix or for a second production run."""
    root = resolve_env(env_dir)
    path = runlog.log_path(root, freeze_id)
    loaded = load_task(root, task)
    fields = outputs.run_fields(list(loaded.task.deliverables), outputs_dir)
    missing = sorted(d for d, f in fields["deliverables_resolved"].items() if f is None)
    if production and missing and len(missing) == len(fields["deliverables_resolved"]) and not allow_missing:
        # A cell has one production run: an empty or wrong outputs folder must not use it up.
        raise CheckFailed.at(str(outputs_dir), f"no output answers any deliverable ({', '.join(missing)}); nothing "
                             "was recorded. Check the folder, or record it anyway with --allow-missing",
                             field="outputs", rule="outputs-resolve")
    fields["screen"] = outputs.screen_field(root, loaded, outputs_dir, fields["deliverables_resolved"])
    payload = {"task": task, "model": model, "run_id": run_id, "production": production, **fields}
    if production and allow_missing and len(missing) == len(fields["deliverables_resolved"]):
        payload["allow_missing"] = True
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
    click.echo("  " + screen_line(payload["screen"]))
