"""Each hygiene item: a small task that trips it, and a near-miss that must not."""

from __future__ import annotations

import io
import json
import os
import zipfile

from hygiene_helpers import (LIBRARY, MOUNT, TODAY, audit, found, make_env, snapshot, task_json, workspace,
                             write_task)

from oafreeze.plumbing.canonical import pretty_bytes


def env_with(tmp_path, task=None, files=None, **kw):
    return make_env(tmp_path / "env", {"t1": (task, files)}, **kw)


def test_the_clean_task_passes_every_item_without_a_finding(tmp_path):
    result = audit(env_with(tmp_path))
    assert result.passed and result.findings == []


# H01 rubric isolation --------------------------------------------------------------------

def test_h01_a_rubric_file_in_the_workspace_is_a_blocker_named_by_its_file(tmp_path):
    files = {**workspace(), "rubric.json": '{"criteria": []}'}
    hits = found(env_with(tmp_path, files=files), "H01")
    assert [(f.severity, f.path, f.evidence) for f in hits] == [("blocker", "documents/rubric.json", "rubric.json")]


def test_h01_a_workspace_note_copying_a_criterion_is_quoted_with_its_line(tmp_path):
    crit = task_json()["criteria"][2]["match_criteria"]
    files = {**workspace(), "notes.md": f"# Notes\n\nReminder:\n{crit}\n"}
    hits = found(env_with(tmp_path, files=files), "H01")
    assert len(hits) == 1 and hits[0].severity == "blocker" and hits[0].path == "documents/notes.md"
    assert hits[0].location == 4 and "Colorado compensation threshold" in hits[0].evidence
    assert "'C3'" in hits[0].message


def test_h01_near_miss_similar_name_and_a_shared_phrase_are_not_findings(tmp_path):
    files = {**workspace(), "rubrics-of-the-court.md": "The court's rubrics.\n",
             "memo.md": "The employee gets a separate written notice of the covenant.\n"}
    assert found(env_with(tmp_path, files=files), "H01") == []


# H02 answer in the workspace -----------------------------------------------------------

def test_h02_a_workspace_file_named_like_a_deliverable_is_paired_by_the_matcher(tmp_path):
    files = {**workspace(), "Agreement.md": "An old agreement.\n"}
    hits = found(env_with(tmp_path, files=files), "H02")
    assert [(f.severity, f.path, f.evidence) for f in hits] == [
        ("blocker", "documents/Agreement.md", "agreement.md -> Agreement.md (exact)")]


def test_h02_a_workspace_file_holding_the_finished_answer_is_major(tmp_path):
    task = task_json()
    task["criteria"][2]["match_criteria"] = ('PASS if client-email.md states that $95,000 is below $127,091 '
                                             'and cites C.R.S. § 8-2-113. FAIL if it omits the threshold.')
    files = {**workspace(), "old-answer.md": "Dear client,\n$95,000 is below $127,091 (C.R.S. § 8-2-113).\n"}
    hits = [f for f in found(env_with(tmp_path, task, files), "H02") if f.path == "documents/old-answer.md"]
    assert len(hits) == 1 and hits[0].severity == "major" and hits[0].location == 2
    assert "$127,091" in hits[0].evidence and "client-email.md" in hits[0].message


def test_h02_near_miss_a_differently_named_source_file_is_not_paired(tmp_path):
    files = {**workspace(), "prior-agreement-2019.md": "The 2019 agreement.\n"}
    assert found(env_with(tmp_path, files=files), "H02") == []


# H03 degenerate output -----------------------------------------------------------------

def _all_criteria(task: dict, text: str) -> dict:
    for c in task["criteria"]:
        c["match_criteria"] = text.replace("DELIVERABLE", c["deliverables"][0])
    return task


def test_h03_the_pasted_workspace_passing_every_criterion_is_a_blocker(tmp_path):
    task = _all_criteria(task_json(), "PASS if DELIVERABLE states the salary of $95,000. FAIL if it omits it.")
    hits = found(env_with(tmp_path, task), "H03")
    blockers = [f for f in hits if f.severity == "blocker"]
    assert [b.evidence for b in blockers] == ["workspace passes C1, C2, C3"]
    majors = [f for f in hits if f.severity == "major"]
    assert {f.location for f in majors} == {f"$.criteria[{i}].match_criteria" for i in range(3)}
    assert all("documents/offer-facts.md line 4" in f.message and f.evidence.startswith("PASS if") for f in majors)


def test_h03_a_criterion_the_unchanged_template_passes_carries_no_signal(tmp_path):
    task = task_json()
    task["criteria"][0]["match_criteria"] = ('PASS if agreement.md has the heading "Notice to Employee" above '
                                             'the signature. FAIL if the heading is missing.')
    files = {**workspace(), "agreement-template.md": "# Agreement\n\n## Notice to Employee\n\nSign here.\n"}
    hits = found(env_with(tmp_path, task, files), "H03")
    assert len(hits) == 1 and hits[0].location == "$.criteria[0].match_criteria"
    assert "starting template copied unchanged" in hits[0].message
    assert "documents/agreement-template.md line 3" in hits[0].message


def test_h03_a_deliverable_graded_only_on_absence_passes_empty(tmp_path):
    task = task_json()
    task["criteria"][2]["match_criteria"] = ('PASS if client-email.md does not mention "knowledge-base/". '
                                             'FAIL if it contains "knowledge-base/".')
    hits = found(env_with(tmp_path, task), "H03")
    assert [(f.severity, f.location, f.evidence) for f in hits] == [("major", "$.deliverables", "client-email.md")]


def test_h03_near_miss_a_literal_no_input_contains_keeps_its_signal(tmp_path):
    task = task_json()
    task["criteria"][2]["match_criteria"] = ('PASS if client-email.md states that the threshold is $127,091. '
                                             'FAIL if it states another figure.')
    assert found(env_with(tmp_path, task), "H03") == []


# H04 criterion form --------------------------------------------------------------------

def test_h04_duplicate_ids_missing_fail_clause_and_unknown_deliverable(tmp_path):
    task = task_json()
    task["criteria"][1]["id"] = "C1"
    task["criteria"][2]["match_criteria"] = "PASS if client-email.md advises on the salary threshold."
    task["criteria"][2]["deliverables"] = ["client-email.md", "memo.md"]
    hits = found(env_with(tmp_path, task), "H04")
    where = {(f.location, f.evidence) for f in hits}
    assert ("$.criteria[0].id", "C1") in where and ("$.criteria[1].id", "C1") in where
    assert ("$.criteria[2].deliverables", "memo.md") in where
    assert any("'FAIL if'" in f.message and f.location == "$.criteria[2].match_criteria" for f in hits)


def test_h04_a_pass_clause_with_enumerated_claims_is_minor(tmp_path):
    task = task_json()
    task["criteria"][0]["match_criteria"] = ("PASS if agreement.md (1) has a separate notice and (2) names the "
                                             "employer. FAIL if either is missing.")
    hits = found(env_with(tmp_path, task), "H04")
    assert [(f.severity, f.location) for f in hits] == [("minor", "$.criteria[0].match_criteria")]
    assert "(1) has a separate notice" in hits[0].evidence


def test_h04_near_miss_the_clean_criteria_are_well_formed(tmp_path):
    assert found(env_with(tmp_path), "H04") == []


# H05 ambiguous grading language ----------------------------------------------------------

def test_h05_a_vague_word_is_reported_with_its_sentence(tmp_path):
    task = task_json()
    task["criteria"][0]["match_criteria"] = ("PASS if agreement.md gives an appropriate notice of the covenant. "
                                             "FAIL if the notice is missing.")
    hits = found(env_with(tmp_path, task), "H05")
    assert [(f.severity, f.location, f.evidence) for f in hits] == [
        ("minor", "$.criteria[0].match_criteria", "PASS if agreement.md gives an appropriate notice of the covenant.")]


def test_h05_the_document_with_several_deliverables_is_major(tmp_path):
    task = task_json()
    task["criteria"][2]["deliverables"] = []
    task["criteria"][2]["match_criteria"] = "PASS if the document warns the client. FAIL if it does not."
    hits = [f for f in found(env_with(tmp_path, task), "H05") if f.severity == "major"]
    assert len(hits) == 1 and hits[0].evidence == "PASS if the document warns the client."


def test_h05_near_miss_words_that_only_contain_a_vague_word(tmp_path):
    task = task_json()
    task["criteria"][0]["match_criteria"] = ("PASS if agreement.md mentions the appropriations act and the "
                                             "document title. FAIL if it does not.")
    assert found(env_with(tmp_path, task), "H05") == []


# H06 deliverable matching ----------------------------------------------------------------

def test_h06_an_ungraded_unnamed_deliverable_and_a_colliding_pair(tmp_path):
    task = task_json()
    task["deliverables"]["memo.md"] = "A memo."
    task["deliverables"]["agreements.md"] = "Another agreement."
    hits = found(env_with(tmp_path, task), "H06")
    msgs = {(f.location, f.evidence, f.message.split(":")[0]) for f in hits}
    assert ("$.deliverables['memo.md']", "memo.md", "no criterion grades deliverable 'memo.md'") in msgs
    assert any(f.location == "$.instructions" and f.evidence == "memo.md" for f in hits)
    assert any(f.evidence == "agreement.md ~ agreements.md" for f in hits)


def test_h06_near_miss_distinct_graded_named_deliverables(tmp_path):
    assert found(env_with(tmp_path), "H06") == []


# H07 workspace integrity -----------------------------------------------------------------

def _docx(text: str) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr("[Content_Types].xml", "<Types/>")
        zf.writestr("word/document.xml", '<w:document xmlns:w="urn:w"><w:body><w:p><w:r><w:t>'
                    f"{text}</w:t></w:r></w:p></w:body></w:document>")
    return buf.getvalue()


def test_h07_junk_empty_unparseable_symlinked_twin_and_missing_files(tmp_path):
    task = task_json()
    task["instructions"] += " Also read term-sheet.md."
    files = {**workspace(), ".DS_Store": b"\0\0", "empty.md": "", "data.json": "{oops", "bad.docx": b"PK-not-a-zip",
             "Notes.md": "a", "notes.md": "b"}
    env = env_with(tmp_path, task, files)
    os.symlink("/etc/passwd", env / "tasks/t1/documents/link.md")
    hits = {(f.severity, f.path, f.evidence) for f in found(env, "H07")}
    assert ("minor", "documents/.DS_Store", ".DS_Store") in hits
    assert ("major", "documents/empty.md", "documents/empty.md") in hits
    assert ("major", "documents/link.md", "documents/link.md") in hits
    assert any(p == "documents/data.json" and "invalid JSON" in e for _, p, e in hits)
    assert any(p == "documents/bad.docx" and "zip" in e.lower() for _, p, e in hits)
    assert any(e == "documents/Notes.md | documents/notes.md" for _, _, e in hits)
    assert any(p == "task.json" and "term-sheet.md" in e for _, p, e in hits)


def test_h07_near_miss_valid_docx_json_and_eml_are_fine(tmp_path):
    files = {**workspace(), "offer.docx": _docx("Offer letter"), "data.json": '{"a": 1}',
             "mail.eml": "From: a@example.com\nSubject: hi\n\nbody\n"}
    assert found(env_with(tmp_path, files=files), "H07") == []


# H08 knowledge-base pin ------------------------------------------------------------------

def test_h08_an_added_and_an_edited_knowledge_base_file_are_blockers(tmp_path):
    env = env_with(tmp_path)
    kb = env / "tasks/t1" / MOUNT
    (kb / "practice-guides/extra.md").write_text("task-specific hint\n")
    (kb / "practice-guides/non-compete/us/texas.md").write_text("edited\n")
    hits = {(f.severity, f.path, f.evidence) for f in found(env, "H08")}
    assert hits == {("blocker", f"{MOUNT}/practice-guides/extra.md", "added: practice-guides/extra.md"),
                    ("blocker", f"{MOUNT}/practice-guides/non-compete/us/texas.md",
                     "modified: practice-guides/non-compete/us/texas.md")}


def test_h08_a_knowledge_base_that_is_not_materialized_is_a_blocker(tmp_path):
    env = make_env(tmp_path / "env")
    import shutil
    shutil.rmtree(env / "tasks/t1" / MOUNT)
    hits = found(env, "H08")
    assert [(f.severity, f.path) for f in hits] == [("blocker", MOUNT)]


def test_h08_near_miss_without_a_pin_only_an_info_note(tmp_path):
    env = env_with(tmp_path, pin=False)
    hits = found(env, "H08")
    assert [f.severity for f in hits] == ["info"] and audit(env).passed


# H09 seeded-law provenance ---------------------------------------------------------------

def test_h09_missing_provenance_absent_quote_and_future_verification(tmp_path):
    task = task_json()
    law = task["oafreeze"]["seeded_law"][0]
    del law["verified_against"]
    law["quote"] = "a covenant not to compete is enforceable"
    law["verified_on"] = "2026-07-01"
    hits = found(env_with(tmp_path, task), "H09")
    where = {(f.location, f.evidence) for f in hits}
    assert ("$.oafreeze.seeded_law[0].verified_against", "C.R.S. § 8-2-113") in where
    assert ("$.oafreeze.seeded_law[0].quote", "a covenant not to compete is enforceable") in where
    assert ("$.oafreeze.seeded_law[0].verified_on", "2026-07-01") in where


def test_h09_near_miss_quote_found_across_a_line_break_and_curly_quotes(tmp_path):
    files = workspace()
    files["colorado-statute-excerpt.md"] = "# C.R.S. § 8-2-113\n\nExcept as provided, a covenant\nnot to compete is void.\n"
    assert found(env_with(tmp_path, files=files), "H09") == []


# H10 temporal consistency ----------------------------------------------------------------

def test_h10_law_not_yet_in_force_a_second_today_and_a_later_knowledge_base(tmp_path):
    task = task_json()
    task["oafreeze"]["as_of"] = "2025-12-01"
    task["oafreeze"]["seeded_law"][0]["effective_date"] = "2026-01-01"
    task["instructions"] += " Today is March 5, 2026."
    hits = found(env_with(tmp_path, task), "H10")
    where = {(f.severity, f.location, f.evidence) for f in hits}
    assert ("major", "$.oafreeze.seeded_law[0].effective_date", "2026-01-01") in where
    assert ("major", "$.instructions", "Today is March 5, 2026.") in where
    assert any(f.severity == "minor" and "colorado.md (reviewed 2026-01-10)" in f.evidence for f in hits)


def test_h10_an_as_of_date_after_the_freeze_is_major(tmp_path):
    task = task_json()
    task["oafreeze"]["as_of"] = "2026-09-01"
    hits = found(env_with(tmp_path, task), "H10")
    assert [(f.severity, f.evidence) for f in hits] == [("major", "2026-09-01")]


def test_h10_near_miss_a_trap_that_names_the_later_law(tmp_path):
    task = task_json()
    task["oafreeze"]["seeded_law"][0]["effective_date"] = "2026-03-01"
    task["oafreeze"]["as_of"] = "2026-02-15"
    task["oafreeze"]["trap"]["description"] = "C.R.S. § 8-2-113 is not yet in force on the as-of date."
    assert [f for f in found(env_with(tmp_path, task), "H10") if f.severity != "minor"] == []


# H11 trap armed --------------------------------------------------------------------------

def test_h11_an_anchor_not_in_its_file_and_an_unknown_criterion(tmp_path):
    task = task_json()
    task["oafreeze"]["trap"]["anchors"][0]["quote"] = "explain the penalty exposure"
    task["oafreeze"]["trap"]["criteria"] = ["C9"]
    hits = found(env_with(tmp_path, task), "H11")
    where = {(f.severity, f.path, f.evidence) for f in hits}
    assert ("major", "documents/partner-notes.md", "explain the penalty exposure") in where
    assert ("major", "task.json", "C9") in where
    assert any(f.severity == "blocker" and "advisory material" in f.message for f in hits)


def test_h11_a_task_without_a_trap_is_major(tmp_path):
    task = task_json()
    del task["oafreeze"]["trap"]
    assert [(f.severity, f.location) for f in found(env_with(tmp_path, task), "H11")] == [
        ("major", "$.oafreeze.trap")]


def test_h11_near_miss_anchor_rewrapped_in_its_file(tmp_path):
    files = workspace()
    files["partner-notes.md"] = "# Notes\n\nIn the agreement, walk the employee\nthrough the threshold math.\n"
    assert found(env_with(tmp_path, files=files), "H11") == []


# H12 placement discipline ----------------------------------------------------------------

def test_h12_no_advisory_no_placement_criterion_and_a_rule_against_all_law(tmp_path):
    task = task_json()
    task["oafreeze"]["advisory"] = []
    task["oafreeze"]["operative"] = ["agreement.md", "client-email.md"]
    task["criteria"][1]["match_criteria"] = ("PASS if agreement.md contains no legal analysis. "
                                             "FAIL if it cites any statute.")
    hits = found(env_with(tmp_path, task), "H12")
    where = {(f.severity, f.location, f.evidence) for f in hits}
    assert ("major", "$.oafreeze.advisory", "") in where
    assert ("major", "$.criteria", "client-email.md") in where
    assert ("minor", "$.criteria[1].match_criteria", "FAIL if it cites any statute") in where


def test_h12_near_miss_an_analysis_task_without_operative_text(tmp_path):
    task = task_json()
    task["work_type"] = "analyze"
    task["oafreeze"]["operative"] = []
    task["oafreeze"]["advisory"] = []
    assert found(env_with(tmp_path, task), "H12") == []


GUIDE = "practice-guides/non-compete/us/colorado.md"
ADVICE = ("A covenant not to compete is void under C.R.S. § 8-2-113(2) unless the worker earns at least the "
          "threshold, and an employer that presents one anyway owes a penalty of $5,000 per worker.")


def env_with_form(tmp_path, form: str):
    """The clean task with a starting form (firm-form.md) and a Colorado guide that carries ADVICE."""
    library = {**LIBRARY, GUIDE: LIBRARY[GUIDE] + ADVICE + "\n"}
    env = env_with(tmp_path, files={**workspace(), "firm-form.md": form})
    (env / "snapshot.json").write_bytes(pretty_bytes(snapshot(library).to_json()))
    write_task(env, "t1", files={}, kb=library)
    return env


def test_h12_a_starting_form_carrying_a_guide_passage_is_quoted_with_its_line(tmp_path):
    form = f"# Firm form: restrictive covenant agreement\n\n1. Confidentiality.\n\n{ADVICE}\n\n2. Signatures.\n"
    hits = found(env_with_form(tmp_path, form), "H12")
    assert [(f.severity, f.path, f.location) for f in hits] == [("major", "documents/firm-form.md", 5)]
    # The words the seeded statute itself says ("a covenant not to compete is void") are law, not advice.
    assert hits[0].evidence == ("to compete is void under c.r.s § 8-2-113 2 unless the worker earns at least "
                                "the threshold and an employer that presents one anyway owes a penalty of "
                                "$5,000 per worker")
    assert f"{MOUNT}/{GUIDE}" in hits[0].message and "agreement.md" in hits[0].message


def test_h12_near_miss_a_form_sharing_a_statute_citation_with_a_guide(tmp_path):
    form = ("# Firm form: restrictive covenant agreement\n\n1. No covenant. Nothing in this Agreement is a "
            "covenant not to compete under C.R.S. § 8-2-113(2).\n")
    env = env_with_form(tmp_path, form)
    assert found(env, "H12") == [] and found(env, "H08") == []


# H13 synthetic data and secrets ------------------------------------------------------------

def test_h13_real_looking_data_and_a_masked_secret(tmp_path):
    files = {**workspace(), "leak.md": ("SSN 123-45-6789\nmail jane.doe@gmail.com\ncall 303-444-1234\n"
                                        "aws AKIAABCDEFGHIJKLMNOP\nsee /Users/jane/matter/notes.docx\n"
                                        "wiki http://wiki.corp.internal/page\n")}
    hits = {(f.severity, f.location, f.evidence) for f in found(env_with(tmp_path, files=files), "H13")}
    assert hits == {("major", 1, "SSN 123-45-6789"), ("major", 2, "mail jane.doe@gmail.com"),
                    ("major", 3, "call 303-444-1234"), ("blocker", 4, "AKIA…(masked)"),
                    ("major", 5, "see /Users/jane/matter/notes.docx"),
                    ("major", 6, "wiki http://wiki.corp.internal/page")}


def test_h13_near_miss_reserved_addresses_fictional_numbers_and_statutes(tmp_path):
    files = {**workspace(), "ok.md": "Write to legal@example.org or call (303) 555-0199. See C.R.S. 8-2-113.\n"}
    assert found(env_with(tmp_path, files=files), "H13") == []


def test_h13_a_task_not_declared_synthetic_is_minor(tmp_path):
    task = task_json()
    del task["oafreeze"]["synthetic"]
    assert [(f.severity, f.location) for f in found(env_with(tmp_path, task), "H13")] == [
        ("minor", "$.oafreeze.synthetic")]
