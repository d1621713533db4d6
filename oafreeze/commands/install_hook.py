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


def index_settings() -> dict[str, str]:
    """git settings for a threaded index read (the hook's main cost on a large environment).

    git writes the offset table that lets readers split the index between threads only
    when index.threads is set explicitly; on two cores the automatic setting writes none.
    Four threads (one for the extensions, three for the entries) was the fastest setting
    on the 2-core benchmark machine; more cores get one thread each."""
    return {"index.threads": str(max(4, os.cpu_count() or 1)), "index.recordOffsetTable": "true",
            "index.recordEndOfIndexEntries": "true"}


@click.command("install-hook")
@click.option("--env", "env_dir", default=".", show_default=True, type=click.Path(file_okay=False))
@click.option("--force", is_flag=True, help="Replace an existing hook that oafreeze did not install.")
@click.option("--index-threads/--no-index-threads", default=True, show_default=True,
              help="Turn on git's threaded index read in this repository (unless index.threads is already set).")
@json_option
@handles_errors
def command(env_dir, force, index_threads, as_json):
    """Install .git/hooks/pre-commit running the `oafreeze precommit` check with this Python."""
    configured: dict[str, str] = {}
    with Repo(Path(env_dir).resolve()) as repo:
        hook = repo.git_dir / "hooks" / "pre-commit"
        script = f"#!/bin/sh\n{MARK}\nexec '{sys.executable}' -m oafreeze.hook\n".encode()
        if hook.exists():
            if MARK.encode() not in hook.read_bytes() and not force:
                raise AlreadyExists.at(str(hook), "a pre-commit hook exists that oafreeze did not install; "
                                       "use --force to replace it, or call `oafreeze precommit` from it",
                                       rule="write-once")
            hook.unlink()
        write_new(hook, script, mode=0o755)
        os.chmod(hook, 0o755)
        if index_threads and not repo.run("config", "--local", "--get", "index.threads", check=False).strip():
            for key, value in index_settings().items():
                repo.run("config", "--local", key, value)
                configured[key] = value
    if as_json:
        emit_json({"hook": str(hook), "git_config": configured})
    else:
        click.echo(f"installed {hook}")
        if configured:
            click.echo("git: threaded index read on (" + ", ".join(f"{k}={v}" for k, v in configured.items())
                       + "); it takes effect when git next writes the index")
