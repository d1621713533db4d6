"""`oafreeze materialize`: copy a snapshot byte for byte into a workspace, or check one."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from oafreeze.plumbing.git import Repo
from oafreeze.corpus.materialize import DEFAULT_MOUNT, check_materialized, materialize
from oafreeze.corpus.snapshot import load_snapshot
from oafreeze.environment.discovery import resolve_env
from oafreeze.output import emit_json, handles_errors, json_option


@click.command("materialize")
@click.option("--snapshot", "snapshot_file", default=None, type=click.Path(dir_okay=False, exists=True))
@click.option("--env", "env_dir", default=None, type=click.Path(file_okay=False),
              help="Materialize the environment's pinned knowledge base into every task (or --check all).")
@click.option("--library", default=None, help="Library repository or bundle holding the pinned commit.")
@click.option("--into", "workspace", default=".", show_default=True, help="Workspace folder (a task's root).")
@click.option("--mount", default=DEFAULT_MOUNT, show_default=True, help="Folder inside the workspace.")
@click.option("--check", is_flag=True, help="Only check the folder against the snapshot.")
@json_option
@handles_errors
def command(snapshot_file, env_dir, library, workspace, mount, check, as_json):
    """Write the snapshot's files into WORKSPACE/MOUNT, or --check that they are byte-identical."""
    if env_dir:
        return _for_environment(resolve_env(env_dir), check, as_json)
    if not snapshot_file:
        raise click.UsageError("--snapshot is required unless --env is given")
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


def _for_environment(env_root: Path, check: bool, as_json: bool) -> None:
    from oafreeze.plumbing.errors import BadInput
    from oafreeze.environment.config import load_environment
    from oafreeze.corpus.library import open_library
    from oafreeze.environment.discovery import task_ids

    env = load_environment(env_root)
    kb = env.knowledge_base
    if kb is None:
        raise BadInput.at("oafreeze.yaml", "no knowledge_base configured", field="knowledge_base", rule="required")
    snap_path = env_root / kb.snapshot
    if not snap_path.is_file():
        raise BadInput.at(kb.snapshot, "the pinned snapshot named by oafreeze.yaml is missing",
                          field="knowledge_base.snapshot", rule="snapshot-exists")
    snap = load_snapshot(snap_path.read_bytes(), kb.snapshot)
    ids = task_ids(env_root)
    report = {}
    if check:
        for tid in ids:
            report[tid] = [d.model_dump(exclude_none=True)
                           for d in check_materialized(snap, env_root / "tasks" / tid / kb.mount)] \
                if (env_root / "tasks" / tid / kb.mount).is_dir() else [{"path": kb.mount, "change": "removed"}]
    else:
        with open_library(env_root, kb.source) as repo:
            for tid in ids:
                materialize(snap, repo, env_root / "tasks" / tid / kb.mount)
                report[tid] = []
    bad = {t: d for t, d in report.items() if d}
    if as_json:
        emit_json({"ok": not bad, "commit": snap.commit, "tasks": report})
    else:
        for tid, drift in bad.items():
            for d in drift:
                click.echo(f"{d['change']:<13} {tid}: {kb.mount}/{d['path']}")
        verb = "checked" if check else "materialized"
        click.echo(f"{verb} knowledge base {snap.commit[:12]} in {len(ids)} task(s)"
                   + (f"; {len(bad)} differ" if bad else ""))
    sys.exit(1 if bad else 0)
