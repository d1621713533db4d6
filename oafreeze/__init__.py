"""oafreeze: freeze, verify, audit and log legal-AI evaluation environments.

This folder is the top floor: the command line (`cli.py`, one module per command in
`commands/`) and the composers that join the floors below (`gate`, `precommit`, `hook`,
`demo`). The library lives in the other packages (see docs/DESIGN.md)."""

from oafreeze.plumbing.version import __version__

__all__ = ["__version__"]
