"""`oafreeze diff OLD NEW`: what changed between two freezes."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from oafreeze.commands.verify import describe
from oafreeze.freezer.diff import diff_manifests
from oafreeze.freezer.manifest import load_manifest
from oafreeze.freezer.verify import drift_json
from oafreeze.environment.discovery import resolve_env
from oafreeze.output import emit_json, env_option, handles_errors, json_option


@click.command("diff")
@click.argument("old")
@click.argument("new")
@env_option
@json_option
@handles_errors
def command(old, new, env_dir, as_json):
    """List tasks, files, knowledge base and settings that differ between freezes OLD and NEW."""
    env_root = resolve_env(env_dir)
    a, _ = load_manifest(env_root, old)
    b, _ = load_manifest(env_root, new)
    changes = diff_manifests(a, b)
    if as_json:
        emit_json({"old": a.id, "new": b.id, "same": not changes, "changes": drift_json(changes)})
    else:
        for d in changes:
            click.echo(describe(d))
        click.echo(f"{len(changes)} change(s) from {a.id} to {b.id}" if changes else f"{a.id} and {b.id} pin the same environment")
    sys.exit(1 if changes else 0)
