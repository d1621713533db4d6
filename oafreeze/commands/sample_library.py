"""`oafreeze sample-library`: the project's own sample library as a git repository."""

from __future__ import annotations

import click

from oafreeze.corpus.sample import build_sample_repo
from oafreeze.output import emit_json, handles_errors, json_option


@click.command("sample-library")
@click.option("--out", required=True, type=click.Path(file_okay=False), help="New folder for the repository.")
@json_option
@handles_errors
def command(out, as_json):
    """Write the sample library into a new git repository with a reproducible commit."""
    commit = build_sample_repo(out)
    if as_json:
        emit_json({"path": out, "commit": commit})
    else:
        click.echo(f"sample library at {out}, commit {commit}")
