"""`oafreeze demo`: the main job on the embedded sample environment."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from oafreeze.demo import run_demo
from oafreeze.output import emit_json, handles_errors, json_option, progress_bar


def summary(steps: list[dict]) -> list[str]:
    """The demo's steps as a few readable lines."""
    by = {s["step"]: s for s in steps}
    lines = []
    if "snapshot" in by:
        s = by["snapshot"]
        inv = ", ".join(f"{n} {k}" for k, n in s["inventory"].items())
        lines.append(f"snapshot  sample library pinned at {s['commit'][:12]}: {inv} ({s['files']} files)")
    if "lay out" in by:
        lines.append(f"tasks     {by['lay out']['tasks']} laid out, the knowledge base materialized in each; "
                     f"committed {by['lay out']['commit'][:12]}")
    if "audit" in by:
        a = by["audit"]
        failed = f"; failed: {', '.join(a['failed'])}" if a["failed"] else ""
        lines.append(f"audit     {a['passed']} of {a['tasks']} tasks passed the audit "
                     f"(13 items and the family check){failed}")
    if "freeze" in by:
        f = by["freeze"]
        lines.append(f"freeze    {f['path']}  {f['digest'][:23]}...")
    if "verify" in by:
        v = by["verify"]
        lines.append("verify    ok: nothing moved" if v["ok"] else f"verify    DRIFT: {v['drift']} change(s)")
    if "gate" in by:
        g = by["gate"]
        lines.append("gate      YES: a production run may start" if g["ok"]
                     else f"gate      NO: {'; '.join(g['failing'])}")
    return lines


def _how_to_run() -> str:
    """`oafreeze` when that is on PATH and is this one; else the full path of this install's script."""
    import os
    import shutil

    script = Path(sys.executable).parent / "oafreeze"
    found = shutil.which("oafreeze")
    if found and script.exists() and os.path.samefile(found, script):
        return "oafreeze"
    return str(script) if script.exists() else f"{sys.executable} -m oafreeze"


@click.command("demo")
@click.option("--out", default="out/demo", show_default=True, type=click.Path(file_okay=False),
              help="New folder for the sample environment.")
@json_option
@handles_errors
def command(out, as_json):
    """Lay out, audit, freeze, verify and gate the sample environment in a new git repository."""
    with progress_bar("hashing", enabled=not as_json) as progress:
        report = run_demo(Path(out).resolve(), progress=progress)
    ok = all(s.get("ok", True) for s in report.steps)
    if as_json:
        emit_json({"ok": ok, "path": str(report.root), "steps": report.steps})
    else:
        for line in summary(report.steps):
            click.echo(line)
        click.echo(f"\nsample environment in {report.root}")
        tool = _how_to_run()
        click.echo(f"try:  cd {report.root} && {tool} verify && {tool} audit 'covenant-*' && {tool} gate")
    sys.exit(0 if ok else 1)
