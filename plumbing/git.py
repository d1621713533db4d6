"""Safe, fast access to git: the one module that runs git.

Libraries and task packages come from other people, so opening a repository must
never execute anything it carries. The design rule:

    git only ever reads objects for us; the working tree is read by our own code.

So we run only plumbing that reads objects, refs and the index (rev-parse, ls-tree,
cat-file, write-tree, diff-index --cached, for-each-ref) and never porcelain that reads
working-tree content: `git status` would pass changed files through the repository's
clean filters and recurse into submodules, and filter driver names are chosen by the
repository (a name holding '=' even defeats a `-c` override). Whether the working tree
matches the index is decided by `gitindex` from the raw bytes. The one command that
lists the working tree (`ls-files --others`, for untracked names) reads names, never
content. On top of that we pass overrides for every command hook git has a fixed name
for, ignore system and global config, never search parent directories for a repository,
and keep one `cat-file --batch` process per repository instead of a process per object.

GitPython is not used: its object reader refuses 64-hex object ids (SHA-256
repositories), which environments may use; docs/DESIGN.md has the measurements.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from oafreeze.plumbing.hashing import EMPTY_TREE
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


# Untracked, unignored names: git lists the folders (it reads no file's content).
UNTRACKED = ("ls-files", "--others", "--exclude-standard", "-z")

# What is staged, against HEAD: the one git call of the pre-commit check whose cost grows
# with the environment (git reads every index entry).
STAGED_DIFF = ("diff-index", "--cached", "-z", "--no-renames", "--no-ext-diff", "--no-textconv", "--name-status")


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
    """A git repository opened read-only and safely; close it (or use `with`).

    `name` is how errors name it: the folder or bundle the user gave, never the
    temporary copy a bundle is unpacked into."""

    def __init__(self, path: str | os.PathLike, *, _owned_tmp: tuple[Path, int] | None = None,
                 hook: bool = False, name: str | None = None):
        self.path = Path(path).resolve()
        self.name = name or str(path)
        self._owned_tmp = _owned_tmp
        self._batch: subprocess.Popen | None = None
        if not self.path.exists():
            raise GitError.at(self.name, "no such file or directory", rule="repository-path")
        git_dir, object_format, bare = self._discover()
        self.git_dir = git_dir
        self.bare = bare
        extra = {"GIT_DIR": str(git_dir)}
        self.index_file = git_dir / "index"
        # Inside a git hook the index being committed may be a temporary one (`commit -a`,
        # `commit PATH`); only the pre-commit check, on the user's own repository, follows it.
        if hook and os.environ.get("GIT_INDEX_FILE"):
            extra["GIT_INDEX_FILE"] = os.path.abspath(os.environ["GIT_INDEX_FILE"])
            self.index_file = Path(extra["GIT_INDEX_FILE"])
        self._env = git_env(extra)
        self.object_format = object_format

    def _discover(self) -> tuple[Path, str, bool]:
        # Never walk up to an enclosing repository: only this directory counts. One process
        # answers every question (the pre-commit hook counts every process it starts).
        env = git_env({"GIT_CEILING_DIRECTORIES": str(self.path.parent)})
        proc = subprocess.run(git_argv("rev-parse", "--absolute-git-dir", "--show-object-format",
                                       "--is-bare-repository"), cwd=self.path,
                              env=env, capture_output=True, stdin=subprocess.DEVNULL)
        lines = proc.stdout.decode("utf-8", "surrogateescape").splitlines()
        if proc.returncode != 0 or not lines:
            raise GitError.at(self.name, "not a git repository", rule="git-repository")
        fmt = (lines[1].strip() if len(lines) > 1 else "") or "sha1"
        return Path(lines[0]), fmt, len(lines) > 2 and lines[2].strip() == "true"

    @classmethod
    def open(cls, path: str | os.PathLike) -> "Repo":
        """Open a repository directory or a bundle file (bundles are unpacked to a temp dir)."""
        p = Path(path)
        if p.is_file():
            return cls.from_bundle(p)
        return cls(p)

    @classmethod
    def from_bundle(cls, bundle: Path) -> "Repo":
        """Unpack a bundle into a temporary bare repository (no checkout, nothing runs).

        The temporary folder is held locked while the repository is open; one left by a
        run that was killed is swept by the next run (see `atomic.locked_temp_dir`)."""
        from oafreeze.plumbing.atomic import locked_temp_dir  # not on the pre-commit hook's path

        tmp, lock = locked_temp_dir(None, "oafreeze-bundle-")
        target = tmp / "repo.git"
        try:
            proc = subprocess.run(git_argv("clone", "--bare", "--quiet", "--no-hardlinks", "--",
                                           str(bundle.resolve()), str(target)),
                                  env=git_env(), capture_output=True, stdin=subprocess.DEVNULL)
            if proc.returncode != 0:
                msg = [line for line in proc.stderr.decode("utf-8", "replace").strip().splitlines()
                       if line.strip()]
                raise GitError.at(str(bundle), "not a readable git bundle"
                                  + (f": {msg[-1].replace(str(target), str(bundle))}" if msg else ""),
                                  rule="git-bundle")
            # Bring every ref of the bundle along, not only the default branch.
            subprocess.run(git_argv("fetch", "--quiet", "--no-write-fetch-head", str(bundle.resolve()),
                                    "+refs/*:refs/*"), cwd=target, env=git_env({"GIT_DIR": str(target)}),
                           capture_output=True, stdin=subprocess.DEVNULL)
            return cls(target, _owned_tmp=(tmp, lock), name=str(bundle))
        except BaseException:
            shutil.rmtree(tmp, ignore_errors=True)
            os.close(lock)
            raise

    # -- running git ---------------------------------------------------------------

    def run(self, *args: str, check: bool = True, input: bytes | None = None) -> str:
        """Run one git plumbing command and return its stdout as text."""
        return self.run_bytes(*args, check=check, input=input).decode("utf-8", "surrogateescape")

    def run_bytes(self, *args: str, check: bool = True, input: bytes | None = None) -> bytes:
        """Run one git plumbing command and return its stdout as bytes."""
        proc = subprocess.run(git_argv(*args), cwd=self.path, env=self._env, input=input, capture_output=True,
                              stdin=None if input is not None else subprocess.DEVNULL)
        return _checked(Path(self.name), args, proc.returncode, proc.stdout, proc.stderr, check)

    def start(self, *args: str) -> Pending:
        """Start one git plumbing command in the background; collect it with `Pending.result()`."""
        proc = subprocess.Popen(git_argv(*args), cwd=self.path, env=self._env,
                                stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        return Pending(Path(self.name), args, proc)

    # -- names -------------------------------------------------------------------

    def _oid(self, spec: str) -> str | None:
        out = self.run_bytes("rev-parse", "--verify", "--quiet", "--end-of-options", spec,
                             check=False).decode("utf-8", "replace").strip()
        return out if HEX.match(out) else None

    def object_type(self, oid: str) -> str | None:
        """blob, tree, commit or tag; None when there is no such object."""
        return self.run("cat-file", "-t", oid, check=False).strip() or None

    def resolve_commit(self, rev: str) -> str:
        """The full commit id `rev` names, or a clear error."""
        if rev.startswith("-"):
            raise GitError.at(self.name, f"revision {rev!r} may not start with '-'", field="commit",
                              rule="revision")
        out = self._oid(f"{rev}^{{commit}}")
        if out is None:
            raise GitError.at(self.name, f"unknown commit {rev!r}", field="commit", rule="commit-exists")
        return out

    def tree_of(self, commit: str, path: str = "") -> str | None:
        """The tree id of `path` at `commit`, or None where it does not exist."""
        out = self._oid(f"{commit}^{{tree}}" if not path else f"{commit}:{path}")
        return out if out and self.object_type(out) == "tree" else None

    def blob_id_at(self, treeish: str, path: str) -> str | None:
        """The blob id of file `path` in `treeish` (":path" for the index when treeish is ""),
        or None where there is no such file."""
        out = self._oid(f"{treeish}:{path}")
        return out if out and self.object_type(out) == "blob" else None

    def blob_at(self, treeish: str, path: str) -> bytes | None:
        """The content of file `path` in `treeish` ("" for the index), or None where there is no such file."""
        oid = self.blob_id_at(treeish, path)
        return self.read_blob(oid) if oid else None

    def ls_tree(self, treeish: str, path: str = "", *, recursive: bool = True,
                trees: bool = False) -> list[TreeEntry]:
        """Entries under `path` of `treeish`, with sizes, paths relative to the repo root (with
        `trees`, a recursive listing also names every folder's tree)."""
        args = ["ls-tree", "-z", "-l", "--full-tree"]
        if recursive:
            args.append("-r")
        if trees:
            args.append("-t")
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
                                     _decode_path(name, self.name)))
        return entries

    def head(self) -> str | None:
        """The commit HEAD points at, or None in a repository with no commit yet."""
        out = self._oid("HEAD^{commit}")
        return out

    def get_config(self, key: str) -> str | None:
        """A value of the repository's own config file (`--local`), or None."""
        out = self.run("config", "--local", "--get", key, check=False).strip()
        return out or None

    def set_config(self, key: str, value: str) -> None:
        """Set a value in the repository's own config file."""
        self.run("config", "--local", key, value)

    # -- the index and the working tree ---------------------------------------------

    def _staged_args(self, against: str | None = None) -> tuple[str, ...]:
        base = against or self.head() or EMPTY_TREE[self.object_format]
        return ("diff-index", "--cached", "-z", "--name-only", "--no-renames", "--no-ext-diff", "--no-textconv", base)

    def staged_paths(self, against: str | None = None) -> list[str]:
        """Paths whose index entry differs from `against` (default HEAD; the empty tree when
        there is no commit): git compares object ids only and reads no working-tree file."""
        raw = self.run_bytes(*self._staged_args(against))
        return [_decode_path(p, self.name) for p in raw.split(b"\0") if p]

    def unstaged_paths(self) -> list[str]:
        """Paths whose working-tree file differs from the index, by our own reads (`gitindex`)."""
        from oafreeze.plumbing import gitindex  # not on the pre-commit hook's path

        if self.bare:
            return []
        try:
            data = self.index_file.read_bytes()
            index_mtime = self.index_file.stat().st_mtime_ns
        except FileNotFoundError:
            return []
        except OSError as exc:
            raise GitError.at(str(self.index_file), f"cannot read git's index: {exc.strerror}",
                              rule="readable") from None
        try:
            entries = gitindex.parse_index(data, self.object_format)
        except (gitindex.IndexUnreadable, ValueError, IndexError) as exc:
            raise GitError.at(str(self.index_file), f"cannot read git's index ({exc}); "
                              "`git update-index --no-split-index --no-sparse` writes one this tool reads",
                              rule="index-format") from None
        return gitindex.worktree_changes(self.path, entries, index_mtime, self.object_format)

    def untracked_paths(self) -> list[str]:
        """Files in the working tree that are neither tracked nor ignored (names only: git
        lists the folder, it reads no content)."""
        if self.bare:
            return []
        raw = self.run_bytes(*UNTRACKED)
        return [_decode_path(p, self.name) for p in raw.split(b"\0") if p]

    def dirty_paths(self, *, include_staged: bool = True) -> list[str]:
        """Paths that differ from HEAD: staged (with `include_staged`), unstaged and untracked.

        git lists the untracked names and the staged changes in the background, on the other
        core, while our own code compares the working tree with the index."""
        untracked = None if self.bare else self.start(*UNTRACKED)
        staged = self.start(*self._staged_args()) if include_staged else None
        paths = set(self.unstaged_paths())
        for pending in (untracked, staged):
            if pending is not None:
                paths |= {_decode_path(p, self.name) for p in pending.result().split(b"\0") if p}
        return sorted(paths, key=lambda p: p.encode("utf-8", "surrogateescape"))

    def index_tree(self) -> str:
        """Write the index as tree objects (as `git commit` would) and return the root tree id."""
        return self.run("write-tree").strip()

    # -- objects -------------------------------------------------------------------

    def _batch_proc(self) -> subprocess.Popen:
        if self._batch is None or self._batch.poll() is not None:
            self._batch = subprocess.Popen(git_argv("cat-file", "--batch"), cwd=self.path,
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
            raise GitError.at(self.name, f"object {oid} is missing or not a blob", rule="object-exists")
        remaining = int(header[2])
        while remaining:
            block = proc.stdout.read(min(chunk, remaining))
            if not block:
                raise GitError.at(self.name, f"object {oid} ended early", rule="object-readable")
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
            tmp, lock = self._owned_tmp
            shutil.rmtree(tmp, ignore_errors=True)
            os.close(lock)
            self._owned_tmp = None

    def __enter__(self) -> "Repo":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

