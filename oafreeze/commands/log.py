"""`oafreeze log`: verify, repair and show a freeze's run log (and the options its commands share)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from oafreeze.runlog import log as runlog
from oafreeze.environment.discovery import resolve_env
from oafreeze.output import emit_json, env_option, handles_errors, json_option

freeze_option = click.option("--freeze", "freeze_id", default=None,
                             help="Freeze id (default: the latest manifests/*.json).")


def summary(entry: runlog.Entry) -> str:
    """One short line about an entry, for people."""
    p = entry.payload
    if entry.kind == "matrix":
        return f"{len(p['tasks'])} task(s) x {len(p['models'])} model(s): {', '.join(p['models'])}"
    if entry.kind == "run":
        return f"{'production' if p['production'] else 'trial'} {p['run_id']} {p['task']} x {p['model']}"
    if entry.kind == "replay":
        return f"{p['run_id']} {p['task']} x {p['model']} (replays seq {p['replays']['seq']})"
    if entry.kind == "verdicts":
        verdicts = " ".join(f"{v['criterion']}={v['verdict']}" for v in p["verdicts"])
        review = f"  review: {', '.join(r['criterion'] for r in p['review'])}" if p["review"] else ""
        return f"{p['judge']} on {p['run_id']}: {verdicts}{review}"
    if entry.kind == "adjudication":
        confirms = " (confirms failure)" if p["confirms_failure"] else ""
        return f"{p['run_id']} {p['criterion']}={p['verdict']}{confirms} by {p['by']}: {p['reason']}"
    if entry.kind == "note":
        return p["text"]
    return ""


@click.group("log")
def command():
    """The run log of a freeze: an append-only hash chain (see docs/RUNLOG.md)."""


@command.command("verify")
@click.option("--against", "rev", default=None, help="Also require the log to extend the one committed at REV.")
@env_option
@freeze_option
@json_option
@handles_errors
def verify(rev, env_dir, freeze_id, as_json):
    """Check every line, the chain and the rules; list every problem with its line."""
    root = resolve_env(env_dir)
    path = runlog.log_path(root, freeze_id)
    report = runlog.verify_against(root, path, rev) if rev else runlog.verify(path)
    if as_json:
        emit_json(dict(report.as_dict(), against=rev))
    elif report.ok:
        head = report.head
        where = ""
        if rev:
            where = (f", extends the {report.committed} entries committed at {rev}" if report.committed is not None
                     else f"; {rev} holds no copy of this log yet, so there is nothing to extend (commit it to anchor it)")
        if head:
            click.echo(f"ok: {path}: {len(report.entries)} entries, head seq {head.seq} {head.digest}{where}")
        else:
            click.echo(f"ok: {path}: no entries yet{where}")
    else:
        click.echo(f"{path}: {len(report.problems)} problem(s):")
        for p in report.problems:
            click.echo(f"  - {p}")
        if report.repairable:
            click.echo("the only damage is a torn last line: `oafreeze log repair` cuts it back")
    if not report.ok:
        sys.exit(1)


@command.command("repair")
@env_option
@freeze_option
@json_option
@handles_errors
def repair(env_dir, freeze_id, as_json):
    """Cut a torn last line (a crash mid-append) back to the last whole entry; refuse anything else."""
    result = runlog.repair(runlog.log_path(resolve_env(env_dir), freeze_id))
    if as_json:
        emit_json(result.as_dict())
    elif result.repaired:
        click.echo(f"cut {result.cut_bytes} torn bytes from {result.log} (copy in {result.copy}); "
                   f"{result.entries} whole entries kept")
    else:
        click.echo(f"nothing to repair: {result.log} verifies ({result.entries} entries)")


@command.command("show")
@click.option("--kind", "kinds", multiple=True, help="Only entries of this kind (repeatable).")
@env_option
@freeze_option
@json_option
@handles_errors
def show(kinds, env_dir, freeze_id, as_json):
    """List the entries that can be read (run `log verify` to check them)."""
    report = runlog.verify(runlog.log_path(resolve_env(env_dir), freeze_id))
    shown = [e for e in report.entries if not kinds or e.kind in kinds]
    if as_json:
        emit_json({"ok": report.ok, "entries": [e.as_dict() for e in shown]})
        return
    for e in shown:
        click.echo(f"{e.seq:>5}  {e.time}  {e.kind:<12}  {summary(e)}")
    if not report.ok:
        click.echo(f"warning: the log has {len(report.problems)} problem(s); run `oafreeze log verify`", err=True)
