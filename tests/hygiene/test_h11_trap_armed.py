"""H11 trap armed: the declared trap is there, detected, and tempting."""

from __future__ import annotations

from hygiene_helpers import env_with, found, task_json, workspace


def test_an_anchor_not_in_its_file_and_an_unknown_criterion(tmp_path):
    task = task_json()
    task["oafreeze"]["trap"]["anchors"][0]["quote"] = "explain the penalty exposure"
    task["oafreeze"]["trap"]["criteria"] = ["C9"]
    hits = found(env_with(tmp_path, task), "H11")
    where = {(f.severity, f.path, f.evidence) for f in hits}
    assert ("major", "documents/partner-notes.md", "explain the penalty exposure") in where
    assert ("major", "task.json", "C9") in where
    assert any(f.severity == "blocker" and "advisory material" in f.message for f in hits)


def test_a_task_without_a_trap_is_major(tmp_path):
    task = task_json()
    del task["oafreeze"]["trap"]
    assert [(f.severity, f.location) for f in found(env_with(tmp_path, task), "H11")] == [
        ("major", "$.oafreeze.trap")]


def test_an_anchor_path_written_unlike_the_others_is_minor(tmp_path):
    task = task_json()
    task["oafreeze"]["trap"]["anchors"] = [
        {"file": "documents/partner-notes.md", "quote": "walk the employee through the threshold math"},
        {"file": "offer-facts.md", "quote": "Salary: $95,000 a year"}]
    hits = found(env_with(tmp_path, task), "H11")
    assert [(f.severity, f.location) for f in hits] == [("minor", "$.oafreeze.trap.anchors[1].file")]


def test_a_placement_trap_anchored_only_in_facts_tempts_nobody(tmp_path):
    task = task_json()
    task["oafreeze"]["trap"]["anchors"] = [{"file": "offer-facts.md", "quote": "Employee: Dana Smith"}]
    hits = found(env_with(tmp_path, task), "H11")
    assert [(f.severity, f.location) for f in hits] == [("minor", "$.oafreeze.trap.anchors")]


def test_near_miss_anchor_rewrapped_in_its_file(tmp_path):
    files = workspace()
    files["partner-notes.md"] = "# Notes\n\nIn the agreement, walk the employee\nthrough the threshold math.\n"
    assert found(env_with(tmp_path, files=files), "H11") == []
