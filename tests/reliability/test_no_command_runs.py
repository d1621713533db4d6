"""Nothing a repository carries ever runs (docs/DESIGN.md: git only ever reads objects for us).

Every config key that can name a command is set in the environment's repository, in its
knowledge-base library and in a submodule, under driver names that hold '=', '.', spaces
and quotes, directly and through `include.path` and `includeIf`; attributes point every
file at those drivers; the task files are touched so that any tool reading the working
tree through git would have to "clean" them. Then every oafreeze command that opens a
repository runs, and no command may leave the marker behind.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from reltools import PY, build_env, copy_env, no_traceback, oaf

NAMES = ["plain", "a=b", "a.b", "a b", 'q"uote', "it's"]
HOOKS = ["pre-commit", "post-checkout", "post-merge", "post-commit", "pre-push", "reference-transaction",
         "post-index-change", "fsmonitor-watchman", "pre-auto-gc", "post-rewrite", "push-to-checkout"]


def run_git(repo: Path, *args: str) -> None:
    """The test's own git, with a plain environment (the test may run filters; oafreeze may not)."""
    env = {**os.environ, "GIT_AUTHOR_NAME": "T", "GIT_AUTHOR_EMAIL": "t@example.org",
           "GIT_COMMITTER_NAME": "T", "GIT_COMMITTER_EMAIL": "t@example.org",
           "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": os.devnull}
    subprocess.run(["git", "-c", "core.hooksPath=/dev/null", *args], cwd=repo, env=env, check=True, capture_output=True)


def commands(marker: Path) -> dict[str, str]:
    """Every config key that names a command, each set to one that leaves `marker`."""
    def run(tag: str) -> str:
        return f"sh -c 'echo {tag} >> {marker}; cat'"

    keys: dict[str, str] = {}
    for name in NAMES:
        for var in ("clean", "smudge", "process"):
            keys[f"filter.{name}.{var}"] = run(f"filter-{var}")
        keys[f"filter.{name}.required"] = "true"
        keys[f"diff.{name}.textconv"] = run("textconv")
        keys[f"diff.{name}.command"] = run("diff-driver")
        keys[f"merge.{name}.driver"] = run("merge-driver")
    for key in ("diff.external", "core.fsmonitor", "core.pager", "pager.status", "pager.diff", "pager.log",
                "pager.show", "core.editor", "sequence.editor", "credential.helper", "core.sshCommand",
                "core.askPass", "core.gitProxy", "uploadpack.packObjectsHook", "core.alternateRefsCommand",
                "gpg.program", "gpg.ssh.program", "core.hooksPath"):
        keys[key] = run(key)
    return keys


def arm(repo: Path, marker: Path, *, attributes: bool = True) -> None:
    """Make `repo` as hostile as its own files allow, without running anything now."""
    git_dir = repo / ".git" if (repo / ".git").is_dir() else repo
    hooks = repo.parent / f"{repo.name}-hooks"
    hooks.mkdir(exist_ok=True)
    for hook in HOOKS:
        (hooks / hook).write_text(f"#!/bin/sh\necho hook-{hook} >> {marker}\n")
        (hooks / hook).chmod(0o755)
        (git_dir / "hooks").mkdir(exist_ok=True)
        shutil.copy(hooks / hook, git_dir / "hooks" / hook)
    keys = commands(marker)
    keys["core.hooksPath"] = str(hooks)
    included = repo.parent / f"{repo.name}-included.gitconfig"
    included.write_text(f"[filter \"inc\"]\n\tclean = sh -c 'echo include >> {marker}; cat'\n"
                        f"[diff \"inc\"]\n\ttextconv = sh -c 'echo include >> {marker}; cat'\n")
    conditional = repo.parent / f"{repo.name}-if.gitconfig"
    conditional.write_text(f"[filter \"incif\"]\n\tclean = sh -c 'echo includeif >> {marker}; cat'\n"
                           f"[core]\n\tfsmonitor = sh -c 'echo includeif-fsmonitor >> {marker}'\n")
    keys["include.path"] = str(included)
    keys[f"includeIf.gitdir:{git_dir.resolve()}/.path"] = str(conditional)
    for key, value in keys.items():
        subprocess.run(["git", "config", "--file", str(git_dir / "config"), key, value], check=True)
    if attributes:
        drivers = [n for n in NAMES if " " not in n] + ["inc", "incif"]
        rules = "".join(f"* filter={n} diff={n} merge={n}\n" for n in drivers)
        (git_dir / "info").mkdir(exist_ok=True)
        (git_dir / "info" / "attributes").write_text(rules)


def touch_everything(root: Path) -> None:
    """A new mtime on every file under tasks/: stat-dirty for git, content unchanged."""
    later = time.time() + 5
    for path in (root / "tasks").rglob("*"):
        if path.is_file() and not path.is_symlink():
            os.utime(path, (later, later))


@pytest.fixture(scope="module")
def hostile(tmp_path_factory):
    """A frozen environment whose repository, library and committed attributes all name drivers."""
    base = tmp_path_factory.mktemp("hostile")
    env = build_env(base, n_tasks=2)
    drivers = [n for n in NAMES if " " not in n] + ["inc", "incif"]
    (env / ".gitattributes").write_text("".join(f"*.md filter={n} diff={n}\n" for n in drivers))
    run_git(env, "add", "-A")
    run_git(env, "commit", "-q", "--no-verify", "-m", "attributes")
    for args in (("audit",), ("freeze", "--id", "f1")):
        proc = oaf(*args, cwd=env)
        assert proc.returncode in ((0, 1) if args[0] == "audit" else (0,)), proc.stderr  # the tasks are minimal
        run_git(env, "add", "-A")
        run_git(env, "commit", "-q", "--no-verify", "-m", " ".join(args))
    marker = base / "MARKER"
    arm(env, marker)
    arm(base / "lib", marker)
    touch_everything(env)
    return env, marker


def step(env: Path, marker: Path, *args: str, codes=(0,), via_hook: bool = False) -> None:
    if via_hook:
        proc = subprocess.run([PY, "-m", "oafreeze.hook", *args], cwd=env, capture_output=True, text=True,
                              stdin=subprocess.DEVNULL, timeout=120)
    else:
        proc = oaf(*args, cwd=env)
    assert no_traceback(proc), proc.stderr
    assert proc.returncode in codes, (args, proc.returncode, proc.stdout, proc.stderr)
    assert not marker.exists(), f"{' '.join(args)} ran: {marker.read_text()}"


SWEEP = [
    ("verify",), ("verify", "--no-cache"), ("verify", "--rev", "HEAD"), ("diff", "f1", "f1"),
    ("gate",), ("audit", "--no-record"), ("audit", "status"),  # the minimal tasks fail the audit: exit 1
    ("export", "--format", "sha256sum", "--out", "OUT/list.sha256"), ("export", "--format", "bagit", "--out", "OUT/bag"),
    ("materialize", "--env", ".", "--check"),
    ("snapshot", "--library", "LIB", "--commit", "HEAD", "--profile", "sample"),
    ("log", "verify", "--against", "HEAD"),
]


@pytest.mark.parametrize("args", SWEEP, ids=lambda a: " ".join(a))
def test_no_command_runs_anything_the_repository_names(hostile, args, tmp_path):
    env, marker = hostile
    args = tuple(a.replace("OUT", str(tmp_path)).replace("LIB", str(env.parent / "lib")) for a in args)
    codes = {"log": (0,), "gate": (1,), "audit": (1,)}.get(args[0], (0,))
    step(env, marker, *args, codes=codes)


def test_freeze_and_freeze_staged_and_the_pre_commit_check_run_nothing(hostile, tmp_path):
    env, marker = hostile
    env = copy_env(env, tmp_path / "env")
    step(env, marker, "audit", codes=(1,))  # new records: the tree is dirty, and freeze says so
    step(env, marker, "freeze", "--id", "f2", codes=(1,))
    # Stage a change to a task and its freeze together, as a user would.
    (env / "tasks/task-00/documents/notes.txt").write_text("client notes, revised\n")
    clean = env / ".git" / "config.hostile"
    shutil.move(env / ".git" / "config", clean)  # the test's own git must not run the drivers either
    run_git(env, "add", "-A")
    shutil.move(clean, env / ".git" / "config")
    touch_everything(env)
    step(env, marker, "freeze", "--staged", "--id", "f2")
    shutil.move(env / ".git" / "config", clean)
    run_git(env, "add", "manifests/f2.json")
    shutil.move(clean, env / ".git" / "config")
    step(env, marker, "precommit")
    step(env, marker, via_hook=True)


def test_a_submodule_with_its_own_filter_runs_nothing_and_is_refused(tmp_path):
    base = tmp_path / "b"
    base.mkdir()
    env = build_env(base, n_tasks=1)
    sub = tmp_path / "subsrc"
    sub.mkdir()
    run_git(sub, "init", "-q", "-b", "main")
    (sub / ".gitattributes").write_text("* filter=s\n")
    (sub / "exhibit.md").write_text("an exhibit\n")
    run_git(sub, "add", "-A")
    run_git(sub, "commit", "-q", "-m", "sub")
    run_git(env, "-c", "protocol.file.allow=always", "submodule", "add", "-q", str(sub), "tasks/task-00/documents/sub")
    run_git(env, "commit", "-q", "--no-verify", "-m", "a submodule inside a task")
    marker = tmp_path / "MARKER"
    module_config = env / ".git" / "modules" / "tasks" / "task-00" / "documents" / "sub" / "config"
    subprocess.run(["git", "config", "--file", str(module_config), "filter.s.clean",
                    f"sh -c 'echo submodule >> {marker}; cat'"], check=True)
    arm(env, marker)
    touch_everything(env)
    os.utime(env / "tasks/task-00/documents/sub/exhibit.md", (time.time() + 9, time.time() + 9))
    proc = oaf("freeze", "--id", "f1", cwd=env)
    assert proc.returncode == 2 and "submodule" in proc.stderr and no_traceback(proc), proc.stderr
    assert not marker.exists(), marker.read_text()
    for args in (("freeze", "--staged", "--id", "f1"), ("audit", "--no-record")):
        proc = oaf(*args, cwd=env)
        assert no_traceback(proc) and not marker.exists(), (args, proc.stderr)


def test_the_driver_name_with_an_equals_sign_from_the_report_runs_nothing(tmp_path):
    # The reported case, exactly: `*.md filter=a=b` committed, `filter.a=b.clean` configured.
    base = tmp_path / "b"
    base.mkdir()
    env = build_env(base, n_tasks=1)
    (env / ".gitattributes").write_text("*.md filter=a=b\n")
    run_git(env, "add", "-A")
    run_git(env, "commit", "-q", "--no-verify", "-m", "attributes")
    marker = tmp_path / "MARKER"
    subprocess.run(["git", "config", "filter.a=b.clean", f"sh -c 'echo ran >> {marker}; cat'"], cwd=env, check=True)
    touch_everything(env)
    for args in (("freeze", "--id", "x"), ("freeze", "--staged", "--id", "y")):
        proc = oaf(*args, cwd=env)
        assert no_traceback(proc), proc.stderr
        assert not marker.exists(), f"{args}: {marker.read_text()}"
    assert (env / "manifests/x.json").is_file()


if __name__ == "__main__":  # pragma: no cover
    sys.exit(pytest.main([__file__, "-q"]))
