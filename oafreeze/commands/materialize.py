"""`oafreeze materialize`: copy a snapshot byte for byte into a workspace, or check one."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from oafreeze.freezer.gitrepo import Repo
from oafreeze.freezer.materialize import DEFAULT_MOUNT, check_materialized, materialize
from oafreeze.freezer.snapshot import load_snapshot
from oafreeze.output import emit_json, handles_errors, json_option


@click.command("materialize")
@click.option("--snapshot", "snapshot_file", required=True, type=click.Path(dir_okay=False, exists=True))
@click.option("--library", default=None, help="Library repository or bundle holding the pinned commit.")
@click.option("--into", "workspace", default=".", show_default=True, help="Workspace folder (a task's root).")
@click.option("--mount", default=DEFAULT_MOUNT, show_default=True, help="Folder inside the workspace.")
@click.option("--check", is_flag=True, help="Only check the folder against the snapshot.")
@json_option
@handles_errors
def command(snapshot_file, library, workspace, mount, check, as_json):
    """Write the snapshot's files into WORKSPACE/MOUNT, or --check that they are byte-identical."""
    snap = load_snapshot(Path(snapshot_file).read_bytes(), snapshot_file)
    dest = Path(workspace) / mount
    if check:
        drift = check_materialized(snap, dest)
        if as_json:
            emit_json({"ok": not drift, "path": str(dest), "drift": [d.model_dump(exclude_none=True) for d in drift]})
        else:
            for d in drift:
                click.echo(f"{d.change:<13} {d.path}")
            click.echo(f"{dest}: {'matches' if not drift else 'differs from'} snapshot {snap.commit[:12]}"
                       f" ({len(snap.files)} files)")
        sys.exit(1 if drift else 0)
    if not library:
        raise click.UsageError("--library is required unless --check is given")
    with Repo.open(library) as repo:
        n = materialize(snap, repo, dest)
    if as_json:
        emit_json({"ok": True, "path": str(dest), "files": n, "commit": snap.commit})
    else:
        click.echo(f"wrote {n} files of {snap.commit[:12]} to {dest}")
