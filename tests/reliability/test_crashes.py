"""SIGKILL at every write step and at random moments: nothing partial in place, the next run succeeds.

Two kinds of kill, both real SIGKILLs of a real `oafreeze` process:
- at a chosen point: the N-th call of the os functions that write (write, fsync, link,
  chmod, rename, ...), for N across the whole run, so every step of the commit protocol
  is hit, deterministically;
- after a random delay (seeded), so that the kills also land where we did not think to look.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # SIGKILL at every write step: minutes, run by CI

from reltools import (
    ROOT, build_env, copy_env, count_killpoints, git_status, killed_after, litter, oaf, oaf_killed_at,
    random_delays, spread,
)

sys.path.insert(0, str(ROOT / "tests"))
from conftest import commit_all  # noqa: E402
from oafreeze.freezer.manifest import parse_manifest  # noqa: E402
from oafreeze.corpus.materialize import check_materialized  # noqa: E402
from oafreeze.corpus.snapshot import load_snapshot  # noqa: E402
from oafreeze.runlog import log as runlog  # noqa: E402
from oafreeze.hygiene.records import RECORDS, WAIVERS, read_records, read_waivers  # noqa: E402

WRITE_STEPS = "write,fsync,fchmod,chmod,link,rename,replace,unlink,ftruncate"
SIGKILL = -9


@pytest.fixture(scope="module")
def base(tmp_path_factory) -> Path:
    """An environment with 3 tasks of ~120 files each and the sample library materialized."""
    return build_env(tmp_path_factory.mktemp("crash"), n_tasks=3, extra_files=120)


def _manifests_sound(env: Path, freeze_id: str) -> bool:
    """The manifests folder holds no litter and either no manifest or a whole, valid one."""
    folder = env / "manifests"
    assert litter(folder) == [], f"temporary litter left in manifests/: {litter(folder)}"
    path = folder / f"{freeze_id}.json"
    if path.exists():
        parse_manifest(path.read_bytes(), str(path))  # raises if partial or edited
        return True
    return False


def _after_freeze_kill(env: Path, freeze_id: str) -> None:
    written = _manifests_sound(env, freeze_id)
    status = git_status(env)
    assert status in ("", f"?? manifests/{freeze_id}.json\n"), status
    before = (env / "manifests" / f"{freeze_id}.json").read_bytes() if written else None
    again = oaf("freeze", "--id", freeze_id, cwd=env)
    if written:
        # the freeze had finished: a second one is refused (the tree now holds an uncommitted
        # manifest, and that manifest is never overwritten)
        assert again.returncode == 2 and "already exists" in again.stderr, again.stderr
        assert (env / "manifests" / f"{freeze_id}.json").read_bytes() == before
    else:
        assert again.returncode == 0, again.stderr
    assert _manifests_sound(env, freeze_id)
    verify = oaf("verify", cwd=env)
    assert verify.returncode == 0, verify.stdout + verify.stderr


def test_freeze_killed_at_every_write_step_leaves_no_partial_manifest_and_reruns(base, tmp_path):
    probe = copy_env(base, tmp_path / "probe")
    total = count_killpoints(WRITE_STEPS, "freeze", "--id", "f1", cwd=probe)
    assert total >= 3  # write, fsync, fchmod, link at least
    for n in range(1, total + 1):
        env = copy_env(base, tmp_path / f"n{n}")
        proc = oaf_killed_at(WRITE_STEPS, n, "freeze", "--id", "f1", cwd=env)
        assert proc.returncode == SIGKILL, (n, proc.stderr)
        _after_freeze_kill(env, "f1")


@pytest.mark.parametrize("seed", [1, 2])
def test_freeze_killed_after_random_delays_leaves_no_partial_manifest(base, tmp_path, seed):
    for i, delay in enumerate(random_delays(seed, 2, 1.0)):
        env = copy_env(base, tmp_path / f"d{i}")
        killed_after(delay, "freeze", "--id", "f1", cwd=env)
        _after_freeze_kill(env, "f1")


def _after_snapshot_kill(lib: Path, out: Path) -> None:
    assert litter(out.parent) == [], litter(out.parent)
    written = out.exists()
    if written:
        load_snapshot(out.read_bytes(), str(out))
    again = oaf("snapshot", "--library", str(lib), "--commit", "HEAD", "--profile", "sample", "--out", str(out))
    assert again.returncode == (2 if written else 0), again.stderr
    load_snapshot(out.read_bytes(), str(out))
    assert litter(out.parent) == []


def test_snapshot_out_killed_at_every_write_step_and_at_random_leaves_whole_or_nothing(base, tmp_path):
    lib = base.parent / "lib"
    args = ("snapshot", "--library", str(lib), "--commit", "HEAD", "--profile", "sample")
    total = count_killpoints(WRITE_STEPS, *args, "--out", str(tmp_path / "probe" / "kb.json"))
    for n in range(1, total + 1):
        out = tmp_path / f"n{n}" / "kb.json"
        proc = oaf_killed_at(WRITE_STEPS, n, *args, "--out", str(out))
        assert proc.returncode == SIGKILL
        _after_snapshot_kill(lib, out)
    for i, delay in enumerate(random_delays(7, 2, 0.9)):
        out = tmp_path / f"d{i}" / "kb.json"
        killed_after(delay, *args, "--out", str(out))
        _after_snapshot_kill(lib, out)


MATERIALIZE_STEPS = "mkdir,chmod,rename,replace,rmdir,unlink"


def _after_materialize_kill(env: Path) -> None:
    snap = load_snapshot((env / "snapshots/kb.json").read_bytes(), "kb.json")
    for task in sorted((env / "tasks").iterdir()):
        dest = task / "documents/knowledge-base"
        # whole (old or new copy) or absent: never half-deleted, never half-written
        if dest.exists():
            assert check_materialized(snap, dest) == [], task.name
    again = oaf("materialize", "--env", ".", cwd=env)
    assert again.returncode == 0, again.stderr
    check = oaf("materialize", "--env", ".", "--check", cwd=env)
    assert check.returncode == 0, check.stdout
    for task in (env / "tasks").iterdir():
        assert litter(task / "documents") == [], litter(task / "documents")
    assert git_status(env) == ""  # byte for byte what was committed, and no temporary folders


def test_materialize_killed_at_write_steps_and_at_random_leaves_each_copy_whole_or_absent(base, tmp_path):
    probe = copy_env(base, tmp_path / "probe")
    total = count_killpoints(MATERIALIZE_STEPS, "materialize", "--env", ".", cwd=probe)
    assert total > 30
    for n in spread(total, 6):
        env = copy_env(base, tmp_path / f"n{n}")
        proc = oaf_killed_at(MATERIALIZE_STEPS, n, "materialize", "--env", ".", cwd=env)
        assert proc.returncode == SIGKILL
        _after_materialize_kill(env)
    for i, delay in enumerate(random_delays(11, 2, 0.9)):
        env = copy_env(base, tmp_path / f"d{i}")
        killed_after(delay, "materialize", "--env", ".", cwd=env)
        _after_materialize_kill(env)


@pytest.fixture(scope="module")
def audit_env(tmp_path_factory) -> Path:
    """A task whose only blocking finding is a waivable major (H05), audited once."""
    sys.path.insert(0, str(ROOT / "tests"))
    from hygiene_helpers import make_env
    from test_audit_cli import vague_task

    env = make_env(tmp_path_factory.mktemp("audit") / "env", {"t1": (vague_task(), None)})
    assert oaf("audit", "--env", str(env)).returncode == 1
    return env


def _after_waive_kill(env: Path) -> None:
    before = read_waivers(env)  # raises if a whole line was damaged; a torn tail is ignored
    assert len(before) <= 1
    again = oaf("audit", "waive", "t1", "H05", "--reason", "one reading", "--by", "R", "--env", str(env))
    assert again.returncode == 0, again.stderr
    after = read_waivers(env)
    assert len(after) == len(before) + 1
    assert (env / WAIVERS).read_bytes().endswith(b"\n")
    status = oaf("audit", "status", "--env", str(env))
    assert status.returncode == 0 and "t1: passed" in status.stdout, status.stdout + status.stderr
    assert len(read_records(env)) == 1


@pytest.mark.parametrize("mode", ["clean", "torn"])
def test_audit_waive_killed_mid_append_never_loses_or_half_writes_a_waiver(audit_env, tmp_path, mode):
    args = ("audit", "waive", "t1", "H05", "--reason", "one reading", "--by", "R")
    probe = copy_env(audit_env, tmp_path / "probe")
    total = count_killpoints("write,fsync,ftruncate", *args, "--env", str(probe))
    for n in range(1, total + 1):
        env = copy_env(audit_env, tmp_path / f"n{n}")
        proc = oaf_killed_at("write,fsync,ftruncate", n, *args, "--env", str(env), mode=mode)
        assert proc.returncode == SIGKILL
        _after_waive_kill(env)
    for i, delay in enumerate(random_delays(5 if mode == "clean" else 6, 1, 1.5)):
        env = copy_env(audit_env, tmp_path / f"d{i}")
        killed_after(delay, *args, "--env", str(env))
        _after_waive_kill(env)


def test_audit_run_killed_with_a_torn_record_is_recovered_by_the_next_run(audit_env, tmp_path):
    env = copy_env(audit_env, tmp_path / "env")
    proc = oaf_killed_at("write", 1, "audit", "--env", str(env), mode="torn")
    assert proc.returncode == SIGKILL
    assert not (env / RECORDS).read_bytes().endswith(b"\n")  # the torn half-line is there
    assert len(read_records(env)) == 1  # ... and is not an entry
    assert oaf("audit", "--env", str(env)).returncode == 1
    assert len(read_records(env)) == 2 and (env / RECORDS).read_bytes().endswith(b"\n")


@pytest.fixture(scope="module")
def log_env(base, tmp_path_factory) -> Path:
    """A frozen, committed environment with a run log of three notes."""
    env = copy_env(base, tmp_path_factory.mktemp("log") / "env")
    assert oaf("freeze", "--id", "f1", cwd=env).returncode == 0
    commit_all(env, "freeze")
    for i in range(3):
        assert oaf("note", f"note {i}", cwd=env).returncode == 0
    return env


def _after_append_kill(env: Path) -> int:
    path = runlog.log_path(env, "f1")
    report = runlog.verify(path)
    if not report.ok:
        assert report.repairable, [str(p) for p in report.problems]
        verify = oaf("log", "verify", cwd=env)
        assert verify.returncode == 1 and "log repair" in verify.stdout
        repair = oaf("log", "repair", cwd=env)
        assert repair.returncode == 0, repair.stderr
    n = len(runlog.verify(path).entries)
    assert n in (3, 4)
    again = oaf("note", "after the crash", cwd=env)
    assert again.returncode == 0, again.stderr
    final = runlog.verify(path)
    assert final.ok and len(final.entries) == n + 1
    assert [e.payload["text"] for e in final.entries[:3]] == ["note 0", "note 1", "note 2"]
    return n


@pytest.mark.parametrize("mode", ["clean", "torn"])
def test_log_append_killed_at_every_step_is_intact_or_cut_back_cleanly_by_repair(log_env, tmp_path, mode):
    probe = copy_env(log_env, tmp_path / "probe")
    total = count_killpoints("write,fsync", "note", "x", cwd=probe)
    outcomes = set()
    for n in range(1, total + 1):
        env = copy_env(log_env, tmp_path / f"n{n}")
        proc = oaf_killed_at("write,fsync", n, "note", "killed", cwd=env, mode=mode)
        assert proc.returncode == SIGKILL
        outcomes.add(_after_append_kill(env))
    for i, delay in enumerate(random_delays(13 if mode == "clean" else 14, 2, 1.0)):
        env = copy_env(log_env, tmp_path / f"d{i}")
        killed_after(delay, "note", "killed", cwd=env)
        outcomes.add(_after_append_kill(env))
    assert 3 in outcomes  # at least one kill landed before the entry was whole


def test_bagit_export_killed_anywhere_leaves_no_partial_bag(log_env, tmp_path):
    steps = "mkdir,chmod,rename,fsync"
    total = count_killpoints(steps, "export", "--format", "bagit", "--out", str(tmp_path / "probe" / "bag"),
                             cwd=log_env)
    for n in spread(total, 4):
        out = tmp_path / f"n{n}" / "bag"
        proc = oaf_killed_at(steps, n, "export", "--format", "bagit", "--out", str(out), cwd=log_env)
        assert proc.returncode == SIGKILL
        written = out.exists()
        assert not written or (out / "tagmanifest-sha256.txt").is_file()
        again = oaf("export", "--format", "bagit", "--out", str(out), cwd=log_env)
        assert again.returncode == (2 if written else 0), again.stderr
        assert (out / "tagmanifest-sha256.txt").is_file()
        assert litter(out.parent) == [], litter(out.parent)  # a killed build's folder was swept
