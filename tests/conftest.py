"""Shared fixtures: real git repositories, the real library bundle, the CLI."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from oafreeze.cli import main

ROOT = Path(__file__).resolve().parents[1]
BUNDLE = ROOT.parent / "shared" / "corpora" / "openagreements.bundle"
OA_HEAD = "33c9f4a082aa4451371bd907481551cb6345ab05"

GIT_ID = {
    "GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "test@example.org",
    "GIT_COMMITTER_NAME": "Test", "GIT_COMMITTER_EMAIL": "test@example.org",
    "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": os.devnull,
}


def git(cwd: Path, *args: str, check: bool = True) -> str:
    """Run real git in `cwd` and return stdout."""
    env = {**os.environ, **GIT_ID}
    proc = subprocess.run(["git", *args], cwd=cwd, env=env, capture_output=True, text=True)
    if check and proc.returncode != 0:
        raise AssertionError(f"git {' '.join(args)} failed: {proc.stderr}")
    return proc.stdout.strip()


def init_repo(path: Path) -> Path:
    """A new git repository at `path` with branch main."""
    path.mkdir(parents=True, exist_ok=True)
    git(path, "init", "-q", "-b", "main")
    return path


def commit_all(path: Path, message: str = "commit") -> str:
    """Stage everything and commit; return the commit id."""
    git(path, "add", "-A")
    git(path, "commit", "-q", "--no-verify", "-m", message)
    return git(path, "rev-parse", "HEAD")


# The real OpenAgreements library is licensed to its authors, so the project never carries
# it: tests that need it find it through OAFREEZE_LIBRARY (a clone or a bundle), else beside
# the project at ../shared/corpora/openagreements.bundle. Without either they are skipped with
# one line saying how to enable them; with OAFREEZE_REQUIRE_LIBRARY=1 (CI) they fail instead.
LIBRARY_HINT = ("needs the real OpenAgreements library: set OAFREEZE_LIBRARY to a clone or bundle of it "
                "(or place it at ../shared/corpora/openagreements.bundle) to run these tests")


def library_source() -> Path | None:
    """Where the real library is (a clone or a bundle), or None."""
    given = os.environ.get("OAFREEZE_LIBRARY")
    if given:
        path = Path(given).expanduser().resolve()
        if not path.exists():
            pytest.fail(f"OAFREEZE_LIBRARY={given}: no such file or folder")
        return path
    return BUNDLE if BUNDLE.is_file() else None


@pytest.fixture(scope="session")
def bundle(tmp_path_factory) -> Path:
    """The real OpenAgreements library as a bundle file (made from a clone when given one)."""
    source = library_source()
    if source is None:
        if os.environ.get("OAFREEZE_REQUIRE_LIBRARY"):
            pytest.fail("OAFREEZE_REQUIRE_LIBRARY is set but " + LIBRARY_HINT.replace("needs", "no test can find"))
        pytest.skip(LIBRARY_HINT)
    if source.is_file():
        return source
    made = tmp_path_factory.mktemp("oa-bundle") / "openagreements.bundle"
    git(source, "bundle", "create", "-q", str(made), "--all")
    return made


@pytest.fixture(scope="session")
def oa_repo(bundle, tmp_path_factory) -> Path:
    """A clone of the real library (all branches and tags)."""
    dest = tmp_path_factory.mktemp("oa") / "openagreements"
    subprocess.run(["git", "clone", "-q", str(bundle), str(dest)], check=True,
                   env={**os.environ, **GIT_ID})
    git(dest, "fetch", "-q", str(bundle), "+refs/tags/*:refs/tags/*")
    return dest


class Cli:
    """Runs `oafreeze` in-process; returns (exit code, stdout, stderr)."""

    def __init__(self):
        self.runner = CliRunner()

    def __call__(self, *args: str, cwd: Path | None = None):
        old = os.getcwd()
        if cwd:
            os.chdir(cwd)
        try:
            result = self.runner.invoke(main, list(args), catch_exceptions=False)
        finally:
            os.chdir(old)
        return result.exit_code, result.stdout, result.stderr

    def json(self, *args: str, cwd: Path | None = None):
        code, out, err = self(*args, "--json", cwd=cwd)
        return code, json.loads(out) if out.strip() else None, err


@pytest.fixture
def cli() -> Cli:
    return Cli()
