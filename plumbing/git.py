"""Safe, fast access to git: the one module that runs git.

Libraries and task packages come from other people, so opening a repository must
never execute anything it carries. We only run plumbing that never invokes hooks,
filters, textconv or a pager (rev-parse, ls-tree, cat-file, for-each-ref), pass
overrides for every configurable command hook we know of, ignore system and global
config, never search parent directories for a repository, and keep one
`cat-file --batch` process per repository instead of a process per object.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from oafreeze.plumbing.errors import BadInput, GitError

# Command-line config wins over repository config, so these neutralise anything a
# hostile .git/config could ask git to run.
SAFE_CONFIG = (
    "core.fsmonitor=false",
    "core.hooksPath=/dev/null",
    "core.pager=cat",
    "core.untrackedCache=false",
    "core.sshCommand=false",
    "core.gitProxy=",
    "core.askPass=",
    "credential.helper=",
    "diff.external=",
    "protocol.allow=never",
    "protocol.file.allow=always",
    "uploadpack.packObjectsHook=",
    "core.alternateRefsCommand=",
    "gc.auto=0",
    "maintenance.auto=false",
)

HEX = re.compile(r"^[0-9a-f]{40}([0-9a-f]{24})?$")


def git_env(extra: dict[str, str] | None = None) -> dict[str, str]:
    """An environment in which git reads no system/global config and runs no pager."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    env.update({
        "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_CONFIG_GLOBAL": os.devnull,
        "GIT_ATTR_NOSYSTEM": "1",
        "GIT_PAGER": "cat",
        "PAGER": "cat",
        "GIT_TERMINAL_PROMPT": "0",
        "GIT_OPTIONAL_LOCKS": "0",
        "GIT_NO_REPLACE_OBJECTS": "1",
        "GIT_EDITOR": "false",
        "LC_ALL": "C",
    })
    if extra:
        env.update(extra)
    return env


def git_argv(*args: str, extra_config: tuple[str, ...] = ()) -> list[str]:
    """`git` with the safety overrides (and any `extra_config`) in front of `args`."""
    argv = ["git", "--no-pager"]
    for item in SAFE_CONFIG + tuple(extra_config):
        argv += ["-c", item]
    return argv + list(args)


# What is staged, against HEAD: the one git call of the pre-commit check whose cost grows
# with the environment (git reads every index entry).
STAGED_DIFF = ("diff-index", "--cached", "-z", "--no-renames", "--name-status")


@dataclass
class Pending:
    """A git command running in the background (see `Repo.start` and `start_in`)."""

    path: Path
    args: tuple[str, ...]
    proc: subprocess.Popen

    def result(self, check: bool = True) -> bytes:
        """Wait for the command; its stdout (a GitError if it failed and `check`)."""
        out, err = self.proc.communicate()
        return _checked(self.path, self.args, self.proc.returncode, out, err, check)


def _checked(path: Path, args: tuple[str, ...], code: int, out: bytes, err: bytes, check: bool) -> bytes:
    if check and code != 0:
        text = err.decode("utf-8", "replace").strip()
        raise GitError.at(str(path), f"git {args[0]} failed: {text or 'exit ' + str(code)}", rule="git")
    return out


def start_in(path: str | os.PathLike, *args: str, hook: bool = False) -> Pending:
    """Start a plumbing command that reads no file contents (so runs no filter) before the
    repository is opened, with the same safety as `Repo`: git may find the repository only
    in `path` itself, and inside a hook it follows the index being committed. The
    pre-commit check starts its one slow call this way, before importing the rest."""
    path = Path(path).resolve()
    extra = {"GIT_CEILING_DIRECTORIES": str(path.parent)}
    if hook and os.environ.get("GIT_INDEX_FILE"):
        extra["GIT_INDEX_FILE"] = os.path.abspath(os.environ["GIT_INDEX_FILE"])
    proc = subprocess.Popen(git_argv(*args), cwd=path, env=git_env(extra), stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    return Pending(path, args, proc)


@dataclass(frozen=True)
class TreeEntry:
    """One entry of `git ls-tree`."""

    mode: str
    type: str
    oid: str
    size: int | None
    path: str


def _decode_path(raw: bytes, where: str) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise BadInput.at(f"{where}/{raw.decode('utf-8', 'backslashreplace')}",
                          "file name is not valid UTF-8", rule="utf-8-names") from None


class Repo:
    """A git repository opened read-only and safely; close it (or use `with`)."""

    def __init__(self, path: str | os.PathLike, *, _owned_tmp: str | None = None, hook: bool = False):
        self.path = Path(path).resolve()
        self._owned_tmp = _owned_tmp
        self._batch: subprocess.Popen | None = None
        if not self.path.exists():
            raise GitError.at(str(path), "no such file or directory", rule="library-path")
        git_dir, object_format = self._discover()
        self.git_dir = git_dir
        extra = {"GIT_DIR": str(git_dir)}
        # Inside a git hook the index being committed may be a temporary one (`commit -a`,
        # `commit PATH`); only the pre-commit check, on the user's own repository, follows it.
        if hook and os.environ.get("GIT_INDEX_FILE"):
            extra["GIT_INDEX_FILE"] = os.path.abspath(os.environ["GIT_INDEX_FILE"])
        self._env = git_env(extra)
        self._overrides: tuple[str, ...] = ()
        self._overrides = self._neutralise_filters()
        self.object_format = object_format

    def _neutralise_filters(self) -> tuple[str, ...]:
        # Filter drivers have user-chosen names, so no fixed override can name them: read
        # the ones this repository's config defines and blank each one's commands, so that
        # `git status` (the only porcelain we run) never executes a clean or process filter.
        raw = self.run_bytes("config", "--null", "--get-regexp", r"^filter\.", check=False)
        names = set()
        for record in raw.split(b"\0"):
            key = record.split(b"\n", 1)[0].decode("utf-8", "replace")
            if key.startswith("filter.") and key.count(".") >= 2:
                names.add(key[len("filter."):key.rindex(".")])
        return tuple(f"filter.{n}.{k}={v}" for n in sorted(names)
                     for k, v in (("clean", ""), ("smudge", ""), ("process", ""), ("required", "false")))

    def _discover(self) -> tuple[Path, str]:
        # Never walk up to an enclosing repository: only this directory counts. One process
        # answers both questions (the pre-commit hook counts every process it starts).
        env = git_env({"GIT_CEILING_DIRECTORIES": str(self.path.parent)})
        proc = subprocess.run(git_argv("rev-parse", "--absolute-git-dir", "--show-object-format"), cwd=self.path,
                              env=env, capture_output=True, stdin=subprocess.DEVNULL)
        lines = proc.stdout.decode("utf-8", "surrogateescape").splitlines()
        if proc.returncode != 0 or not lines:
            raise GitError.at(str(self.path), "not a git repository", rule="git-repository")
        return Path(lines[0]), (lines[1].strip() if len(lines) > 1 else "") or "sha1"

    @classmethod
    def open(cls, path: str | os.PathLike) -> "Repo":
        """Open a repository directory or a bundle file (bundles are unpacked to a temp dir)."""
        p = Path(path)
        if p.is_file():
            return cls.from_bundle(p)
        return cls(p)

    @classmethod
    def from_bundle(cls, bundle: Path) -> "Repo":
        """Unpack a bundle into a temporary bare repository (no checkout, nothing runs)."""
        tmp = tempfile.mkdtemp(prefix="oafreeze-bundle-")
        target = Path(tmp) / "repo.git"
        proc = subprocess.run(git_argv("clone", "--bare", "--quiet", "--no-hardlinks", "--",
                                       str(bundle.resolve()), str(target)),
                              env=git_env(), capture_output=True, stdin=subprocess.DEVNULL)
        if proc.returncode != 0:
            shutil.rmtree(tmp, ignore_errors=True)
            msg = proc.stderr.decode("utf-8", "replace").strip().splitlines()
            raise GitError.at(str(bundle), "not a readable git bundle"
                              + (f": {msg[-1]}" if msg else ""), rule="git-bundle")
        # Bring every ref of the bundle along, not only the default branch.
        subprocess.run(git_argv("fetch", "--quiet", "--no-write-fetch-head", str(bundle.resolve()),
                                "+refs/*:refs/*"), cwd=target, env=git_env({"GIT_DIR": str(target)}),
                       capture_output=True, stdin=subprocess.DEVNULL)
        return cls(target, _owned_tmp=tmp)

    # -- running git ---------------------------------------------------------------

    def run(self, *args: str, check: bool = True, input: bytes | None = None) -> str:
        """Run one git plumbing command and return its stdout as text."""
        return self.run_bytes(*args, check=check, input=input).decode("utf-8", "surrogateescape")

    def run_bytes(self, *args: str, check: bool = True, input: bytes | None = None) -> bytes:
        """Run one git plumbing command and return its stdout as bytes."""
        proc = subprocess.run(git_argv(*args, extra_config=self._overrides), cwd=self.path, env=self._env,
                              input=input,
                              capture_output=True,
                              stdin=None if input is not None else subprocess.DEVNULL)
        return _checked(self.path, args, proc.returncode, proc.stdout, proc.stderr, check)

    def start(self, *args: str) -> Pending:
        """Start one git plumbing command in the background; collect it with `Pending.result()`."""
        proc = subprocess.Popen(git_argv(*args, extra_config=self._overrides), cwd=self.path, env=self._env,
                                stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        return Pending(self.path, args, proc)

    # -- names -------------------------------------------------------------------

    def resolve_commit(self, rev: str) -> str:
        """The full commit id `rev` names, or a clear error."""
        if rev.startswith("-"):
            raise GitError.at(str(self.path), f"revision {rev!r} may not start with '-'", field="commit",
                              rule="revision")
        out = self.run_bytes("rev-parse", "--verify", "--quiet", "--end-of-options", f"{rev}^{{commit}}",
                             check=False).decode().strip()
        if not HEX.match(out):
            raise GitError.at(str(self.path), f"unknown commit {rev!r}", field="commit", rule="commit-exists")
        return out

    def tree_of(self, commit: str, path: str = "") -> str | None:
        """The tree id of `path` at `commit`, or None where it does not exist."""
        spec = f"{commit}^{{tree}}" if not path else f"{commit}:{path}"
        out = self.run_bytes("rev-parse", "--verify", "--quiet", "--end-of-options", spec,
                             check=False).decode().strip()
        if not HEX.match(out):
            return None
        kind = self.run("cat-file", "-t", out, check=False).strip()
        return out if kind == "tree" else None

    def blob_at(self, treeish: str, path: str) -> bytes | None:
        """The content of file `path` in `treeish`, or None where there is no such file."""
        out = self.run_bytes("rev-parse", "--verify", "--quiet", "--end-of-options", f"{treeish}:{path}",
                             check=False).decode().strip()
        if not HEX.match(out) or self.run("cat-file", "-t", out, check=False).strip() != "blob":
            return None
        return self.read_blob(out)

    def ls_tree(self, treeish: str, path: str = "", *, recursive: bool = True) -> list[TreeEntry]:
        """Entries under `path` of `treeish`, with sizes, paths relative to the repo root."""
        args = ["ls-tree", "-z", "-l", "--full-tree"]
        if recursive:
            args.append("-r")
        args += [treeish]
        if path:
            args += ["--", path.rstrip("/") + "/"]
        raw = self.run_bytes(*args)
        entries = []
        for record in raw.split(b"\0"):
            if not record:
                continue
            meta, _, name = record.partition(b"\t")
            mode, otype, oid, size = meta.split()
            entries.append(TreeEntry(mode.decode(), otype.decode(), oid.decode(),
                                     None if size == b"-" else int(size),
                                     _decode_path(name, str(self.path))))
        return entries

    def head(self) -> str | None:
        """The commit HEAD points at, or None in a repository with no commit yet."""
        out = self.run_bytes("rev-parse", "--verify", "--quiet", "HEAD^{commit}", check=False).decode().strip()
        return out if HEX.match(out) else None

    def dirty_paths(self, *, include_staged: bool = True) -> list[str]:
        """Paths that differ from HEAD: staged, unstaged and untracked (ignored files excluded)."""
        raw = self.run_bytes("status", "--porcelain=v1", "-z", "--untracked-files=all", "--no-renames")
        out = []
        for record in raw.split(b"\0"):
            if len(record) < 4:
                continue
            x, y, path = chr(record[0]), chr(record[1]), _decode_path(record[3:], str(self.path))
            if not include_staged and y == " " and x != "?":
                continue
            out.append(path)
        return sorted(set(out))

    def index_tree(self) -> str:
        """Write the index as tree objects (as `git commit` would) and return the root tree id."""
        return self.run("write-tree").strip()

    # -- objects -------------------------------------------------------------------

    def _batch_proc(self) -> subprocess.Popen:
        if self._batch is None or self._batch.poll() is not None:
            self._batch = subprocess.Popen(git_argv("cat-file", "--batch", extra_config=self._overrides),
                                           cwd=self.path,
                                           env=self._env, stdin=subprocess.PIPE,
                                           stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        return self._batch

    def iter_blob(self, oid: str, chunk: int = 1 << 20) -> Iterator[bytes]:
        """Stream a blob's bytes in chunks through the one cat-file process."""
        proc = self._batch_proc()
        assert proc.stdin and proc.stdout
        proc.stdin.write(oid.encode() + b"\n")
        proc.stdin.flush()
        header = proc.stdout.readline().decode().split()
        if len(header) != 3 or header[1] != "blob":
            raise GitError.at(str(self.path), f"object {oid} is missing or not a blob", rule="object-exists")
        remaining = int(header[2])
        while remaining:
            block = proc.stdout.read(min(chunk, remaining))
            if not block:
                raise GitError.at(str(self.path), f"object {oid} ended early", rule="object-readable")
            remaining -= len(block)
            yield block
        proc.stdout.read(1)  # the newline after each object

    def read_blob(self, oid: str) -> bytes:
        """A whole blob in memory (for small metadata files)."""
        return b"".join(self.iter_blob(oid))

    def close(self) -> None:
        """Stop the cat-file process and remove any temporary unpacked bundle."""
        if self._batch is not None:
            try:
                if self._batch.stdin:
                    self._batch.stdin.close()
                self._batch.wait(timeout=10)
            except Exception:
                self._batch.kill()
            self._batch = None
        if self._owned_tmp:
            shutil.rmtree(self._owned_tmp, ignore_errors=True)
            self._owned_tmp = None

    def __enter__(self) -> "Repo":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
