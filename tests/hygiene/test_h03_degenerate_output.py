"""H03 degenerate output: what a do-nothing or copy-everything output would pass."""

from __future__ import annotations

import pytest

from hygiene_helpers import env_with, found, task_json, workspace

from oafreeze.environment import criteria as cr


def _all_criteria(task: dict, text: str) -> dict:
    for c in task["criteria"]:
        c["match_criteria"] = text.replace("DELIVERABLE", c["deliverables"][0])
    return task


def test_the_pasted_workspace_passing_every_criterion_is_a_blocker(tmp_path):
    task = _all_criteria(task_json(), "PASS if DELIVERABLE states the salary of $95,000. FAIL if it omits it.")
    hits = found(env_with(tmp_path, task), "H03")
    blockers = [f for f in hits if f.severity == "blocker"]
    assert [b.evidence for b in blockers] == ["workspace passes C1, C2, C3"]
    majors = [f for f in hits if f.severity == "major"]
    assert {f.location for f in majors} == {f"$.criteria[{i}].match_criteria" for i in range(3)}
    assert all("documents/offer-facts.md line 4" in f.message and f.evidence.startswith("PASS if") for f in majors)


def test_a_criterion_the_unchanged_template_passes_carries_no_signal(tmp_path):
    task = task_json()
    task["criteria"][0]["match_criteria"] = ('PASS if agreement.md has the heading "Notice to Employee" above '
                                             'the signature. FAIL if the heading is missing.')
    files = {**workspace(), "agreement-template.md": "# Agreement\n\n## Notice to Employee\n\nSign here.\n"}
    hits = found(env_with(tmp_path, task, files), "H03")
    assert len(hits) == 1 and hits[0].location == "$.criteria[0].match_criteria"
    assert "starting template copied unchanged" in hits[0].message
    assert "documents/agreement-template.md line 3" in hits[0].message


def test_literals_pooled_from_several_inputs_are_only_a_note(tmp_path):
    task = task_json()
    task["criteria"][2]["match_criteria"] = ("PASS if client-email.md tells the client that Dana Smith's $95,000 is "
                                             "below the threshold under C.R.S. § 8-2-113. FAIL if it does not.")
    hits = found(env_with(tmp_path, task), "H03")
    assert [(f.severity, f.location) for f in hits] == [("minor", "$.criteria[2].match_criteria")]
    assert "spread over several files" in hits[0].message


def test_a_deliverable_graded_only_on_absence_passes_empty(tmp_path):
    task = task_json()
    task["criteria"][2]["match_criteria"] = ('PASS if client-email.md does not mention "knowledge-base/". '
                                             'FAIL if it contains "knowledge-base/".')
    hits = found(env_with(tmp_path, task), "H03")
    assert [(f.severity, f.location, f.evidence) for f in hits] == [("major", "$.deliverables", "client-email.md")]


def test_pass_unless_is_fail_if_so_a_deliverable_graded_only_that_way_passes_empty(tmp_path):
    task = task_json()
    task["criteria"][2]["match_criteria"] = ('PASS unless client-email.md mentions "knowledge-base/" or quotes the '
                                             'guide. FAIL if it does either.')
    reading = cr.read(task["criteria"][2]["match_criteria"])
    assert reading.absence_only and "knowledge-base/" in [lit.text for lit in reading.forbidden]
    hits = found(env_with(tmp_path, task), "H03")
    assert [(f.severity, f.location, f.evidence) for f in hits] == [("major", "$.deliverables", "client-email.md")]


@pytest.mark.parametrize("claim", ["client-email.md is among the files the agent produces",
                                   "client-email.md exists in the output folder", "the email is saved",
                                   "client-email.md is produced by the agent"])
def test_a_deliverable_graded_only_on_existing_passes_empty(tmp_path, claim):
    task = task_json()
    task["criteria"][2]["match_criteria"] = f"PASS if {claim}. FAIL if it is missing."
    hits = found(env_with(tmp_path, task), "H03")
    assert sorted((f.severity, f.location) for f in hits) == [("major", "$.deliverables"),
                                                               ("minor", "$.criteria[2].match_criteria")]


def test_a_criterion_that_asks_only_for_the_files_format_is_existence_only():
    for claim in ("client-note.md is a plain-text Markdown file that opens in any text editor", "it is a valid JSON file",
                  "client-email.md is a UTF-8 text document"):
        assert cr.EXISTENCE_ONLY.search(claim), claim


@pytest.mark.parametrize("claim", ["client-email.md is produced with the cap stated in it",
                                   "the covenant is present in client-email.md", "client-email.md names the cap",
                                   "agreement.pdf is a signed document", "memo.md is a two-page memo file"])
def test_near_miss_a_claim_about_what_the_file_holds_is_not_existence(claim):
    assert not cr.EXISTENCE_ONLY.search(claim)


def test_a_negative_subject_governs_every_verb_it_shares(tmp_path):
    task = task_json()
    task["criteria"][2]["match_criteria"] = ("PASS if nothing in client-email.md quotes, summarises or refers to the "
                                             "knowledge base. FAIL if client-email.md mentions the knowledge base.")
    hits = found(env_with(tmp_path, task), "H03")  # a note: the prohibition is written for this file alone
    assert [(f.location, f.evidence) for f in hits] == [("$.deliverables", "client-email.md")]
    assert "only demands absence" in hits[0].message
    reading = cr.read("PASS if no part of x.md names the client, and the memo gives the date. FAIL if not.")
    assert [c.positive for c in reading.passes.claims] == [False, True]  # a new subject is not governed


def test_zero_as_the_count_of_what_a_deliverable_holds_demands_only_absence(tmp_path):
    task = task_json()
    task["criteria"][2]["match_criteria"] = ("PASS if client-email.md contains zero file paths and zero quotations "
                                             "from the statute. FAIL if it contains one or more of either.")
    hits = found(env_with(tmp_path, task), "H03")
    assert [(f.location, f.evidence) for f in hits] == [("$.deliverables", "client-email.md")]
    reading = cr.read("PASS if memo.md states that the fee is zero percent and names Dana. FAIL if not.")
    assert reading.passes.positive  # "zero percent" is an amount, not a count of nothing


def test_a_date_is_matched_by_the_day_it_names_whatever_its_form(tmp_path):
    task = task_json()  # the instructions say "December 14, 2026"; the criterion asks for "14 December 2026"
    task["instructions"] += " The raise takes effect on December 14, 2026."
    task["criteria"][2]["match_criteria"] = ("PASS if client-email.md states that the raise takes effect on "
                                             "14 December 2026. FAIL if it gives another date.")
    hits = found(env_with(tmp_path, task), "H03")
    assert any(f.location == "$.criteria[2].match_criteria" and f.severity in ("major", "blocker") for f in hits), hits


def test_a_permission_does_not_hide_an_absence_only_deliverable(tmp_path):
    # "… 18 U.S.C. § 1833(b) notice excepted" permits the notice; it does not demand it, so the
    # agreement is still graded only by what it must not contain.
    task = task_json()
    task["criteria"][0]["match_criteria"] = ("PASS if agreement.md contains only contract terms and signature "
                                             "blocks (legally required notices, such as the 18 U.S.C. § 1833(b) "
                                             "immunity notice, excepted). FAIL if it contains \"knowledge-base/\".")
    hits = found(env_with(tmp_path, task), "H03")
    assert [(f.severity, f.evidence) for f in hits] == [("major", "agreement.md")]


def test_a_prohibition_specific_to_one_deliverable_is_a_note_not_a_failure(tmp_path):
    task = task_json()
    task["criteria"][0]["match_criteria"] = ("PASS if agreement.md contains no non-competition covenant binding Dana "
                                             "after employment ends. FAIL if it contains one.")
    hits = found(env_with(tmp_path, task), "H03")
    assert [(f.severity, f.evidence) for f in hits] == [("minor", "agreement.md")]


def test_near_miss_a_literal_no_input_contains_keeps_its_signal(tmp_path):
    task = task_json()
    task["criteria"][2]["match_criteria"] = ('PASS if client-email.md states that the threshold is $127,091. '
                                             'FAIL if it states another figure.')
    assert found(env_with(tmp_path, task), "H03") == []


def test_near_miss_a_permitted_notice_in_the_starting_form_is_not_a_required_literal(tmp_path):
    task = task_json()
    task["criteria"][1]["match_criteria"] = ("PASS if agreement.md contains only contract terms (legally required "
                                             "notices, such as the 18 U.S.C. § 1833(b) immunity notice, excepted). "
                                             "FAIL if it contains \"knowledge-base/\" or drafting notes.")
    form = "# Agreement template\n\n9. Notice under 18 U.S.C. § 1833(b): immunity for disclosures.\n"
    hits = found(env_with(tmp_path, task, {**workspace(), "agreement-template.md": form}), "H03")
    assert [f for f in hits if f.severity in ("major", "blocker")] == []


def test_near_miss_a_date_given_as_the_reason_is_not_demanded(tmp_path):
    task = task_json()
    task["criteria"][0]["match_criteria"] = ("PASS if agreement.md contains no non-compete, because it is signed on "
                                             "2026-04-01, when the salary of $95,000 is below the threshold. "
                                             "FAIL if it keeps one.")
    hits = found(env_with(tmp_path, task), "H03")
    assert all("carries no signal" not in f.message for f in hits)


# --- exact tokens copied from the inputs: addresses, URLs, phone numbers, identifiers --------------


def test_a_phone_number_copied_from_the_workspace_carries_no_signal(tmp_path):
    task = task_json()
    task["criteria"][2]["match_criteria"] = ("PASS if client-email.md gives the HR contact's number, 303-555-0142. "
                                             "FAIL if the number is missing.")
    hits = found(env_with(tmp_path, task), "H03")
    assert [(f.severity, f.location) for f in hits] == [("major", "$.criteria[2].match_criteria")]
    assert "'303-555-0142' (documents/offer-facts.md line 5)" in hits[0].message


def test_a_matter_number_and_a_url_from_one_input_carry_no_signal(tmp_path):
    task = task_json()
    task["criteria"][2]["match_criteria"] = ("PASS if client-email.md puts matter no. HF-2026-0117 in its subject "
                                             "line and links the guide at https://kb.example.org/guides/colorado. "
                                             "FAIL if either is missing.")
    files = {**workspace(), "engagement.md": ("# Engagement\n\nMatter No.: HF-2026-0117\n"
                                              "Guide: https://kb.example.org/guides/colorado\n")}
    hits = found(env_with(tmp_path, task, files), "H03")
    assert [(f.severity, f.location) for f in hits] == [("major", "$.criteria[2].match_criteria")]
    assert "'HF-2026-0117' (documents/engagement.md line 3)" in hits[0].message
    assert "'https://kb.example.org/guides/colorado' (documents/engagement.md line 4)" in hits[0].message


def test_exact_tokens_are_literals_of_their_own_kind():
    clause = ("it writes to hr@example.com, calls (303) 555-0142, cites Case No. 1:24-cv-01234 and account number "
              "4471-22, and links https://kb.example.org/a/2026-03-01/notice.md.")
    assert [(lit.kind, lit.text) for lit in cr.literals(clause)] == [
        ("email", "hr@example.com"), ("phone", "(303) 555-0142"), ("identifier", "1:24-cv-01234"),
        ("identifier", "4471-22"), ("url", "https://kb.example.org/a/2026-03-01/notice.md")]


def test_near_miss_names_that_look_like_identifiers_are_not_literals():
    clause = ("it lists the changes to Form WA-2021-3 under Section 5 and C.R.S. § 8-2-113 for client 2026 "
              "renewals and the employee 12 months after the claim 7.")
    assert [lit.kind for lit in cr.literals(clause)] == ["citation"]


def test_near_miss_an_address_beside_a_figure_no_input_holds_keeps_its_signal(tmp_path):
    task = task_json()
    task["criteria"][2]["match_criteria"] = ("PASS if client-email.md, sent to hr@example.com, states that the "
                                             "threshold is $127,091. FAIL if it states another figure.")
    assert found(env_with(tmp_path, task), "H03") == []


def test_a_criterion_that_asks_only_for_a_file_name_the_instructions_give(tmp_path):
    task = task_json()
    task["criteria"][2]["match_criteria"] = ("PASS if client-email.md refers to the revised agreement by its file "
                                             "name, agreement.md. FAIL if the email does not mention agreement.md.")
    hits = [f for f in found(env_with(tmp_path, task), "H03") if f.location == "$.criteria[2].match_criteria"]
    assert hits and "instructions echoed back" in hits[0].message


def test_near_miss_a_criterion_that_names_another_deliverable_as_its_subject_matter(tmp_path):
    task = task_json()
    task["criteria"][2]["match_criteria"] = ("PASS if client-email.md explains each change made in agreement.md and "
                                             "why. FAIL if it does not.")
    assert [f for f in found(env_with(tmp_path, task), "H03") if f.location == "$.criteria[2].match_criteria"] == []


def test_near_miss_a_period_no_input_gives_keeps_the_signal_of_a_criterion(tmp_path):
    task = task_json()
    task["instructions"] += " The raise takes effect on December 14, 2026."
    task["criteria"][2]["match_criteria"] = ("PASS if client-email.md says the client has 21 days before the raise "
                                             "takes effect on December 14, 2026. FAIL if it gives another period.")
    assert found(env_with(tmp_path, task), "H03") == []


def test_a_period_the_workspace_gives_in_words_is_matched(tmp_path):
    task = task_json()
    task["instructions"] += " The client has twenty-one (21) days before the raise takes effect on December 14, 2026."
    task["criteria"][2]["match_criteria"] = ("PASS if client-email.md says the client has 21 days before the raise "
                                             "takes effect on December 14, 2026. FAIL if it gives another period.")
    hits = found(env_with(tmp_path, task), "H03")
    assert any(f.location == "$.criteria[2].match_criteria" and f.severity == "major" for f in hits), hits


def test_near_miss_a_period_alone_or_as_a_bound_makes_no_criterion_gradable(tmp_path):
    task = task_json()
    task["instructions"] += " The covenant runs 12 months."
    task["criteria"][2]["match_criteria"] = ("PASS if client-email.md says the covenant runs 12 months. FAIL if it "
                                             "gives another term.")
    task["criteria"][0]["match_criteria"] = ("PASS if agreement.md states the salary of $95,000 and a notice period "
                                             "of no more than 30 days. FAIL if it omits the salary.")
    hits = found(env_with(tmp_path, task), "H03")
    assert [f.location for f in hits if f.severity in ("major", "blocker")] == ["$.criteria[0].match_criteria"], hits


def test_a_rule_on_every_item_the_output_gives_is_met_by_an_empty_output(tmp_path):
    task = task_json()
    task["criteria"][2]["match_criteria"] = ("PASS if every figure client-email.md gives is computed at the 22% "
                                             "supplemental rate. FAIL if any figure in it uses another rate.")
    hits = [f for f in found(env_with(tmp_path, task), "H03") if "only demands absence" in f.message]
    assert [f.evidence for f in hits] == ["client-email.md"]
    reading = cr.read(task["criteria"][2]["match_criteria"])
    assert [c.positive for c in reading.passes.claims] == [False] and not reading.passes.required[1:]


def test_near_miss_a_rule_on_every_item_beside_a_demand_is_no_absence_only_criterion(tmp_path):
    task = task_json()
    task["criteria"][2]["match_criteria"] = ("PASS if client-email.md states the salary of $95,000 and each date it "
                                             "gives is written in full. FAIL if it omits the salary.")
    assert [f for f in found(env_with(tmp_path, task), "H03") if "only demands absence" in f.message] == []


def test_an_amount_in_another_currency_is_a_literal_the_pasted_workspace_carries(tmp_path):
    # A yen, euro or pound amount in a criterion is read as an amount (sign, ISO code, or 円 after
    # it), so the workspace that states it passes the criterion exactly as a dollar amount would.
    for i, (written, in_doc) in enumerate((("¥300,000", "報奨金として300,000円を支払う。"),
                                           ("EUR 40,000", "A relocation allowance of €40,000 is paid."),
                                           ("£950", "The fee is GBP 950."))):
        task = task_json()
        task["criteria"][2]["match_criteria"] = (f"PASS if client-email.md states the reward of {written}. "
                                                 "FAIL if it does not.")
        files = {**workspace(), "reward.md": f"# Reward\n\n{in_doc}\n"}
        hits = found(env_with(tmp_path / str(i), task, files), "H03")
        assert [(f.severity, f.location) for f in hits] == [("major", "$.criteria[2].match_criteria")], written
    assert [lit.text for lit in cr.literals("pays ¥300,000 or 300,000円, EUR 40,000, £950 and $5")
            if lit.kind == "amount"] == ["¥300,000", "300,000円", "EUR 40,000", "£950", "$5"]


def test_near_miss_a_bare_number_or_another_amount_is_not_the_criterions_amount(tmp_path):
    task = task_json()
    task["criteria"][2]["match_criteria"] = "PASS if client-email.md states the reward of ¥300,000. FAIL if not."
    files = {**workspace(), "reward.md": "# Reward\n\nThe reward is ¥250,000; article 300 sets the process.\n"}
    assert [f for f in found(env_with(tmp_path, task, files), "H03")
            if f.location == "$.criteria[2].match_criteria"] == []


def test_contains_only_restricts_even_when_what_it_allows_states_something(tmp_path):
    # "contains only ..., a carve-out stating that ..." allows; it demands nothing an empty file lacks.
    task = task_json()
    task["criteria"][2]["match_criteria"] = ("PASS if client-email.md contains only a greeting, a paragraph stating "
                                             "that the salary is below the threshold, and a signature. FAIL if it "
                                             "contains legal analysis.")
    hits = [f for f in found(env_with(tmp_path, task), "H03") if "only demands absence" in f.message]
    # minor: the restriction is written for this e-mail alone (only an empty or token file passes it)
    assert [(f.severity, f.evidence) for f in hits] == [("minor", "client-email.md")]
    # "states only that ..." demands the statement: an empty e-mail fails it.
    reading = cr.read("PASS if client-email.md states only that the salary is below the threshold. FAIL if not.")
    assert reading.passes.positive


def test_a_date_said_in_passing_in_an_aside_is_no_literal_the_output_must_carry(tmp_path):
    # ", before the agreement goes out on March 23, 2026," says when something else happens; the
    # criterion asks for a decision, which no input holds. The date alone is the demand otherwise.
    passing = cr.read("PASS if client-email.md asks the client to decide, before the agreement goes to Dana on March "
                      "23, 2026, whether to drop the covenant. FAIL if it asks for no decision.")
    assert [lit.text for lit in passing.passes.neutral] == ["March 23, 2026"]
    demand = cr.read("PASS if client-email.md gives the day the agreement goes to Dana, March 23, 2026. FAIL if not.")
    assert [[lit.text for lit in group] for group in demand.passes.required][-1] == ["March 23, 2026"]
    task = task_json()
    task["criteria"][2]["match_criteria"] = (
        "PASS if client-email.md asks the client to decide, before the agreement goes to Dana on March 23, 2026, "
        "whether to drop the covenant. FAIL if it asks for no decision.")
    files = {**workspace(), "calendar.md": "# Calendar\n\n- 2026-03-23: agreement to Dana\n"}
    assert not [f for f in found(env_with(tmp_path, task, files), "H03") if "carries no signal" in f.message]
    # The same workspace against a criterion whose one demand is the date: the inputs carry it.
    task["criteria"][2]["match_criteria"] = ("PASS if client-email.md gives the day the agreement goes to Dana, "
                                             "March 23, 2026. FAIL if not.")
    assert [f for f in found(env_with(tmp_path / "b", task, files), "H03") if "carries no signal" in f.message]


def test_a_date_inside_a_deliverables_name_is_part_of_the_name_not_content(tmp_path):
    task = task_json()
    task["deliverables"] = {"agreement.md": "The agreement.", "client-email-2026-03-02.md": "An e-mail to the client."}
    task["instructions"] = task["instructions"].replace("client-email.md", "client-email-2026-03-02.md")
    task["criteria"][2]["deliverables"] = ["client-email-2026-03-02.md"]
    task["criteria"][2]["match_criteria"] = (
        "PASS if client-email-2026-03-02.md asks the client to decide, before the agreement goes to Dana on April 6, "
        "2026, whether to drop the covenant. FAIL if it asks for no decision.")
    hits = [f for f in found(env_with(tmp_path, task), "H03") if "carries no signal" in f.message]
    assert hits == []  # the echoed instructions hold "2026-03-02" only as part of the name
    from oafreeze.environment.task import Criterion
    from oafreeze.hygiene import degenerate

    names = list(task["deliverables"])
    in_name = degenerate.grading(Criterion.model_validate(task["criteria"][2]), names)
    assert [lit.text for g in in_name.groups for lit in g] == []
    as_content = dict(task["criteria"][2], match_criteria="PASS if client-email-2026-03-02.md states the date "
                                                          "2026-03-02. FAIL if not.")
    assert [lit.text for g in degenerate.grading(Criterion.model_validate(as_content), names).groups
            for lit in g] == ["2026-03-02"]


def test_a_criterion_that_only_limits_length_is_passed_by_an_empty_output(tmp_path):
    task = task_json()
    task["criteria"].append({"id": "C4", "title": "Short", "match_criteria": (
        "PASS if client-email.md is no longer than 250 words. FAIL if it runs past 250 words."),
        "deliverables": ["client-email.md"], "source": "expert"})
    hits = [f for f in found(env_with(tmp_path, task), "H03") if "only limits length" in f.message]
    assert [(f.severity, f.location) for f in hits] == [("minor", "$.criteria[3].match_criteria")]
    # A limit on how the output says what it must say is a demand.
    assert cr.read("PASS if client-email.md explains the change in no more than 250 words.").passes.positive
    assert not cr.read("PASS if the memo does not exceed two pages.").passes.positive


@pytest.mark.parametrize("clause,only", [
    ("client-email.md is written in English", True),
    ("client-email.md is in plain English", True),
    ("client-email.md is drafted entirely in Spanish", True),
    ("client-email.md explains the threshold and is written in English", False),
    ("client-email.md is in Colorado form", False),
])
def test_a_criterion_that_only_asks_for_a_language_is_passed_by_an_echo(tmp_path, clause, only):
    task = task_json()
    task["criteria"].append({"id": "C4", "title": "Language", "match_criteria": (
        f"PASS if {clause}. FAIL otherwise."), "deliverables": ["client-email.md"], "source": "expert"})
    hits = [f for f in found(env_with(tmp_path, task), "H03") if "only asks for the language" in f.message]
    assert [(f.severity, f.location) for f in hits] == ([("minor", "$.criteria[3].match_criteria")] if only else [])


def test_a_pass_branch_that_silence_meets_carries_no_signal(tmp_path):
    task = task_json()
    task["criteria"][2]["match_criteria"] = ("PASS if client-email.md cites C.R.S. § 8-2-113(8) as the source of the "
                                             "$5,000 penalty, or does not discuss the penalty at all. FAIL if it "
                                             "gives another penalty figure.")
    hits = [f for f in found(env_with(tmp_path, task), "H03") if "says nothing" in f.message]
    assert [(f.severity, f.location) for f in hits] == [("major", "$.criteria[2].match_criteria")]
    assert "or does not discuss the penalty at all" in hits[0].message


def test_a_branch_that_is_a_condition_is_no_escape(tmp_path):
    task = task_json()
    task["criteria"][2]["match_criteria"] = ("PASS if client-email.md cites C.R.S. § 8-2-113(8) as the source of the "
                                             "penalty, or, if it does not discuss the penalty, flags that the partner "
                                             "must decide. FAIL if it gives another penalty figure.")
    assert not [f for f in found(env_with(tmp_path, task), "H03") if "says nothing" in f.message]


def test_a_deliverable_graded_only_on_the_items_it_lists_passes_empty(tmp_path):
    task = task_json()
    task["deliverables"]["change-log.md"] = "Each change made to the agreement."
    task["instructions"] += " Also write change-log.md, listing each change you made."
    task["criteria"].append({"id": "C4", "title": "Log scope", "deliverables": ["change-log.md"],
                             "match_criteria": "PASS if every change listed in change-log.md is one of the partner's "
                                               "edits. FAIL if it lists another change."})
    hits = [f for f in found(env_with(tmp_path, task), "H03") if "only rules on what it lists" in f.message]
    assert [(f.severity, f.evidence) for f in hits] == [("major", "change-log.md")]
    task["criteria"][3]["match_criteria"] = ("PASS if change-log.md lists the salary and the threshold. "
                                             "FAIL if it omits either.")
    assert not [f for f in found(env_with(tmp_path / "fine", task), "H03") if "only rules on" in f.message]


@pytest.mark.parametrize("rule", [
    "PASS if every date that client-email.md gives is on or after March 2, 2026. FAIL if it gives an earlier date.",
    "PASS if client-email.md is consistent with agreement.md. FAIL if anything in it contradicts agreement.md.",
])
def test_a_deliverable_graded_only_by_rules_an_empty_output_meets(tmp_path, rule):
    task = task_json()
    task["criteria"][2]["match_criteria"] = rule
    hits = [f for f in found(env_with(tmp_path, task), "H03") if f.location == "$.deliverables"]
    assert [f.evidence for f in hits] == ["client-email.md"]  # major, or minor for a prohibition of its own
    # beside a criterion that demands content, the same rule is a limit on that content, not a defect
    task["criteria"].append({"id": "C4", "title": "Extra", "match_criteria": rule,
                             "deliverables": ["client-email.md"], "source": "expert"})
    task["criteria"][2]["match_criteria"] = task_json()["criteria"][2]["match_criteria"]
    assert not [f for f in found(env_with(tmp_path / "beside", task), "H03") if "C4" in f.message]


def test_a_criterion_that_asks_only_for_a_separate_file_is_existence_only(tmp_path):
    task = task_json()
    task["criteria"].append({"id": "C4", "title": "Extra", "match_criteria": (
        "PASS if client-email.md is delivered as its own file, separate from agreement.md. FAIL if the note is "
        "folded into agreement.md."), "deliverables": ["client-email.md"], "source": "expert"})
    hits = [f for f in found(env_with(tmp_path, task), "H03") if f.location == "$.criteria[3].match_criteria"]
    assert [f.severity for f in hits] == ["minor"] and "only asks that the file exist" in hits[0].message


@pytest.mark.parametrize("clause", ["is silent on the forecast of 2027 legislation",
                                    "refrains from predicting legislation in 2027",
                                    "steers clear of any forecast of 2027 legislation"])
def test_silence_is_an_absence(clause):
    reading = cr.read(f"PASS if client-email.md {clause}. FAIL if it forecasts it.")
    assert not reading.passes.positive


def test_a_percentage_in_words_is_a_literal():
    found = [(lit.kind, lit.text) for lit in cr.literals("PASS if memo.md says the floor is sixty percent of the "
                                                        "threshold, or twenty-five per cent, not 60 per cent.")]
    assert ("percentage", "sixty percent") in found and ("percentage", "twenty-five per cent") in found
    assert ("percentage", "60 per cent") in found


@pytest.mark.parametrize("amount", ["five thousand dollars", "$5,000"])
def test_an_amount_qualified_by_a_phrase_with_or_is_still_required(amount):
    # "per worker or prospective worker" qualifies the amount; it is no alternative to it.
    reading = cr.read(f"PASS if note.md gives the penalty as {amount} per worker or prospective worker harmed. "
                      "FAIL if not.")
    assert (amount,) in [tuple(lit.text for lit in group) for group in reading.passes.required]
    # "... or a later date" is an alternative the proxy cannot demand.
    later = cr.read("PASS if note.md sets December 14, 2026 or a later date. FAIL if not.")
    assert all(lit.kind == "file" for group in later.passes.required for lit in group)


def test_a_deliverable_graded_only_on_its_format_passes_empty(tmp_path):
    task = task_json()
    task["criteria"][2]["match_criteria"] = ("PASS if client-email.md is delivered as a Markdown file under that name. "
                                             "FAIL if it is missing or saved in another format.")
    hits = found(env_with(tmp_path, task), "H03")
    assert ("major", "$.deliverables", "client-email.md") in {(f.severity, f.location, f.evidence) for f in hits}
    assert any(f.severity == "minor" and "only asks that the file exist" in f.message for f in hits)


@pytest.mark.parametrize("claim, limit", [
    ("client-email.md is shorter than agreement.md", True),
    ("it is no longer than the agreement", True),
    ("client-email.md is shorter than 200 words", True),
    ("client-email.md explains why the agreement is shorter than the form", False),
    ("client-email.md is delivered as a signed letter to the client", False),
])
def test_a_length_bound_against_another_document_is_only_a_limit(claim, limit):
    assert bool(cr.LENGTH_LIMIT.search(claim)) is limit


def test_a_criterion_that_only_asks_the_note_be_shorter_than_the_agreement_is_a_note(tmp_path):
    task = task_json()
    task["criteria"].append({"id": "C4", "title": "Short", "match_criteria":
                             "PASS if client-email.md is shorter than agreement.md. FAIL if it is as long or longer.",
                             "deliverables": ["client-email.md", "agreement.md"], "source": "expert"})
    hits = [f for f in found(env_with(tmp_path, task), "H03") if f.location == "$.criteria[3].match_criteria"]
    assert [(f.severity, "only limits length" in f.message) for f in hits] == [("minor", True)]


@pytest.mark.parametrize("clause,only", [
    ("client-email.md runs to at least 250 words", True),
    ("client-email.md is more than two pages long", True),
    ("client-email.md sets out its advice as a Markdown table with a header row and at least three body rows", True),
    ("client-email.md contains a numbered list", True),
    ("client-email.md sets out the changes as a numbered or bulleted list", True),
    ("client-email.md opens with a level-one Markdown heading and sets out the changes as a bulleted list", True),
    ("client-email.md has a title naming the client", False),
    # what explains the shape is set aside: a parenthesis, a closing reason
    ("client-email.md writes at least one date in ISO 8601 form (YYYY-MM-DD), as the firm's docketing system requires",
     True),
    ("client-email.md contains a Markdown table (a header row, then a separator row), the layout the client's mail app "
     "renders", True),
    ("client-email.md gives the salary in the format the client uses", False),
    ("client-email.md sets out a table of each state's threshold and its citation", False),
    ("client-email.md explains the threshold in at least 250 words", False),
])
def test_a_criterion_that_only_asks_for_size_or_shape_is_passed_by_the_pasted_workspace(tmp_path, clause, only):
    task = task_json()
    task["criteria"].append({"id": "C4", "title": "Shape", "match_criteria": (
        f"PASS if {clause}. FAIL otherwise."), "deliverables": ["client-email.md"], "source": "expert"})
    hits = [f for f in found(env_with(tmp_path, task), "H03") if "size or shape" in f.message]
    assert [(f.severity, f.location) for f in hits] == ([("minor", "$.criteria[3].match_criteria")] if only else [])


@pytest.mark.parametrize("cap, flagged", [("", True), (" in no more than 40 words", False)])
def test_a_word_cap_keeps_the_pasted_workspace_from_passing(tmp_path, cap, flagged):
    # The salary is in offer-facts.md: the pasted workspace holds it, unless the criterion caps the length
    # below the workspace's size (as a judge would fail a note that long).
    task = task_json()
    task["criteria"].append({"id": "C4", "title": "Salary", "match_criteria": (
        f"PASS if client-email.md{cap} gives the salary of $95,000. FAIL if it gives another salary."),
        "deliverables": ["client-email.md"], "source": "expert"})
    words = sum(len(t.split()) for t in workspace().values() if isinstance(t, str))
    assert words > 40
    hits = [f for f in found(env_with(tmp_path, task), "H03")
            if f.location == "$.criteria[3].match_criteria" and "workspace" in f.message]
    assert bool(hits) == flagged


def test_a_word_cap_is_read_from_either_clause():
    assert cr.word_cap("the note, in no more than 300 words, gives the date", "") == 300
    assert cr.word_cap("the note gives the date", "the note is longer than 250 words or omits it") == 250
    assert cr.word_cap("the note runs to more than 250 words", "the note is shorter than 250 words") is None
    assert cr.word_cap("the note is 150 words or fewer", "") == 150


@pytest.mark.parametrize("clause, existence", [("is among the files handed in", True),
                                               ("is among the outputs submitted by the agent", True),
                                               ("is among the files handed in and names the agreement", False)])
def test_a_file_among_those_handed_in_is_existence_only(clause, existence):
    reading = cr.read(f"PASS if client-email.md {clause}. FAIL if the file is missing.")
    assert all(map(cr.EXISTENCE_ONLY.search, [c.text for c in reading.passes.claims])) is existence


def test_a_case_caption_is_a_literal_and_one_the_inputs_hold_carries_no_signal(tmp_path):
    captions = [(lit.kind, lit.text) for lit in cr.literals(
        "PASS if memo.md distinguishes Edwards v. Arthur Andersen LLP and Smith vs. Jones Co., Inc. on the facts.")]
    assert ("case", "Edwards v. Arthur Andersen LLP") in captions and ("case", "Smith vs. Jones Co., Inc") in captions
    assert [lit.kind for lit in cr.literals("PASS if it says version 2 v. 3 differ.")] == []
    task = task_json()
    task["criteria"].append({"id": "C4", "title": "Dispute", "match_criteria": (
        "PASS if client-email.md names the earlier dispute by its caption, Reyes Holdings v. Delacroix. FAIL if the "
        "e-mail does not identify it."), "deliverables": ["client-email.md"], "source": "expert"})
    files = {**workspace(), "litigation-memo.md": "# Memo\n\nRe: Reyes Holdings v. Delacroix (2024)\n\nSettled.\n"}
    hits = [f for f in found(env_with(tmp_path, task, files), "H03") if f.location == "$.criteria[3].match_criteria"]
    assert [f.severity for f in hits] == ["major"] and "Reyes Holdings v. Delacroix" in hits[0].message


def test_a_date_in_a_clause_that_describes_a_person_is_said_in_passing():
    reading = cr.read_clause("hold-notice.md is addressed to the six current employees and not to Rowan Achebe, "
                             "who left on November 15, 2026.")
    assert [lit.text for lit in reading.incidental] == ["November 15, 2026"]
    assert all(lit.kind != "date" for group in reading.required for lit in group)
    # a date the output must give stays required
    assert [[lit.text for lit in g] for g in cr.read_clause("the memo says the lease ends on March 1, 2027.").required] \
        == [["March 1, 2027"]]


def test_without_exception_is_no_negation():
    fail = cr.read_clause('it certifies without exception that "No Default has occurred".', fail=True)
    assert [lit.text for lit in fail.forbidden] == ["No Default has occurred"] and fail.required == []
    assert [lit.text for lit in cr.read_clause('the notice is sent without "Confidential" in it.').forbidden] == [
        "Confidential"]


def test_a_section_cited_in_words_is_the_same_citation_as_its_short_form(tmp_path):
    # the statute excerpt cites "C.R.S. § 8-2-113"; a criterion that asks for "Section 8-2-113 of the Colorado
    # Revised Statutes" is passed by the excerpt pasted in
    lit = cr.read_clause("the notice cites Section 2872 of the California Labor Code.").required[0][0]
    assert lit.kind == "citation"
    from oafreeze.corpus import text as tx
    from oafreeze.hygiene import degenerate
    assert degenerate.contains(tx.normalize("Cal. Lab. Code § 2872"), lit)
    assert not degenerate.contains(tx.normalize("Cal. Lab. Code § 28720"), lit)
    short = cr.read_clause("the notice cites Cal. Lab. Code § 2872.").required[0][0]
    assert degenerate.contains(tx.normalize("under Section 2872 of the California Labor Code"), short)


def test_a_fail_clauses_omissions_are_each_required_and_a_state_citation_is_a_literal():
    reading = cr.read("PASS if the note gives the statutory basis. FAIL if it omits the citation La. R.S. 23:921(C) "
                      "or the words \"specified parish or parishes\".")
    assert [[lit.text for lit in g] for g in reading.fails.required] == [["La. R.S. 23:921(C)"],
                                                                         ["specified parish or parishes"]]
    assert [lit.text for lit in cr.literals("cites C.R.S. 8-2-113(2) and ORS 653.295")] == ["C.R.S. 8-2-113(2)",
                                                                                            "ORS 653.295"]


def test_a_second_predicate_after_or_ends_the_negation():
    fail = cr.read_clause('that row is missing or classifies it as "compliant".', fail=True)
    assert [lit.text for lit in fail.forbidden] == ["compliant"] and fail.required == []


def test_an_application_number_keeps_its_thousands():
    assert [lit.text for lit in cr.literals("identifies U.S. Patent Application No. 18/904,217.")] == ["18/904,217"]


def test_a_short_label_the_knowledge_base_holds_somewhere_is_a_note(tmp_path):
    task = task_json()
    task["criteria"][2]["match_criteria"] = ('PASS if client-email.md rates the covenant risk "void". FAIL if it '
                                             'rates it "enforceable".')
    files = {**workspace(), "risk-scale.md": "Our scale: void, doubtful. Anything void is flagged.\n"}
    hits = [f for f in found(env_with(tmp_path, task, files), "H03") if "'C3'" in f.message]
    assert [f.severity for f in hits] == ["minor"] and "short labels" in hits[0].message
