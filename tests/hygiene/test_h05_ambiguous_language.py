"""H05 ambiguous grading language: vague standards, and "the document" among several deliverables."""

from __future__ import annotations

import pytest

from hygiene_helpers import env_with, found, task_json, workspace


def _with(tmp_path, text, index=0, deliverables=None):
    task = task_json()
    task["criteria"][index]["match_criteria"] = text
    if deliverables is not None:
        task["criteria"][index]["deliverables"] = deliverables
    return found(env_with(tmp_path, task), "H05")


def test_a_vague_word_is_reported_with_its_sentence(tmp_path):
    hits = _with(tmp_path, "PASS if agreement.md gives an appropriate notice of the covenant. "
                           "FAIL if the notice is missing.")
    assert [(f.severity, f.location, f.evidence) for f in hits] == [
        ("minor", "$.criteria[0].match_criteria", "PASS if agreement.md gives an appropriate notice of the covenant.")]


@pytest.mark.parametrize("word", ["suitable", "well-drafted", "inadequate", "thorough", "high-quality",
                                  "satisfactory", "sufficiently clear"])
def test_the_vocabulary_of_taste_is_vague(tmp_path, word):
    hits = _with(tmp_path, f"PASS if agreement.md has a {word} customer covenant. FAIL if it does not.")
    assert hits and hits[0].severity == "minor"


@pytest.mark.parametrize("phrase", ["gives Maplestone a helpful explanation of", "gives HR practical guidance on",
                                    "lists useful next steps for", "gives an informative account of",
                                    "lists, in a logical order, the changes to", "gives a coherent account of"])
def test_a_use_with_no_measure_is_vague(tmp_path, phrase):
    hits = _with(tmp_path, f"PASS if client-email.md {phrase} the customer covenant. FAIL if it does not.")
    assert [f.severity for f in hits] == ["minor"], phrase


def test_near_miss_practical_as_a_plain_word_is_not_a_use_with_no_measure(tmp_path):
    assert _with(tmp_path, "PASS if client-email.md explains the practical effect of the customer covenant. "
                           "FAIL if it does not.", index=2) == []


@pytest.mark.parametrize("phrase", ["is fit for purpose and", "is up to standard and", "is polished and"])
def test_british_words_of_taste_are_vague(tmp_path, phrase):
    # "is fit for purpose" is a claim of its own, with nothing to check but taste: major.
    hits = _with(tmp_path, f"PASS if agreement.md {phrase} names the customer covenant. FAIL if it does not.")
    assert hits and hits[0].severity == "major"


@pytest.mark.parametrize("phrase", ["gives a fair and balanced account of", "gives an even-handed summary of",
                                    "gives a balanced view of", "gives a nuanced account of"])
def test_balance_and_fairness_are_taste(tmp_path, phrase):
    hits = _with(tmp_path, f"PASS if client-email.md {phrase} the thresholds. FAIL if it does not.")
    assert [f.severity for f in hits] == ["minor"], phrase


def test_near_miss_a_balance_or_fairness_the_output_must_name_is_not_taste(tmp_path):
    assert _with(tmp_path, 'PASS if client-email.md states the outstanding balance of $4,000 and cites the "fair '
                           'and balanced" clause. FAIL if it does not.') == []


def test_a_vague_word_that_is_the_whole_test_is_major(tmp_path):
    hits = _with(tmp_path, "PASS if agreement.md explains the notice. FAIL if the explanation is inadequate.")
    assert [(f.severity, f.evidence) for f in hits] == [("major", "FAIL if the explanation is inadequate.")]


def test_a_vague_adverb_in_what_the_output_must_say_still_grades_it(tmp_path):
    hits = _with(tmp_path, "PASS if client-email.md tells the client that each change is adequately explained. "
                           "FAIL if it does not.", index=2)
    assert [f.severity for f in hits] == ["minor"]


def test_a_word_of_taste_on_the_outputs_own_reasons_in_what_it_must_say_still_grades_it(tmp_path):
    hits = _with(tmp_path, "PASS if client-email.md tells the client that the term is now two years and the "
                           "territory names parishes, each with a persuasive reason. FAIL if it does not.", index=2)
    assert [(f.severity, "persuasive" in f.message) for f in hits] == [("minor", True)]
    hits = _with(tmp_path / "c", "PASS if client-email.md tells the client why the holdover clause and/or the "
                                 "non-compete was dropped. FAIL if it does not.", index=2)
    assert [f.severity for f in hits] == ["minor"] and "and/or" in hits[0].message
    hits = _with(tmp_path / "d", "PASS if client-email.md tells HR to check the adjusted figure as needed. "
                                 "FAIL if it does not.", index=2)
    assert [f.severity for f in hits] == ["minor"] and "as needed" in hits[0].message
    # What the output must say, not how: "a strong argument that ..." is the advice itself.
    assert _with(tmp_path / "b", "PASS if client-email.md tells the client that there is a strong argument that "
                                 "the covenant is void. FAIL if it does not.", index=2) == []


def test_the_document_with_several_deliverables_is_major_and_minor_when_one_is_named(tmp_path):
    hits = _with(tmp_path, "PASS if the document warns the client. FAIL if it does not.", index=2, deliverables=[])
    assert [(f.severity, f.evidence) for f in hits] == [("major", "PASS if the document warns the client.")]
    hits = _with(tmp_path / "b", "PASS if client-email.md warns. FAIL if the document is silent.", index=2)
    assert [f.severity for f in hits] == ["minor"]


def test_near_miss_words_that_only_contain_a_vague_word(tmp_path):
    assert _with(tmp_path, "PASS if agreement.md mentions the appropriations act and the document title. "
                           "FAIL if it does not.") == []


def test_near_miss_a_legal_standard_the_output_must_state_is_not_grading_language(tmp_path):
    assert _with(tmp_path, "PASS if client-email.md concludes that the covenant is reasonable under Colorado law "
                           "and uses commercially reasonable efforts language. FAIL if it does not.", index=2) == []


# --- families of hedges beyond the vocabulary of taste ------------------------------------------


@pytest.mark.parametrize("text, word", [
    ("PASS if agreement.md keeps the form's wording with no significant departures. FAIL if it does not.",
     "significant"),
    ("PASS if agreement.md substantially keeps the form's wording. FAIL if it does not.", "substantially"),
    ("PASS if agreement.md makes only minor edits to the notice. FAIL if it does not.", "minor"),
    ("PASS if agreement.md is dated 2026-04-01 and otherwise materially tracks the form. FAIL if it does not.",
     "materially"),
])
def test_a_threshold_of_size_with_no_measure_is_vague(tmp_path, text, word):
    hits = _with(tmp_path, text)
    assert [(f.severity, word in f.message, "threshold with no measure" in f.message) for f in hits] == [
        ("minor", True, True)]


def test_a_materiality_threshold_that_is_the_whole_test_is_major(tmp_path):
    hits = _with(tmp_path, "PASS if agreement.md follows the notice form. FAIL if any departure from it is material.")
    assert [(f.severity, f.evidence) for f in hits] == [("major", "FAIL if any departure from it is material.")]
    hits = _with(tmp_path / "b", "PASS if agreement.md follows the notice form. FAIL if the changes are significant.")
    assert [f.severity for f in hits] == ["major"]


@pytest.mark.parametrize("phrase", ["preferably", "if feasible", "as far as possible", "whenever practicable",
                                    "to the extent practicable", "to the extent possible", "ideally"])
def test_a_wish_is_not_a_requirement(tmp_path, phrase):
    hits = _with(tmp_path, f"PASS if agreement.md gives a separate notice, signed by the employee and, {phrase}, "
                           "countersigned by the employer. FAIL if the notice is missing.")
    assert [(f.severity, "a wish, not a requirement" in f.message) for f in hits] == [("minor", True)]


def test_a_wish_inside_what_the_output_must_say_still_softens_the_test(tmp_path):
    hits = _with(tmp_path, "PASS if client-email.md tells the client to sign the notice first, where possible with "
                           "a witness. FAIL if it does not.", index=2)
    assert [f.severity for f in hits] == ["minor"]


@pytest.mark.parametrize("phrase", ["as applicable", "where relevant", "if warranted", "as required"])
def test_a_requirement_that_applies_only_when_the_judge_says_so_is_vague(tmp_path, phrase):
    hits = _with(tmp_path, f"PASS if agreement.md cites C.R.S. § 8-2-113 {phrase}. FAIL if it does not.")
    assert [(f.severity, "when it applies is left open" in f.message) for f in hits] == [("minor", True)]


@pytest.mark.parametrize("text, severity", [
    ("PASS if agreement.md largely tracks the notice form. FAIL if it does not.", "minor"),
    ("PASS if agreement.md follows the form for the most part. FAIL if it does not.", "minor"),
    ("PASS if agreement.md has a non-solicit. FAIL if the non-solicit is overly broad.", "minor"),
    ("PASS if agreement.md has a non-solicit. FAIL if its restrictions are excessive.", "major"),
])
def test_a_degree_with_no_measure_is_vague(tmp_path, text, severity):
    assert [f.severity for f in _with(tmp_path, text)] == [severity]


def test_a_grade_left_to_the_judges_discretion_is_vague(tmp_path):
    hits = _with(tmp_path, "PASS if agreement.md gives a notice that, in the grader's view, covers the covenant. "
                           "FAIL if it does not.")
    assert [f.severity for f in hits] == ["minor"]


@pytest.mark.parametrize("text", [
    # Legal terms of art: settled concepts the output must carry or apply, not thresholds the judge sets.
    "PASS if agreement.md lets the employer end the agreement for material breach after notice. FAIL if it does not.",
    "PASS if agreement.md defines a material adverse change by reference to the employer's revenue. FAIL if not.",
    "PASS if agreement.md uses reasonable best efforts language for the return of property. FAIL if it does not.",
    "PASS if agreement.md protects substantial relationships with specific customers. FAIL if it does not.",
    "PASS if agreement.md states that the covenant is severable to the fullest extent permitted by law. FAIL if not.",
    # A defined term of the document, capitalized.
    "PASS if agreement.md keeps the Material Adverse Effect definition. FAIL if it drops it.",
    # Nouns that are spelled like a standard.
    "PASS if agreement.md contains no internal material. FAIL if it contains such material.",
    "PASS if agreement.md states that the employee is not a minor. FAIL if it does not.",
    # A requirement that names its rule.
    "PASS if agreement.md includes the notice as required by C.R.S. § 8-2-113. FAIL if it does not.",
])
def test_near_miss_terms_of_art_defined_terms_and_nouns_are_not_hedges(tmp_path, text):
    assert _with(tmp_path, text) == []


def test_near_miss_a_legal_threshold_the_output_must_state_is_content(tmp_path):
    assert _with(tmp_path, "PASS if client-email.md tells the client that the breach is material and that the "
                           "change is significant for the covenant. FAIL if it does not.", index=2) == []


@pytest.mark.parametrize("phrase", ["in a timely manner", "promptly", "without undue delay",
                                    "as soon as reasonably practicable", "in due course"])
def test_a_time_with_no_day_or_period_is_vague(tmp_path, phrase):
    hits = _with(tmp_path, f"PASS if agreement.md says the notice is given to the employee {phrase}. "
                           "FAIL if it gives no notice.")
    assert [(f.severity, "soon enough" in f.message) for f in hits] == [("minor", True)]


def test_a_minor_formatting_tidy_up_is_a_threshold_with_no_measure(tmp_path):
    hits = _with(tmp_path, "PASS if agreement.md reads as drafted; minor formatting tidy-ups are acceptable. "
                           "FAIL if any clause is reworded.")
    assert [f.severity for f in hits] == ["minor"] and "'minor'" in hits[0].message


def test_near_miss_a_day_or_period_and_the_agents_prompt_are_not_vague_times(tmp_path):
    assert _with(tmp_path, "PASS if agreement.md says the notice is given within 5 business days of signing, as "
                           "the prompt asks. FAIL if it gives another period.") == []


@pytest.mark.parametrize("phrase", ["covers the key points", "addresses the main issues", "discusses the relevant aspects"])
def test_the_key_points_with_none_named_are_vague(tmp_path, phrase):
    hits = _with(tmp_path, f"PASS if client-email.md {phrase} of the covenant. FAIL if it does not.", index=2)
    assert [f.severity for f in hits] == ["minor"]


@pytest.mark.parametrize("phrase", ["a customary customer covenant", "a customer covenant on market terms",
                                    "a market-standard customer covenant", "a customer covenant at arm's length terms",
                                    "a customer covenant in line with market practice"])
def test_what_the_market_does_is_a_standard_the_judge_must_supply(tmp_path, phrase):
    hits = _with(tmp_path, f"PASS if agreement.md keeps {phrase}. FAIL if it does not.")
    assert [f.severity for f in hits] == ["minor"]
    decisive = _with(tmp_path, "PASS if the customer covenant in agreement.md is customary. FAIL if it is not.")
    assert [f.severity for f in decisive] == ["major"]


@pytest.mark.parametrize("phrase", ["in line with current best practice", "following good drafting practice",
                                    "in a client-friendly way", "in a courteous and tactful tone"])
def test_whose_practice_and_what_tone_are_standards_the_judge_must_supply(tmp_path, phrase):
    hits = _with(tmp_path, f"PASS if client-email.md tells the client about the covenant, {phrase}. FAIL if not.")
    assert hits and {f.severity for f in hits} == {"minor"}  # "courteous and tactful": one finding each


@pytest.mark.parametrize("phrase", ["to the partner's satisfaction", "in a form satisfactory to the client",
                                    "in as much detail as the circumstances require", "as the case may require"])
def test_someone_elses_approval_and_what_the_circumstances_require_are_left_to_the_judge(tmp_path, phrase):
    hits = _with(tmp_path, f"PASS if client-email.md explains the covenant {phrase}. FAIL if not.")
    assert hits and {f.severity for f in hits} == {"minor"}


@pytest.mark.parametrize("phrase", ["is duly executed and dated", "is signed in due form"])
def test_a_formality_with_no_rule_is_left_to_the_judge(tmp_path, phrase):
    hits = _with(tmp_path, f"PASS if the notice in agreement.md {phrase}. FAIL if it is not.")
    assert hits and all(f.item == "H05" for f in hits)


def test_near_miss_duly_organized_is_a_representation_term_of_art(tmp_path):
    assert _with(tmp_path, "PASS if agreement.md states that the company is duly organized under Delaware law. "
                           "FAIL if it does not.") == []


def test_near_miss_best_efforts_is_a_term_of_art_not_a_practice(tmp_path):
    assert _with(tmp_path, "PASS if agreement.md uses commercially best efforts language for the return of "
                           "property. FAIL if it does not.") == []


@pytest.mark.parametrize("text", ["is timely, meaning dated the same day the agreement is signed",
                                  "is sent promptly (i.e. within 2 business days of signing)",
                                  "omits any material change, that is, any change to a party, amount or date"])
def test_near_miss_a_vague_word_defined_where_it_stands_has_one_reading(tmp_path, text):
    assert _with(tmp_path, f"PASS if the notice in agreement.md {text}. FAIL if it is not.") == []


@pytest.mark.parametrize("phrase", ["is technically acceptable and names the customer covenant",
                                    "gives prudent advice and names the customer covenant",
                                    "names the customer covenant in a fitting manner",
                                    "names the customer covenant in the usual manner"])
def test_evaluation_words_of_procurement_and_translation_are_vague(tmp_path, phrase):
    hits = _with(tmp_path, f"PASS if agreement.md {phrase}. FAIL if it does not.")
    assert hits and all(f.item == "H05" for f in hits)


def test_a_manner_of_taste_in_reported_speech_still_grades_how_it_is_said(tmp_path):
    hits = _with(tmp_path, "PASS if client-email.md tells the client that the covenant changed, each change explained "
                           "in a fitting manner. FAIL if it does not.", index=2)
    assert [f.item for f in hits] == ["H05"]


def test_a_count_with_no_number_is_vague(tmp_path):
    task = task_json()
    task["criteria"][2]["match_criteria"] = ("PASS if client-email.md lists most of the changes. FAIL if it "
                                             "mentions few of them.")
    hits = found(env_with(tmp_path, task), "H05")
    assert {f.message.split(",")[0] for f in hits} >= {"criterion 'C3' grades against 'most of the'",
                                                       "criterion 'C3' grades against 'few of them'"}
    # A number, or every one of them, is a test.
    task["criteria"][2]["match_criteria"] = ("PASS if client-email.md lists at least two of the three changes. "
                                             "FAIL if it omits any of them.")
    assert found(env_with(tmp_path / "calm", task), "H05") == []


def test_a_couple_of_them_and_scarcely_any_are_counts_with_no_number(tmp_path):
    task = task_json()
    task["criteria"][2]["match_criteria"] = ("PASS if client-email.md puts scarcely any weight on the threshold. "
                                             "FAIL if more than a couple of the changes go unexplained.")
    said = {f.message.split(",")[0] for f in found(env_with(tmp_path, task), "H05")}
    assert said >= {"criterion 'C3' grades against 'scarcely any'", "criterion 'C3' grades against 'more than a couple of'"}


@pytest.mark.parametrize("fail, vague", [
    ("FAIL if it changes more than a handful of words beyond the edits.", "more than a handful of"),
    ("FAIL if it adds more than a few lines.", "more than a few"),
    ("FAIL if it quotes a handful of sentences from the guide.", "a handful of"),
    ("FAIL if it changes more than 20 words beyond the edits.", None),
])
def test_a_bound_set_by_a_count_with_no_number_is_vague(tmp_path, fail, vague):
    task = task_json()
    task["criteria"][2]["match_criteria"] = "PASS if client-email.md explains the threshold. " + fail
    said = {f.message.split(",")[0] for f in found(env_with(tmp_path, task), "H05")}
    assert (f"criterion 'C3' grades against {vague!r}" in said) if vague else not any("grades against" in m for m in said)


@pytest.mark.parametrize("pass_clause, vague", [
    ("PASS if client-email.md departs from the draft only within the spirit of the partner's notes.",
     "within the spirit of"),
    ("PASS if client-email.md tells the client to use the non-compete only for employees whose earnings exceed the "
     "up-to-date Colorado threshold.", "the up-to-date Colorado threshold"),
    ("PASS if client-email.md tells the client with due prominence that the non-compete was taken out.",
     "with due prominence"),
    # advice to look the figure up is content the judge can find, whatever the figure is
    ("PASS if client-email.md tells the client to check the current threshold every January.", None),
])
def test_the_spirit_of_instructions_and_a_compared_standard_named_by_when_it_is_read(tmp_path, pass_clause, vague):
    task = task_json()
    task["criteria"][2]["match_criteria"] = pass_clause + " FAIL if it does not."
    said = {f.message.split(",")[0] for f in found(env_with(tmp_path, task), "H05")}
    assert (f"criterion 'C3' grades against {vague!r}" in said) if vague else not any("grades against" in m for m in said)


def test_briefly_and_in_plain_language_are_standards_of_taste(tmp_path):
    task = task_json()
    task["criteria"][2]["match_criteria"] = ("PASS if client-email.md explains the threshold briefly and in plain "
                                             "language. FAIL if it omits the threshold.")
    said = {f.message.split(",")[0] for f in found(env_with(tmp_path, task), "H05")}
    assert said >= {"criterion 'C3' grades against 'briefly'", "criterion 'C3' grades against 'in plain language'"}


def test_the_one_of_several_deliverables_named_alike_is_ambiguous(tmp_path):
    from oafreeze.hygiene.items.h05_ambiguous_language import _shared_nouns

    letters = ["sales-offer-letter.md", "engineer-offer-letter.md"]
    assert _shared_nouns(letters + ["agreement.md"])[0] == "offer letter"
    assert _shared_nouns(["agreement.md", "client-email.md"]) == []


def _letters(tmp_path, match: str, graded: list[str]) -> list:
    task = task_json()
    for name in ("sales-offer-letter.md", "engineer-offer-letter.md"):
        task["deliverables"][name] = "An offer letter."
    task["criteria"].append({"id": "C9", "title": "At will", "match_criteria": match, "deliverables": graded,
                             "source": "expert"})
    return [f for f in found(env_with(tmp_path, task), "H05") if f.location == "$.criteria[3].match_criteria"]


def test_the_offer_letter_in_a_criterion_that_grades_two_is_major(tmp_path):
    hits = _letters(tmp_path, "PASS if each offer letter says employment is at will. FAIL if the offer letter "
                              "promises a fixed term.", ["sales-offer-letter.md", "engineer-offer-letter.md"])
    assert [f.severity for f in hits] == ["major"] and "'the offer letter'" in hits[0].message


def test_near_miss_each_of_the_letters_and_a_criterion_that_grades_one(tmp_path):
    assert _letters(tmp_path / "a", "PASS if each of the two offer letters says employment is at will. FAIL if "
                                    "either promises a fixed term.",
                    ["sales-offer-letter.md", "engineer-offer-letter.md"]) == []
    assert _letters(tmp_path / "b", "PASS if the offer letter says employment is at will. FAIL if it promises a "
                                    "fixed term.", ["sales-offer-letter.md"]) == []


@pytest.mark.parametrize("phrase", ["drafts the covenant as a competent Colorado employment lawyer would",
                                    "keeps only non-solicits that a Colorado court would likely enforce",
                                    "keeps a covenant that is likely to be enforceable"])
def test_a_verdict_handed_to_someone_outside_the_task_is_the_whole_test(tmp_path, phrase):
    hits = _with(tmp_path, f"PASS if agreement.md {phrase}. FAIL if it does not.")
    assert [(f.severity, "outside the task" in f.message) for f in hits] == [("major", True)]


def test_a_prediction_the_output_must_state_is_not_vague(tmp_path):
    hits = _with(tmp_path, "PASS if client-email.md concludes that a Colorado court would likely refuse to enforce "
                           "the non-compete. FAIL if it does not.", index=2)
    assert hits == []


def test_it_after_a_pass_clause_that_grades_two_files_is_ambiguous(tmp_path):
    text = ("PASS if agreement.md contains only contract terms and client-email.md contains only advice. "
            "FAIL if it editorializes.")
    hits = _with(tmp_path, text, deliverables=["agreement.md", "client-email.md"])
    assert [(f.severity, "'it'" in f.message) for f in hits] == [("major", True)]
    one = _with(tmp_path / "one", "PASS if agreement.md contains only contract terms. FAIL if it editorializes.")
    assert one == []


@pytest.mark.parametrize("phrase, vague", [("is brief and", True), ("is kept short and", True),
                                           ("quotes the brief and", False), ("is short of the threshold and", False)])
def test_brief_or_short_as_the_test_is_taste_and_a_brief_is_a_document(tmp_path, phrase, vague):
    hits = _with(tmp_path, f"PASS if agreement.md {phrase} names the customer covenant. FAIL if it does not.")
    assert bool(hits) is vague


@pytest.mark.parametrize("tail", ["and covers the key risks of the covenant", "to the reviewer's satisfaction"])
def test_a_selection_or_an_approval_grades_even_inside_what_the_output_must_say(tmp_path, tail):
    hits = _with(tmp_path, f"PASS if client-email.md explains that the salary is below the threshold {tail}. "
                           "FAIL if it does not.", index=2)
    assert len(hits) == 1 and hits[0].severity == "minor"


def test_near_miss_it_after_a_clause_about_one_file_that_names_another_is_clear(tmp_path):
    text = ("PASS if client-email.md summarises agreement.md faithfully, section by section. "
            "FAIL if it leaves a section out.")
    hits = _with(tmp_path, text, index=2, deliverables=["client-email.md", "agreement.md"])
    assert not [f for f in hits if "'it'" in f.message]


@pytest.mark.parametrize("reach, vague", [("Denver or the areas immediately around it", True),
                                          ("Denver and the surrounding counties", True),
                                          ("Denver or anywhere in the vicinity of its office", True),
                                          ("Denver and Adams Counties", False),
                                          ("the counties named in Schedule 2", False)])
def test_a_territory_with_no_edge_is_vague(tmp_path, reach, vague):
    hits = _with(tmp_path, f"PASS if agreement.md limits the covenant to {reach}. FAIL if it reaches further.")
    assert [f.severity for f in hits] == (["minor"] if vague else [])


@pytest.mark.parametrize("phrase", ["applies the current floor", "uses the latest salary threshold",
                                    "rejects an out-of-date minimum", "applies today's statutory threshold"])
def test_a_standard_named_by_when_it_is_read_is_vague(tmp_path, phrase):
    # With as_of, a signing date and a law that changes between them, "current" is the question itself.
    hits = _with(tmp_path, f"PASS if client-email.md {phrase} to the $78,500 salary. FAIL if it does not.")
    assert [(f.severity, "when it is read" in f.message) for f in hits] == [("minor", True)]


@pytest.mark.parametrize("phrase", ["applies the current floor as of the signing date",
                                    "applies the threshold in force on January 5, 2027",
                                    "compares the employee's current salary with the $80,000 floor",
                                    "uses the client's current form"])
def test_a_standard_tied_to_a_day_or_a_current_fact_is_not(tmp_path, phrase):
    assert _with(tmp_path, f"PASS if client-email.md {phrase}. FAIL if it does not.") == []


@pytest.mark.parametrize("phrase", ["strikes a fair balance between the employer's secrets and the employee's "
                                    "freedom to work", "is proportionate to the client's business interests",
                                    "is commensurate with the risk", "is in proportion to the risk"])
def test_a_weighing_with_no_scale_is_vague(tmp_path, phrase):
    hits = _with(tmp_path, f"PASS if agreement.md has a customer covenant that {phrase}. FAIL if it does not.")
    assert hits and all(f.location == "$.criteria[0].match_criteria" for f in hits)


@pytest.mark.parametrize("phrase", ["in these or words to similar effect", "or words of like meaning",
                                    "or equivalent wording"])
def test_wording_to_similar_effect_is_vague(tmp_path, phrase):
    hits = _with(tmp_path, f"PASS if client-email.md tells the client, {phrase}, that the non-compete was taken out. "
                           "FAIL if it does not.")
    assert hits and all(f.location == "$.criteria[0].match_criteria" for f in hits)


@pytest.mark.parametrize("phrase", ["shows sound judgment about what the client needs to hear",
                                    "uses common sense on what to include", "is thoughtful about the employee's position"])
def test_judgment_with_no_measure_is_vague(tmp_path, phrase):
    hits = _with(tmp_path, f"PASS if agreement.md lists the changes and {phrase}. FAIL if a change is missing.")
    assert [f.severity for f in hits] == ["minor"]
    assert phrase.split()[1] in hits[0].message.lower() or phrase.split()[2] in hits[0].message.lower()


@pytest.mark.parametrize("hedge", ["typically only", "usually only", "as a rule only", "generally never"])
def test_a_hedged_rule_leaves_its_exceptions_to_the_judge_even_as_what_the_output_says(tmp_path, hedge):
    hits = _with(tmp_path, f"PASS if usage-notes.md tells HR to use the non-compete {hedge} for employees above the "
                           "threshold. FAIL if it does not.")
    assert [f.severity for f in hits] == ["minor"] and "exceptions" in hits[0].message


def test_a_frequency_word_as_the_grading_rule_is_vague(tmp_path):
    hits = _with(tmp_path, "PASS if agreement.md usually dates the notice on the signing day. FAIL if it does not.")
    assert [f.severity for f in hits] == ["minor"]


def test_near_miss_what_the_law_generally_holds_said_by_the_output_is_not_a_hedge(tmp_path):
    assert _with(tmp_path, "PASS if client-email.md explains that California generally voids non-competes under "
                           "Bus. & Prof. Code § 16600. FAIL if it does not.") == []


@pytest.mark.parametrize("phrase", ["are released only in general words", "is set out in the main agreement",
                                    "is a payment in the ordinary course of business", "follows the rule of thumb"])
def test_near_miss_phrases_that_only_look_like_a_hedge(tmp_path, phrase):
    assert _with(tmp_path, f"PASS if agreement.md says the claim {phrase}. FAIL if it does not.") == []


@pytest.mark.parametrize("text, flagged", [
    ("PASS if client-email.md fairly summarizes the changes. FAIL if it does not.", True),
    ("PASS if client-email.md gives a fair account of the changes. FAIL if it does not.", True),
    ("PASS if client-email.md gives the fair market value of the shares. FAIL if it does not.", False),
])
def test_fairness_with_no_measure_is_vague(tmp_path, text, flagged):
    hits = [f for f in _with(tmp_path, text) if "fair" in f.message]
    assert [f.severity for f in hits] == (["minor"] if flagged else [])


@pytest.mark.parametrize("memo, flagged", [("prior-email-to-client.md", True), ("prior-letter.md", False)])
def test_a_document_named_by_its_kind_where_a_deliverable_and_a_workspace_file_share_it(tmp_path, memo, flagged):
    # "the e-mail" could be the one the agent writes (client-email.md) or the one in the workspace.
    task = task_json()
    task["criteria"][2]["match_criteria"] = "PASS if the e-mail tells the client the salary is too low. FAIL if not."
    files = {memo: "# Earlier note to the client\n\nWe will look at the covenant.\n"}
    hits = [f for f in found(env_with(tmp_path, task, {**workspace(), **files}), "H05") if "names no file" in f.message]
    assert [(f.severity, f.location) for f in hits] == ([("minor", "$.criteria[2].match_criteria")] if flagged else [])


@pytest.mark.parametrize("criterion, flagged", [
    # the FAIL sentence names no file, and the criterion speaks of two e-mails
    ("PASS if client-email.md says the prior email to the client was wrong. FAIL if the email repeats it.", True),
    ("PASS if client-email.md says the salary is too low. FAIL if the email says it is enough.", False),
    ("PASS if client-email.md says the prior email to the client was wrong. FAIL if client-email.md repeats it.",
     False),
])
def test_a_kind_alone_beside_another_document_of_that_kind_the_criterion_names(tmp_path, criterion, flagged):
    task = task_json()
    task["criteria"][2]["match_criteria"] = criterion
    files = {"prior-email-to-client.md": "# Earlier note to the client\n\nWe will look at the covenant.\n"}
    hits = [f for f in found(env_with(tmp_path, task, {**workspace(), **files}), "H05")
            if "in a sentence that names no file" in f.message]
    assert [(f.severity, f.location) for f in hits] == ([("minor", "$.criteria[2].match_criteria")] if flagged else [])


@pytest.mark.parametrize("said, graded, flagged", [
    ("PASS if the package tells the employee about the notice period. FAIL if not.", ["agreement.md"], True),
    ("PASS if the package contains no knowledge-base paths. FAIL if it does.", ["agreement.md", "client-email.md"], False),
    ("PASS if the package in agreement.md gives the notice period. FAIL if not.", ["agreement.md"], False),
])
def test_the_whole_set_named_in_a_rule_that_grades_part_of_it_is_a_note(tmp_path, said, graded, flagged):
    task = task_json()
    task["criteria"][0]["match_criteria"] = said
    task["criteria"][0]["deliverables"] = graded
    hits = [f for f in found(env_with(tmp_path, task), "H05") if "whole set" in f.message]
    assert [(f.severity, f.location) for f in hits] == ([("minor", "$.criteria[0].match_criteria")] if flagged else [])


@pytest.mark.parametrize("rule", ["explains the threshold in client-ready form", "is ready to send to the client",
                                  "is presentable"])
def test_a_finish_the_judge_has_to_imagine_is_vague(tmp_path, rule):
    task = task_json()
    task["criteria"][2]["match_criteria"] = f"PASS if client-email.md {rule}. FAIL otherwise."
    assert [f.location for f in found(env_with(tmp_path, task), "H05")] == ["$.criteria[2].match_criteria"]


def test_vague_words_in_a_clause_that_says_they_are_not_graded_grade_nothing(tmp_path):
    task = task_json()
    task["criteria"][2]["match_criteria"] += (" Whether the e-mail's tone is appropriate or its length reasonable "
                                              "is not graded.")
    assert found(env_with(tmp_path / "a", task), "H05") == []
    # the disclaimer covers its own clause, not the rule beside it
    task = task_json()
    task["criteria"][2]["match_criteria"] += " FAIL if the tone is inappropriate; its length is not graded."
    assert [f.evidence for f in found(env_with(tmp_path / "b", task), "H05")] == \
        ["FAIL if the tone is inappropriate; its length is not graded."]


@pytest.mark.parametrize("rule, word", [("is written without unnecessary legalese", "unnecessary"),
                                        ("avoids needless detail", "needless"), ("is not overly long", "overly"),
                                        ("tells the client the changes at a high level", "at a high level"),
                                        ("gives the rules in pragmatic terms", "pragmatic")])
def test_an_excess_with_no_measure_is_vague(tmp_path, rule, word):
    task = task_json()
    task["criteria"][2]["match_criteria"] += f" PASS only if client-email.md {rule}."
    hits = found(env_with(tmp_path, task), "H05")
    assert {f.location for f in hits} == {"$.criteria[2].match_criteria"}
    assert any(f"'{word}'" in f.message for f in hits)


@pytest.mark.parametrize("text, flagged", [
    # reported speech ends where the criterion's next predicate starts
    ("PASS if agreement.md tells Dana that the covenant does not bind her and sets out the two exceptions in "
     "customary form. FAIL if it does not.", "customary"),
    ("PASS if agreement.md tells Dana that the covenant is customary. FAIL if it does not.", None),
    # a time with no day said of an act the output asks for grades; said of a fact the output states, it does not
    ("PASS if client-email.md asks the partner to decide in a timely manner whether to keep Section 5. FAIL if not.",
     "in a timely manner"),
    ("PASS if client-email.md concludes that the notice was timely. FAIL if it does not.", None),
])
def test_vague_words_after_reported_speech_and_times_asked_for(tmp_path, text, flagged):
    hits = _with(tmp_path, text)
    assert [f.severity for f in hits if flagged and repr(flagged) in f.message] == (["minor"] if flagged else [])
    assert flagged or hits == []


@pytest.mark.parametrize("phrase", ["where it makes sense", "if it seems useful", "as the drafter sees fit",
                                    "where the author thinks it necessary"])
def test_a_condition_left_to_the_reader_is_found(tmp_path, phrase):
    hits = _with(tmp_path, f"PASS if client-email.md gives the California reason for each departure {phrase}. "
                           "FAIL if it does not.", index=2)
    assert [f.severity for f in hits] == ["minor"] and phrase.split()[-1] in hits[0].message


def test_near_miss_sense_and_fit_said_of_something_else(tmp_path):
    assert _with(tmp_path, "PASS if client-email.md says the clause makes sense only for employees above the "
                           "threshold and fits the client's policy. FAIL if it does not.", index=2) == []


@pytest.mark.parametrize("said, word", [("with the salient reasons for each change", "salient reasons"),
                                        ("citing an up-to-date PAY CALC Order figure", "up-to-date")])
def test_a_selection_of_reasons_and_a_figure_named_by_when_it_is_read(tmp_path, said, word):
    hits = _with(tmp_path, f"PASS if client-email.md explains the threshold {said}. FAIL if it does not.", index=2)
    assert len(hits) == 1 and word in hits[0].message


@pytest.mark.parametrize("standard", ["in terms the partner cannot miss", "in language HR staff can act on",
                                      "clear enough for a new hire"])
def test_a_reader_imagined_as_the_test_is_vague(tmp_path, standard):
    task = task_json()
    task["criteria"][2]["match_criteria"] = (f"PASS if client-email.md tells the client, {standard}, that the salary "
                                             "is below the Colorado threshold. FAIL if it does not say so.")
    assert any(standard.split()[0] in f.message or standard in (f.evidence or "")
               for f in found(env_with(tmp_path, task), "H05"))


@pytest.mark.parametrize("standard", ["with due care", "cogently", "read holistically"])
def test_care_and_cogency_without_a_measure_are_vague(tmp_path, standard):
    task = task_json()
    task["criteria"][2]["match_criteria"] = (f"PASS if client-email.md explains, {standard}, that the salary is below "
                                             "the Colorado threshold. FAIL if it does not say so.")
    assert found(env_with(tmp_path, task), "H05")
