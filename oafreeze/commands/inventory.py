"""`oafreeze inventory`: a readable table of a snapshot's documents and coverage."""

from __future__ import annotations

from pathlib import Path

import click

from oafreeze.corpus.profile import KINDS
from oafreeze.corpus.snapshot import load_snapshot
from oafreeze.output import emit_json, handles_errors, json_option


@click.command("inventory")
@click.argument("snapshot_file", type=click.Path(dir_okay=False, exists=True))
@click.option("--documents", is_flag=True, help="Also list every document.")
@json_option
@handles_errors
def command(snapshot_file, documents, as_json):
    """Counts per kind, jurisdiction coverage and what is missing, from SNAPSHOT_FILE."""
    snap = load_snapshot(Path(snapshot_file).read_bytes(), snapshot_file)
    if as_json:
        emit_json({"commit": snap.commit, "inventory": snap.inventory, "coverage": snap.coverage})
        return
    click.echo(f"{snap.source} @ {snap.commit}")
    click.echo(f"{'kind':<15} {'docs':>5} {'juris.':>6}  missing jurisdictions")
    for kind in KINDS:
        cov = snap.coverage.get(kind, {"covered": [], "missing": []})
        missing = cov["missing"]
        shown = "all covered" if not missing else (" ".join(missing) if len(missing) <= 20
                                                   else f"{len(missing)} of 56 (none covered)"
                                                   if not cov["covered"] else " ".join(missing))
        click.echo(f"{kind:<15} {snap.inventory.get(kind, 0):>5} {len(cov['covered']):>6}  {shown}")
    click.echo(f"{'total':<15} {sum(snap.inventory.values()):>5}")
    if documents:
        for doc in snap.documents:
            click.echo(f"  {doc.kind:<15} {','.join(doc.jurisdictions) or '-':<12} {doc.title or '(untitled)'}  [{doc.id}]")
