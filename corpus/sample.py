"""The project's own sample library, turned into a git repository with a reproducible commit."""

from __future__ import annotations

import os
import subprocess
from importlib import resources
from pathlib import Path

from oafreeze.plumbing.errors import AlreadyExists, GitError
from oafreeze.plumbing.git import git_argv, git_env

# Fixed identity and dates: the same files always give the same commit id.
AUTHOR = {"GIT_AUTHOR_NAME": "oafreeze sample library", "GIT_AUTHOR_EMAIL": "library@example.org",
          "GIT_COMMITTER_NAME": "oafreeze sample library", "GIT_COMMITTER_EMAIL": "library@example.org",
          "GIT_AUTHOR_DATE": "2026-10-01T12:00:00+00:00", "GIT_COMMITTER_DATE": "2026-10-01T12:00:00+00:00"}
MESSAGE = "oafreeze sample library\n\nWritten for oafreeze; facts checked against public statutes.\n"


def sample_files() -> dict[str, bytes]:
    """Every file of the packaged sample library by POSIX relative path."""
    root = resources.files("oafreeze.corpus").joinpath("sample_library")
    out: dict[str, bytes] = {}

    def walk(node, prefix: str) -> None:
        for child in sorted(node.iterdir(), key=lambda c: c.name):
            rel = f"{prefix}{child.name}"
            if child.is_dir():
                if child.name != "__pycache__":
                    walk(child, rel + "/")
            else:
                out[rel] = child.read_bytes()

    walk(root, "")
    return out


def build_sample_repo(dest: str | os.PathLike) -> str:
    """Write the sample library into a new git repository at `dest`; return its commit id."""
    dest = Path(dest)
    if dest.exists() and any(dest.iterdir()):
        raise AlreadyExists.at(str(dest), "exists and is not empty", rule="write-once")
    for rel, data in sample_files().items():
        target = dest / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
        os.chmod(target, 0o644)
    env = git_env(AUTHOR)

    def git(*args: str) -> str:
        proc = subprocess.run(git_argv(*args), cwd=dest, env=env, capture_output=True,
                              stdin=subprocess.DEVNULL)
        if proc.returncode != 0:
            raise GitError.at(str(dest), f"git {args[0]} failed: {proc.stderr.decode(errors='replace').strip()}",
                              rule="git")
        return proc.stdout.decode().strip()

    git("init", "--quiet", "--initial-branch=main")
    git("add", "--all")
    git("commit", "--quiet", "--no-verify", "--no-gpg-sign", "-m", MESSAGE)
    return git("rev-parse", "HEAD")
