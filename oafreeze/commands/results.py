"""`oafreeze results`: effective verdicts per cell and counts per model, from the log's layers;
replay stability, judge quality and the screen beside the placement verdicts; as text, JSON,
CSV, Markdown or one self-contained HTML page."""

from __future__ import annotations

import click

from oafreeze.commands.log import freeze_option
from oafreeze.environment.discovery import resolve_env
from oafreeze.environment.task import load_task
from oafreeze.output import emit_json, env_option, handles_errors, json_option
from oafreeze.plumbing.atomic import write_new
from oafreeze.plumbing.errors import BadInput, CheckFailed
from oafreeze.runlog import log as runlog
from oafreeze.runlog import results, tables

FORMATS = ("text", "csv", "markdown")


def _judges(c: dict) -> str:
    return ", ".join(f"{j['judge']}={j['verdict']}" + ("?" if j["review"] else "") for j in c["judges"]) or "-"


def _worth_a_line(c: dict) -> bool:
    """A criterion is printed under its cell unless it passed with every judge agreeing and no ruling."""
    return c["effective"] != "pass" or c["adjudication"] is not None or len({j["verdict"] for j in c["judges"]}) > 1


def _screen(screen: dict | None) -> str:
    if screen is None:
        return ""
    if screen["status"] == "flagged":
        return f"  screen: flagged ({screen['flags']})"
    return f"  screen: {screen['status']}"


def _replay_screen(screen: dict | None) -> str:
    if screen is None:
        return ""
    if screen["status"] == "flagged":
        return f" (screen: {screen['flags']} flag{'s' * (screen['flags'] != 1)})"
    return f" (screen: {screen['status']})"


def print_report(data: dict) -> None:
    """The human form: cells (only what is not a plain pass), counts, replays, judges, screen, review."""
    freeze = data["freeze"]
    head = data["log"]["head"]
    click.echo(f"freeze {freeze['id']}" + (f" ({freeze['digest']})" if freeze.get("digest") else "")
               + (f", knowledge base {freeze['knowledge_base']['commit'][:12]}" if freeze.get("knowledge_base") else "")
               + f"; log {data['log']['entries']} entries" + (f", head seq {head['seq']}" if head else ""))
    click.echo("cells (production runs; a human ruling where there is one, else the judges' majority):")
    quiet = {"not-run": 0, "pass": 0}
    for cell in data["cells"]:
        flagged = cell["screen"] is not None and cell["screen"]["status"] == "flagged"
        placement = cell["placement"]["criteria"] if cell["placement"] and flagged else []
        lines = [c for c in cell["criteria"] if _worth_a_line(c) or c["criterion"] in placement]
        if cell["status"] in quiet and not lines and not flagged and not cell["replays"]:
            quiet[cell["status"]] += 1
            continue
        click.echo(f"  {cell['task']} x {cell['model']}: {cell['status'].upper()}  run {cell['run_id']}"
                   + _screen(cell["screen"]))
        for c in lines:
            ruling = c["adjudication"]
            layer = f"  human: {ruling['verdict']} by {ruling['by']}" if ruling else ""
            click.echo(f"    {c['criterion']:<28} {c['effective']:<8} judges: {_judges(c)}{layer}")
        if cell["replays"]:
            click.echo("    replays: " + ", ".join(f"{r['run_id']} {r['status']}" + _replay_screen(r["screen"])
                                               for r in cell["replays"]))
    if quiet["pass"]:
        click.echo(f"  {quiet['pass']} other cell{'s' * (quiet['pass'] != 1)} passed every criterion, the judges "
                   "agreeing and the screen not flagging")
    if quiet["not-run"]:
        click.echo(f"  not run: {quiet['not-run']} cell{'s' * (quiet['not-run'] != 1)}")
    click.echo("results (a matrix result counts tasks that passed every criterion; a family result counts "
               "instances on one criterion or trap; the two are not comparable):")
    for model, counts in data["models"].items():
        click.echo(f"  {model}")
        if counts["matrix"]:
            click.echo(f"    {counts['matrix']['text']}")
        for fam in counts["families"]:
            for row in fam["counts"]:
                if row["shown"]:
                    click.echo(f"    {fam['family']}: {row['text']}")
            click.echo(f"    {fam['family']}: {fam['all_pass']['text']}")
    if data["replays"]:
        click.echo("replay stability (trials: the production run and its replays):")
        for r in data["replays"]:
            click.echo(f"  {r['text']}")
    click.echo(f"judges: {data['judges']['text']}")
    if data["screen"]["screened"]:
        click.echo(f"screen beside the placement verdicts: {data['screen']['text']}")
        for d in data["screen"]["disagreements"]:
            who = "human" if d["by"] == "human" else "judges"
            click.echo(f"  {d['task']} x {d['model']} (run {d['run_id']}): screen {d['screen']}"
                       + (f" ({d['flags']} flag{'s' * (d['flags'] != 1)})" if d["flags"] else "")
                       + f", {who}: {d['verdict']} on {', '.join(d['criteria'])}")
    if data["awaiting_review"]:
        click.echo(f"awaiting human review ({len(data['awaiting_review'])}):")
        for a in data["awaiting_review"]:
            click.echo(f"  {a['task']} x {a['model']} run {a['run_id']} {a['criterion']}: {a['why']}")


def freeze_header(root, freeze_id: str) -> dict:
    """What the page's header says about the freeze: its id, digest and knowledge-base pin."""
    from oafreeze.freezer.manifest import load_manifest

    try:
        manifest, _ = load_manifest(root, freeze_id)
    except BadInput as exc:
        return {"id": freeze_id, "digest": None, "knowledge_base": None,
                "problem": str(exc.problems[0]) if exc.problems else exc.message}
    kb = manifest.knowledge_base
    pin = None
    if kb is not None:
        snap = kb.snapshot
        pin = {"commit": snap.commit, "digest": snap.digest, "source": snap.source, "inventory": dict(snap.inventory),
               "mount": kb.mount}
    return {"id": manifest.id, "digest": manifest.digest, "created": manifest.created, "knowledge_base": pin,
            "environment_commit": manifest.environment.commit}


@click.command("results")
@click.option("--format", "fmt", default="text", show_default=True, metavar="text|csv|markdown",
              help="Text for people, or the tables as CSV or Markdown (for papers).")
@click.option("--table", "table", default=None, metavar="NAME",
              help=f"With --format csv|markdown, only this table ({', '.join(tables.NAMES)}).")
@click.option("--html", "html_file", type=click.Path(dir_okay=False), default=None,
              help="Also write the results as one self-contained HTML page (never overwritten).")
@env_option
@freeze_option
@json_option
@handles_errors
def command(fmt, table, html_file, env_dir, freeze_id, as_json):
    """Per cell: adjudication where it exists, else the judges' majority; per model: the counts."""
    if fmt not in FORMATS:
        raise BadInput.at("--format", f"{fmt!r} is not one of {', '.join(FORMATS)}", field="format",
                          rule="results-format")
    if table is not None and (fmt == "text" or table not in tables.NAMES):
        raise BadInput.at("--table", f"--table needs --format csv|markdown and one of {', '.join(tables.NAMES)}",
                          field="table", rule="results-format")
    if as_json and fmt != "text":
        raise BadInput.at("--format", "--json and --format csv|markdown are two outputs; choose one",
                          field="format", rule="results-format")
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
    data["freeze"] = freeze_header(root, path.name[:-len(runlog.SUFFIX)])
    if html_file:
        from oafreeze.runlog import results_html

        write_new(html_file, results_html.render(data, tasks).encode("utf-8"))
    if as_json:
        emit_json(data)
    elif fmt == "csv":
        click.echo(tables.to_csv(tables.build(data), table), nl=False)
    elif fmt == "markdown":
        click.echo(tables.to_markdown(tables.build(data), table), nl=False)
    elif state.matrix is None:
        click.echo("no matrix declared yet")
    else:
        print_report(data)
    if html_file and fmt == "text" and not as_json:
        click.echo(f"results page written to {html_file}")
