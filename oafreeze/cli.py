"""The `oafreeze` command: a group that loads one module per command."""

from __future__ import annotations

import importlib
import importlib.util
import json
import sys

import click

from oafreeze.plumbing.version import __version__

# command name -> module under oafreeze.commands (each defines `command`)
COMMANDS = {
    # the knowledge base
    "snapshot": "snapshot",
    "inventory": "inventory",
    "materialize": "materialize",
    "sample-library": "sample_library",
    # freezing and verifying
    "init": "init",
    "freeze": "freeze",
    "verify": "verify",
    "diff": "diff",
    "export": "export",
    "precommit": "precommit",
    "install-hook": "install_hook",
    # the hygiene audit
    "audit": "audit",
    # the run log and the gate
    "matrix": "matrix",
    "run": "run",
    "judge": "judge",
    "adjudicate": "adjudicate",
    "replay": "replay",
    "note": "note",
    "log": "log",
    "results": "results",
    "match": "match",
    "screen": "screen",
    "gate": "gate",
    # task families and the sample environment
    "family": "family",
    "demo": "demo",
}


class LazyGroup(click.Group):
    """Import a command's module only when that command runs (keeps the hook fast)."""

    def list_commands(self, ctx):
        return sorted(name for name, module in COMMANDS.items() if _available(module))

    def get_command(self, ctx, name):
        module = COMMANDS.get(name)
        if module is None or not _available(module):
            return None
        return importlib.import_module(f"oafreeze.commands.{module}").command

    def main(self, args=None, prog_name=None, **extra):
        """click's own usage errors (an unknown option, a missing argument) as JSON when --json was
        given, like every other error; exit 2 either way."""
        argv = list(sys.argv[1:] if args is None else args)
        try:
            return super().main(args=argv, prog_name=prog_name, standalone_mode=False, **extra)
        except click.exceptions.Exit as exc:
            sys.exit(exc.exit_code)
        except click.ClickException as exc:
            if "--json" in argv:
                print(json.dumps({"error": "UsageError", "message": exc.format_message(), "exit_code": exc.exit_code,
                                  "problems": [{"path": "oafreeze", "message": exc.format_message(),
                                                "rule": "usage"}]}, indent=2, sort_keys=True))
            else:
                exc.show()
            sys.exit(exc.exit_code)
        except click.exceptions.Abort:
            click.echo("oafreeze: aborted", err=True)
            sys.exit(1)


def _available(module: str) -> bool:
    return importlib.util.find_spec(f"oafreeze.commands.{module}") is not None


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="oafreeze")
def main() -> None:
    """Freeze, verify, audit and log legal-AI evaluation environments."""
    # A file name that is not UTF-8 reaches us surrogate-escaped; print it escaped
    # (`\\udcff`, also a valid JSON escape) rather than die on it.
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            try:
                reconfigure(errors="backslashreplace")
            except (ValueError, OSError):
                pass
