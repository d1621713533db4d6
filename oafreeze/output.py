"""Printing, kept apart from deciding: JSON for scripts, short text for people, a progress bar
on a terminal, and errors as a message (never a traceback) with the project's exit codes."""

from __future__ import annotations

import functools
import json
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import click

from oafreeze.plumbing.errors import OafreezeError

json_option = click.option("--json", "as_json", is_flag=True, help="Machine-readable JSON on stdout.")
env_option = click.option("--env", "env_dir", default=None, type=click.Path(file_okay=False),
                          help="The environment folder (default: the nearest folder above holding oafreeze.yaml).")

DEBUG = "OAFREEZE_DEBUG"


def emit_json(data: Any) -> None:
    """Print data as indented JSON with sorted keys."""
    click.echo(json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False))


def report_error(exc: OafreezeError, as_json: bool) -> None:
    """An error as the user sees it: its message on stderr, or its data as JSON on stdout."""
    if as_json:
        emit_json(exc.as_dict())
    else:
        click.echo(f"oafreeze: {exc}", err=True)


def as_error(exc: BaseException) -> OafreezeError:
    """Any exception as one of ours: an OS error names its file; anything else is a bug,
    reported in one line (set OAFREEZE_DEBUG=1 for the traceback)."""
    from oafreeze.plumbing.errors import BadInput

    if isinstance(exc, OafreezeError):
        return exc
    if isinstance(exc, OSError):
        where = exc.filename if exc.filename is not None else "(file)"
        return BadInput.at(os.fsdecode(where), f"cannot read or write: {exc.strerror or exc}", rule="os-error")
    return BadInput.at("oafreeze", f"internal error ({type(exc).__name__}: {exc}); please report it with the "
                       f"command you ran (set {DEBUG}=1 to see the traceback)", rule="internal-error")


def handles_errors(fn: Callable) -> Callable:
    """Turn any error into its message (or JSON) and its exit code; never a traceback."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except KeyboardInterrupt:
            click.echo("oafreeze: interrupted", err=True)
            sys.exit(130)
        except (SystemExit, click.exceptions.Exit, click.ClickException):
            raise
        except Exception as exc:  # noqa: BLE001 - the one place every error becomes a message
            if os.environ.get(DEBUG) and not isinstance(exc, OafreezeError):
                raise
            err = as_error(exc)
            report_error(err, bool(kwargs.get("as_json")))
            sys.exit(err.exit_code)

    return wrapper


@contextmanager
def progress_bar(label: str, *, enabled: bool = True) -> Iterator[Callable[[int, int], None] | None]:
    """A `progress(done, total)` callback drawing a bar on a terminal's stderr (None when
    stderr is not a terminal, or with `enabled` False, e.g. under --json)."""
    if not enabled or not sys.stderr.isatty():
        yield None
        return
    bars: list = []

    def update(done: int, total: int) -> None:
        if not bars:
            bar = click.progressbar(length=max(total, 1), label=label, file=sys.stderr, show_pos=True)
            bar.__enter__()
            bars.append(bar)
        bar = bars[0]
        if done > bar.pos:
            bar.update(done - bar.pos)

    try:
        yield update
    finally:
        if bars:
            bars[0].__exit__(None, None, None)
