"""`oafreeze verify`: check the working tree (or a commit) against a manifest."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from oafreeze.freezer.manifest import load_manifest
from oafreeze.freezer.verify import drift_json, verify_rev, verify_worktree
from oafreeze.environment.discovery import resolve_env
from oafreeze.output import emit_json, env_option, handles_errors, json_option, progress_bar
from oafreeze.plumbing.paths import shown


def describe(d) -> str:
    """One drift entry as a line for people."""
    where = f"{shown(d.task)}: " if d.task else ""
    what = shown(d.path) if d.path else "(task folder)"
    extra = ""
    if d.field:
        extra = f" [{d.field}]"
    if d.change in ("mode", "normalization", "case", "tree", "settings", "knowledge-base") and (d.expected or d.found):
        extra += f" (was {shown(str(d.expected))}, now {shown(str(d.found))})"
    area = " (knowledge base)" if d.area == "knowledge-base" else ""
    return f"{d.change:<14} {where}{what}{area}{extra}"


@click.command("verify")
@click.argument("manifest", required=False)
@env_option
@click.option("--rev", default=None, help="Check this commit instead of the working tree.")
@click.option("--no-cache", is_flag=True, help="Rehash every file (ignore the stat cache).")
@json_option
@handles_errors
def command(manifest, env_dir, rev, no_cache, as_json):
    """Report all drift from MANIFEST (default: the current freeze); exit 1 on any."""
    env_root = resolve_env(env_dir)
    m, path = load_manifest(env_root, manifest)
    if rev:
        drift = verify_rev(env_root, m, rev)
    else:
        with progress_bar("verifying", enabled=not as_json) as progress:
            drift = verify_worktree(env_root, m, use_cache=not no_cache, progress=progress)
    if as_json:
        emit_json({"ok": not drift, "manifest": m.id, "digest": m.digest, "rev": rev, "drift": drift_json(drift)})
    else:
        for d in drift:
            click.echo(describe(d))
        target = f"commit {rev}" if rev else "working tree"
        if drift:
            tasks = sorted({d.task for d in drift if d.task})
            click.echo(f"DRIFT: {target} differs from freeze {m.id}: {len(drift)} change(s)"
                       + (f" in {len(tasks)} task(s)" if tasks else ""))
        else:
            click.echo(f"ok: {target} matches freeze {m.id} ({len(m.tasks)} tasks)")
    sys.exit(1 if drift else 0)
