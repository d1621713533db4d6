"""Printing, kept apart from deciding: JSON for scripts, short text for people."""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Callable
from typing import Any

import click

from oafreeze.plumbing.errors import OafreezeError

json_option = click.option("--json", "as_json", is_flag=True, help="Machine-readable JSON on stdout.")


def emit_json(data: Any) -> None:
    """Print data as indented JSON with sorted keys."""
    click.echo(json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False))


def handles_errors(fn: Callable) -> Callable:
    """Turn an OafreezeError into its message (or JSON) and its exit code; never a traceback."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except OafreezeError as exc:
            if kwargs.get("as_json"):
                emit_json(exc.as_dict())
            else:
                click.echo(f"oafreeze: {exc}", err=True)
            sys.exit(exc.exit_code)
        except KeyboardInterrupt:
            click.echo("oafreeze: interrupted", err=True)
            sys.exit(130)

    return wrapper


class Progress:
    """A one-line counter on a terminal's stderr; silent when stderr is not a terminal."""

    def __init__(self, label: str, total: int | None = None, *, enabled: bool | None = None):
        self.label, self.total, self.done = label, total, 0
        self.enabled = sys.stderr.isatty() if enabled is None else enabled
        self._last = 0

    def advance(self, n: int = 1) -> None:
        """Count `n` more items done and redraw at most every 1% of the total."""
        self.done += n
        if not self.enabled:
            return
        step = max(1, (self.total or 100) // 100)
        if self.done - self._last >= step or self.done == self.total:
            self._last = self.done
            of = f"/{self.total}" if self.total else ""
            sys.stderr.write(f"\r{self.label}: {self.done}{of}")
            sys.stderr.flush()

    def close(self) -> None:
        """End the progress line."""
        if self.enabled and self.done:
            sys.stderr.write("\n")
            sys.stderr.flush()
