"""`oafreeze install-hook`: the pre-commit check as a plain git hook."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click

from oafreeze.errors import AlreadyExists
from oafreeze.freezer.atomic import write_new
from oafreeze.freezer.gitrepo import Repo
from oafreeze.output import emit_json, handles_errors, json_option

MARK = "# installed by oafreeze install-hook"


@click.command("install-hook")
@click.option("--env", "env_dir", default=".", show_default=True, type=click.Path(file_okay=False))
@click.option("--force", is_flag=True, help="Replace an existing hook that oafreeze did not install.")
@json_option
@handles_errors
def command(env_dir, force, as_json):
    """Install .git/hooks/pre-commit running the `oafreeze precommit` check with this Python."""
    with Repo(Path(env_dir).resolve()) as repo:
        hook = repo.git_dir / "hooks" / "pre-commit"
    script = f"#!/bin/sh\n{MARK}\nexec '{sys.executable}' -m oafreeze.hook\n".encode()
    if hook.exists():
        if MARK.encode() not in hook.read_bytes() and not force:
            raise AlreadyExists.at(str(hook), "a pre-commit hook exists that oafreeze did not install; "
                                   "use --force to replace it, or call `oafreeze precommit` from it", rule="write-once")
        hook.unlink()
    write_new(hook, script, mode=0o755)
    if as_json:
        emit_json({"hook": str(hook)})
    else:
        click.echo(f"installed {hook}")
    os.chmod(hook, 0o755)
