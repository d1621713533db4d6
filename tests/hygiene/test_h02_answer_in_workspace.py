"""H02 answer in the workspace: the deliverable is not already there, in any name or format."""

from __future__ import annotations

from hygiene_helpers import env_with, found, task_json, workspace

from oafreeze.hygiene.items.h02_answer_in_workspace import kept_things, quantities


def test_a_workspace_file_named_like_a_deliverable_is_paired_by_the_matcher(tmp_path):
    files = {**workspace(), "Agreement.md": "An old agreement.\n"}
    hits = found(env_with(tmp_path, files=files), "H02")
    assert [(f.severity, f.path, f.evidence) for f in hits] == [
        ("blocker", "documents/Agreement.md", "agreement.md -> Agreement.md (exact)")]


def test_a_workspace_file_holding_the_finished_answer_is_major(tmp_path):
    task = task_json()
    task["criteria"][2]["match_criteria"] = ('PASS if client-email.md states that $95,000 is below $127,091 '
                                             'and cites C.R.S. § 8-2-113. FAIL if it omits the threshold.')
    files = {**workspace(), "old-answer.md": "Dear client,\n$95,000 is below $127,091 (C.R.S. § 8-2-113).\n"}
    hits = [f for f in found(env_with(tmp_path, task, files), "H02") if f.path == "documents/old-answer.md"]
    assert len(hits) == 1 and hits[0].severity == "major" and hits[0].location == 2
    assert "$127,091" in hits[0].evidence and "client-email.md" in hits[0].message


def test_the_deliverable_in_another_format_is_major(tmp_path):
    files = {**workspace(), "client-email.docx": b"PK\x03\x04 not read here"}
    hits = found(env_with(tmp_path, files=files), "H02")
    assert [(f.severity, f.path) for f in hits] == [("major", "documents/client-email.docx")]
    assert "in another format" in hits[0].message


def test_a_name_that_is_the_deliverable_plus_version_words_is_major(tmp_path):
    files = {**workspace(), "agreement-v2-clean.md": "Agreement, final.\n"}
    hits = found(env_with(tmp_path, files=files), "H02")
    assert [(f.severity, f.path) for f in hits] == [("major", "documents/agreement-v2-clean.md")]


def test_a_finished_answer_named_like_its_deliverable_needs_only_the_literal_criteria(tmp_path):
    # C1 names no literal; the file still passes every criterion the proxy can grade and looks
    # like the deliverable: that is the finished answer.
    task = task_json()
    task["criteria"][1]["match_criteria"] = ('PASS if agreement.md names "Dana Smith" and states $95,000. '
                                             'FAIL if it states another salary.')
    files = {**workspace(), "agreement-final.md": "Agreement with Dana Smith at $95,000.\n"}
    hits = [f for f in found(env_with(tmp_path, task, files), "H02") if "already contains" in f.message]
    assert [(f.severity, f.path) for f in hits] == [("major", "documents/agreement-final.md")]


def test_a_starting_form_that_already_holds_the_change_is_major(tmp_path):
    task = task_json()
    task["criteria"][0]["match_criteria"] = ("PASS if agreement.md limits the non-compete to 12 months. "
                                             "FAIL if it keeps the 24-month period or Delaware law.")
    refreshed = "# Agreement form\n\n1. Non-compete: twelve (12) months.\n2. Governing law: Colorado.\n"
    hits = found(env_with(tmp_path, task, {**workspace(), "agreement-form-2021.md": refreshed}), "H02")
    assert [(f.severity, f.path, f.location) for f in hits] == [
        ("major", "documents/agreement-form-2021.md", "$.criteria[0].match_criteria")]
    assert "24 months" in hits[0].message


def test_reading_what_a_fail_clause_says_is_kept():
    things = kept_things("the form keeps the 24-month period or any period longer than 18 months")
    assert ("quantity", (24, "month")) in things and ("quantity", (18, "month")) not in things
    assert ("name", "Delaware") in kept_things("it keeps Delaware law, Delaware courts or any forum outside Washington")
    assert quantities("three (3) years, a 24-month term and two weeks") == {(3, "year"), (24, "month"), (2, "week")}


def test_near_miss_the_starting_form_itself_shares_the_deliverable_name(tmp_path):
    task = task_json()
    task["criteria"][0]["match_criteria"] = ("PASS if agreement.md limits the non-compete to 12 months. "
                                             "FAIL if it keeps the 24-month period.")
    form = "# Draft agreement\n\n1. Non-compete: twenty-four (24) months.\n"
    assert found(env_with(tmp_path, task, {**workspace(), "agreement-form-2021.md": form}), "H02") == []


def test_near_miss_a_differently_named_source_file_is_not_paired(tmp_path):
    files = {**workspace(), "prior-agreement-2019.md": "The 2019 agreement.\n", "client-alert.md": "An alert.\n"}
    assert found(env_with(tmp_path, files=files), "H02") == []
