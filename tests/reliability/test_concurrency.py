"""Concurrency: two freezes with one id, appends from many processes, verify during a freeze."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from reltools import PY, ROOT, build_env, copy_env, oaf, wait_all

sys.path.insert(0, str(ROOT / "tests"))
from conftest import commit_all  # noqa: E402
from oafreeze.freezer.manifest import parse_manifest  # noqa: E402
from oafreeze.hygiene.records import read_records  # noqa: E402


def _start(*args: str, cwd: Path) -> subprocess.Popen:
    return subprocess.Popen([PY, "-m", "oafreeze", *args], cwd=cwd, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, stdin=subprocess.DEVNULL)


@pytest.fixture(scope="module")
def base(tmp_path_factory) -> Path:
    return build_env(tmp_path_factory.mktemp("conc"), n_tasks=2, extra_files=40)


@pytest.mark.parametrize("round_", range(3))
def test_two_freezes_with_one_id_at_once_exactly_one_wins(base, tmp_path, round_):
    env = copy_env(base, tmp_path / "env")
    results = wait_all([_start("freeze", "--id", "same", cwd=env) for _ in range(2)])
    codes = sorted(code for code, _o, _e in results)
    loser = next(err for code, _o, err in results if code)
    # The loser meets the winner's manifest either as a name taken (2) or, a moment later,
    # as an uncommitted file in the tree it would freeze (1).
    assert codes[0] == 0 and codes[1] == (2 if "already exists" in loser else 1), results
    assert "already exists" in loser or "uncommitted" in loser, loser  # exists, or saw the winner's file
    manifests = [p.name for p in (env / "manifests").iterdir()]
    assert manifests == ["same.json"]
    parse_manifest((env / "manifests/same.json").read_bytes(), "same.json")


def test_verify_during_a_freeze_always_sees_a_whole_manifest(base, tmp_path):
    env = copy_env(base, tmp_path / "env")
    assert oaf("freeze", "--id", "a1", cwd=env).returncode == 0
    commit_all(env, "freeze a1")
    procs = [_start("freeze", "--id", "a2", cwd=env)] + [_start("verify", "--no-cache", cwd=env) for _ in range(5)]
    results = wait_all(procs)
    assert results[0][0] == 0, results[0]
    for code, out, err in results[1:]:
        # a1 or the brand-new a2: both pin this very tree, so verify passes either way
        assert code == 0 and err == "" and "matches freeze a" in out, (code, out, err)


APPENDER = r"""
import sys
from pathlib import Path
from oafreeze.hygiene import records
from oafreeze.hygiene.records import Record
env, who = Path(sys.argv[1]), sys.argv[2]
for i in range(int(sys.argv[3])):
    records.append(env, records.RECORDS, Record(task=f"{who}-{i}", tree="0" * 40, passed=True,
                                                findings=[], time=records.now()))
"""


def test_audit_records_appended_by_eight_processes_at_once_are_all_whole(tmp_path):
    procs = [subprocess.Popen([PY, "-c", APPENDER, str(tmp_path), f"p{k}", "60"]) for k in range(8)]
    assert all(p.wait(timeout=120) == 0 for p in procs)
    got = read_records(tmp_path)  # every line whole and matching its digest
    assert len(got) == 480 and len({r.task for r in got}) == 480


def test_notes_from_six_cli_processes_at_once_make_one_chain(base, tmp_path):
    env = copy_env(base, tmp_path / "env")
    assert oaf("freeze", "--id", "f1", cwd=env).returncode == 0
    results = wait_all([_start("note", f"n{k}", cwd=env) for k in range(6)])
    assert all(code == 0 for code, _o, _e in results), results
    verify = oaf("log", "verify", cwd=env)
    assert verify.returncode == 0 and "6 entries" in verify.stdout, verify.stdout
