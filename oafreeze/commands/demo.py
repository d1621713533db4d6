"""`oafreeze demo`: the main job on the embedded sample environment."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from oafreeze.freezer.demo import run_demo
from oafreeze.output import Progress, emit_json, handles_errors, json_option


@click.command("demo")
@click.option("--out", default="out/demo", show_default=True, type=click.Path(file_okay=False),
              help="New folder for the sample environment.")
@json_option
@handles_errors
def command(out, as_json):
    """Lay out, audit, freeze, verify and gate the sample environment in a new git repository."""
    report = run_demo(Path(out).resolve(), progress=None if as_json else Progress("hashing"))
    ok = all(s.get("ok", True) for s in report.steps)
    if as_json:
        emit_json({"ok": ok, "path": str(report.root), "steps": report.steps})
    else:
        for s in report.steps:
            rest = ", ".join(f"{k}={v}" for k, v in s.items() if k != "step")
            click.echo(f"{s['step']:<8} {rest}")
        click.echo(f"sample environment at {report.root}: " + ("frozen, verified, gate YES" if ok else "see above"))
        click.echo(f"try: cd {report.root} && oafreeze verify && oafreeze audit 'covenant-*' && oafreeze gate")
    sys.exit(0 if ok else 1)
