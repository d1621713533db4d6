"""`oafreeze matrix`: declare the cells (tasks x models) before any run, and show them."""

from __future__ import annotations

from pathlib import Path

import click

from oafreeze.commands.log import freeze_option
from oafreeze.plumbing.errors import BadInput
from oafreeze.runlog import log as runlog
from oafreeze.environment.config import CONFIG_FILE, load_environment
from oafreeze.environment.discovery import select_tasks
from oafreeze.environment.discovery import resolve_env
from oafreeze.output import emit_json, env_option, handles_errors, json_option



def split_values(values: tuple[str, ...]) -> list[str]:
    """Values given as repeated options and/or comma-separated, in order, without repeats."""
    out: list[str] = []
    for value in values:
        for item in value.split(","):
            if item.strip() and item.strip() not in out:
                out.append(item.strip())
    return out


def check_models(root: Path, models: list[str]) -> None:
    """Every model must be listed in oafreeze.yaml when it lists models."""
    if not (root / CONFIG_FILE).is_file():
        return
    listed = [m.id for m in load_environment(root).models]
    unknown = [m for m in models if listed and m not in listed]
    if unknown:
        raise BadInput.at(CONFIG_FILE, f"model(s) {', '.join(unknown)} not listed under models "
                          f"({', '.join(listed)})", field="models", rule="model-declared")


@click.group("matrix")
def command():
    """The declared cells of a freeze: every task crossed with every model."""


@command.command("declare")
@click.option("--tasks", "globs", multiple=True, required=True, help="Task id glob (repeat or comma-separate).")
@click.option("--models", multiple=True, required=True, help="Model id (repeat or comma-separate).")
@env_option
@freeze_option
@json_option
@handles_errors
def declare(globs, models, env_dir, freeze_id, as_json):
    """Declare the matrix once, before any run is recorded."""
    root = resolve_env(env_dir)
    path = runlog.log_path(root, freeze_id)
    tasks = select_tasks(root, split_values(globs), field="--tasks")
    model_ids = split_values(models)
    check_models(root, model_ids)
    entry = runlog.append(path, "matrix", {"task_globs": split_values(globs), "tasks": tasks, "models": model_ids})
    if as_json:
        emit_json(entry.as_dict())
    else:
        click.echo(f"declared {len(tasks)} task(s) x {len(model_ids)} model(s) = {len(tasks) * len(model_ids)} "
                   f"cells (seq {entry.seq}, {entry.digest})")


@command.command("show")
@env_option
@freeze_option
@json_option
@handles_errors
def show(env_dir, freeze_id, as_json):
    """List the declared cells and whether each has its production run."""
    path = runlog.log_path(resolve_env(env_dir), freeze_id)
    report = runlog.verify(path)
    state = report.state
    cells = [] if state.matrix is None else [
        {"task": t, "model": m, "production_run": (state.production[(t, m)].payload["run_id"]
                                                   if (t, m) in state.production else None)}
        for t in state.matrix.payload["tasks"] for m in state.matrix.payload["models"]]
    if as_json:
        emit_json({"declared": state.matrix is not None, "cells": cells, "log_ok": report.ok})
        return
    if state.matrix is None:
        click.echo("no matrix declared yet")
        return
    for c in cells:
        click.echo(f"{c['task']:<40} {c['model']:<30} {c['production_run'] or '-'}")
