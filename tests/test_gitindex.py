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


# --- an index read folder by folder (the audit's way at LAB scale) ------------------------------------


def _folders(entries) -> set[bytes]:
    # Every folder that holds an entry, at any depth, and prefixes that are no folder at all.
    out = {b"tasks/t1", b"tasks/t", b"zzz/", b"tasks/t0/documents/deep/deep/deep/deep/"}
    for e in entries:
        parts = e.path.split(b"/")
        out.update(b"/".join(parts[:i]) + b"/" for i in range(1, len(parts)))
    return {f if f.endswith(b"/") else f + b"/" for f in out}


@pytest.mark.parametrize("version", [2, 3, 4])
def test_a_folder_index_gives_each_folder_exactly_the_entries_a_whole_read_gives(tmp_path, version):
    root = make(tmp_path, version)
    if version == 3:
        (root / "tasks/t1/new.md").write_text("intent\n")
        git(root, "add", "-N", "tasks/t1/new.md")  # an entry with the extended flags
        git(root, "update-index", "--skip-worktree", "tasks/t0/run.sh")
    whole = gitindex.parse_index((root / ".git/index").read_bytes())
    index = gitindex.FolderIndex(root / ".git/index")
    assert index.mtime_ns == (root / ".git/index").stat().st_mtime_ns
    for folder in sorted(_folders(whole)):
        assert index.under(folder) == [e for e in whole if e.path.startswith(folder)], folder
    assert index.under(b"tasks/t1/") and not index.under(b"tasks/t9/")


def test_a_folder_index_reads_names_longer_than_the_flags_can_count(tmp_path):
    # A name of 4,095 bytes or more is stored with the length field full and ends at its NUL.
    root = init_repo(tmp_path / "r")
    for rel in ("tasks/short/a.md", "tasks/zlast/b.md"):
        (root / rel).parent.mkdir(parents=True)
        (root / rel).write_text(f"{rel}\n")
    git(root, "add", "-A")
    blob = git(root, "hash-object", "-w", "tasks/short/a.md")
    long_name = "tasks/long/" + "/".join(["d" * 200] * 21) + "/x.md"  # longer than a path on disk may be
    git(root, "update-index", "--add", "--cacheinfo", f"100644,{blob},{long_name}")
    whole = gitindex.parse_index((root / ".git/index").read_bytes())
    assert max(len(e.path) for e in whole) > 4095
    index = gitindex.FolderIndex(root / ".git/index")
    for folder in (b"tasks/long/", b"tasks/short/", b"tasks/zlast/"):
        assert [e.path for e in index.under(folder)] == [e.path for e in whole if e.path.startswith(folder)]
        assert len(index.under(folder)) == 1


def test_a_folder_index_reads_a_sha256_repository(tmp_path):
    root = tmp_path / "r"
    git(tmp_path, "init", "-q", "--object-format=sha256", str(root))
    (root / "tasks/a").mkdir(parents=True)
    (root / "tasks/a/one.md").write_text("1\n")
    (root / "tasks/b").mkdir()
    (root / "tasks/b/two.md").write_text("2\n")
    git(root, "add", "-A")
    index = gitindex.FolderIndex(root / ".git/index", "sha256")
    listed = git(root, "ls-files", "-s", "tasks/b").split()
    assert [(e.path, e.oid.hex()) for e in index.under(b"tasks/b/")] == [(b"tasks/b/two.md", listed[1])]


def test_a_damaged_or_split_index_is_refused_by_the_folder_reader_too(tmp_path):
    root = make(tmp_path)
    data = (root / ".git/index").read_bytes()
    (tmp_path / "half").write_bytes(data[: len(data) // 2])
    (tmp_path / "empty").write_bytes(b"")
    for name in ("half", "empty"):
        with pytest.raises(gitindex.IndexUnreadable):
            gitindex.FolderIndex(tmp_path / name)
    git(root, "update-index", "--split-index")
    with pytest.raises(gitindex.IndexUnreadable, match="split or sparse"):
        gitindex.FolderIndex(root / ".git/index")
