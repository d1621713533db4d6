"""`oafreeze screen`: the leakage screen on the operative deliverables of a run's outputs."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from oafreeze.environment.discovery import resolve_env
from oafreeze.environment.task import load_task
from oafreeze.output import emit_json, env_option, handles_errors, json_option
from oafreeze.plumbing.paths import shown
from oafreeze.runlog import outputs
from oafreeze.screen import workspace


def print_result(task: str, result: dict) -> None:
    """The human form: each flag with its file, line, kind and evidence; then a one-line verdict."""
    if result["status"] == "not-screened":
        click.echo(f"{task}: not screened: {result['reason']}")
        return
    for f in result["flags"]:
        # The evidence is the deliverable's own text: escaped, so it cannot move the cursor or fake a line.
        click.echo(f"{shown(f['file'])}:{f['line']}: {f['kind']} ({f['rule']}): {shown(f['evidence'])}")
        if f["source"]:
            click.echo(f"    source: {shown(f['source'])}: {shown(f['source_evidence'] or '')}")
    for d in result["missing"]:
        click.echo(f"{d}: no output file answers it; not screened")
    for u in result["unreadable"]:
        click.echo(f"{shown(u['path'])}: unreadable, not screened: {u['problem']}")
    n = len(result["flags"])
    files = sum(1 for s in result["screened"] if s["flags"])
    screened = len(result["screened"])
    if n:
        click.echo(f"{task}: {n} flag(s) in {files} of {screened} operative deliverable(s) "
                   f"(screen v{result['version']})")
    else:
        click.echo(f"{task}: clean: {screened} operative deliverable(s) screened, nothing flagged "
                   f"(screen v{result['version']})")


@click.command("screen")
@click.argument("task")
@click.argument("outputs_dir", metavar="OUTPUTS", type=click.Path(file_okay=False, exists=True))
@env_option
@json_option
@handles_errors
def command(task, outputs_dir, env_dir, as_json):
    """Screen the operative deliverables in OUTPUTS for the knowledge base's analysis; exit 1 if anything is flagged.

    OUTPUTS is a run's output folder; its files are matched to TASK's deliverables as `run record`
    matches them. Only the deliverables the task marks operative (`oafreeze.operative`) are screened.
    """
    root = resolve_env(env_dir)
    loaded = load_task(root, task)
    fields = outputs.run_fields(list(loaded.task.deliverables), outputs_dir)
    result = workspace.screen_run(root, loaded, Path(outputs_dir), fields["deliverables_resolved"])
    if as_json:
        emit_json({"task": task, **result})
    else:
        print_result(task, result)
    sys.exit(1 if result["status"] == "flagged" else 0)
