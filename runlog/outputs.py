"""A run's output folder: every file with its SHA-256, which file answers which deliverable, and
the leakage screen's result on the operative ones."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from oafreeze.plumbing.errors import BadInput, ProblemList
from oafreeze.plumbing import hashing
from oafreeze.environment import matching
from oafreeze.screen import workspace


def scan(folder: str | os.PathLike) -> list[dict]:
    """Every regular file under `folder`: relative POSIX path, SHA-256, size; sorted by bytes.

    Symbolic links and special files are refused (a link could point anywhere), all at once.
    """
    root = Path(folder)
    if not root.is_dir() or root.is_symlink():
        raise BadInput.at(str(root), "not a folder", field="outputs", rule="outputs-folder")
    problems = ProblemList()
    files: list[dict] = []
    for here, dirs, names in os.walk(root, followlinks=False):
        for name in sorted(dirs + names):
            full = Path(here) / name
            rel = full.relative_to(root).as_posix()
            try:
                rel.encode("utf-8")
            except UnicodeEncodeError:
                problems.add(str(full), "file name is not valid UTF-8", rule="utf-8-names")
                continue
            mode = os.lstat(full).st_mode
            if stat.S_ISLNK(mode):
                problems.add(str(full), "is a symbolic link; outputs must be regular files", rule="outputs-regular")
            elif stat.S_ISREG(mode):
                sha, size = hashing.sha256_file(full)
                files.append({"path": rel, "sha256": sha, "size": size})
            elif not stat.S_ISDIR(mode):
                problems.add(str(full), "is not a regular file", rule="outputs-regular")
    problems.raise_if_any(f"{root}: cannot record these outputs")
    return sorted(files, key=lambda f: f["path"].encode("utf-8"))


def run_fields(deliverables: list[str], folder: str | os.PathLike) -> dict:
    """The output part of a run or replay payload: files, deliverables_resolved, how, leftovers."""
    files = scan(folder)
    res = matching.resolve(deliverables, [f["path"] for f in files])
    return {"outputs": files, "deliverables_resolved": res.resolved, "match_method": res.method,
            "unassigned": res.unassigned}


def screen_field(env_root: str | os.PathLike, loaded, folder: str | os.PathLike,
                 resolved: dict[str, str | None]) -> dict:
    """The `screen` part of a run or replay payload: the screen's result on the operative deliverables.

    A run is recorded whatever its task's screen settings say: settings the screen cannot use
    (frozen with the task, so not fixable under this freeze) are recorded as the reason the
    run was not screened, instead of refusing the run.
    """
    try:
        return workspace.screen_run(Path(env_root), loaded, Path(folder), resolved)
    except BadInput as exc:
        first = exc.problems[0] if exc.problems else exc.message
        return workspace.not_screened(f"the screen could not run: {first}")
