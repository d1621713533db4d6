"""H04 criterion form: ids, titles, both clauses, real deliverables, one claim, LAB's own fields."""

from __future__ import annotations

import pytest

from hygiene_helpers import env_with, found, task_json

from oafreeze.environment import criteria as cr
from oafreeze.hygiene.items.h04_criterion_form import claim_count


def test_duplicate_ids_missing_fail_clause_and_unknown_deliverable(tmp_path):
    task = task_json()
    task["criteria"][1]["id"] = "C1"
    task["criteria"][2]["match_criteria"] = "PASS if client-email.md advises on the salary threshold."
    task["criteria"][2]["deliverables"] = ["client-email.md", "memo.md"]
    hits = found(env_with(tmp_path, task), "H04")
    where = {(f.location, f.evidence) for f in hits}
    assert ("$.criteria[0].id", "C1") in where and ("$.criteria[1].id", "C1") in where
    assert ("$.criteria[2].deliverables", "memo.md") in where
    assert any("'FAIL if'" in f.message and f.location == "$.criteria[2].match_criteria" for f in hits)


def test_a_pass_clause_with_enumerated_claims_is_minor(tmp_path):
    task = task_json()
    task["criteria"][0]["match_criteria"] = ("PASS if agreement.md (1) has a separate notice and (2) names the "
                                             "employer. FAIL if either is missing.")
    hits = found(env_with(tmp_path, task), "H04")
    assert [(f.severity, f.location) for f in hits] == [("minor", "$.criteria[0].match_criteria")]
    assert "(1) has a separate notice" in hits[0].evidence


def test_four_claims_merged_into_one_criterion_are_counted(tmp_path):
    task = task_json()
    task["criteria"][0]["match_criteria"] = (
        "PASS if agreement.md gives a separate notice, names the employer, keeps the 12-month non-solicit and states "
        "that the salary is below the threshold. FAIL if any of these is missing.")
    hits = found(env_with(tmp_path, task), "H04")
    assert [(f.severity, f.location) for f in hits] == [("minor", "$.criteria[0].match_criteria")]
    assert "bundles 4 claims" in hits[0].message


def test_two_claims_about_two_deliverables_are_found(tmp_path):
    task = task_json()
    task["criteria"][2]["deliverables"] = ["client-email.md", "agreement.md"]
    task["criteria"][2]["match_criteria"] = ("PASS if client-email.md explains the salary threshold, and "
                                             "agreement.md cites C.R.S. § 8-2-113. FAIL if either is missing.")
    hits = found(env_with(tmp_path, task), "H04")
    assert len(hits) == 1 and "separate claims about agreement.md and client-email.md" in hits[0].message


def test_claims_are_counted_by_their_verbs_and_reported_propositions():
    assert claim_count("the email tells the client that A is void, B is capped, and C applies")[0] == 3
    assert claim_count("a.md and b.md contain only contract terms")[0] == 1
    assert claim_count("the notice sets out or summarizes the two exceptions")[0] == 1


def test_labs_own_fields_work_type_language_and_source(tmp_path):
    task = task_json()
    task["work_type"] = "summarize"
    task["language"] = "en_US"
    task["criteria"][0]["source"] = "llm"
    hits = {(f.severity, f.location) for f in found(env_with(tmp_path, task), "H04")}
    assert {("major", "$.work_type"), ("major", "$.language"), ("minor", "$.criteria[0].source")} <= hits


def test_near_miss_the_clean_criteria_are_well_formed(tmp_path):
    assert found(env_with(tmp_path), "H04") == []


def test_near_miss_one_rule_applied_to_two_deliverables_is_one_claim(tmp_path):
    task = task_json()
    task["criteria"][1]["deliverables"] = ["agreement.md", "client-email.md"]
    task["criteria"][1]["match_criteria"] = ("PASS if agreement.md and client-email.md contain no source paths. "
                                             "FAIL if either contains \"knowledge-base/\".")
    assert found(env_with(tmp_path, task), "H04") == []


# --- repeated and out-of-order clauses -------------------------------------------------------------


def _clause_hits(tmp_path, text, index=0):
    task = task_json()
    task["criteria"][index]["match_criteria"] = text
    return [f for f in found(env_with(tmp_path, task), "H04") if "clause" in f.message and "claims" not in f.message]


def test_two_pass_clauses_before_the_fail_clause_are_major(tmp_path):
    hits = _clause_hits(tmp_path, "PASS if agreement.md gives a separate notice. PASS if it names the employer. "
                                  "FAIL if the notice is missing.")
    assert [(f.severity, f.location, f.evidence) for f in hits] == [
        ("major", "$.criteria[0].match_criteria", "PASS if it names the employer. FAIL if the notice is missing.")]
    assert "'C1' has 2 'PASS if' clauses (PASS ... PASS ... FAIL)" in hits[0].message


def test_a_pass_clause_after_the_fail_clause_in_lower_case_is_major(tmp_path):
    hits = _clause_hits(tmp_path, "PASS if agreement.md gives a separate notice. FAIL if the notice is missing. "
                                  "Pass if the notice is also signed by the employer.")
    assert [(f.severity, f.evidence) for f in hits] == [("major", "Pass if the notice is also signed by the employer.")]


def test_a_repeated_pass_clause_is_read_as_pass_text_not_as_part_of_the_fail_clause():
    assert cr.clauses("PASS if a.md states $5,000. FAIL if it omits it. PASS if it cites C.R.S. § 8-2-113.") == (
        "a.md states $5,000. it cites C.R.S. § 8-2-113", "it omits it")


def test_two_fail_clauses_and_a_fail_clause_first_are_minor(tmp_path):
    hits = _clause_hits(tmp_path, "PASS if agreement.md gives a separate notice. FAIL if the notice is missing. "
                                  "FAIL if it is buried in the body.")
    assert [(f.severity, f.evidence) for f in hits] == [("minor", "FAIL if it is buried in the body.")]
    hits = _clause_hits(tmp_path / "b", "FAIL if agreement.md has no separate notice. PASS if it has one.")
    assert [f.severity for f in hits] == ["minor"] and "before its PASS clause" in hits[0].message


def test_near_miss_fail_if_in_prose_a_quoted_keyword_and_fail_otherwise_are_one_clause_each(tmp_path):
    text = ("PASS if agreement.md gives a separate notice and warns that a covenant would fail if challenged. "
            "FAIL if the notice is missing or says \"PASS if signed\".")
    assert _clause_hits(tmp_path, text) == []
    assert cr.clauses(text)[0].endswith("would fail if challenged")
    # one rule in two clauses; written without LAB's 'PASS if' it is only a note
    hits = _clause_hits(tmp_path / "b", "PASS when agreement.md gives a separate notice;\nFAIL otherwise, or "
                                        "if the notice is buried in the body.")
    assert [f.severity for f in hits] == ["minor"] and "'PASS when' and 'FAIL otherwise'" in hits[0].message


def test_a_second_sentence_with_its_own_subject_is_a_second_claim(tmp_path):
    task = task_json()
    task["criteria"][0]["match_criteria"] = (
        "PASS if the covenants in agreement.md apply only within named counties, and every restraint in it ends "
        "within two years of the last day of work. FAIL if either is missing.")
    hits = [f for f in found(env_with(tmp_path / "a", task), "H04") if "claims" in f.message]
    assert [(f.severity, f.location) for f in hits] == [("minor", "$.criteria[0].match_criteria")]
    task["criteria"][0]["match_criteria"] = ("PASS if the non-compete in agreement.md lasts 18 months, and the "
                                             "agreement selects Colorado law. FAIL if either is missing.")
    hits = [f for f in found(env_with(tmp_path / "c", task), "H04") if "claims" in f.message]
    assert [f.severity for f in hits] == ["minor"]
    task["criteria"][0]["match_criteria"] = ("PASS if agreement.md names the employer, the employee, and the "
                                             "customers it protects. FAIL if it does not.")
    assert [f for f in found(env_with(tmp_path / "b", task), "H04") if "claims" in f.message] == []


def test_pass_and_fail_written_as_labels_are_a_note_and_a_placeholder_clause_is_major(tmp_path):
    task = task_json()
    task["criteria"][0]["match_criteria"] = "PASS: agreement.md keeps the non-solicit. FAIL: it drops it."
    task["criteria"][1]["match_criteria"] = "PASS if agreement.md states the salary. FAIL if TBD"
    task["criteria"][2]["title"] = "TODO"
    hits = found(env_with(tmp_path, task), "H04")
    assert sorted((f.severity, f.location) for f in hits) == [
        ("major", "$.criteria[1].match_criteria"), ("major", "$.criteria[2].title"),
        ("minor", "$.criteria[0].match_criteria")]


def test_near_miss_a_rule_that_quotes_a_colon_after_the_word_pass(tmp_path):
    task = task_json()
    task["criteria"][0]["match_criteria"] = ("PASS if agreement.md keeps the non-solicit and the word \"pass\" "
                                             "appears nowhere. FAIL if it drops it.")
    assert found(env_with(tmp_path, task), "H04") == []


def test_language_tags_are_read_by_the_whole_bcp47_grammar():
    from oafreeze.hygiene.items.h04_criterion_form import LANGUAGE_TAG

    # extensions, private use, variants, extended language subtags and UN M.49 regions are tags
    for tag in ["en-US-u-ca-gregory", "en-x-legal", "x-house", "de-CH-1996", "zh-yue-HK", "es-419", "sr-Latn-RS"]:
        assert LANGUAGE_TAG.match(tag), tag
    # a language's name, an underscore, an empty subtag or an extension with nothing after it are not
    for text in ["english", "en_US", "en--US", "en-US-u", "en-", "English (US)"]:
        assert not LANGUAGE_TAG.match(text), text


def test_near_miss_a_tag_with_a_unicode_extension_is_a_language_tag(tmp_path):
    task = task_json()
    task["language"] = "en-US-u-ca-gregory"
    assert not [f for f in found(env_with(tmp_path, task), "H04") if f.location == "$.language"]


def test_a_clause_that_grades_a_file_no_deliverable_names_is_major(tmp_path):
    task = task_json()
    c = task["criteria"][2]
    c["match_criteria"] = c["match_criteria"].replace("client-email.md", "client-memo.md", 1)
    assert "client-memo.md" in c["match_criteria"]
    hits = [f for f in found(env_with(tmp_path, task), "H04") if f.evidence == "client-memo.md"]
    assert [(f.severity, f.location) for f in hits] == [("major", "$.criteria[2].match_criteria")]


def test_near_miss_clauses_whose_subjects_are_their_deliverables_or_inputs(tmp_path):
    task = task_json()
    assert [f for f in found(env_with(tmp_path, task), "H04") if "in its PASS clause" in f.message] == []


def test_near_miss_a_deliverable_whose_name_has_spaces_is_its_clauses_subject(tmp_path):
    # The clause names "Client email – final.md" whole; its last word alone is no file the clause grades.
    import json
    task = json.loads(json.dumps(task_json()).replace("client-email.md", "Client email \u2013 final.md"))
    assert "Client email \u2013 final.md" in task["criteria"][2]["match_criteria"]
    assert [f for f in found(env_with(tmp_path, task), "H04") if "in its PASS clause" in f.message] == []


def test_a_fail_clause_pasted_from_another_criterion_is_major(tmp_path):
    task = task_json()
    borrowed = "FAIL if it tells the client that the salary clears the threshold."
    task["criteria"][2]["match_criteria"] = ("PASS if client-email.md tells the client that this salary is below the "
                                             "Colorado threshold. " + borrowed)
    task["criteria"][0]["match_criteria"] = ("PASS if agreement.md gives the employee a separate written notice of "
                                             "the non-compete covenant, signed by the employee. " + borrowed)
    hits = [f for f in found(env_with(tmp_path, task), "H04") if "word for word" in f.message]
    assert [(f.severity, f.location) for f in hits] == [("major", "$.criteria[0].match_criteria")]
    assert "'C3'" in hits[0].message


def test_near_miss_one_fail_clause_shared_by_two_criteria_of_one_subject_is_not_borrowed(tmp_path):
    task = task_json()
    shared = "FAIL if it contains a file path, a bracketed note or internal commentary."
    task["criteria"][1]["match_criteria"] = "PASS if agreement.md contains no file path or internal commentary. " + shared
    task["criteria"][2]["match_criteria"] = ("PASS if client-email.md contains no file path or internal "
                                             "commentary. " + shared)
    assert not [f for f in found(env_with(tmp_path, task), "H04") if "word for word" in f.message]


def test_clause_markers_in_look_alike_letters_are_a_note(tmp_path):
    task = task_json()
    task["criteria"][0]["match_criteria"] = task["criteria"][0]["match_criteria"].replace(
        "PASS if", "PASS \u0130F").replace("FAIL if", "FA\u0130L \u0130F")
    hits = [f for f in found(env_with(tmp_path, task), "H04") if "look" in f.message]
    assert [(f.severity, f.location) for f in hits] == [("minor", "$.criteria[0].match_criteria")]
    assert not [f for f in found(env_with(tmp_path / "clean", task_json()), "H04") if "look" in f.message]


def test_a_fail_clause_that_grades_another_deliverable_is_major(tmp_path):
    task = task_json()
    task["criteria"][2]["match_criteria"] = ("PASS if client-email.md tells the client that the salary is below the "
                                             "Colorado threshold. FAIL if agreement.md keeps the non-compete.")
    hits = [f for f in found(env_with(tmp_path, task), "H04") if "FAIL clause grades" in f.message]
    assert [(f.severity, f.location) for f in hits] == [("major", "$.criteria[2].match_criteria")]
    task["criteria"][2]["deliverables"] = ["client-email.md", "agreement.md"]
    assert not [f for f in found(env_with(tmp_path / "both", task), "H04") if "FAIL clause grades" in f.message]


def test_a_third_verdict_beside_pass_and_fail_is_major(tmp_path):
    task = task_json()
    task["criteria"][0]["match_criteria"] = ("PASS if agreement.md keeps the non-solicit for 12 months tied to trade "
                                             "secrets. FAIL if it keeps a longer term. PARTIAL if the term is 12 months "
                                             "but tied to confidential information generally.")
    task["criteria"][1]["match_criteria"] += " Half credit if it names the employer only in the footer."
    hits = found(env_with(tmp_path, task), "H04")
    assert [(f.severity, f.location) for f in hits] == [("major", "$.criteria[0].match_criteria"),
                                                       ("minor", "$.criteria[1].match_criteria")]
    assert "'PARTIAL'" in hits[0].message and hits[0].evidence.startswith("PARTIAL if the term")
    assert "'Half credit'" in hits[1].message


def test_verdict_words_inside_a_clause_are_not_verdicts(tmp_path):
    task = task_json()
    task["criteria"][0]["match_criteria"] = ("PASS if agreement.md marks Section 3 N/A if the employee is exempt and "
                                             "the note says REVIEW if in doubt. FAIL if it does not.")
    assert [f for f in found(env_with(tmp_path, task), "H04") if "verdict other" in f.message] == []


def test_a_second_requirement_opened_by_separately_is_a_bundled_claim(tmp_path):
    task = task_json()
    task["criteria"][0]["match_criteria"] = ("PASS if agreement.md gives the separate notice. Separately, the agreement "
                                             "must confirm that the venue clause was checked. FAIL if the notice is "
                                             "missing.")
    hits = found(env_with(tmp_path, task), "H04")
    assert [(f.severity, f.location) for f in hits] == [("minor", "$.criteria[0].match_criteria")]
    assert "bundles" in hits[0].message


def test_three_letters_after_a_language_without_extended_subtags_are_no_tag(tmp_path):
    from oafreeze.hygiene.items.h04_criterion_form import language_tag_problem

    # ISO 3166's three-letter region after English: BCP 47 writes regions in two letters or three digits.
    assert "no subtag of 'en'" in language_tag_problem("en-USA")
    assert language_tag_problem("fr-FRA") and language_tag_problem("de-DEU-1996")
    # the registry's extended language subtags belong to their macrolanguages
    for tag in ["zh-yue", "zh-yue-HK", "ar-aeb", "sgn-ase", "ms-zsm", "en-US", "es-419", "yue-HK"]:
        assert language_tag_problem(tag) is None, tag
    task = task_json()
    task["judge_language"] = "en-USA"
    hits = [f for f in found(env_with(tmp_path, task), "H04") if f.location == "$.judge_language"]
    assert [(f.severity, f.evidence) for f in hits] == [("major", "en-USA")]


@pytest.mark.parametrize("rule, flagged", [
    ("PASS when agreement.md gives the notice. FAIL when it does not.", True),
    ("PASS when agreement.md gives the notice. FAIL otherwise.", True),
    ("PASS if agreement.md gives the notice. FAIL when it does not.", False),  # LAB's own marker is there
    ("PASS only if agreement.md gives the notice. FAIL if it does not.", False),
])
def test_clauses_written_only_as_pass_when_and_fail_when_are_a_note(tmp_path, rule, flagged):
    task = task_json()
    task["criteria"][0]["match_criteria"] = rule
    hits = [f for f in found(env_with(tmp_path, task), "H04") if "never 'PASS if'" in f.message]
    assert [(f.severity, f.location) for f in hits] == ([("minor", "$.criteria[0].match_criteria")] if flagged else [])


@pytest.mark.parametrize("second, flagged", [
    ("C1 ", True),            # a trailing space, copied with the criterion
    ("c1", True),             # case only
    ("C\u200b1", True),       # a zero-width space inside
    ("C1-b", False),          # a real difference
])
def test_criterion_ids_that_differ_only_by_spaces_case_or_invisible_characters(tmp_path, second, flagged):
    task = task_json()
    task["criteria"].append({**task["criteria"][0], "id": second, "title": "Notice signed separately"})
    hits = [f for f in found(env_with(tmp_path, task), "H04") if "only by spaces" in f.message]
    assert [(f.severity, f.location) for f in hits] == ([("major", "$.criteria[3].id")] if flagged else [])


@pytest.mark.parametrize("fail, flagged", [
    ("FAIL if client-email.md tells the client that this salary is below the Colorado compensation threshold, so the "
     "non-compete would be void.", True),   # the PASS condition copied over the FAIL clause
    ("FAIL if client-email.md does not tell the client that this salary is below the Colorado compensation threshold, "
     "so the non-compete would be void.", False),  # its negation: a real FAIL clause
    ("FAIL if it says the non-compete is enforceable against this employee.", False),
])
def test_a_fail_clause_that_states_the_pass_condition_again_is_major(tmp_path, fail, flagged):
    task = task_json()
    task["criteria"][2]["match_criteria"] = ("PASS if client-email.md tells the client that this salary is below the "
                                             "Colorado compensation threshold, so the non-compete would be void. " + fail)
    hits = [f for f in found(env_with(tmp_path, task), "H04") if "fails what it passes" in f.message]
    assert [(f.severity, f.location) for f in hits] == ([("major", "$.criteria[2].match_criteria")] if flagged else [])


@pytest.mark.parametrize("rule, severity", [
    ('PASS if agreement.md names "Reyes Holdings, Inc. everywhere. FAIL if the old name "Reyes Inc." remains.',
     "major"),
    ('PASS if agreement.md names Reyes Holdings everywhere. FAIL if the old name \u201cReyes Inc. remains.', "minor"),
    ('PASS if agreement.md names "Reyes Holdings, Inc." everywhere. FAIL if the old name "Reyes Inc." remains.', None),
])
def test_a_quotation_mark_nothing_closes(tmp_path, rule, severity):
    task = task_json()
    task["criteria"][0]["match_criteria"] = rule
    hits = [f for f in found(env_with(tmp_path, task), "H04") if "nothing closes" in f.message]
    assert [f.severity for f in hits] == ([severity] if severity else [])


@pytest.mark.parametrize("title", ["#N/A", "#REF!", "NaN", "None", "null"])
def test_a_title_a_lookup_or_a_script_left_empty_is_a_placeholder(tmp_path, title):
    task = task_json()
    task["criteria"][0]["title"] = title
    hits = [f for f in found(env_with(tmp_path, task), "H04") if f.location == "$.criteria[0].title"]
    assert [f.severity for f in hits] == ["major"] and "placeholder" in hits[0].message
