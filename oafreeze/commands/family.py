"""`oafreeze family expand|check`: task families written from one design and a list of instances."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from oafreeze.environment.family import check, expand, load_family, write_expansions
from oafreeze.environment.discovery import resolve_env
from oafreeze.output import emit_json, env_option, handles_errors, json_option


@click.group("family")
def command() -> None:
    """Expand a family spec into task folders, or check the folders against it."""


@command.command("expand")
@click.argument("spec", type=click.Path(dir_okay=False))
@env_option
@click.option("--force", is_flag=True, help="Replace task folders whose content differs (the knowledge base is kept).")
@json_option
@handles_errors
def expand_command(spec, env_dir, force, as_json):
    """Write tasks/<family>-<instance>/ for every instance of SPEC (same spec, same bytes)."""
    family = load_family(spec)
    expansions = expand(family)
    status = write_expansions(resolve_env(env_dir), expansions, force=force)
    if as_json:
        emit_json({"ok": True, "family": family.spec.family,
                   "tasks": [{"id": e.task_id, "instance": e.instance, "status": status[e.task_id],
                              "files": len(e.files)} for e in expansions]})
        return
    for e in expansions:
        click.echo(f"{status[e.task_id]:<10} tasks/{e.task_id} ({len(e.files)} files)")
    counts = {s: list(status.values()).count(s) for s in ("written", "replaced", "unchanged")}
    click.echo(f"family {family.spec.family}: {len(expansions)} instance(s); "
               + ", ".join(f"{n} {s}" for s, n in counts.items() if n))


@command.command("check")
@click.argument("spec", type=click.Path(dir_okay=False))
@env_option
@json_option
@handles_errors
def check_command(spec, env_dir, as_json):
    """Confirm the task folders equal a fresh expansion and differ only in declared variables; exit 1 otherwise."""
    family = load_family(spec)
    diffs = check(family, resolve_env(env_dir))
    if as_json:
        emit_json({"ok": not diffs, "family": family.spec.family,
                   "tasks": [family.spec.task_id(i) for i in family.spec.instances],
                   "differences": [d.as_dict() for d in diffs]})
    else:
        for d in diffs:
            where = f"tasks/{d.task}/{d.path}" + (f":{d.line}" if d.line else "")
            click.echo(f"{d.change:<18} {where}: {d.message}" + (f"\n{'':<19}> {d.evidence}" if d.evidence else ""))
        n = len(family.spec.instances)
        click.echo(f"family {family.spec.family}: {n} instance(s) "
                   + ("match the spec and differ only in declared variables" if not diffs
                      else f"- {len(diffs)} difference(s)"))
    sys.exit(1 if diffs else 0)
