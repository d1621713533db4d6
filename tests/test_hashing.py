"""Tree ids computed from disk are the ones git gives the same folder."""

from __future__ import annotations

import hashlib
import os

from conftest import git, init_repo

from oafreeze.plumbing.tree import dir_tree_digests, dir_tree_id


def _folder(root):
    task = root / "tasks" / "t1"
    (task / "documents" / "knowledge-base" / "guides").mkdir(parents=True)
    (task / "documents" / "empty-folder").mkdir()
    (task / "task.json").write_text('{"title": "t"}\n')
    (task / "documents" / "Zürich memo.md").write_text("non-ASCII name\n")
    (task / "documents" / "big.bin").write_bytes(os.urandom(3 << 20))  # several read chunks
    (task / "documents" / "empty.txt").write_bytes(b"")
    run = task / "documents" / "run.sh"
    run.write_text("#!/bin/sh\n")
    run.chmod(0o755)
    (task / "documents" / "knowledge-base" / "guides" / "g.md").write_text("a guide\n")
    (task / "documents" / "link.md").symlink_to("knowledge-base/guides/g.md")
    return task


def test_tree_ids_from_disk_equal_git_write_tree(tmp_path):
    root = init_repo(tmp_path / "env")
    task = _folder(root)
    git(root, "add", "-A")
    tree = git(root, "write-tree")
    expected = git(root, "rev-parse", f"{tree}:tasks/t1")
    assert dir_tree_id(task) == expected
    got, digests = dir_tree_digests(task)
    assert got == expected
    files = sorted(p.relative_to(task).as_posix() for p in task.rglob("*") if p.is_file() and not p.is_symlink())
    assert sorted(digests) == files
    for rel in files:
        data = (task / rel).read_bytes()
        assert digests[rel] == (hashlib.sha256(data).hexdigest(), len(data)), rel


def test_a_one_byte_edit_changes_the_tree_and_the_digest(tmp_path):
    task = _folder(init_repo(tmp_path / "env"))
    before, digests = dir_tree_digests(task)
    g = task / "documents" / "knowledge-base" / "guides" / "g.md"
    g.write_text("a guidE\n")
    after, again = dir_tree_digests(task)
    assert after != before
    assert again["documents/knowledge-base/guides/g.md"] != digests["documents/knowledge-base/guides/g.md"]
    assert {k: v for k, v in again.items() if "g.md" not in k} == {k: v for k, v in digests.items() if "g.md" not in k}
