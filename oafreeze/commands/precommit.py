"""`oafreeze precommit`: the pre-commit check on what is staged."""

from __future__ import annotations

import sys

import click

from oafreeze import hook
from oafreeze.environment.discovery import resolve_env
from oafreeze.output import env_option, handles_errors, json_option


@click.command("precommit")
@env_option
@json_option
@handles_errors
def command(env_dir, as_json):
    """Refuse a commit that moves a frozen task, edits a manifest or rewrites a run log."""
    sys.exit(hook.run(str(resolve_env(env_dir, repository_top=True)), as_json))
