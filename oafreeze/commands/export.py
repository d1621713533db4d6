"""`oafreeze export`: a manifest as a `sha256sum -c` list or a BagIt bag."""

from __future__ import annotations

from pathlib import Path

import click

from oafreeze.freezer.export import write_bag, write_sha256sum
from oafreeze.freezer.manifest import load_manifest
from oafreeze.environment.discovery import resolve_env
from oafreeze.output import emit_json, env_option, handles_errors, json_option


@click.command("export")
@click.argument("manifest", required=False)
@click.option("--format", "fmt", type=click.Choice(["sha256sum", "bagit"]), required=True)
@click.option("--out", required=True, type=click.Path(), help="File (sha256sum) or new folder (bagit).")
@env_option
@json_option
@handles_errors
def command(manifest, fmt, out, env_dir, as_json):
    """Export MANIFEST (default: the current freeze) for tools that know nothing of oafreeze."""
    env_root = resolve_env(env_dir)
    m, _ = load_manifest(env_root, manifest)
    out_path = Path(out)
    n = write_sha256sum(m, out_path) if fmt == "sha256sum" else write_bag(m, env_root, out_path)
    if as_json:
        emit_json({"format": fmt, "path": str(out_path), "files": n, "manifest": m.id})
    elif fmt == "sha256sum":
        click.echo(f"wrote {n} lines to {out_path}; check with: (cd {env_root} && sha256sum -c {out_path.resolve()})")
    else:
        click.echo(f"wrote a BagIt bag of {n} files to {out_path}")
