"""`oafreeze results`: effective verdicts per cell and counts per model, from the log's layers."""

from __future__ import annotations

from pathlib import Path

import click

from oafreeze.commands.log import freeze_option
from oafreeze.plumbing.errors import BadInput, CheckFailed
from oafreeze.runlog import results, log as runlog
from oafreeze.environment.task import load_task
from oafreeze.environment.discovery import resolve_env
from oafreeze.output import emit_json, env_option, handles_errors, json_option


def print_report(data: dict) -> None:
    """The human form: one block per cell, then the counts, then what awaits review."""
    for cell in data["cells"]:
        click.echo(f"{cell['task']} x {cell['model']}: {cell['status'].upper()}"
                   + (f"  (run {cell['run_id']}, seq {cell['seq']})" if cell["run_id"] else ""))
        for c in cell["criteria"]:
            raw = ", ".join(f"{j['judge']}={j['verdict']}" + ("?" if j["review"] else "") for j in c["judges"])
            ruling = c["adjudication"]
            layer = f"  human: {ruling['verdict']} by {ruling['by']}" if ruling else ""
            click.echo(f"    {c['criterion']:<12} {c['effective']:<8} judges: {raw or '-'}{layer}")
        for r in cell["replays"]:
            click.echo(f"    replay {r['run_id']} (seq {r['seq']}): {r['status']}")
    for model, counts in data["models"].items():
        click.echo(f"{model}: {counts['all_pass_text']}")
        for row in counts["counts"]:
            click.echo(f"  {row['text']}")
    if data["awaiting_review"]:
        click.echo(f"awaiting human review ({len(data['awaiting_review'])}):")
        for a in data["awaiting_review"]:
            click.echo(f"  {a['task']} x {a['model']} run {a['run_id']} {a['criterion']}: {a['why']}")


@click.command("results")
@env_option
@freeze_option
@json_option
@handles_errors
def command(env_dir, freeze_id, as_json):
    """Per cell: adjudication where it exists, else the judges' majority; per model: the counts."""
    root = resolve_env(env_dir)
    path = runlog.log_path(root, freeze_id)
    report = runlog.verify(path)
    if not report.ok:
        raise CheckFailed(f"{path}: results come only from a log that verifies", report.problems)
    state = report.state
    tasks = {}
    for task in (state.matrix.payload["tasks"] if state.matrix else []):
        try:
            tasks[task] = results.task_info(load_task(root, task))
        except BadInput:
            pass  # a task gone from the tree still has its verdicts reported, without titles
    data = results.compute(state, tasks)
    data["log"] = {"path": str(path), "entries": len(report.entries),
                   "head": report.head.ref() if report.head else None}
    if as_json:
        emit_json(data)
    elif state.matrix is None:
        click.echo("no matrix declared yet")
    else:
        print_report(data)
