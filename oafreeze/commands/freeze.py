"""`oafreeze freeze`: write manifests/<id>.json for the environment, atomically, once."""

from __future__ import annotations

from pathlib import Path

import click

from oafreeze.freezer.freeze import build_manifest, default_id, next_supersedes, write_manifest
from oafreeze.output import Progress, emit_json, handles_errors, json_option


@click.command("freeze")
@click.option("--env", "env_dir", default=".", show_default=True, type=click.Path(file_okay=False))
@click.option("--id", "manifest_id", default=None, help="Freeze id (default: UTC time, e.g. 20261130T075500Z).")
@click.option("--supersedes", default=None, help="Id of the freeze this one replaces (default: the current one).")
@click.option("--staged", is_flag=True, help="Freeze what is staged (for a commit that carries its own freeze).")
@json_option
@handles_errors
def command(env_dir, manifest_id, supersedes, staged, as_json):
    """Pin every task, file, setting and the knowledge base in one manifest."""
    env_root = Path(env_dir).resolve()
    supersedes = supersedes or next_supersedes(env_root)
    manifest = build_manifest(env_root, manifest_id=manifest_id or default_id(), supersedes=supersedes,
                              staged=staged, progress=Progress("hashing") if not as_json else None)
    path = write_manifest(env_root, manifest)
    rel = path.relative_to(env_root).as_posix()
    if as_json:
        emit_json({"id": manifest.id, "path": rel, "digest": manifest.digest, "commit": manifest.environment.commit,
                   "tree": manifest.environment.tree, "supersedes": manifest.supersedes,
                   "tasks": len(manifest.tasks), "files": sum(len(t.files) for t in manifest.tasks.values())})
        return
    n_files = sum(len(t.files) for t in manifest.tasks.values())
    kb = manifest.knowledge_base
    click.echo(f"froze {len(manifest.tasks)} tasks ({n_files} own files"
               + (f", knowledge base {kb.snapshot.commit[:12]} with {len(kb.snapshot.files)} files" if kb else "")
               + f") at {manifest.environment.commit or '(no commit)'}")
    if manifest.supersedes:
        click.echo(f"supersedes {manifest.supersedes}")
    click.echo(f"wrote {rel}  {manifest.digest}")
    click.echo(f"next: git add {rel} && git commit")
