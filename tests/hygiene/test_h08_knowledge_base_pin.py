"""H08 knowledge-base pin: the materialized knowledge base is byte for byte the pinned snapshot."""

from __future__ import annotations

import shutil

from hygiene_helpers import LIBRARY, MOUNT, audit, env_with, found, workspace


def test_an_added_and_an_edited_knowledge_base_file_are_blockers(tmp_path):
    env = env_with(tmp_path)
    kb = env / "tasks/t1" / MOUNT
    (kb / "practice-guides/extra.md").write_text("task-specific hint\n")
    (kb / "practice-guides/non-compete/us/texas.md").write_text("edited\n")
    hits = {(f.severity, f.path, f.evidence) for f in found(env, "H08")}
    assert hits == {("blocker", f"{MOUNT}/practice-guides/extra.md", "added: practice-guides/extra.md"),
                    ("blocker", f"{MOUNT}/practice-guides/non-compete/us/texas.md",
                     "modified: practice-guides/non-compete/us/texas.md")}


def test_a_removed_file_and_a_changed_mode_are_found(tmp_path):
    env = env_with(tmp_path)
    kb = env / "tasks/t1" / MOUNT
    (kb / "practice-guides/non-compete/us/texas.md").unlink()
    (kb / "practice-guides/non-compete/us/colorado.md").chmod(0o755)
    changes = {f.evidence.split(":")[0] for f in found(env, "H08")}
    assert changes == {"removed", "mode"}


def test_a_knowledge_base_that_is_not_materialized_is_a_blocker(tmp_path):
    env = env_with(tmp_path)
    shutil.rmtree(env / "tasks/t1" / MOUNT)
    hits = found(env, "H08")
    assert [(f.severity, f.path) for f in hits] == [("blocker", MOUNT)]


def test_near_miss_without_a_pin_the_item_does_not_apply(tmp_path):
    env = env_with(tmp_path, pin=False)
    result = audit(env)
    assert result.verdict("H08") == "n/a" and result.passed and found(env, "H08") == []


def test_a_snapshot_of_another_commit_than_oafreeze_yaml_pins_is_a_blocker(tmp_path):
    env = env_with(tmp_path)
    config = env / "oafreeze.yaml"
    config.write_text(config.read_text().replace("commit: " + "a" * 40, "commit: " + "c" * 40))
    hits = [f for f in found(env, "H08") if f.path == "oafreeze.yaml"]
    assert [(f.severity, f.location) for f in hits] == [("blocker", "knowledge_base.commit")]
    assert "c" * 12 in hits[0].message and "a" * 12 in hits[0].message


def test_near_miss_the_snapshot_of_the_pinned_commit_raises_nothing_about_the_pin(tmp_path):
    env = env_with(tmp_path)
    assert [f for f in found(env, "H08") if f.path == "oafreeze.yaml"] == []


def test_an_edited_copy_laid_out_as_the_library_outside_the_mount_is_minor(tmp_path):
    guide = "practice-guides/non-compete/us/colorado.md"
    files = {**workspace(), f"kb-local/{guide}": LIBRARY[guide].replace("most", "all"),
             f"kb-copy/{guide}": LIBRARY[guide]}  # byte for byte: the library's own
    hits = [f for f in found(env_with(tmp_path, files=files), "H08") if "laid out as" in f.message]
    assert [(f.severity, f.path) for f in hits] == [("minor", f"documents/kb-local/{guide}")]
