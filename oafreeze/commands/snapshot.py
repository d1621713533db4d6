"""`oafreeze snapshot`: pin a knowledge-base library at a commit."""

from __future__ import annotations

import sys

import click

from oafreeze.corpus.profile import load_profile
from oafreeze.plumbing import canonical
from oafreeze.plumbing.atomic import write_new
from oafreeze.plumbing.git import Repo
from oafreeze.corpus.snapshot import expectation_gaps, parse_expect, take_snapshot
from oafreeze.output import emit_json, handles_errors, json_option


def print_summary(snap) -> None:
    """The short human summary of a snapshot."""
    click.echo(f"library  {snap.source} @ {snap.commit}")
    click.echo(f"profile  {snap.profile.name}   root tree {snap.root_tree}")
    for kind, info in snap.kinds.items():
        where = info.tree or "absent at this commit"
        click.echo(f"  {kind:<15} {snap.inventory.get(kind, 0):>5}  {info.root or '-'}/  {where}")
    click.echo(f"files    {len(snap.files)}   documents {len(snap.documents)}")
    if snap.problems:
        click.echo(f"problems {len(snap.problems)} (validation):")
        for p in snap.problems[:50]:
            loc = p.path + (f":{p.line}" if p.line else "")
            fld = f" field {p.field!r}:" if p.field else ""
            click.echo(f"  - {loc}:{fld} {p.message} [rule: {p.rule}]")
        if len(snap.problems) > 50:
            click.echo(f"  ... and {len(snap.problems) - 50} more (see --json)")


@click.command("snapshot")
@click.option("--library", required=True, help="Library git repository or bundle file.")
@click.option("--commit", "rev", required=True, help="Commit (or any revision) to pin.")
@click.option("--root", default="", help="Library root inside the repository.")
@click.option("--profile", default="openagreements", show_default=True, help="Built-in name or YAML file.")
@click.option("--expect", default=None, help="Expected counts, e.g. practice-guide=127,template=176.")
@click.option("--out", type=click.Path(dir_okay=False), default=None, help="Write the snapshot here (never overwritten).")
@click.option("--strict", is_flag=True, help="Exit 2 if the library has validation problems.")
@json_option
@handles_errors
def command(library, rev, root, profile, expect, out, strict, as_json):
    """Pin LIBRARY at COMMIT from git's objects and take its inventory."""
    prof, prof_bytes = load_profile(profile)
    expected = parse_expect(expect) if expect else {}
    with Repo.open(library) as repo:
        snap = take_snapshot(repo, rev, prof, prof_bytes, root=root,
                             source=library.rstrip("/").rsplit("/", 1)[-1])
    gaps = expectation_gaps(snap, expected)
    written = bool(out) and not gaps and not (strict and snap.problems)
    if written:  # a snapshot that fails its own check is not written: the retry finds no file in its way
        write_new(out, canonical.pretty_bytes(snap.to_json()))
    if as_json:
        data = snap.to_json()
        if expected:
            data["expect"] = {"ok": not gaps, "differences": gaps}
        emit_json(data)
    else:
        print_summary(snap)
        if written:
            click.echo(f"wrote    {out}")
        elif out:
            click.echo(f"not written: {out} (the snapshot failed its check)")
    if gaps:
        for g in gaps:
            click.echo(f"oafreeze: inventory differs for {g['kind']}: expected {g['expected']}, "
                       f"found {g['found']} ({g['difference']:+d})", err=True)
        sys.exit(1)
    if strict and snap.problems:
        click.echo(f"oafreeze: {len(snap.problems)} validation problem(s) and --strict", err=True)
        sys.exit(2)
