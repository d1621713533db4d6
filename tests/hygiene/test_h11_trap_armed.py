"""H11 trap armed: the declared trap is there, detected, and tempting."""

from __future__ import annotations

import pytest

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


# -- criteria that exist but do not test the trap ------------------------------------------------------------

def _untested(tmp_path, task) -> list:
    return [f for f in found(env_with(tmp_path, task), "H11") if f.location == "$.oafreeze.trap.criteria"]


def test_a_placement_trap_detected_only_by_a_criterion_on_the_advisory_deliverable_is_minor(tmp_path):
    task = task_json()
    task["criteria"][2]["match_criteria"] = ("PASS if client-email.md gives the legal analysis: the salary is below "
                                             "the Colorado threshold. FAIL if it gives no analysis.")
    task["oafreeze"]["trap"]["criteria"] = ["C3"]
    hits = _untested(tmp_path, task)
    assert [f.severity for f in hits] == ["minor"] and "C3" in hits[0].evidence
    assert "advisory material" in hits[0].message


def test_a_threshold_trap_whose_criterion_grades_something_else_is_minor(tmp_path):
    task = task_json()
    task["oafreeze"]["trap"] = {
        "kind": "threshold", "description": "Dana's $95,000 salary is under the compensation threshold, so the "
                                            "non-compete is void and must come out of the agreement.",
        "anchors": [{"file": "offer-facts.md", "quote": "Salary: $95,000 a year"}], "criteria": ["C1"]}
    hits = _untested(tmp_path, task)
    assert [f.severity for f in hits] == ["minor"] and "threshold trap" in hits[0].message


def test_near_miss_a_threshold_trap_whose_criterion_names_the_salary(tmp_path):
    task = task_json()
    task["criteria"][2]["match_criteria"] = ("PASS if client-email.md tells the client that the $95,000 salary is "
                                             "below the threshold. FAIL if it says the non-compete is enforceable.")
    task["oafreeze"]["trap"] = {
        "kind": "threshold", "description": "Dana's $95,000 salary is under the compensation threshold.",
        "anchors": [{"file": "offer-facts.md", "quote": "Salary: $95,000 a year"}], "criteria": ["C1", "C3"]}
    assert _untested(tmp_path, task) == []


def test_near_miss_a_placement_trap_that_also_lists_an_unrelated_criterion(tmp_path):
    task = task_json()
    task["oafreeze"]["trap"]["criteria"] = ["C1", "C2"]
    assert found(env_with(tmp_path, task), "H11") == []


def test_an_anchor_that_matches_only_with_other_capitals_is_minor(tmp_path):
    task = task_json()
    task["oafreeze"]["trap"]["anchors"][0]["quote"] = "Walk the Employee through the threshold math"
    hits = found(env_with(tmp_path, task), "H11")
    assert [(f.severity, f.location) for f in hits] == [("minor", "$.oafreeze.trap.anchors[0].quote")]
    assert "capitals" in hits[0].message
    # A line break where the file has a space is how a quote is written; a run of spaces copied from a
    # justified print is not in the file, and a literal search misses it: a note.
    task["oafreeze"]["trap"]["anchors"][0]["quote"] = "walk the employee\nthrough the threshold math"
    assert found(env_with(tmp_path / "break", task), "H11") == []
    task["oafreeze"]["trap"]["anchors"][0]["quote"] = "walk  the employee\nthrough the threshold math"
    hits = found(env_with(tmp_path / "spacing", task), "H11")
    assert [(f.severity, f.location) for f in hits] == [("minor", "$.oafreeze.trap.anchors[0].quote")]
    assert "other spacing" in hits[0].message


def test_an_anchor_copied_as_a_whole_line_where_the_file_runs_on_is_minor(tmp_path):
    task = task_json()  # partner-notes.md: "... walk the employee through the threshold math and cite ..."
    task["oafreeze"]["trap"]["anchors"][0]["quote"] = "walk the employee through the threshold math\n"
    hits = found(env_with(tmp_path, task), "H11")
    assert [(f.severity, f.location) for f in hits] == [("minor", "$.oafreeze.trap.anchors[0].quote")]
    assert "line break" in hits[0].message and hits[0].evidence.endswith("math\\n'")
    # The same quote where the file does end the line there: nothing.
    files = {**workspace(), "partner-notes.md": "# Partner notes\n\nIn the agreement, walk the employee through "
             "the threshold math\nand cite our practice guide.\n"}
    assert found(env_with(tmp_path / "ends", task, files), "H11") == []


def test_an_anchor_that_matches_only_with_other_quote_marks_is_minor(tmp_path):
    task = task_json()
    files = workspace()
    name = task["oafreeze"]["trap"]["anchors"][0]["file"].removeprefix("documents/")
    files[name] = files[name].replace("walk the employee through the threshold math",
                                      "walk the employee through the \u201cthreshold\u201d math")
    task["oafreeze"]["trap"]["anchors"][0]["quote"] = 'walk the employee through the "threshold" math'
    hits = found(env_with(tmp_path, task, files=files), "H11")
    assert [(f.severity, f.location) for f in hits] == [("minor", "$.oafreeze.trap.anchors[0].quote")]
    assert "quote marks or dashes" in hits[0].message


def test_a_trap_kind_its_description_says_nothing_of_is_a_note(tmp_path):
    task = task_json()
    assert found(env_with(tmp_path / "a", task), "H11") == []  # the helper's placement trap fits its kind
    task["oafreeze"]["trap"]["kind"] = "effective-date"
    hits = [f for f in found(env_with(tmp_path / "b", task), "H11") if f.location == "$.oafreeze.trap.kind"]
    assert [(f.severity, f.evidence) for f in hits] == [("minor", "effective-date")]
    assert "placement" in hits[0].message


def test_near_miss_a_kind_of_the_same_family_and_a_kind_the_audit_does_not_know(tmp_path):
    task = task_json()
    for kind in ("operative-placement", "knowledge-base-copying"):
        task["oafreeze"]["trap"]["kind"] = kind
        assert [f for f in found(env_with(tmp_path / kind, task), "H11") if f.location == "$.oafreeze.trap.kind"] == []


def test_a_trap_left_with_placeholders_is_major(tmp_path):
    task = task_json()
    task["oafreeze"]["trap"]["kind"] = "TBC"
    task["oafreeze"]["trap"]["description"] = "TBD - to fill in after calibration"
    hits = found(env_with(tmp_path, task), "H11")
    assert {(f.severity, f.location) for f in hits if "placeholder" in f.message} == {
        ("major", "$.oafreeze.trap.kind"), ("major", "$.oafreeze.trap.description")}


@pytest.mark.parametrize("written", ["./documents/partner-notes.md", "documents/./partner-notes.md", "./partner-notes.md"])
def test_near_miss_an_anchor_file_written_with_dot_slash_names_the_same_file(tmp_path, written):
    task = task_json()
    task["oafreeze"]["trap"]["anchors"][0]["file"] = written
    assert found(env_with(tmp_path, task), "H11") == []


def test_an_anchor_file_that_climbs_out_of_the_task_is_not_a_workspace_file(tmp_path):
    task = task_json()
    task["oafreeze"]["trap"]["anchors"][0]["file"] = "./documents/../../t2/documents/partner-notes.md"
    assert "$.oafreeze.trap.anchors[0].file" in [f.location for f in found(env_with(tmp_path, task), "H11")]


def _scope_task() -> dict:
    task = task_json()
    task["oafreeze"]["trap"]["anchors"].append({"file": "partner-notes.md",
                                                "quote": "Do not change anything else in the agreement."})
    return task


def _notes(more: str) -> dict:
    notes = ("# Partner notes\n\nIn the agreement, walk the employee through the threshold math and cite our practice "
             "guide. Do not change anything else in the agreement.\n\n" + more)
    return {**workspace(), "partner-notes.md": notes}


@pytest.mark.parametrize("more", ["P.S. On reflection, if anything else is unenforceable, fix it in the agreement.\n",
                                  "Feel free to change the recitals too.\n",
                                  "No need to check with me before you send it.\n",
                                  "P.S. If you spot anything in the agreement that would not hold up in Colorado, fix "
                                  "it in the agreement too; no need to ask me first.\n",
                                  "The one exception: if a provision is unlawful as it stands, fix it as well.\n",
                                  "Do fix any unlawful provisions you find.\n",
                                  "P.S. If anything in the draft would not hold up in Colorado, fix it in the agreement "
                                  "itself rather than raising it with me.\n"])
def test_a_later_passage_that_lifts_the_anchored_limit_disarms_the_trap(tmp_path, more):
    hits = [f for f in found(env_with(tmp_path, _scope_task(), _notes(more)), "H11") if "lifts" in f.message]
    assert [(f.severity, f.path) for f in hits] == [("major", "documents/partner-notes.md")]


@pytest.mark.parametrize("more", ["If anything else looks unenforceable, flag it in your note rather than fix it.\n",
                                  "If you spot anything that would not hold up, raise it in your note and do not fix "
                                  "it.\n",
                                  "If anything would not hold up, raise it with me rather than fix it yourself.\n",
                                  # the limit said again, after an anchor on the subject line's "edits only"
                                  "Please do not edit anything else, whatever you find.\n"])
def test_near_miss_a_later_passage_that_keeps_the_limit_is_not_a_lift(tmp_path, more):
    assert not [f for f in found(env_with(tmp_path, _scope_task(), _notes(more)), "H11") if "lifts" in f.message]


def test_an_anchor_struck_through_is_withdrawn(tmp_path):
    files = {**workspace(), "partner-notes.md": "# Partner notes\n\nIn the agreement, ~~walk the employee through "
                                                "the threshold math~~ keep to the terms.\n"}
    hits = [f for f in found(env_with(tmp_path, files=files), "H11") if "struck through" in f.message]
    assert [(f.severity, f.location) for f in hits] == [("major", 3)]


def test_a_placement_traps_material_walled_off_by_the_instructions_is_unarmed(tmp_path):
    task = task_json()
    task["instructions"] += " Do not open documents/partner-notes.md; it is privileged."
    hits = [f for f in found(env_with(tmp_path, task), "H11") if "not to open" in f.message]
    assert [(f.severity, f.location) for f in hits] == [("major", "$.instructions")]
    task["oafreeze"]["trap"]["kind"] = "instruction-scope"  # obeying the instruction may be the test itself
    assert not [f for f in found(env_with(tmp_path / "scope", task), "H11") if "not to open" in f.message]


@pytest.mark.parametrize("after, withdrawn", [
    (" She has since dropped the threshold walk-through, so keep it short.", True),
    (" Scratch that: it only confuses employees.", True),
    (" We no longer want the old cover page, though.", False),
    (" If the client has dropped the raise, say so in the email.", False),
])
def test_an_anchor_its_author_withdraws_later_in_the_file(tmp_path, after, withdrawn):
    notes = workspace()["partner-notes.md"]
    files = {**workspace(), "partner-notes.md": notes.replace("threshold math", "threshold math." + after, 1)}
    hits = [f for f in found(env_with(tmp_path, files=files), "H11") if "withdraw" in f.message]
    assert [f.severity for f in hits] == (["major"] if withdrawn else [])


@pytest.mark.parametrize("kind, sentence, flagged", [
    ("threshold", "Leave the non-compete out, because Dana's $95,000 is below Colorado's threshold.", True),
    ("effective-date", "Dana signs in 2027, when the salary is under the new floor, so no non-compete.", True),
    ("threshold", "Check whether Dana's salary is below the threshold before you draft.", False),
    # the comparison said back to a floor named earlier in the sentence
    ("effective-date", "Dana signs on January 5, 2027, when the floor is $80,000; Dana's $78,500 is below it, so the "
     "non-compete must come out.", True),
    ("threshold", "The floor is $80,000 and the offer sits below that figure, so no non-compete.", True),
    ("threshold", "The floor is $80,000; check whether the offer is below it before you draft.", False),
    ("placement", "Leave the non-compete out, because Dana's $95,000 is below Colorado's threshold.", False),
    # the pay placed between two thresholds, and what follows said in the next sentence
    ("threshold", "Dana's salary falls between Colorado's two thresholds. So leave the non-compete out and keep the "
     "non-solicit.", True),
    ("threshold", "Dana's salary falls between Colorado's two thresholds. Draft the agreement the law allows.", False),
])
def test_a_threshold_or_timing_trap_whose_answer_the_task_states(tmp_path, kind, sentence, flagged):
    task = task_json()
    task["oafreeze"]["trap"]["kind"] = kind
    task["instructions"] += " " + sentence
    hits = [f for f in found(env_with(tmp_path, task), "H11") if "states the answer" in f.message]
    assert [(f.severity, f.location) for f in hits] == ([("major", "$.instructions")] if flagged else [])


def test_a_deliverable_description_can_give_the_answer_away(tmp_path):
    task = task_json()
    task["oafreeze"]["trap"]["kind"] = "threshold"
    task["deliverables"]["agreement.md"] = "The agreement, without a non-compete: Dana's pay is below the threshold."
    hits = [f for f in found(env_with(tmp_path, task), "H11") if "states the answer" in f.message]
    assert [f.location for f in hits] == ["$.deliverables['agreement.md']"]


@pytest.mark.parametrize("rule, excused", [
    ("PASS if agreement.md has no drafting commentary, unless the partner asked for it. FAIL otherwise.", True),
    ("PASS if agreement.md has no commentary. FAIL if it has commentary the partner did not request.", True),
    ("PASS if agreement.md has no commentary, even if the partner asked for it. FAIL otherwise.", False),
    ("PASS if agreement.md has no commentary, unless the statute requires a notice. FAIL otherwise.", False),
])
def test_a_detecting_criterion_that_excuses_the_mistake_when_asked(tmp_path, rule, excused):
    task = task_json()
    task["criteria"][1]["match_criteria"] = rule  # C2, which the trap lists
    hits = [f for f in found(env_with(tmp_path, task), "H11") if "excuses it" in f.message]
    assert [f.severity for f in hits] == (["major"] if excused else [])


def test_near_miss_in_a_scope_trap_what_nobody_asked_for_is_the_mistake(tmp_path):
    task = task_json()
    task["oafreeze"]["trap"]["kind"] = "instruction-scope"
    task["criteria"][1]["match_criteria"] = ("PASS if agreement.md changes only the salary clause. FAIL if it makes "
                                             "any change the partner did not ask for.")
    assert not [f for f in found(env_with(tmp_path, task), "H11") if "excuses it" in f.message]


def test_an_anchor_that_is_a_tracked_deletion_is_withdrawn(tmp_path):
    import docwriters as dw
    quote = "walk the employee through the threshold math"
    task = task_json()
    task["oafreeze"]["trap"]["anchors"].append({"file": "markup.docx", "quote": quote})
    deleted = dw.with_tracked_deletion(dw.docx(["Partner markup."]), f"In the agreement, {quote}.", split=10)
    hits = [f for f in found(env_with(tmp_path, task, {**workspace(), "markup.docx": deleted}), "H11")
            if "tracked deletion" in f.message]
    assert [(f.severity, f.path) for f in hits] == [("major", "documents/markup.docx")]
    kept = dw.docx(["Partner markup.", f"In the agreement, {quote}."])
    assert not [f for f in found(env_with(tmp_path / "kept", task, {**workspace(), "markup.docx": kept}), "H11")
                if "tracked deletion" in f.message]


def _threshold_trap(description: str) -> dict:
    task = task_json()
    task["oafreeze"]["trap"].update(kind="threshold", description=description)
    return task


@pytest.mark.parametrize("extra", ["", "Signing bonus: $0.\n"])
def test_an_amount_the_trap_builds_on_that_no_document_gives_is_major(tmp_path, extra):
    # HR revised the offer: the salary the trap is about is gone from the workspace. A zero elsewhere
    # in the workspace works nothing out (the salary less nothing is not a gap).
    task = _threshold_trap("Dana Smith's $95,000 falls below the $123,750 threshold: the non-compete must go.")
    files = {**workspace(), "colorado-statute-excerpt.md": workspace()["colorado-statute-excerpt.md"] +
             "\nThreshold for 2026: $123,750.\n" + extra}
    files["offer-facts.md"] = files["offer-facts.md"].replace("$95,000", "$131,000")
    hits = [f for f in found(env_with(tmp_path, task, files), "H11") if f.location == "$.oafreeze.trap.description"]
    assert [(f.severity, f.evidence) for f in hits] == [("major", "$95,000")]


@pytest.mark.parametrize("salary", ["$95,000", "95,000 USD", "$95k", "95000"])
def test_amounts_the_workspace_gives_in_any_form_or_that_the_description_works_out_are_not(tmp_path, salary):
    task = _threshold_trap("Dana Smith's $95,000 falls $28,750 short of the $123,750 threshold: the non-compete "
                           "must go.")
    files = {**workspace(), "colorado-statute-excerpt.md": workspace()["colorado-statute-excerpt.md"] +
             "\nThreshold for 2026: $123,750.00.\n"}
    files["offer-facts.md"] = files["offer-facts.md"].replace("$95,000", salary)
    hits = [f for f in found(env_with(tmp_path, task, files), "H11") if f.location == "$.oafreeze.trap.description"]
    assert hits == []


@pytest.mark.parametrize("passing, flagged", [
    ("PASS if agreement.md keeps the 12-month non-compete the client asked for. FAIL if it is dropped.", True),
    ("PASS if agreement.md still contains a non-compete limited to Colorado. FAIL if not.", True),
    ("PASS if agreement.md contains no non-compete. FAIL if it keeps one.", False),
    ("PASS if agreement.md keeps the customer non-solicit and drops the non-compete. FAIL if not.", False),
    ("PASS if agreement.md does not keep the non-compete. FAIL if it does.", False),
    ("PASS if agreement.md keeps the form's non-competition covenant for 12 months. FAIL if it is dropped.", True),
    ("PASS if agreement.md keeps the non-competes out. FAIL if not.", False),
    ("PASS if agreement.md keeps the non-competition covenant out of the agreement. FAIL if not.", False),
])
def test_a_detecting_criterion_that_passes_what_the_trap_says_must_go_is_major(tmp_path, passing, flagged):
    task = task_json()
    task["oafreeze"]["trap"]["description"] = "Dana Smith's $95,000 is below the threshold: the non-compete must go."
    task["oafreeze"]["trap"]["criteria"] = ["C1"]
    task["criteria"][0]["match_criteria"] = passing
    hits = [f for f in found(env_with(tmp_path, task), "H11") if "rewards the mistake" in f.message]
    assert [(f.severity, f.location) for f in hits] == ([("major", "$.criteria[0].match_criteria")] if flagged else [])


@pytest.mark.parametrize("signing, moved", [("2026-04-01", True),   # before the change: the trap's law never applies
                                            ("2026-05-12", False),  # a later day, still after the change (H10's)
                                            ("2026-04-20", False)])  # the trap's own day
def test_a_trap_built_on_a_signing_after_a_change_that_the_workspace_dates_before_it(tmp_path, signing, moved):
    task = task_json()  # as_of 2026-03-02; the seeded law's effective date is 2022-08-10
    task["oafreeze"]["seeded_law"][0]["effective_date"] = "2026-04-15"
    task["oafreeze"]["trap"]["description"] = ("The agreement will be signed on April 20, 2026, after the statute "
                                               "takes effect on April 15, 2026; the old form predates it.")
    files = {**workspace(), "offer-facts.md": workspace()["offer-facts.md"] +
             f"- Agreement to be signed on Dana's first day: {signing}\n"}
    hits = [f for f in found(env_with(tmp_path, task, files), "H11") if "the trap rests on" in f.message]
    assert [(f.severity, f.path) for f in hits] == ([("major", "documents/offer-facts.md")] if moved else [])
    assert all("2026-04-15" in f.message and signing in f.message for f in hits)


def test_near_miss_a_trap_that_tells_the_agents_wrong_date_is_not_its_own(tmp_path):
    # "An agent that assumes the signing is on April 1, 2026" tells the mistake, not the task's facts.
    task = task_json()
    task["oafreeze"]["seeded_law"][0]["effective_date"] = "2026-04-15"
    task["oafreeze"]["trap"]["description"] = ("An agent that assumes the agreement is signed on April 1, 2026 applies "
                                               "the old law; the statute takes effect on April 15, 2026.")
    files = {**workspace(), "offer-facts.md": workspace()["offer-facts.md"] +
             "- Agreement to be signed on Dana's first day: 2026-04-20\n"}
    assert [f for f in found(env_with(tmp_path, task, files), "H11") if "the trap rests on" in f.message] == []


def test_a_signing_moved_before_the_change_in_a_line_that_also_gives_the_start(tmp_path):
    # One line, two days: the signing's (before the change) and, in parentheses, the start's (after it).
    task = task_json()
    task["oafreeze"]["seeded_law"][0]["effective_date"] = "2026-04-15"
    task["oafreeze"]["trap"]["description"] = "The agreement will be signed on April 20, 2026, when the statute applies."
    files = {**workspace(), "offer-facts.md": workspace()["offer-facts.md"] +
             "- Agreement to be signed at a pre-start orientation: April 1, 2026 (first day of work: April 20, 2026)\n"}
    hits = [f for f in found(env_with(tmp_path, task, files), "H11") if "the trap rests on" in f.message]
    assert [(f.severity, f.path) for f in hits] == [("major", "documents/offer-facts.md")]
    assert "2026-04-01" in hits[0].message


def test_a_placement_criterion_whose_title_promises_the_rule_its_text_dropped_detects_nothing(tmp_path):
    task = task_json()  # a placement trap detected by C2
    c2 = next(c for c in task["criteria"] if c["id"] == "C2")
    c2["title"] = "No legal analysis or advice in the agreement"
    c2["match_criteria"] = "PASS if agreement.md ends with signature blocks for both parties. FAIL if one is missing."
    hits = [f for f in found(env_with(tmp_path, task), "H11") if "keeps advisory material" in f.message]
    assert [(f.severity, f.location) for f in hits] == [("minor", "$.oafreeze.trap.criteria")]


@pytest.mark.parametrize("line, flagged", [("Work location: Salt Lake City, Utah", True),
                                           ("Riley is working remotely from Boise, Idaho.", True),
                                           ("Work location: Denver, Colorado", False),
                                           ("Customers: merchant accounts in Utah and Idaho.", False)])
def test_facts_that_put_the_work_in_another_state_than_the_tasks_jurisdiction(tmp_path, line, flagged):
    files = {**workspace(), "offer-facts.md": workspace()["offer-facts.md"] + line + "\n"}
    hits = [f for f in found(env_with(tmp_path, task_json(), files), "H11") if "puts the work in" in f.message]
    assert [(f.severity, f.path) for f in hits] == ([("minor", "documents/offer-facts.md")] if flagged else [])


@pytest.mark.parametrize("salary, flagged", [
    ("$95,000 base salary plus a guaranteed first-year retention payment of $30,000", True),
    ("$95,000 a year + $30,000 sign-on bonus", True),
    ("$95,000 a year plus a $5,000 relocation allowance", False),   # still short of the threshold
    ("$95,000 a year; no bonus or commission", False),
    ("$95,000 a year; the non-compete threshold is $123,750", False),  # the threshold is no added pay
])
def test_pay_added_to_the_threshold_traps_figure_past_its_threshold(tmp_path, salary, flagged):
    task = task_json()
    task["oafreeze"]["trap"] = {
        "kind": "threshold",
        "description": "Dana's $95,000 falls below Colorado's $123,750 non-compete threshold: the non-compete must go.",
        "anchors": [{"file": "offer-facts.md", "quote": "Salary:"}], "criteria": ["C3"]}
    files = {**workspace(), "offer-facts.md": workspace()["offer-facts.md"].replace("$95,000 a year", salary)}
    hits = [f for f in found(env_with(tmp_path, task, files), "H11") if "more pay added" in f.message]
    assert [(f.severity, f.path) for f in hits] == ([("minor", "documents/offer-facts.md")] if flagged else [])


def test_near_miss_an_anchor_before_the_sentence_that_restates_the_limit(tmp_path):
    # The anchor is the subject line's "three edits only"; the body's "Do not change anything else" repeats it.
    task = task_json()
    task["oafreeze"]["trap"]["anchors"].append({"file": "partner-notes.md", "quote": "three edits only"})
    notes = ("# Partner notes\n\nSubject: renewal, three edits only\n\nIn the agreement, walk the employee through the "
             "threshold math and cite our practice guide. Do not change anything else in the agreement.\n")
    hits = [f for f in found(env_with(tmp_path, task, {**workspace(), "partner-notes.md": notes}), "H11")
            if "lifts" in f.message]
    assert hits == []


@pytest.mark.parametrize("amount, flagged", [("$95,950", False), ("$96,500", True)])
def test_a_trap_figure_no_document_gives_unless_it_is_worked_out(tmp_path, amount, flagged):
    # $95,950 is the $95,000 salary with the $950 the description names added: worked out, not a lost fact
    task = task_json()
    task["oafreeze"]["trap"]["description"] = (f"The partner's notes invite the threshold math; with the $950 "
                                               f"stipend the pay is {amount}, still below the threshold.")
    hits = [f for f in found(env_with(tmp_path, task), "H11") if "no document of the task" in f.message]
    assert bool(hits) is flagged
