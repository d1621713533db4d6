"""`oafreeze audit`: the hygiene audit (13 items plus FAM, the family check), its waivers and its status.

    oafreeze audit [GLOB...] [--env DIR] [--json] [--html FILE] [--no-record] [--verbose] [--no-cache] [--jobs N]
    oafreeze audit waive TASK ITEM --reason TEXT --by NAME [--env DIR] [--json]
    oafreeze audit status [GLOB...] [--env DIR] [--json]

A first argument that is not a subcommand is a glob: `oafreeze audit 'covenant-*'` is
`oafreeze audit run 'covenant-*'`.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from oafreeze.plumbing.atomic import replace_atomically
from oafreeze.hygiene import audit as core
from oafreeze.hygiene.finding import BLOCKING
from oafreeze.hygiene.registry import ITEMS
from oafreeze.environment.discovery import resolve_env
from oafreeze.output import emit_json, env_option, handles_errors, json_option, progress_bar


class AuditGroup(click.Group):
    """A group whose first free argument, when it is not a subcommand, starts `run`."""

    def parse_args(self, ctx, args):
        if args and args[0] not in self.commands and args[0] not in ("-h", "--help"):
            args = ["run", *args]
        elif not args:
            args = ["run"]
        return super().parse_args(ctx, args)


@click.group("audit", cls=AuditGroup)
def command() -> None:
    """Audit tasks for eval defects (13 items plus the family check); waive a finding; show status.

    `oafreeze audit [GLOB...] [--env DIR] [--json] [--html FILE]` is short for
    `oafreeze audit run ...`, e.g. `oafreeze audit 'covenant-*'`."""


@command.command("run")
@click.argument("globs", nargs=-1)
@env_option
@click.option("--html", "html_file", type=click.Path(dir_okay=False),
              help="Also write a static HTML report (an existing report is replaced: it can be made again).")
@click.option("--no-record", is_flag=True, help="Do not append the results to audit/records.jsonl.")
@click.option("--verbose", "-v", is_flag=True, help="Every item of every task, not only the failing tasks' findings.")
@click.option("--no-cache", is_flag=True, help="Read and analyse everything again (same results, slower).")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=None, metavar="N",
              help="Processes to audit on (default: one per CPU, plus one when there are several; the results do "
                   "not depend on it).")
@json_option
@handles_errors
def run(globs, env_dir, html_file, no_record, verbose, no_cache, jobs, as_json):
    """Audit the tasks GLOBs select (all tasks when none); exit 1 if any task fails."""
    env = resolve_env(env_dir)
    with progress_bar("auditing", enabled=not as_json) as progress:
        audits = core.run_audit(env, globs, record=not no_record, progress=progress, use_cache=not no_cache,
                                jobs=jobs)
    if html_file:
        from oafreeze.hygiene.report_html import render

        replace_atomically(html_file, render(audits).encode("utf-8"))
    if as_json:
        emit_json({"tasks": [a.as_json() for a in audits]})
    else:
        width = max((len(a.task) for a in audits), default=0)
        for a in audits:
            click.echo(_summary_line(a, width))
        for a in audits:
            if verbose:
                _print_items(a)
            elif not a.passed:
                _print_findings(a, [f for f in a.findings if f.severity in BLOCKING and not a.waived(f)])
        failed = [a.task for a in audits if not a.passed]
        click.echo(f"{len(audits)} task(s) audited: {len(audits) - len(failed)} passed, {len(failed)} failed"
                   + ("" if no_record else "; recorded in audit/records.jsonl")
                   + (f"; report written to {html_file}" if html_file else "")
                   + ("" if verbose or not audits else "; --verbose shows every item"))
    sys.exit(1 if any(not a.passed for a in audits) else 0)


def _where(f) -> str:
    return f.path + (f":{f.location}" if isinstance(f.location, int) else (f" {f.location}" if f.location else ""))


def _summary_line(a: core.TaskAudit, width: int) -> str:
    """One line a task: its result, its tree, and which items fail, are noted or do not apply."""
    by = {}
    for item in ITEMS:
        by.setdefault(a.verdict(item.id), []).append(item.id)
    parts = []
    if by.get("fail"):
        parts.append("fail " + " ".join(by["fail"]))
    if by.get("waived"):
        parts.append("waived " + " ".join(by["waived"]))
    if by.get("note"):
        parts.append("notes " + " ".join(by["note"]))
    if by.get("n/a"):
        parts.append("n/a " + " ".join(by["n/a"]))
    tree = f"tree {a.tree[:12]}" if a.tree else "no tree"
    return f"{a.task:<{width}}  {'passed' if a.passed else 'FAILED'}  ({tree})" + (f"  {'; '.join(parts)}"
                                                                                  if parts else "")


def _print_findings(a: core.TaskAudit, findings) -> None:
    click.echo("")
    click.echo(f"{a.task}: FAILED")
    for f in findings:
        click.echo(f"  {f.item} {f.severity}{' (waived)' if a.waived(f) else ''} at {_where(f)}")
        if f.evidence:
            click.echo(f"    evidence: {f.evidence}")
        click.echo(f"    why: {f.message}")
        click.echo(f"    fix: {f.fix}")


def _print_items(a: core.TaskAudit) -> None:
    click.echo("")
    click.echo(f"{a.task}: {'passed' if a.passed else 'FAILED'} (tree {a.tree[:12]})")
    for item in ITEMS:
        verdict = a.verdict(item.id)
        reason = f" ({a.not_applicable[item.id]})" if verdict == "n/a" else ""
        click.echo(f"  {item.id} {item.name:<28} {verdict}{reason}")
        for f in (f for f in a.findings if f.item == item.id):
            click.echo(f"      {f.severity}{' (waived)' if a.waived(f) else ''} at {_where(f)}")
            if f.evidence:
                click.echo(f"        evidence: {f.evidence}")
            click.echo(f"        why: {f.message}")
            click.echo(f"        fix: {f.fix}")


@command.command("waive")
@click.argument("task")
@click.argument("item")
@click.option("--reason", required=True, help="Why this finding does not make the score wrong.")
@click.option("--by", "by", required=True, help="Who takes responsibility for the waiver.")
@env_option
@json_option
@handles_errors
def waive(task, item, reason, by, env_dir, as_json):
    """Waive ITEM's major findings on TASK's current tree (never a blocker)."""
    w = core.waive(resolve_env(env_dir), task, item.upper(), reason, by)
    if as_json:
        emit_json(w.model_dump(mode="json"))
    else:
        click.echo(f"waived {w.item} on {w.task} (tree {w.tree[:12]}) by {w.by}: {w.reason}")


@command.command("status")
@click.argument("globs", nargs=-1)
@env_option
@json_option
@handles_errors
def status(globs, env_dir, as_json):
    """Each task's audit state for its current tree: passed, failed, stale or missing; exit 1 unless all passed."""
    env = resolve_env(env_dir)
    result = core.audit_status(env, core.select_tasks(env, globs))
    if as_json:
        emit_json({"tasks": [s.model_dump(mode="json") for s in result.values()]})
    else:
        for s in result.values():
            extra = ""
            if s.state == "stale":
                extra = f" (audited tree {s.audited_tree[:12]}, now {s.tree[:12]}): run `oafreeze audit {s.task}`"
            elif s.state == "failed":
                extra = f" (unwaived: {', '.join(s.unwaived)})"
            click.echo(f"{s.task}: {s.state}{extra}")
    sys.exit(0 if all(s.state == "passed" for s in result.values()) else 1)
