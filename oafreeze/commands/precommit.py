"""`oafreeze precommit`: the pre-commit check on what is staged."""

from __future__ import annotations

import sys

import click

from oafreeze import hook
from oafreeze.output import json_option


@click.command("precommit")
@click.option("--env", "env_dir", default=".", show_default=True, type=click.Path(file_okay=False))
@json_option
def command(env_dir, as_json):
    """Refuse a commit that moves a frozen task, edits a manifest or rewrites a run log."""
    sys.exit(hook.run(env_dir, as_json))
