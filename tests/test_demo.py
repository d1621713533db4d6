"""The README's main job, run the way a user runs it."""

from __future__ import annotations

import json
import subprocess
import sys

from conftest import ROOT, git


def test_demo_lays_out_audits_freezes_verifies_and_gates(tmp_path):
    out = tmp_path / "demo"
    proc = subprocess.run([sys.executable, "-m", "oafreeze", "demo", "--out", str(out), "--json"],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    report = json.loads(proc.stdout)
    steps = {s["step"]: s for s in report["steps"]}
    assert steps["lay out"]["tasks"] == 16
    assert steps["audit"]["passed"] == 16 and steps["audit"]["failed"] == []
    assert steps["verify"]["ok"] is True and steps["gate"]["ok"] is True
    assert git(out, "status", "--porcelain") == ""
    manifest = json.loads((out / steps["freeze"]["path"]).read_text())
    assert sorted(manifest["tasks"]) == sorted(p.name for p in (out / "tasks").iterdir())
    # a second run refuses to touch the same folder
    again = subprocess.run([sys.executable, "-m", "oafreeze", "demo", "--out", str(out)], capture_output=True,
                           text=True)
    assert again.returncode == 2 and "not empty" in again.stderr


def test_the_sample_library_commit_is_reproducible(tmp_path):
    from oafreeze.corpus.sample import build_sample_repo

    assert build_sample_repo(tmp_path / "a") == build_sample_repo(tmp_path / "b")


def test_this_repositorys_environment_pins_the_packaged_sample_library(tmp_path):
    from oafreeze.corpus.sample import build_sample_repo
    from oafreeze.environment.config import load_environment

    env = load_environment(ROOT)
    assert env.knowledge_base.source == "builtin:sample"
    assert env.knowledge_base.commit == build_sample_repo(tmp_path / "lib"), (
        "the sample library changed: re-pin it (snapshot, materialize) and freeze again")


def test_this_repositorys_matrix_tasks_are_the_packaged_designs():
    designs = ROOT / "environment/sample_env/tasks"
    ids = sorted(p.name for p in designs.iterdir() if p.is_dir())
    assert len(ids) == 6
    for tid in ids:
        want = {p.relative_to(designs / tid).as_posix(): p.read_bytes()
                for p in (designs / tid).rglob("*") if p.is_file()}
        have = {p.relative_to(ROOT / "tasks" / tid).as_posix(): p.read_bytes()
                for p in (ROOT / "tasks" / tid).rglob("*")
                if p.is_file() and "documents/knowledge-base/" not in p.relative_to(ROOT / "tasks" / tid).as_posix()}
        assert have == want, tid
