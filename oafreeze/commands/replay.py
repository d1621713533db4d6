"""`oafreeze replay`: re-run a cell, allowed only after a human confirmed its failure."""

from __future__ import annotations

from pathlib import Path

import click

from oafreeze.commands.log import freeze_option
from oafreeze.commands.run import screen_line
from oafreeze.runlog import outputs, log as runlog
from oafreeze.environment.task import load_task
from oafreeze.environment.discovery import resolve_env
from oafreeze.output import emit_json, env_option, handles_errors, json_option


@click.command("replay")
@click.argument("task")
@click.argument("model")
@click.option("--run-id", required=True, help="The harness's id for the replay (unique in the log).")
@click.option("--outputs", "outputs_dir", required=True, type=click.Path(file_okay=False, exists=True),
              help="The folder of files the replay produced.")
@env_option
@freeze_option
@json_option
@handles_errors
def command(task, model, run_id, outputs_dir, env_dir, freeze_id, as_json):
    """Record a replay of TASK x MODEL, pointing at its production run and the confirmed failure."""
    root = resolve_env(env_dir)
    path = runlog.log_path(root, freeze_id)
    loaded = load_task(root, task)
    fields = outputs.run_fields(list(loaded.task.deliverables), outputs_dir)
    fields["screen"] = outputs.screen_field(root, loaded, outputs_dir, fields["deliverables_resolved"])

    def build(state) -> dict:
        production = state.production.get((task, model))
        confirmed = state.confirmed_failures(production.payload["run_id"]) if production else []
        return {"task": task, "model": model, "run_id": run_id, "replays": production.ref() if production else None,
                "confirmed_by": [e.ref() for e in confirmed], **fields}

    entry = runlog.append(path, "replay", build)
    if as_json:
        emit_json(entry.as_dict())
    else:
        click.echo(f"recorded replay {run_id} of {task} x {model} (seq {entry.seq}); replays seq "
                   f"{entry.payload['replays']['seq']}, confirmed by seq "
                   f"{', '.join(str(r['seq']) for r in entry.payload['confirmed_by'])}")
        click.echo("  " + screen_line(entry.payload["screen"]))
