"""`oafreeze adjudicate`: a human's ruling, layered over the judge verdicts it points at."""

from __future__ import annotations

from pathlib import Path

import click

from oafreeze.commands.log import freeze_option
from oafreeze.runlog import log as runlog
from oafreeze.environment.discovery import resolve_env
from oafreeze.output import emit_json, env_option, handles_errors, json_option


@click.command("adjudicate")
@click.argument("run_id")
@click.argument("criterion")
@click.option("--verdict", type=click.Choice(["pass", "fail"]), required=True, help="The human's ruling.")
@click.option("--by", "by", required=True, help="Who rules.")
@click.option("--reason", required=True, help="Why, in a sentence or two.")
@click.option("--confirms-failure", is_flag=True, help="This ruling confirms the cell failed (allows a replay).")
@env_option
@freeze_option
@json_option
@handles_errors
def command(run_id, criterion, verdict, by, reason, confirms_failure, env_dir, freeze_id, as_json):
    """Rule on CRITERION of run RUN_ID; the judges' verdicts stay as they are."""
    path = runlog.log_path(resolve_env(env_dir), freeze_id)

    def build(state) -> dict:
        latest = state.latest_adjudication(run_id, criterion)
        return {"run_id": run_id, "criterion": criterion, "verdict": verdict, "by": by, "reason": reason,
                "confirms_failure": confirms_failure,
                "points_at": [e.ref() for e in state.verdict_entries(run_id, criterion)],
                "supersedes": latest.ref() if latest else None}

    entry = runlog.append(path, "adjudication", build)
    if as_json:
        emit_json(entry.as_dict())
        return
    p = entry.payload
    over = ", ".join(str(r["seq"]) for r in p["points_at"])
    click.echo(f"ruled {criterion} of {run_id} {verdict} (seq {entry.seq}) over verdict entries {over}"
               + (f"; supersedes seq {p['supersedes']['seq']}" if p["supersedes"] else ""))
