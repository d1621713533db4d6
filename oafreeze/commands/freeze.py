"""`oafreeze freeze`: write manifests/<id>.json for the environment, atomically, once."""

from __future__ import annotations

import click

from oafreeze.environment.discovery import resolve_env
from oafreeze.freezer.freeze import build_manifest, default_id, next_supersedes, write_manifest
from oafreeze.hygiene.audit import states_for_freeze
from oafreeze.output import emit_json, env_option, handles_errors, json_option, progress_bar


@click.command("freeze")
@env_option
@click.option("--id", "manifest_id", default=None, help="Freeze id (default: UTC time, e.g. 20261130T075500Z).")
@click.option("--supersedes", default=None, help="Id of the freeze this one replaces (default: the current one).")
@click.option("--staged", is_flag=True, help="Freeze what is staged (for a commit that carries its own freeze).")
@json_option
@handles_errors
def command(env_dir, manifest_id, supersedes, staged, as_json):
    """Pin every task, file, setting and the knowledge base in one manifest."""
    env_root = resolve_env(env_dir)
    supersedes = supersedes or next_supersedes(env_root)

    with progress_bar("hashing", enabled=not as_json) as progress:
        manifest = build_manifest(env_root, manifest_id=manifest_id or default_id(), supersedes=supersedes,
                                  staged=staged, audit_states=states_for_freeze(env_root), progress=progress)
    path = write_manifest(env_root, manifest)
    rel = path.relative_to(env_root).as_posix()
    n_files = sum(len(t.files) for t in manifest.tasks.values())
    not_passed = sorted(t for t, e in manifest.tasks.items() if e.audit is None or e.audit.state != "passed")
    if as_json:
        emit_json({"id": manifest.id, "path": rel, "digest": manifest.digest, "commit": manifest.environment.commit,
                   "tree": manifest.environment.tree, "supersedes": manifest.supersedes,
                   "tasks": len(manifest.tasks), "files": n_files, "not_audited_or_failed": not_passed})
        return
    kb = manifest.knowledge_base
    click.echo(f"froze {len(manifest.tasks)} tasks ({n_files} own files"
               + (f", knowledge base {kb.snapshot.commit[:12]} with {len(kb.snapshot.files)} files" if kb else "")
               + f") at {manifest.environment.commit or '(no commit)'}")
    if manifest.supersedes:
        click.echo(f"supersedes {manifest.supersedes}")
    if not_passed:
        click.echo(f"note: {len(not_passed)} task(s) have not passed the audit on the frozen tree "
                   f"({', '.join(not_passed[:5])}{', ...' if len(not_passed) > 5 else ''}); the gate will refuse them")
    click.echo(f"wrote {rel}  {manifest.digest}")
    click.echo(f"next: git add {rel} && git commit")
