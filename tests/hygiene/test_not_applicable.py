"""Items that do not apply: a plain LAB checkout (no oafreeze block, no knowledge base) passes the
audit with the knowledge-base and declaration items "not applicable", each with its reason, and
every planted defect is still found by its item."""

from __future__ import annotations

import pytest

import labfixture as lf
from hygiene_helpers import env_with, task_json, verdicts

from oafreeze.hygiene.audit import run_audit

BLOCK_ITEMS = {"H09", "H10", "H11", "H12"}


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    root = tmp_path_factory.mktemp("lab") / "checkout"
    info = lf.make_lab_checkout(root, with_defects=True)
    (root / "oafreeze.yaml").write_text("schema: oafreeze.environment/1\nname: lab\n")
    results = {a.task: a for a in run_audit(root, record=False, use_cache=False)}
    return info, results


def test_every_clean_lab_task_passes_with_the_kb_and_declaration_items_not_applicable(lab):
    info, results = lab
    for task_id in info["clean"]:
        result = results[task_id]
        assert result.passed, (task_id, [(f.item, f.severity, f.message) for f in result.findings])
        assert set(result.not_applicable) == BLOCK_ITEMS | {"H08", "FAM"}, task_id
        assert not [f for f in result.findings if f.severity in ("blocker", "major")]


def test_each_not_applicable_item_says_why(lab):
    _, results = lab
    rows = {row["id"]: row for row in results["corporate-ma/spa-disclosure-review"].items()}
    assert rows["H08"] == {"id": "H08", "name": "knowledge-base pin", "verdict": "n/a",
                           "reason": "the environment pins no knowledge base"}
    assert "no oafreeze block" in rows["H11"]["reason"] and rows["H11"]["verdict"] == "n/a"
    assert rows["H01"]["verdict"] == "pass" and "reason" not in rows["H01"]


def test_each_planted_lab_defect_fails_its_own_item(lab):
    info, results = lab
    owner = {"LAB-work-type": "H04", "LAB-language": "H04", "LAB-sources": "H07"}
    for task_id, defect in info["defects"].items():
        item = owner.get(defect["item"], defect["item"])
        result = results[task_id]
        assert result.verdict(item) in ("fail", "note"), (task_id, item, result.items())
        assert item in {f.item for f in result.findings}, task_id


def test_an_oafreeze_task_in_a_pinned_environment_has_only_fam_not_applicable(tmp_path):
    assert {i for i, v in verdicts(env_with(tmp_path)).items() if v == "n/a"} == {"FAM"}


def test_without_a_pin_the_knowledge_base_pin_does_not_apply(tmp_path):
    result = verdicts(env_with(tmp_path, pin=False))
    assert result["H08"] == "n/a" and result["H11"] == "pass"


def test_a_task_without_the_block_in_a_pinned_environment_skips_only_the_declarations(tmp_path):
    task = task_json()
    del task["oafreeze"]
    result = verdicts(env_with(tmp_path, task))
    assert {i for i, v in result.items() if v == "n/a"} == BLOCK_ITEMS | {"FAM"}
    assert result["H08"] == "pass" and result["H13"] == "pass"


def test_a_task_json_that_cannot_be_read_shows_its_other_items_as_not_run_never_as_passed(tmp_path):
    env = env_with(tmp_path)
    (env / "tasks/t1/task.json").write_text('{"title": "half a task",')
    result = run_audit(env, ["t1"], record=False)[0]
    rows = {row["id"]: row for row in result.items()}
    assert not result.passed and rows["H07"]["verdict"] == "fail"
    assert [i for i, row in rows.items() if row["verdict"] == "pass"] == []
    assert rows["H01"]["verdict"] == "n/a" and rows["H01"]["reason"].startswith("not run")
