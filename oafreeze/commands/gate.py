"""`oafreeze gate`: may a production run start? Yes or no, and why."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from oafreeze.gate import run_gate
from oafreeze.environment.discovery import resolve_env
from oafreeze.output import emit_json, env_option, handles_errors, json_option


def _reason(r: dict) -> str:
    """One reason as a line: who or where, then what."""
    who = r.get("task") or r.get("judge")
    what = r.get("message") or f"{r.get('change')} {r.get('path', '')}".strip()
    where = who or (r.get("path") if r.get("message") else None)
    return f"{where}: {what}" if where else what


@click.command("gate")
@click.argument("manifest", required=False)
@env_option
@json_option
@handles_errors
def command(manifest, env_dir, as_json):
    """Say yes (exit 0) or no (exit 1) to a production run on the frozen trees, with every reason."""
    result = run_gate(resolve_env(env_dir), manifest)
    if as_json:
        emit_json(result.as_dict())
    else:
        for c in result.checks:
            mark = "ok  " if c.ok else "FAIL"
            click.echo(f"{mark} {c.name}" + (f"  ({c.info})" if c.info else ""))
            for r in c.reasons[:20]:
                click.echo(f"       - {_reason(r)}")
            if len(c.reasons) > 20:
                click.echo(f"       ... and {len(c.reasons) - 20} more (see --json)")
        click.echo(f"gate: {'YES' if result.ok else 'NO'} for freeze {result.manifest}")
    sys.exit(0 if result.ok else 1)
