"""`oafreeze note`: put a line of free text on the record."""

from __future__ import annotations

from pathlib import Path

import click

from oafreeze.commands.log import freeze_option
from oafreeze.runlog import log as runlog
from oafreeze.environment.discovery import resolve_env
from oafreeze.output import emit_json, env_option, handles_errors, json_option


@click.command("note")
@click.argument("text")
@env_option
@freeze_option
@json_option
@handles_errors
def command(text, env_dir, freeze_id, as_json):
    """Append TEXT to the run log as a note."""
    entry = runlog.append(runlog.log_path(resolve_env(env_dir), freeze_id), "note", {"text": text})
    if as_json:
        emit_json(entry.as_dict())
    else:
        click.echo(f"noted (seq {entry.seq}, {entry.digest})")
