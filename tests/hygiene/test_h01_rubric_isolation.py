"""H01 rubric isolation: grading material never reaches the agent."""

from __future__ import annotations

import pytest

from hygiene_helpers import (LIBRARY, MOUNT, env_with, found, snapshot_bytes, task_json, workspace,
                             write_task)

from oafreeze.hygiene.items.h01_rubric_isolation import grading_name


def test_a_rubric_file_in_the_workspace_is_a_blocker_named_by_its_file(tmp_path):
    files = {**workspace(), "rubric.json": '{"criteria": []}'}
    hits = found(env_with(tmp_path, files=files), "H01")
    assert [(f.severity, f.path, f.evidence) for f in hits] == [("blocker", "documents/rubric.json", "rubric.json")]


@pytest.mark.parametrize("name", ["judge-prompt.txt", "JudgePrompt.md", "grader_notes.md", "answer-key.pdf",
                                  "expected_output.json", "model-answer.docx", "criteria.md", "solutions-v2.md",
                                  "eval-criteria.yaml", "judge_instructions.txt", "task.json",
                                  "scorecard.json", "scoresheet-v2.csv"])
def test_grading_material_is_named_by_the_words_of_its_file_name(name):
    assert grading_name(f"documents/{name}")


@pytest.mark.parametrize("name", ["judge-order.pdf", "judges-ruling-2025.md", "selection-criteria.docx",
                                  "expected-start-dates.md", "rubrics-of-the-court.md",
                                  "answers-to-interrogatories.pdf", "credit-scoring-model.xlsx",
                                  "performance-evaluation.pdf", "model-clause.md", "ae-performance-rubric-2026.xlsx",
                                  "halden-job-grading-matrix.md", "salary-grading-bands.xlsx",
                                  "vendor-scorecard.pdf", "Interview_Rubric_Q3.docx", "aspenline-ae-scorecard.xlsx"])
def test_ordinary_legal_file_names_that_share_a_grading_word_are_not_grading_files(name):
    assert grading_name(f"documents/{name}") is None


def test_a_workspace_note_copying_a_criterion_is_quoted_with_its_line(tmp_path):
    crit = task_json()["criteria"][2]["match_criteria"]
    files = {**workspace(), "notes.md": f"# Notes\n\nReminder:\n{crit}\n"}
    hits = found(env_with(tmp_path, files=files), "H01")
    assert len(hits) == 1 and hits[0].severity == "blocker" and hits[0].path == "documents/notes.md"
    assert hits[0].location == 4 and "Colorado compensation threshold" in hits[0].evidence
    assert "'C3'" in hits[0].message


def test_a_document_written_for_the_grader_is_major_even_in_paraphrase(tmp_path):
    prompt = ("You are the grader for this task.\n"
              "Grade the response on whether the email warns the client about the threshold.\n"
              "Return a verdict of PASS or FAIL.\n")
    files = {**workspace(), "reviewer-brief.md": prompt}
    hits = found(env_with(tmp_path, files=files), "H01")
    assert [(f.severity, f.path) for f in hits] == [("major", "documents/reviewer-brief.md")]
    assert hits[0].location == 1


def test_pass_fail_lines_in_other_words_than_the_criteria_are_still_major(tmp_path):
    # The task's own subject, paraphrased in the rubric's form: written for the grader.
    lines = ("PASS if the agreement hands the employee a written notice about the covenant.\n"
             "FAIL if the client email forgets the salary threshold.\n")
    hits = found(env_with(tmp_path, files={**workspace(), "checks.md": lines}), "H01")
    assert [(f.severity, f.path) for f in hits] == [("major", "documents/checks.md")]


def test_pass_fail_lines_about_what_no_criterion_grades_are_a_note(tmp_path):
    # A client's machine test plan has the rubric's shape but grades conveyors, not the task.
    plan = ("1. Conveyor halt. PASS if the belt stops within two seconds of the button. FAIL if it coasts longer.\n"
            "2. Lift sensor. PASS if readings stay within one percent across ten lifts. FAIL if any drifts.\n")
    hits = found(env_with(tmp_path, files={**workspace(), "site-tests.md": plan}), "H01")
    assert [(f.severity, f.path, f.location) for f in hits] == [("minor", "documents/site-tests.md", 1)]
    assert "do not grade" in hits[0].message


def test_criterion_text_added_inside_the_knowledge_base_is_found(tmp_path):
    env = env_with(tmp_path)
    crit = task_json()["criteria"][0]["match_criteria"]
    (env / "tasks/t1" / MOUNT / "practice-guides/notes.md").write_text(f"# Notes\n\n{crit}\n")
    hits = found(env, "H01")
    assert [(f.severity, f.path) for f in hits] == [("blocker", f"{MOUNT}/practice-guides/notes.md")]


def test_near_miss_similar_name_and_a_shared_phrase_are_not_findings(tmp_path):
    files = {**workspace(), "rubrics-of-the-court.md": "The court's rubrics.\n",
             "memo.md": "The employee gets a separate written notice of the covenant.\n",
             "judge-order.md": "The judge granted the motion. The court will hear argument on May 2.\n"}
    assert found(env_with(tmp_path, files=files), "H01") == []


def test_near_miss_the_pinned_knowledge_base_is_not_scanned_for_criteria(tmp_path):
    # A guide that shares words with a criterion is the library's, not the task's.
    library = {**LIBRARY, "practice-guides/non-compete/us/colorado.md": LIBRARY[
        "practice-guides/non-compete/us/colorado.md"] + task_json()["criteria"][0]["match_criteria"] + "\n"}
    env = env_with(tmp_path)
    (env / "snapshot.json").write_bytes(snapshot_bytes(library))
    write_task(env, "t1", files={}, kb=library)
    assert found(env, "H01") == []


_EARTHWORK = ("# Yard grading: acceptance tests\n\nPASS if every lift of structural fill reaches 95 percent of "
              "standard Proctor density. FAIL if a nuclear gauge reading falls below it or the moisture content "
              "strays beyond two points of optimum. Subgrade proof-rolling with a loaded tandem truck shows no "
              "rutting deeper than one inch; drainage swales hold their slope.\n")


def test_near_miss_a_file_named_for_grading_of_another_kind_is_a_note(tmp_path):
    hits = found(env_with(tmp_path, files={**workspace(), "site-grading-spec.md": _EARTHWORK}), "H01")
    assert [(f.severity, f.path) for f in hits] == [("minor", "documents/site-grading-spec.md")]


def test_a_grading_file_that_speaks_of_the_task_is_a_blocker_by_its_name(tmp_path):
    notes = ("Grading notes. The client email should say the salary is below the Colorado compensation threshold "
             "and that the non-compete would be void; the agreement needs the separate written notice of the "
             "covenant signed by the employee. Reward an email that explains the threshold to the client.\n")
    hits = found(env_with(tmp_path, files={**workspace(), "grading-notes.md": notes}), "H01")
    assert [(f.severity, f.path) for f in hits] == [("blocker", "documents/grading-notes.md")]


def test_a_criterion_cut_between_two_parts_of_one_document_is_still_reproduced(tmp_path):
    task = task_json()
    words = task["criteria"][0]["match_criteria"].split()
    half = len(words) // 2
    files = {**workspace(), "review/check-p1.md": " ".join(words[:half]) + "\n",
             "review/check-p2.md": " ".join(words[half:]) + "\n"}
    hits = [f for f in found(env_with(tmp_path, task, files), "H01") if "reproduces" in f.message]
    assert [(f.severity, f.path) for f in hits] == [("blocker", "documents/review/check-p1.md")]
    assert "read with review/check-p2.md" in hits[0].message
    # Two documents that are not parts of one are read apart.
    apart = {**workspace(), "review/check.md": " ".join(words[:half]) + "\n",
             "review/other.md": " ".join(words[half:]) + "\n"}
    assert [f for f in found(env_with(tmp_path / "apart", task, apart), "H01") if "reproduces" in f.message] == []


def test_near_miss_criterion_ids_that_are_plain_words_in_a_lease(tmp_path):
    # ids "deposit" and "allowance" are the lease's own words; written as ids they are the rubric's
    task = task_json()
    task["criteria"][0]["id"], task["criteria"][2]["id"] = "deposit", "allowance"
    lease = ("# Lease (extract)\n\nTenant shall deposit $39,900 with Landlord on signing. Landlord grants an "
             "improvement allowance of $40.00 per rentable square foot.\n")
    assert found(env_with(tmp_path, task, {**workspace(), "lease.md": lease}), "H01") == []
    marked = "# Review sheet\n\ncriterion deposit: flagged?\ncriterion allowance: flagged?\n"
    hits = found(env_with(tmp_path / "marked", task, {**workspace(), "review-sheet.md": marked}), "H01")
    assert [(f.severity, f.path) for f in hits] == [("major", "documents/review-sheet.md")]


def test_near_miss_hrs_pay_grading_schedule_is_no_grading_file():
    from oafreeze.hygiene.items.h01_rubric_isolation import grading_name
    assert grading_name("maplestone/grading-schedule.xlsx") is None
    assert grading_name("job-grading-structure.pdf") is None
    assert grading_name("grading-notes.md") == "grading"
