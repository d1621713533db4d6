"""Our own reading of git's index, and the working tree compared with it (no git status)."""

from __future__ import annotations

import os
import time

import pytest

from conftest import commit_all, git, init_repo
from oafreeze.plumbing import gitindex
from oafreeze.plumbing.errors import GitError
from oafreeze.plumbing.git import Repo


def make(tmp_path, version: int = 2):
    root = init_repo(tmp_path / "r")
    for i in range(30):
        folder = root / f"tasks/t{i % 3}/documents/{'deep/' * (i % 4)}"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"file-{i}-{'long-name-' * (i % 20)}.md").write_text(f"{i}\n")
    (root / "tasks/t0/run.sh").write_text("#!/bin/sh\n")
    os.chmod(root / "tasks/t0/run.sh", 0o755)
    os.symlink("run.sh", root / "tasks/t0/link")
    commit_all(root, "files")
    git(root, "update-index", "--index-version", str(version))
    time.sleep(0.01)
    git(root, "update-index", "--refresh")
    return root


@pytest.mark.parametrize("version", [2, 3, 4])
def test_every_index_version_reads_as_git_lists_it(tmp_path, version):
    root = make(tmp_path, version)
    if version == 3:
        (root / "new.md").write_text("intent\n")
        git(root, "add", "-N", "new.md")  # intent-to-add entries need the extended flags of version 3
    entries = gitindex.parse_index((root / ".git/index").read_bytes())
    listed = git(root, "ls-files", "-s", "-z").split("\0")
    expected = []
    for row in filter(None, listed):
        meta, path = row.split("\t", 1)
        mode, oid, _stage = meta.split()
        expected.append((path, int(mode, 8), oid))
    assert [(e.path.decode(), e.mode, e.oid.hex()) for e in entries] == expected


def test_a_clean_tree_has_no_changes_and_a_touched_file_is_still_clean(tmp_path):
    root = make(tmp_path)
    with Repo(root) as repo:
        assert repo.dirty_paths() == []
        later = time.time() + 10
        os.utime(root / "tasks/t1/documents/deep/file-1-long-name-.md", (later, later))
        assert repo.dirty_paths() == []  # stat says maybe; the raw bytes say no


def test_edits_deletions_mode_and_type_changes_and_new_files_are_all_found(tmp_path):
    root = make(tmp_path)
    (root / "tasks/t1/documents/deep/file-1-long-name-.md").write_text("1\n")  # rewritten, same bytes: clean
    (root / "tasks/t2/documents/deep/deep/file-2-" "long-name-long-name-.md").write_text("two!\n")
    (root / "tasks/t0/documents/file-0-.md").unlink()
    os.chmod(root / "tasks/t0/run.sh", 0o644)
    (root / "tasks/t0/link").unlink()
    (root / "tasks/t0/link").write_text("now a file\n")
    (root / "tasks/t1/untracked.md").write_text("new\n")
    with Repo(root) as repo:
        assert repo.dirty_paths() == sorted([
            "tasks/t0/documents/file-0-.md", "tasks/t0/link", "tasks/t0/run.sh",
            "tasks/t1/untracked.md", "tasks/t2/documents/deep/deep/file-2-long-name-long-name-.md"])
        assert repo.unstaged_paths() == sorted([
            "tasks/t0/documents/file-0-.md", "tasks/t0/link", "tasks/t0/run.sh",
            "tasks/t2/documents/deep/deep/file-2-long-name-long-name-.md"])


def test_a_same_size_edit_within_the_index_second_is_found_by_content(tmp_path):
    root = make(tmp_path)
    path = root / "tasks/t1/documents/file-4-long-name-long-name-long-name-long-name-.md"
    st = path.stat()
    path.write_text("X\n")  # same size as "4\n"
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))  # and the same mtime
    with Repo(root) as repo:
        assert repo.dirty_paths() == [path.relative_to(root).as_posix()]


def test_a_split_index_is_named_with_the_command_that_makes_it_readable(tmp_path):
    root = make(tmp_path)
    git(root, "update-index", "--split-index")
    with Repo(root) as repo, pytest.raises(GitError) as caught:
        repo.dirty_paths()
    assert "split or sparse index" in str(caught.value) and "--no-split-index" in str(caught.value)


def test_a_damaged_index_is_refused_not_misread(tmp_path):
    root = make(tmp_path)
    data = (root / ".git/index").read_bytes()
    with pytest.raises(gitindex.IndexUnreadable):
        gitindex.parse_index(data[: len(data) // 2])
