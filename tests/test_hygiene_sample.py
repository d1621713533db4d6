"""The audit over the project's real sample library, pinned and materialized as `freeze` would."""

from __future__ import annotations

import pytest

from hygiene_helpers import audit, task_json, write_task
from oafreeze.corpus.profile import load_profile
from oafreeze.corpus.sample import build_sample_repo
from oafreeze.plumbing.canonical import pretty_bytes
from oafreeze.plumbing.git import Repo
from oafreeze.corpus.materialize import materialize
from oafreeze.corpus.snapshot import take_snapshot

GUIDE = "documents/knowledge-base/practice-guides/non-compete/us/colorado.md"


@pytest.fixture(scope="module")
def pinned(tmp_path_factory):
    """The sample library as a git repo, and its snapshot."""
    root = tmp_path_factory.mktemp("sample")
    commit = build_sample_repo(root / "lib")
    profile, text = load_profile("sample")
    with Repo.open(str(root / "lib")) as repo:
        snap = take_snapshot(repo, commit, profile, text)
    return root / "lib", snap


def sample_env(tmp_path, pinned, task=None):
    lib, snap = pinned
    env = tmp_path / "env"
    env.mkdir()
    (env / "snapshot.json").write_bytes(pretty_bytes(snap.to_json()))
    (env / "oafreeze.yaml").write_text(f"name: sample\nknowledge_base:\n  source: lib\n  commit: {snap.commit}\n"
                                       "  profile: sample\n  snapshot: snapshot.json\n")
    write_task(env, "t1", task, kb=None)
    with Repo.open(str(lib)) as repo:
        materialize(snap, repo, env / "tasks/t1/documents/knowledge-base")
    return env


def test_a_clean_task_on_the_sample_library_passes(tmp_path, pinned):
    result = audit(sample_env(tmp_path, pinned))
    # The library was reviewed after the task's as-of date: a note, not a failure.
    assert result.passed and {(f.item, f.severity) for f in result.findings} == {("H10", "minor")}


def test_a_threshold_the_knowledge_base_states_carries_no_signal(tmp_path, pinned):
    task = task_json()
    task["criteria"][2]["match_criteria"] = ("PASS if client-email.md gives the 2026 threshold of $130,014. "
                                             "FAIL if it gives another figure.")
    hits = [f for f in audit(sample_env(tmp_path, pinned, task)).findings if f.item == "H03"]
    assert len(hits) == 1 and "whole knowledge base pasted in" in hits[0].message
    assert "'$130,014' (documents/knowledge-base/" in hits[0].message


def test_an_edited_guide_in_one_workspace_is_caught_by_the_pin(tmp_path, pinned):
    env = sample_env(tmp_path, pinned)
    guide = env / "tasks/t1" / GUIDE
    guide.write_text(guide.read_text() + "\nHint: the answer is void.\n")
    hits = [f for f in audit(env).findings if f.item == "H08"]
    assert [(f.severity, f.path) for f in hits] == [("blocker", GUIDE)]
