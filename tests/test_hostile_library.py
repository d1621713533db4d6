"""Opening a library repository never executes anything it carries."""

from __future__ import annotations

import stat
from pathlib import Path

from conftest import commit_all, git, init_repo


def hostile_library(root: Path, marker: Path) -> Path:
    """A library whose config, attributes and hooks would each create `marker` if run."""
    init_repo(root)
    (root / "practice-guides").mkdir()
    (root / "practice-guides/guide.md").write_text("---\ntype: G\ntitle: Guide\ndescription: d\n---\nbody\n")
    (root / ".gitattributes").write_text("* filter=evil diff=evil merge=evil\n")
    commit_all(root, "library")
    touch = f"touch {marker}"
    for key, value in [("core.fsmonitor", touch), ("core.pager", touch), ("core.editor", touch),
                       ("core.sshCommand", touch), ("filter.evil.clean", touch), ("filter.evil.smudge", touch),
                       ("filter.evil.process", touch), ("filter.evil.required", "true"),
                       ("diff.evil.textconv", touch), ("diff.external", touch), ("merge.evil.driver", touch),
                       ("core.alternateRefsCommand", touch), ("uploadpack.packObjectsHook", touch),
                       ("credential.helper", f"!{touch}"), ("sequence.editor", touch), ("pager.ls-tree", touch)]:
        git(root, "config", key, value)
    hooks = root / ".git/hooks"
    for name in ("pre-commit", "post-checkout", "post-merge", "pre-auto-gc", "reference-transaction",
                 "post-index-change", "fsmonitor-watchman"):
        hook = hooks / name
        hook.write_text(f"#!/bin/sh\n{touch}\n")
        hook.chmod(hook.stat().st_mode | stat.S_IXUSR)
    # A dirty working tree too, so anything that looked at it would have a reason to filter.
    (root / "practice-guides/guide.md").write_text("---\ntitle: dirty\n---\n")
    return root


def test_snapshot_and_materialize_run_nothing_from_a_hostile_repository(cli, tmp_path):
    marker = tmp_path / "MARKER"
    lib = hostile_library(tmp_path / "lib", marker)
    snap_file = tmp_path / "snap.json"
    code, out, err = cli("snapshot", "--library", str(lib), "--commit", "HEAD", "--out", str(snap_file))
    assert code == 0, err
    code, out, err = cli("materialize", "--snapshot", str(snap_file), "--library", str(lib),
                         "--into", str(tmp_path / "ws"))
    assert code == 0, err
    code, out, err = cli("materialize", "--snapshot", str(snap_file), "--into", str(tmp_path / "ws"), "--check")
    assert code == 0, out + err
    assert not marker.exists()
    # the committed content, not the dirty working tree, was pinned and materialized
    assert (tmp_path / "ws/documents/knowledge-base/practice-guides/guide.md").read_text().startswith(
        "---\ntype: G")
    # Control: the trap is armed — plain `git status` in that repository does run its config.
    git(lib, "status", check=False)
    assert marker.exists()


def test_bundle_of_a_hostile_repository_runs_nothing(cli, tmp_path):
    marker = tmp_path / "MARKER"
    lib = hostile_library(tmp_path / "lib", marker)
    bundle = tmp_path / "lib.bundle"
    git(lib, "-c", "core.fsmonitor=false", "bundle", "create", str(bundle), "--all")
    code, _o, err = cli("snapshot", "--library", str(bundle), "--commit", "HEAD")
    assert code == 0, err
    assert not marker.exists()


def test_a_library_with_a_submodule_is_refused(cli, tmp_path):
    sub = init_repo(tmp_path / "sub")
    (sub / "x.md").write_text("x\n")
    commit_all(sub)
    lib = init_repo(tmp_path / "lib")
    (lib / "practice-guides").mkdir()
    (lib / "practice-guides/a.md").write_text("---\ntype: G\ntitle: A\ndescription: d\n---\n")
    git(lib, "-c", "protocol.file.allow=always", "submodule", "add", "-q", str(sub), "practice-guides/vendored")
    commit_all(lib)
    code, _o, err = cli("snapshot", "--library", str(lib), "--commit", "HEAD")
    assert code == 2 and "practice-guides/vendored" in err and "submodule" in err
