"""Resource faults: disk full (RLIMIT_FSIZE, enforced by the kernel), unreadable files (root's
permission override dropped), files deleted or changed while being hashed.

Wanted each time: a clear error (exit 1 or 2) naming the file, and nothing half-written.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from reltools import (
    PY, ROOT, as_unprivileged, build_env, copy_env, fsize_limit, git_status, litter, no_traceback, oaf,
    oaf_racing,
)

sys.path.insert(0, str(ROOT / "tests"))
from conftest import commit_all  # noqa: E402
from oafreeze.runlog import log as runlog  # noqa: E402
from oafreeze.corpus.materialize import check_materialized  # noqa: E402
from oafreeze.corpus.snapshot import load_snapshot  # noqa: E402
from oafreeze.hygiene.records import WAIVERS, read_waivers  # noqa: E402

NOTES = "tasks/task-00/documents/notes.txt"


@pytest.fixture(scope="module")
def base(tmp_path_factory) -> Path:
    return build_env(tmp_path_factory.mktemp("res"), n_tasks=2, extra_files=60)


@pytest.fixture(scope="module")
def frozen(base, tmp_path_factory) -> Path:
    env = copy_env(base, tmp_path_factory.mktemp("frozen") / "env")
    (env / ".gitignore").write_text(".oafreeze-cache/\nmanifests/*.lock\n")
    commit_all(env, "ignore")
    assert oaf("freeze", "--id", "f1", cwd=env).returncode == 0
    commit_all(env, "freeze")
    assert oaf("note", "first", cwd=env).returncode == 0
    return env


def test_disk_full_during_freeze_is_exit_2_naming_the_manifest_and_writes_nothing(base, tmp_path):
    env = copy_env(base, tmp_path / "env")
    proc = oaf("freeze", "--id", "f1", cwd=env, preexec=fsize_limit(4096))
    assert proc.returncode == 2 and no_traceback(proc), proc.stderr
    assert "manifests/f1.json" in proc.stderr and "cannot write" in proc.stderr
    assert not (env / "manifests/f1.json").exists() and litter(env / "manifests") == []
    assert oaf("freeze", "--id", "f1", cwd=env).returncode == 0  # with room, the next run succeeds


def test_disk_full_during_snapshot_out_writes_nothing(base, tmp_path):
    out = tmp_path / "o" / "kb.json"
    proc = oaf("snapshot", "--library", str(base.parent / "lib"), "--commit", "HEAD", "--profile", "sample",
               "--out", str(out), preexec=fsize_limit(4096))
    assert proc.returncode == 2 and no_traceback(proc) and "kb.json" in proc.stderr, proc.stderr
    assert not out.exists() and litter(out.parent) == []


def test_disk_full_during_materialize_keeps_the_old_copy_whole(base, tmp_path):
    env = copy_env(base, tmp_path / "env")
    proc = oaf("materialize", "--env", ".", cwd=env, preexec=fsize_limit(600))
    assert proc.returncode == 2 and no_traceback(proc), proc.stderr
    assert "File too large" in proc.stderr and "knowledge-base" in proc.stderr
    snap = load_snapshot((env / "snapshots/kb.json").read_bytes(), "kb.json")
    for task in (env / "tasks").iterdir():
        assert check_materialized(snap, task / "documents/knowledge-base") == []
        assert litter(task / "documents") == []
    assert git_status(env) == ""


def test_disk_full_during_a_waiver_append_records_nothing_and_cuts_the_part_line(tmp_path):
    sys.path.insert(0, str(ROOT / "tests"))
    from hygiene_helpers import make_env
    from test_audit_cli import vague_task

    env = make_env(tmp_path / "env", {"t1": (vague_task(), None)})
    assert oaf("audit", "--env", str(env)).returncode == 1
    args = ("audit", "waive", "t1", "H05", "--reason", "one reading", "--by", "R", "--env", str(env))
    proc = oaf(*args, preexec=fsize_limit(100))  # part of the line fits, the rest does not
    assert proc.returncode == 2 and no_traceback(proc), proc.stderr
    assert "waivers.jsonl" in proc.stderr and "nothing was written" in proc.stderr
    assert (env / WAIVERS).read_bytes() == b"" and read_waivers(env) == []
    assert oaf(*args).returncode == 0 and len(read_waivers(env)) == 1


def test_disk_full_with_room_for_part_of_a_log_entry_appends_nothing(frozen, tmp_path):
    env = copy_env(frozen, tmp_path / "env")
    log = runlog.log_path(env, "f1")
    size = log.stat().st_size
    proc = oaf("note", "second", cwd=env, preexec=fsize_limit(size + 50))
    assert proc.returncode == 2 and no_traceback(proc) and "nothing was written" in proc.stderr, proc.stderr
    assert log.stat().st_size == size and runlog.verify(log).ok


def test_disk_full_with_no_room_at_all_for_a_log_entry_is_a_clear_error(frozen, tmp_path):
    env = copy_env(frozen, tmp_path / "env")
    log = runlog.log_path(env, "f1")
    size = log.stat().st_size
    proc = oaf("note", "second", cwd=env, preexec=fsize_limit(size))
    assert log.stat().st_size == size and runlog.verify(log).ok  # nothing lost either way
    assert proc.returncode == 2 and no_traceback(proc), proc.stderr


def _unprivileged(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    prefix = as_unprivileged()
    if os.geteuid() == 0 and not prefix:
        pytest.skip("running as root without setpriv: chmod 000 cannot be made to bite")
    return subprocess.run([*prefix, PY, "-m", "oafreeze", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=120)


def test_verify_names_an_unreadable_workspace_file(frozen, tmp_path):
    env = copy_env(frozen, tmp_path / "env")
    os.chmod(env / NOTES, 0)
    proc = _unprivileged("verify", "--no-cache", cwd=env)
    assert proc.returncode == 1 and no_traceback(proc), proc.stderr
    assert "notes.txt" in proc.stdout + proc.stderr


def test_freeze_refuses_while_a_workspace_file_is_unreadable_naming_it(frozen, tmp_path):
    env = copy_env(frozen, tmp_path / "env")
    os.chmod(env / NOTES, 0)
    proc = _unprivileged("freeze", "--id", "f2", cwd=env)
    assert proc.returncode == 1 and no_traceback(proc), proc.stderr
    assert "notes.txt" in proc.stderr and not (env / "manifests/f2.json").exists()


def test_audit_reports_an_unreadable_file_instead_of_crashing(frozen, tmp_path):
    env = copy_env(frozen, tmp_path / "env")
    os.chmod(env / NOTES, 0)
    proc = _unprivileged("audit", "--no-record", cwd=env)
    assert proc.returncode == 1 and no_traceback(proc), proc.stderr
    assert "notes.txt" in proc.stdout + proc.stderr


def test_a_file_changed_while_verify_hashes_it_is_reported_modified(frozen, tmp_path):
    env = copy_env(frozen, tmp_path / "env")
    proc = oaf_racing("exhibit-0007.txt", "grow", "verify", "--no-cache", cwd=env)
    assert proc.returncode == 1 and no_traceback(proc), proc.stderr
    assert "exhibit-0007.txt" in proc.stdout and "modified" in proc.stdout


def test_a_file_deleted_while_verify_hashes_it_is_reported(frozen, tmp_path):
    env = copy_env(frozen, tmp_path / "env")
    proc = oaf_racing("exhibit-0007.txt", "delete", "verify", "--no-cache", cwd=env)
    assert proc.returncode == 1 and no_traceback(proc), proc.stderr
    assert "exhibit-0007.txt" in proc.stdout + proc.stderr


def test_a_file_deleted_while_freeze_runs_is_never_frozen_half_way(frozen, tmp_path):
    # freeze reads git's objects, not the working tree: a deletion mid-run shows as a dirty tree.
    env = copy_env(frozen, tmp_path / "env")
    (env / "tasks/task-00/documents/notes.txt").unlink()
    proc = oaf("freeze", "--id", "f2", cwd=env)
    assert proc.returncode == 1 and "notes.txt" in proc.stderr and no_traceback(proc)
    assert not (env / "manifests/f2.json").exists()
