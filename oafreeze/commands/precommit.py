"""`oafreeze precommit`: the pre-commit check on what is staged."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from oafreeze.freezer.precommit import check
from oafreeze.output import emit_json, handles_errors, json_option


@click.command("precommit")
@click.option("--env", "env_dir", default=".", show_default=True, type=click.Path(file_okay=False))
@json_option
@handles_errors
def command(env_dir, as_json):
    """Refuse a commit that moves a frozen task, edits a manifest or rewrites a run log."""
    problems = check(Path(env_dir).resolve())
    if as_json:
        emit_json({"ok": not problems, "refusals": [p.as_dict() for p in problems]})
    elif problems:
        click.echo("oafreeze: commit refused:", err=True)
        for p in problems:
            click.echo(f"  - {p}", err=True)
    sys.exit(1 if problems else 0)
