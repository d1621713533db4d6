"""hygiene/trees.py: a task folder's tree id, from git's index or from the bytes, always git's own.

The first folders an audit meets that the cache does not know are hashed; git's index is read
once more than HASH_FIRST are new, or at once when the caller asks (a cold run). Either way the
tree id is the one git computes, and a file changed since it was indexed is hashed, not trusted.
"""

from __future__ import annotations

import os
import time

import pytest

from conftest import commit_all, git, init_repo
from hygiene_helpers import TODAY, make_env

from oafreeze.hygiene.audit import Session, run_audit
from oafreeze.hygiene.trees import HASH_FIRST, TreeReader

TASKS = HASH_FIRST + 6
HOUR_AGO = time.time() - 3600


def repo_with_tasks(root):
    """A repository of TASKS task folders, every file written an hour before git indexed it."""
    init_repo(root)
    for n in range(TASKS):
        folder = root / "tasks" / f"t{n:02d}" / "documents"
        folder.mkdir(parents=True)
        (folder / "facts.md").write_text(f"Facts of task {n}.\n")
        (folder / "shared.md").write_text("The same text in every task.\n")
        (folder.parent / "task.json").write_text("{}\n")
    for dirpath, _dirs, files in os.walk(root / "tasks"):
        for name in files:
            os.utime(os.path.join(dirpath, name), (HOUR_AGO, HOUR_AGO))
    commit_all(root)
    return root


def git_tree(root, task_id: str) -> str:
    return git(root, "rev-parse", f"HEAD:tasks/{task_id}").strip()


def test_the_first_new_folders_are_hashed_then_the_index_is_read(tmp_path):
    root = repo_with_tasks(tmp_path / "env")
    reader = TreeReader(root)
    ids = [f"t{n:02d}" for n in range(TASKS)]
    trees = {}
    for task_id in ids[:HASH_FIRST]:
        trees[task_id] = reader.read(task_id).tree
    assert reader.from_index == 0 and reader.hashed == 3 * HASH_FIRST
    for task_id in ids[HASH_FIRST:]:
        trees[task_id] = reader.read(task_id).tree
    assert reader.from_index == 3 * (TASKS - HASH_FIRST)  # proved by the index's stat data, not hashed
    assert trees == {task_id: git_tree(root, task_id) for task_id in ids}


def test_a_cold_run_reads_the_index_at_once_and_still_hashes_an_edited_file(tmp_path):
    root = repo_with_tasks(tmp_path / "env")
    facts = root / "tasks/t03/documents/facts.md"
    facts.write_text("Facts of task 3, edited after they were committed.\n")
    reader = TreeReader(root)
    reader.load_index()
    first = reader.read("t00")
    assert reader.from_index == 3 and reader.hashed == 0
    edited = reader.read("t03")
    assert reader.hashed == 1  # the edited file: its stat data no longer matches the index
    assert first.tree == git_tree(root, "t00")
    blob = git(root, "hash-object", str(facts)).strip()
    assert edited.blobs["documents/facts.md"] == blob
    git(root, "add", "-A")
    git(root, "commit", "-qm", "edit")
    assert edited.tree == git_tree(root, "t03")


def test_a_cold_audit_of_many_tasks_reads_the_index_before_the_second_task(tmp_path):
    # The first task is audited before the rest (it builds what they share) and is then in the cache:
    # whether the run starts cold is decided before it, or every worker would hash its first folders.
    root = make_env(tmp_path / "env", {f"t{n:02d}": (None, None) for n in range(4)})
    init_repo(root)
    for dirpath, _dirs, files in os.walk(root / "tasks"):
        for name in files:
            os.utime(os.path.join(dirpath, name), (HOUR_AGO, HOUR_AGO))
    commit_all(root)
    session = Session(root)
    session.audit_all([f"t{n:02d}" for n in range(4)], [], jobs=1)
    files = sum(1 for _ in (root / "tasks/t00").rglob("*") if _.is_file())
    assert session.trees.index_read and session.trees.hashed == files  # the first folder only
    assert session.trees.from_index == 3 * files



def test_a_task_json_edited_after_its_folder_was_walked_is_refused_not_bound_to_the_walked_tree(tmp_path, monkeypatch):
    """The audit binds its result to the tree its walk proved; task.json is read after that walk.
    An edit landing in between (here, made right after the walk) fails the task as changed
    while it was audited, instead of judging the new task.json under the old tree id."""
    root = make_env(tmp_path / "env", {"t00": (None, None), "t01": (None, None)})
    init_repo(root)
    commit_all(root)
    session = Session(root)
    task_json = root / "tasks/t01/task.json"
    real_read = session.trees.read

    def read_then_edit(task_id):
        tt = real_read(task_id)
        if task_id == "t01":
            task_json.write_bytes(task_json.read_bytes().replace(b"{", b"{ ", 1))
        return tt

    monkeypatch.setattr(session.trees, "read", read_then_edit)
    walked = git_tree(root, "t01")
    result = session.audit("t01", [])
    assert result.tree != walked and not result.passed
    assert [(f.item, f.severity, f.path, f.evidence) for f in result.findings] == [
        ("H07", "blocker", "tasks/t01/task.json", "changed while it was audited")]
    assert session.audit("t00", []).tree == git_tree(root, "t00")  # the other task is audited as usual
    again = Session(root).audit("t01", [])  # the next run reads the edited file under its own tree
    assert again.tree not in ("", walked)


def test_load_task_with_the_walks_blob_refuses_other_bytes(tmp_path):
    from oafreeze.environment.task import load_task
    from oafreeze.plumbing.errors import BadInput

    root = make_env(tmp_path / "env", {"t00": (None, None)})
    init_repo(root)
    commit_all(root)
    blob = git(root, "rev-parse", "HEAD:tasks/t00/task.json").strip()
    assert load_task(root, "t00", blob=blob).id == "t00"
    (root / "tasks/t00/task.json").write_bytes((root / "tasks/t00/task.json").read_bytes() + b"\n")
    with pytest.raises(BadInput) as err:
        load_task(root, "t00", blob=blob)
    assert err.value.problems[0].rule == "unchanged" and err.value.problems[0].path == "tasks/t00/task.json"
    assert load_task(root, "t00").id == "t00"  # without a blob, whatever is there now


# --- a mount holding exactly the pinned copy ----------------------------------------------------

def pinned_env(root):
    """Five tasks, each with the pinned knowledge base materialized, committed an hour after writing."""
    root = make_env(root, {f"t{n}": (None, None) for n in range(5)})
    init_repo(root)
    for dirpath, _dirs, files in os.walk(root / "tasks"):
        for name in files:
            os.utime(os.path.join(dirpath, name), (HOUR_AGO, HOUR_AGO))
    commit_all(root)
    return root


def test_an_exact_mount_is_proved_once_and_the_tree_is_still_gits(tmp_path):
    root = pinned_env(tmp_path / "env")
    kb = root / "tasks/t1/documents/knowledge-base"
    (kb / "practice-guides/non-compete/us/texas.md").write_text("Edited for this task.\n")
    (root / "tasks/t2/documents/knowledge-base/extra.md").write_text("Not in the library.\n")
    os.chmod(root / "tasks/t3/documents/knowledge-base/practice-guides/non-compete/us/colorado.md", 0o755)
    (root / "tasks/t4/documents/knowledge-base/practice-guides/non-compete/us/texas.md").unlink()
    session = Session(root)
    read = {f"t{n}": session.trees.read(f"t{n}") for n in range(5)}
    assert [read[t].kb_exact for t in sorted(read)] == [True, False, False, False, False]
    git(root, "add", "-A")
    git(root, "commit", "-qm", "edits under the mount")
    assert {t: tt.tree for t, tt in read.items()} == {t: git_tree(root, t) for t in read}
    # The cache's second read says the same.
    again = Session(root)
    assert [again.trees.read(f"t{n}").kb_exact for n in range(5)] == [True, False, False, False, False]


def test_a_link_or_a_file_in_place_of_the_mount_is_not_an_exact_mount(tmp_path):
    root = pinned_env(tmp_path / "env")
    os.symlink("colorado.md", root / "tasks/t1/documents/knowledge-base/practice-guides/non-compete/us/co.md")
    session = Session(root)
    assert session.trees.read("t0").kb_exact and not session.trees.read("t1").kb_exact


def test_an_exact_mount_has_nothing_for_h08_and_an_edited_one_is_still_found(tmp_path):
    root = pinned_env(tmp_path / "env")
    (root / "tasks/t1/documents/knowledge-base/practice-guides/non-compete/us/texas.md").write_text("Edited.\n")
    results = {r.task: r for r in run_audit(root, ["t0", "t1"], record=False, today=TODAY, jobs=1)}
    assert not [f for f in results["t0"].findings if f.item == "H08"]
    assert [f.path for f in results["t1"].findings if f.item == "H08"] == [
        "documents/knowledge-base/practice-guides/non-compete/us/texas.md"]
