"""The pre-commit hook's entry point: `python -m oafreeze.hook [--env DIR] [--json]`.

`oafreeze precommit` runs the same check through the CLI. The hook runs on every
commit, so this entry imports nothing it does not need (no CLI framework): on a large
environment the whole budget belongs to git's read of the index.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

USAGE = "usage: python -m oafreeze.hook [--env DIR] [--json]"


def run(env_dir: str, as_json: bool) -> int:
    """Run the check, report it (text on stderr, or JSON on stdout) and return the exit code."""
    from oafreeze.plumbing.errors import OafreezeError
    from oafreeze.plumbing import git as gitrepo

    try:
        # git's read of the index is most of the time on a large environment: start it
        # before importing the check, so the imports run on the other core meanwhile.
        staged = gitrepo.start_in(env_dir, *gitrepo.STAGED_DIFF, "HEAD", hook=True)
        from oafreeze.precommit import check

        problems = check(Path(env_dir).resolve(), staged)
    except OafreezeError as exc:
        if as_json:
            _emit(exc.as_dict())
        else:
            print(f"oafreeze: {exc}", file=sys.stderr)
        return exc.exit_code
    if as_json:
        _emit({"ok": not problems, "refusals": [p.as_dict() for p in problems]})
    elif problems:
        print("oafreeze: commit refused:", file=sys.stderr)
        for p in problems:
            print(f"  - {p}", file=sys.stderr)
    return 1 if problems else 0


MARK = "# installed by oafreeze install-hook"


def index_settings() -> dict[str, str]:
    """git settings for a threaded index read (the hook's main cost on a large environment).

    git writes the offset table that lets readers split the index between threads only
    when index.threads is set explicitly; on two cores the automatic setting writes none.
    Four threads (one for the extensions, three for the entries) was the fastest setting
    on the 2-core benchmark machine; more cores get one thread each."""
    import os

    return {"index.threads": str(max(4, os.cpu_count() or 1)), "index.recordOffsetTable": "true",
            "index.recordEndOfIndexEntries": "true"}


def install(env_dir: str, *, force: bool = False, index_threads: bool = True) -> dict:
    """Write .git/hooks/pre-commit (refusing to replace a foreign hook unless `force`) and,
    unless told not to or already set, turn on git's threaded index read; what was done."""
    import os

    from oafreeze.plumbing.errors import AlreadyExists
    from oafreeze.plumbing.atomic import write_new
    from oafreeze.plumbing.git import Repo

    configured: dict[str, str] = {}
    with Repo(Path(env_dir).resolve()) as repo:
        hook = repo.git_dir / "hooks" / "pre-commit"
        script = f"#!/bin/sh\n{MARK}\nexec '{sys.executable}' -m oafreeze.hook\n".encode()
        if hook.exists():
            if MARK.encode() not in hook.read_bytes() and not force:
                raise AlreadyExists.at(str(hook), "a pre-commit hook exists that oafreeze did not install; "
                                       "use --force to replace it, or call `oafreeze precommit` from it",
                                       rule="write-once")
            hook.unlink()
        write_new(hook, script, mode=0o755)
        os.chmod(hook, 0o755)
        if index_threads and repo.get_config("index.threads") is None:
            for key, value in index_settings().items():
                repo.set_config(key, value)
                configured[key] = value
    return {"hook": str(hook), "git_config": configured}


def _emit(data: dict) -> None:
    print(json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False))


def main(argv: list[str] | None = None) -> int:
    """Parse the two options the hook takes and run the check."""
    args = list(sys.argv[1:] if argv is None else argv)
    env_dir, as_json = ".", False
    while args:
        arg = args.pop(0)
        if arg == "--json":
            as_json = True
        elif arg == "--env" and args:
            env_dir = args.pop(0)
        elif arg.startswith("--env="):
            env_dir = arg[len("--env="):]
        elif arg in ("-h", "--help"):
            print(USAGE)
            return 0
        else:
            print(f"oafreeze: unexpected argument {arg!r}\n{USAGE}", file=sys.stderr)
            return 2
    try:
        return run(env_dir, as_json)
    except KeyboardInterrupt:
        print("oafreeze: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
