"""`oafreeze install-hook`: the pre-commit check as a plain git hook."""

from __future__ import annotations

import click

from oafreeze import hook
from oafreeze.environment.discovery import resolve_env
from oafreeze.output import emit_json, env_option, handles_errors, json_option


@click.command("install-hook")
@env_option
@click.option("--force", is_flag=True, help="Replace an existing hook that oafreeze did not install.")
@click.option("--index-threads/--no-index-threads", default=True, show_default=True,
              help="Turn on git's threaded index read in this repository (unless index.threads is already set).")
@json_option
@handles_errors
def command(env_dir, force, index_threads, as_json):
    """Install .git/hooks/pre-commit running the `oafreeze precommit` check with this Python."""
    done = hook.install(str(resolve_env(env_dir, repository_top=True)), force=force, index_threads=index_threads)
    if as_json:
        emit_json(done)
        return
    click.echo(f"installed {done['hook']}")
    if done["git_config"]:
        click.echo("git: threaded index read on (" + ", ".join(f"{k}={v}" for k, v in done["git_config"].items())
                   + "); it takes effect when git next writes the index")
