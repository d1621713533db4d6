"""Family consistency: instances differ only in their declared variables; jurisdictions are covered."""

from __future__ import annotations

from hygiene_helpers import found, make_env, task_json, verdicts, workspace


def instance(name: str, state: str, code: str, salary: str, *, extra: str = "") -> tuple[dict, dict]:
    task = task_json()
    text = lambda s: s.replace("Colorado", state).replace("$95,000", salary)  # noqa: E731
    task["title"] = text(task["title"])
    task["jurisdiction"] = f"US-{code}"
    task["instructions"] = task["instructions"].replace("colorado", state.lower()) + extra
    for c in task["criteria"]:
        c["match_criteria"] = text(c["match_criteria"])
    task["oafreeze"]["family"] = "covenant-package"
    task["oafreeze"]["instance"] = name
    task["oafreeze"]["variables"] = {"state": state, "jurisdiction": f"US-{code}", "salary": salary}
    task["oafreeze"]["seeded_law"] = []
    files = {k.replace("colorado", state.lower()): text(v) for k, v in workspace().items()}
    return task, files


def test_instances_that_differ_only_in_their_variables_are_consistent(tmp_path):
    env = make_env(tmp_path / "env", {"covenant-original": instance("original", "Colorado", "CO", "$95,000"),
                                      "covenant-v01": instance("v01", "Texas", "TX", "$88,000")})
    assert found(env, "FAM", "covenant-v01") == [] and found(env, "FAM", "covenant-original") == []


def test_an_undeclared_difference_is_reported_with_both_texts(tmp_path):
    task, files = instance("v01", "Texas", "TX", "$88,000")
    files["offer-facts.md"] = files["offer-facts.md"].replace("sales engineer", "senior sales engineer")
    env = make_env(tmp_path / "env", {"covenant-original": instance("original", "Colorado", "CO", "$95,000"),
                                      "covenant-v01": (task, files)})
    hits = found(env, "FAM", "covenant-v01")
    assert [(f.severity, f.path, f.location) for f in hits] == [("major", "documents/offer-facts.md", 3)]
    assert "senior sales engineer" in hits[0].evidence and "covenant-original" in hits[0].message


def test_a_changed_instruction_shows_its_json_path(tmp_path):
    env = make_env(tmp_path / "env", {
        "covenant-original": instance("original", "Colorado", "CO", "$95,000"),
        "covenant-v01": instance("v01", "Texas", "TX", "$88,000", extra=" Be brief.")})
    hits = found(env, "FAM", "covenant-v01")
    assert [(f.path, f.location) for f in hits] == [("task.json", "$.instructions")]
    assert "Be brief." in hits[0].evidence


def test_a_jurisdiction_the_snapshot_does_not_cover_is_major(tmp_path):
    env = make_env(tmp_path / "env", {"covenant-original": instance("original", "Colorado", "CO", "$95,000"),
                                      "covenant-v02": instance("v02", "Oregon", "OR", "$91,000")})
    hits = found(env, "FAM", "covenant-v02")
    assert [(f.severity, f.evidence) for f in hits] == [("major", "OR")]
    assert "Oregon" in hits[0].message


def test_a_task_of_no_family_is_not_applicable(tmp_path):
    assert verdicts(make_env(tmp_path / "env"))["FAM"] == "n/a"


def test_a_lone_instance_whose_family_name_is_a_slip_of_a_declared_family_is_major(tmp_path):
    """'covenant-packages' for 'covenant-package': the instance escapes every comparison."""
    from oafreeze.environment.family import name_slipped as _slip

    assert _slip("covenant-packages", "covenant-package") and _slip("Covenant_Package", "covenant-package")
    assert _slip("covenant-pakcage", "covenant-package")
    assert not _slip("offer-v1", "offer-v2") and not _slip("offer-v1", "offer-v12")
    assert not _slip("lease-abstract-ca", "lease-abstract-ny") and not _slip("nda", "ndb")
