"""`oafreeze judge import`: put a harness's raw judge verdicts on the record, exactly as given."""

from __future__ import annotations

from pathlib import Path

import click

from oafreeze.commands.log import freeze_option
from oafreeze.plumbing.errors import BadInput, CheckFailed, ProblemList
from oafreeze.runlog import judgefile, log as runlog
from oafreeze.environment.config import CONFIG_FILE, load_environment
from oafreeze.environment.task import load_task
from oafreeze.environment.discovery import resolve_env
from oafreeze.output import emit_json, env_option, handles_errors, json_option


def check_pinned(root: Path, files: list[tuple[str, judgefile.JudgeFile]]) -> None:
    """Judges and schema versions must be the ones oafreeze.yaml pins, when it lists judges."""
    if not (root / CONFIG_FILE).is_file():
        return
    pinned = {j.id: j.schema_version for j in load_environment(root).judges}
    if not pinned:
        return
    problems = ProblemList()
    for name, jf in files:
        if jf.judge not in pinned:
            problems.add(name, f"judge {jf.judge!r} is not one of the judges in {CONFIG_FILE}", field="judge",
                         rule="judge-pinned")
        elif pinned[jf.judge] != jf.schema_version:
            problems.add(name, f"schema version {jf.schema_version!r} differs from the pinned "
                         f"{pinned[jf.judge]!r}", field="schema_version", rule="judge-pinned")
    problems.raise_if_any("refused: verdicts from judges the freeze does not pin", CheckFailed)


@click.group("judge")
def command():
    """Raw judge verdicts."""


@command.command("import")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False, exists=True))
@env_option
@freeze_option
@json_option
@handles_errors
def import_(files, env_dir, freeze_id, as_json):
    """Append one `verdicts` entry per judge FILE (format oafreeze.judge-verdicts/1), all or none."""
    root = resolve_env(env_dir)
    path = runlog.log_path(root, freeze_id)
    parsed = [(Path(f).name, judgefile.parse(Path(f).read_bytes(), f)) for f in files]
    check_pinned(root, parsed)

    def builder(name: str, jf: judgefile.JudgeFile):
        def build(state) -> dict:
            run = state.runs.get(jf.run_id)
            if run is None:
                raise CheckFailed.at(name, f"no run {jf.run_id!r} in this log; record the run first",
                                     field="run_id", rule="run-exists")
            if run is not None:
                known = {c.id for c in load_task(root, run.payload["task"]).task.criteria}
                unknown = [v["criterion"] for v in jf.verdicts if v["criterion"] not in known]
                if unknown:
                    raise BadInput.at(name, f"criteria {', '.join(unknown)} are not criteria of task "
                                      f"{run.payload['task']}", field="verdicts", rule="criterion-exists")
            return judgefile.payload(jf, name)
        return build

    new = runlog.append_many(path, [("verdicts", builder(name, jf)) for name, jf in parsed])
    if as_json:
        emit_json([e.as_dict() for e in new])
        return
    for e in new:
        p = e.payload
        fails = sum(1 for v in p["verdicts"] if v["verdict"] == "FAIL")
        click.echo(f"imported {p['judge']} on run {p['run_id']}: {len(p['verdicts'])} criteria, {fails} FAIL "
                   f"(seq {e.seq})")
        for r in p["review"]:
            click.echo(f"  routed to human review: {r['criterion']}: {r['message']}")
