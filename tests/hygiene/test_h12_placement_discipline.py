"""H12 placement discipline: operative text stays clean, advice has somewhere to go."""

from __future__ import annotations

import pytest

from hygiene_helpers import LIBRARY, MOUNT, env_with, found, snapshot_bytes, task_json, workspace, write_task


def test_no_advisory_no_placement_criterion_and_a_rule_against_all_law(tmp_path):
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


def test_a_placement_rule_that_fails_the_required_notice_is_major(tmp_path):
    task = task_json()
    task["criteria"][1]["match_criteria"] = (
        "PASS if agreement.md contains no source paths or legal analysis. FAIL if it contains \"knowledge-base/\" "
        "or any statutory notice, including the 18 U.S.C. § 1833(b) immunity notice.")
    hits = found(env_with(tmp_path, task), "H12")
    assert [(f.severity, f.location) for f in hits] == [("major", "$.criteria[1].match_criteria")]


@pytest.mark.parametrize("law", ["refers to any section of the California Labor Code", "quotes section 2870",
                                 "cites any statute", "quotes any regulation"])
def test_a_placement_rule_that_fails_any_reference_to_law_is_a_note(tmp_path, law):
    task = task_json()
    task["criteria"][1]["match_criteria"] = (
        f"PASS if agreement.md contains only contract terms and signature blocks. FAIL if it {law} or editorializes.")
    hits = [f for f in found(env_with(tmp_path, task), "H12") if "fails any citation of law" in f.message]
    assert [(f.severity, f.location) for f in hits] == [("minor", "$.criteria[1].match_criteria")]


def test_a_deliverable_that_reads_as_operative_but_is_not_declared(tmp_path):
    task = task_json()
    task["deliverables"]["notice.md"] = "The separate notice the employee signs with the agreement."
    task["instructions"] += " Also draft notice.md."
    task["criteria"][1]["deliverables"].append("notice.md")
    hits = [f for f in found(env_with(tmp_path, task), "H12") if f.evidence == "notice.md"]
    assert [(f.severity, f.location) for f in hits] == [("major", "$.oafreeze.operative")]


def test_advice_a_source_path_or_a_drafting_note_in_the_starting_form(tmp_path):
    for n, line in enumerate(["In our view, employers should treat this clause as a full non-compete.",
                              "[Drafting note: see knowledge-base/practice-guides/non-compete/us/colorado.md]",
                              "Source: practice-guides/non-compete/us/colorado.md"]):
        form = f"# Draft agreement\n\n1. Confidentiality.\n\n{line}\n\n2. Signatures.\n"
        hits = found(env_with(tmp_path / str(n), files={**workspace(), "agreement-draft.md": form}), "H12")
        assert [(f.severity, f.path, f.location) for f in hits] == [("major", "documents/agreement-draft.md", 5)], line


GUIDE = "practice-guides/non-compete/us/colorado.md"
ADVICE = ("A covenant not to compete is void under C.R.S. § 8-2-113(2) unless the worker earns at least the "
          "threshold, and an employer that presents one anyway owes a penalty of $5,000 per worker.")


def env_with_form(tmp_path, form: str):
    """The clean task with a starting form (firm-form.md) and a Colorado guide that carries ADVICE."""
    library = {**LIBRARY, GUIDE: LIBRARY[GUIDE] + ADVICE + "\n"}
    env = env_with(tmp_path, files={**workspace(), "firm-form.md": form})
    (env / "snapshot.json").write_bytes(snapshot_bytes(library))
    write_task(env, "t1", files={}, kb=library)
    return env


def test_a_starting_form_carrying_a_guide_passage_is_quoted_with_its_line(tmp_path):
    form = f"# Firm form: restrictive covenant agreement\n\n1. Confidentiality.\n\n{ADVICE}\n\n2. Signatures.\n"
    hits = found(env_with_form(tmp_path, form), "H12")
    assert [(f.severity, f.path, f.location) for f in hits] == [("major", "documents/firm-form.md", 5)]
    # The words the seeded statute itself says ("a covenant not to compete is void") are law, not advice.
    assert hits[0].evidence == ("to compete is void under c.r.s § 8-2-113 2 unless the worker earns at least "
                                "the threshold and an employer that presents one anyway owes a penalty of "
                                "$5,000 per worker")
    assert f"{MOUNT}/{GUIDE}" in hits[0].message and "agreement.md" in hits[0].message


def test_near_miss_a_form_sharing_a_statute_citation_with_a_guide(tmp_path):
    form = ("# Firm form: restrictive covenant agreement\n\n1. No covenant. Nothing in this Agreement is a "
            "covenant not to compete under C.R.S. § 8-2-113(2).\n")
    env = env_with_form(tmp_path, form)
    assert found(env, "H12") == [] and found(env, "H08") == []


def test_near_miss_a_required_notice_in_the_starting_form(tmp_path):
    form = ("# Draft agreement\n\n1. Confidentiality.\n\n9. Notice of immunity (18 U.S.C. § 1833(b)). An individual "
            "shall not be held criminally or civilly liable under any federal or state trade secret law for a "
            "disclosure made in confidence to a government official.\n")
    assert found(env_with(tmp_path, files={**workspace(), "agreement-draft.md": form}), "H12") == []


def test_near_miss_an_analysis_task_without_operative_text_does_not_apply(tmp_path):
    task = task_json()
    task["work_type"] = "analyze"
    task["deliverables"] = {"agreement.md": "A memo on whether the covenant is enforceable.",
                            "client-email.md": "An e-mail to the client."}
    task["oafreeze"]["operative"] = []
    task["oafreeze"]["advisory"] = []
    env = env_with(tmp_path, task)
    assert found(env, "H12") == []


def test_a_review_task_whose_deliverable_is_an_agreement_to_sign_still_needs_its_placement_rules(tmp_path):
    task = task_json()
    task["work_type"] = "review"
    task["oafreeze"]["operative"] = []
    hits = found(env_with(tmp_path, task), "H12")
    assert ("major", "$.oafreeze.operative") in {(f.severity, f.location) for f in hits}


# -- a task that asks for advisory material in the operative text ----------------------------------------------

def _asked(tmp_path, *, instructions: str = "", description: str | None = None) -> list:
    task = task_json()
    task["instructions"] += instructions
    if description is not None:
        task["deliverables"]["agreement.md"] = description
    return [f for f in found(env_with(tmp_path, task), "H12") if f.message.startswith("the task asks for")]


def test_instructions_that_put_an_explanation_in_a_comment_in_the_agreement_are_major(tmp_path):
    hits = _asked(tmp_path, instructions=" Explain your changes in a comment at the top of agreement.md.")
    assert [(f.severity, f.location) for f in hits] == [("major", "$.instructions")]
    assert "agreement.md" in hits[0].message and "comment" in hits[0].evidence


def test_an_operative_description_that_asks_for_a_drafting_note_is_major(tmp_path):
    hits = _asked(tmp_path, description="The agreement the employee signs, including a drafting note for the client "
                                        "on each departure from the form.")
    assert [(f.severity, f.location) for f in hits] == [("major", "$.deliverables['agreement.md']")]


def test_an_explanation_attached_to_the_agreement_by_a_participle_is_major(tmp_path):
    hits = _asked(tmp_path, instructions=" Save agreement.md, explaining each change in a bracketed comment.")
    assert [f.severity for f in hits] == ["major"] and "explaining each change" in hits[0].message


@pytest.mark.parametrize("text", [
    " The client is not a lawyer: under each section of agreement.md, add a short plain-English explanation of what "
    "it does and why.",
    " In agreement.md, add a comment on each change explaining the reason for it."])
def test_a_place_named_first_and_the_explanation_asked_for_after(tmp_path, text):
    hits = _asked(tmp_path, instructions=text)
    assert [(f.severity, f.location) for f in hits] == [("major", "$.instructions")]


def test_a_note_asked_for_in_the_agreement_by_its_noun_is_minor(tmp_path):
    hits = _asked(tmp_path, instructions=" Add a short note in the agreement on why the non-compete was dropped.")
    assert [f.severity for f in hits] == ["minor"]


def test_near_miss_instructions_that_send_explanations_to_the_advisory_deliverable(tmp_path):
    for n, text in enumerate([
            " Explain your changes in client-email.md, not in agreement.md.",
            " Do not put explanations or drafting notes in agreement.md; they belong in client-email.md.",
            " Write client-email.md explaining the changes made in agreement.md and why.",
            " Include in agreement.md the notice explaining the employee's immunity under 18 U.S.C. § 1833(b).",
            " Begin agreement.md with recitals explaining the purpose of the covenants.",
            " Draft agreement.md consistent with the analysis in partner-notes.md.",
            " In agreement.md, fix the dates, and put the explanation of each change in client-email.md.",
            " Under each section of agreement.md, keep the headings; do not add explanations there.",
            " Deliver agreement.md clean, with every drafting note and square-bracketed instruction of the form removed.",
            " Prepare agreement.md with the comments from the client incorporated.",
            " Following the analysis in the memo, revise the non-compete in agreement.md."]):
        assert _asked(tmp_path / str(n), instructions=text) == [], text


def test_a_placement_criterion_that_lets_commentary_stay_in_the_operative_text(tmp_path):
    task = task_json()
    task["criteria"][1]["match_criteria"] = (
        "PASS if agreement.md contains no source paths; the drafter's commentary on each change is allowed. "
        "FAIL if it contains \"knowledge-base/\".")
    hits = [f for f in found(env_with(tmp_path, task), "H12") if "lets" in f.message]
    assert [(f.severity, f.location) for f in hits] == [("major", "$.criteria[1].match_criteria")]
    assert "commentary" in hits[0].evidence


def test_a_placement_rule_that_exempts_a_passage_headed_drafting_note(tmp_path):
    task = task_json()
    task["criteria"][1]["match_criteria"] = (
        "PASS if agreement.md contains only contract terms. FAIL if it contains, outside a passage headed "
        "\"Drafting note\", a source path, client advice or legal analysis.")
    hits = [f for f in found(env_with(tmp_path / "a", task), "H12") if "lets" in f.message]
    assert [(f.severity, f.location) for f in hits] == [("major", "$.criteria[1].match_criteria")]
    task["criteria"][1]["match_criteria"] = (
        "PASS if agreement.md contains only contract terms. FAIL if it contains, outside a passage headed "
        "\"Notice under 18 U.S.C. § 1833(b)\", a citation of law.")
    assert [f for f in found(env_with(tmp_path / "b", task), "H12") if "lets" in f.message] == []


def test_notes_attached_to_the_agreement_as_a_schedule_in_parentheses(tmp_path):
    hits = _asked(tmp_path / "a", instructions=" Attach to agreement.md a Schedule 2 (Drafting Notes) giving the source "
                                               "of each change.")
    assert [(f.severity, f.location) for f in hits] == [("major", "$.instructions")]
    assert _asked(tmp_path / "b", instructions=" Attach to agreement.md a Schedule 2 (Prior Inventions) listing the "
                                               "employee's inventions.") == []


def test_near_miss_a_placement_criterion_that_lets_only_the_required_notice_through(tmp_path):
    task = task_json()
    task["criteria"][1]["match_criteria"] = (
        "PASS if agreement.md contains no source paths, drafting notes or legal analysis; the notice explaining the "
        "employee's immunity under 18 U.S.C. § 1833(b) may be included. FAIL if it contains \"knowledge-base/\".")
    assert found(env_with(tmp_path, task), "H12") == []


def _addressed(task: dict, operative: str, advisory: str) -> dict:
    task["deliverables"]["agreement.md"] = operative
    task["deliverables"]["client-email.md"] = advisory
    return task


def test_advice_addressed_to_the_person_who_signs_is_major(tmp_path):
    task = _addressed(task_json(), "The restrictive covenant agreement for Dana Smith, ready to sign.",
                      "An e-mail to Dana Smith explaining the changes and why.")
    hits = [f for f in found(env_with(tmp_path, task), "H12") if "addressed to" in f.message]
    assert [(f.severity, f.location) for f in hits] == [("major", "$.deliverables")]
    assert "Dana Smith" in hits[0].message


@pytest.mark.parametrize("sentence, flagged", [
    ("The client will forward client-email.md to Dana unchanged, with the agreement.", True),
    ("Write client-email.md; the HR team forwards it to Dana Smith as it is.", True),
    ("Write client-email.md; the client will forward the agreement to Dana.", False),
    ("Write client-email.md; the client forwards it to Morgan, its general counsel.", False),
])
def test_advice_forwarded_to_the_person_who_signs_is_major(tmp_path, sentence, flagged):
    task = _addressed(task_json(), "The restrictive covenant agreement for Dana Smith, ready to sign.",
                      "An e-mail to the client explaining the changes and why.")
    task["instructions"] += " " + sentence
    hits = [f for f in found(env_with(tmp_path, task), "H12") if "addressed to" in f.message]
    assert [(f.severity, f.location) for f in hits] == ([("major", "$.instructions")] if flagged else [])
    assert all("Dana Smith" in f.message for f in hits)


@pytest.mark.parametrize("sentence, flagged", [
    ("The HR portal will send every file you save for this matter to Dana Smith as one signing packet.", True),
    ("All documents you prepare are sent on to Dana Smith the same day.", True),
    ("The HR portal will send every file except client-email.md to Dana Smith.", False),
    ("The HR portal will send every file you save to Morgan Lee, the client's general counsel.", False),
])
def test_every_file_sent_on_to_the_person_who_signs_is_major(tmp_path, sentence, flagged):
    task = _addressed(task_json(), "The restrictive covenant agreement for Dana Smith, ready to sign.",
                      "An e-mail to the client explaining the changes and why.")
    task["instructions"] += " " + sentence
    hits = [f for f in found(env_with(tmp_path, task), "H12") if "every file the agent saves" in f.message]
    assert [(f.severity, f.location) for f in hits] == ([("major", "$.instructions")] if flagged else [])


def test_advice_addressed_to_the_other_side_by_role_is_major(tmp_path):
    task = task_json()
    task["criteria"][2]["match_criteria"] = task["criteria"][2]["match_criteria"].replace(
        "tells the client", "tells the employee")
    hits = [f for f in found(env_with(tmp_path, task), "H12") if "addressed to" in f.message]
    assert [(f.severity, f.location) for f in hits] == [("major", "$.criteria[2].match_criteria")]


def test_near_miss_advice_to_a_client_who_is_the_signer_or_to_the_clients_people(tmp_path):
    # The firm represents the employee: the note to the employee is advice to the client.
    task = _addressed(task_json(), "The restrictive covenant agreement for Dana Smith, ready to sign.",
                      "An e-mail to Dana Smith explaining the changes and why.")
    task["instructions"] = "Our client, Dana Smith, asked us to review the offer. " + task["instructions"]
    assert [f for f in found(env_with(tmp_path / "a", task), "H12") if "addressed to" in f.message] == []
    # A note to the client's HR director, who is not the person who signs.
    task = _addressed(task_json(), "The restrictive covenant agreement for Dana Smith, ready to sign.",
                      "Cover email to Maplestone's HR director, Robin Ames, explaining the changes.")
    assert [f for f in found(env_with(tmp_path / "b", task), "H12") if "addressed to" in f.message] == []


def test_a_placement_rule_on_file_paths_alone_leaves_advice_free(tmp_path):
    task = task_json()
    task["criteria"][1]["match_criteria"] = ("PASS if agreement.md contains no file path such as \"documents/\". "
                                             "FAIL if it contains a file path.")
    hits = [f for f in found(env_with(tmp_path, task), "H12") if "never forbid" in f.message]
    assert [(f.severity, f.location) for f in hits] == [("major", "$.criteria[1].match_criteria")]
    assert "client advice or legal analysis" in hits[0].message


def test_near_miss_an_allowlist_placement_rule_covers_everything(tmp_path):
    task = task_json()
    task["criteria"][1]["match_criteria"] = ("PASS if agreement.md contains only contract terms, signature blocks and "
                                             "legally required notices. FAIL if it contains anything else.")
    assert [f for f in found(env_with(tmp_path, task), "H12") if "never forbid" in f.message] == []


def test_a_criterion_that_rewards_an_explanation_inside_the_agreement(tmp_path):
    task = task_json()
    task["criteria"].append({"id": "C4", "title": "Explains the omission",
                             "match_criteria": ("PASS if agreement.md opens with a short preamble telling the client "
                                                "why no non-compete appears. FAIL if it does not."),
                             "deliverables": ["agreement.md"], "source": "expert"})
    hits = [f for f in found(env_with(tmp_path, task), "H12") if f.location == "$.criteria[3].match_criteria"]
    assert [f.severity for f in hits] == ["major"]


def test_an_aside_between_the_request_and_the_drafting_notes_is_read_through(tmp_path):
    hits = _asked(tmp_path, instructions=" For audit purposes, agreement.md shall include, as Schedule 1, a table of "
                                         "drafting notes giving the source of each departure from the form.")
    assert [(f.severity, f.location) for f in hits] == [("major", "$.instructions")]
    assert "drafting notes" in hits[0].message


@pytest.mark.parametrize("quoted", ["'rationale'", "\u201crationale\u201d", "(rationale)", '"rationale"'])
def test_the_material_asked_for_may_be_named_in_quotes(tmp_path, quoted):
    hits = _asked(tmp_path, instructions=f" Our document system reads front matter. Start agreement.md with a block "
                                         f"whose {quoted} field explains why each clause was kept.")
    assert [(f.severity, f.location) for f in hits] == [("major", "$.instructions")]


def _criterion(tmp_path, match_criteria: str) -> list:
    task = task_json()
    task["criteria"].append({"id": "C4", "title": "Opening recital", "match_criteria": match_criteria,
                             "deliverables": ["agreement.md"], "source": "expert"})
    return [f for f in found(env_with(tmp_path, task), "H12") if f.location == "$.criteria[3].match_criteria"]


def test_a_recital_that_gives_the_drafters_reasons_is_advice_in_the_agreement(tmp_path):
    hits = _criterion(tmp_path, "PASS if agreement.md opens with a recital explaining that it has no non-compete "
                                "because the salary is below the threshold. FAIL if it has no such recital.")
    assert [f.severity for f in hits] == ["major"] and "because" in hits[0].message


def test_a_recital_stating_that_because_of_a_fact_the_agreement_omits_a_covenant_is_advice(tmp_path):
    hits = _criterion(tmp_path, "PASS if agreement.md opens with a recital stating that, because the employee's "
                                "$95,000 salary is below the $127,091 threshold, the agreement contains no "
                                "non-competition covenant. FAIL if it has no such recital.")
    assert [f.severity for f in hits] == ["major"]


@pytest.mark.parametrize("verb", ["telling the employee", "informing Dana Reyes", "advising the employee"])
def test_a_recital_telling_the_reader_that_because_of_a_fact_a_covenant_is_left_out_is_advice(tmp_path, verb):
    hits = _criterion(tmp_path, f"PASS if agreement.md opens with a recital {verb} that the agreement has no "
                                "non-compete because the $95,000 salary does not exceed the $127,091 threshold. "
                                "FAIL if it has no such recital.")
    assert [f.severity for f in hits] == ["major"]
    assert _criterion(tmp_path / "facts", f"PASS if agreement.md opens with a recital {verb} that the role is based "
                                          "in Denver. FAIL if it has no recital.") == []


def test_near_miss_a_recital_of_the_facts_and_a_schedule_of_inventions(tmp_path):
    assert _criterion(tmp_path, "PASS if agreement.md opens with a recital stating that the employee is hired as a "
                                "sales engineer. FAIL if it has no recital.") == []
    assert _asked(tmp_path / "b", instructions=" agreement.md shall include, as Schedule 1, a list of the employee's "
                                               "prior inventions.") == []


def test_an_allowlist_that_lists_notes_for_the_client_lets_advice_in(tmp_path):
    task = task_json()
    task["criteria"][1]["match_criteria"] = ("PASS if agreement.md contains only contract terms, signature blocks, "
                                             "margin notes for Aspenline on each change and legally required notices. "
                                             "FAIL if it contains anything else.")
    hits = [f for f in found(env_with(tmp_path / "a", task), "H12") if "lists" in f.message]
    assert [(f.severity, f.location) for f in hits] == [("major", "$.criteria[1].match_criteria")]
    assert hits[0].evidence == "margin notes for Aspenline on each change"
    # A weak name for advice on the list is only a doubt.
    task["criteria"][1]["match_criteria"] = ("FAIL if agreement.md contains anything other than contract terms, a "
                                             "summary of the deal and signature blocks.")
    hits = [f for f in found(env_with(tmp_path / "b", task), "H12") if "lists" in f.message]
    assert [(f.severity, f.evidence) for f in hits] == [("minor", "a summary of the deal")]


def test_near_miss_an_allowlist_of_notices_schedules_and_their_notes(tmp_path):
    task = task_json()
    task["criteria"][1]["match_criteria"] = (
        "PASS if agreement.md contains only contract terms, the schedules with the notes to Schedule 2, signature "
        "blocks and the notice explaining the employee's immunity under 18 U.S.C. § 1833(b). FAIL if it contains "
        "source paths, drafting notes or legal analysis.")
    assert found(env_with(tmp_path, task), "H12") == []


def test_a_deliverable_the_employee_signs_declared_advisory(tmp_path):
    task = task_json()
    task["deliverables"]["notice.md"] = "The separate state notice for Dana Smith, ready to deliver and sign."
    task["oafreeze"]["advisory"].append("notice.md")
    hits = [f for f in found(env_with(tmp_path / "a", task), "H12") if "declared advisory" in f.message]
    assert [(f.severity, f.location) for f in hits] == [("major", "$.oafreeze.advisory[1]")]
    # A cover email that goes with the signed papers is advice all the same.
    task["deliverables"]["notice.md"] = "Cover email to the client on the papers Dana Smith will sign, ready to send."
    assert [f for f in found(env_with(tmp_path / "b", task), "H12") if "declared advisory" in f.message] == []


@pytest.mark.parametrize("text", [
    " AUDIT TRAIL: in agreement.md pls footnote each clause w/ the KB source path it came from.",
    " Tag every clause of agreement.md with its knowledge-base path.",
    " Footnote each clause of agreement.md with the Bates number of the document it relies on (ASP-0000012)."])
def test_a_request_to_mark_the_agreement_with_its_source_paths_is_major(tmp_path, text):
    hits = _asked(tmp_path, instructions=text)
    assert [(f.severity, f.location) for f in hits] == [("major", "$.instructions")]


def test_front_matter_that_lists_sources_and_drafting_notes_in_the_agreement_is_major(tmp_path):
    hits = _asked(tmp_path, instructions=" Begin agreement.md with a YAML front-matter block that lists under "
                                         "'sources:' the knowledge-base path of each template you used and under "
                                         "'drafting_notes:' why each covenant was kept.")
    assert [(f.severity, f.location) for f in hits] == [("major", "$.instructions")]


def test_near_miss_front_matter_that_only_names_the_document_is_not_advice(tmp_path):
    hits = _asked(tmp_path, instructions=" Begin agreement.md with front matter giving its title, the parties and "
                                         "the date.")
    assert [f for f in hits if f.severity in ("major", "blocker")] == []


def test_near_miss_source_paths_sent_to_the_advisory_deliverable(tmp_path):
    for n, text in enumerate([" In client-email.md, footnote each point with the KB source path it came from.",
                              " Do not footnote agreement.md with source paths; list them in client-email.md.",
                              " In client-email.md, give the Bates number of each document agreement.md relies on."]):
        assert _asked(tmp_path / str(n), instructions=text) == [], text


@pytest.mark.parametrize("text", [
    " Open agreement.md with WHEREAS recitals that record why each covenant is lawful for the employee.",
    " Give agreement.md in English and Spanish, with translator's notes (N. del T.) in the notice explaining where "
    "the Spanish departs from the English."])
def test_recitals_that_record_why_and_notes_beside_a_notice_are_asked_for_in_the_agreement(tmp_path, text):
    hits = _asked(tmp_path, instructions=text)
    assert [f.location for f in hits] == ["$.instructions"]


def _placement(tmp_path, text: str) -> list:
    task = task_json()
    task["criteria"][1]["match_criteria"] = text
    return [f for f in found(env_with(tmp_path, task), "H12") if "check" in f.message and "only" in f.message]


@pytest.mark.parametrize("text", [
    "PASS if the signature page of agreement.md contains only the signature blocks. FAIL if the signature page holds "
    "a comment, a file path or legal analysis.",
    "PASS if agreement.md's cover page contains no drafting commentary, client advice or source paths. FAIL otherwise."])
def test_a_placement_rule_confined_to_one_part_of_the_agreement_is_major(tmp_path, text):
    hits = _placement(tmp_path, text)
    assert [(f.severity, f.location) for f in hits] == [("major", "$.criteria[1].match_criteria")]


def test_near_miss_a_placement_rule_on_the_whole_agreement_and_its_signature_page(tmp_path):
    assert _placement(tmp_path, "PASS if agreement.md, signature page included, contains no source paths, drafting "
                                "commentary, client advice or legal analysis. FAIL otherwise.") == []
    assert _placement(tmp_path, "PASS if the signature page of agreement.md holds only signature blocks and "
                                "agreement.md contains no drafting commentary, client advice or source paths.") == []


def test_a_criterion_rewarding_reasons_for_the_changes_in_the_agreement_is_major(tmp_path):
    task = task_json()
    task["criteria"][0]["match_criteria"] = (
        "PASS if agreement.md shows each change in redline with a footnote giving the reason for the change. "
        "FAIL if a change has no footnote.")
    hits = [f for f in found(env_with(tmp_path, task), "H12") if f.message.startswith("the task asks for")]
    assert [(f.severity, f.location) for f in hits] == [("major", "$.criteria[0].match_criteria")]


def test_a_cover_sheet_put_on_top_of_the_agreement_is_asked_advice(tmp_path):
    hits = _asked(tmp_path, instructions=" Put a one-page cover sheet at the top of agreement.md summarising why the "
                                         "non-compete was left out; HR removes it before signing.")
    assert [f.severity for f in hits] == ["minor"]
    hits = _asked(tmp_path, instructions=" Add a cover note at the top of agreement.md for the client.")
    assert [f.severity for f in hits] == ["major"]


def test_a_cover_paragraph_to_the_client_opening_the_agreement_is_major(tmp_path):
    hits = _asked(tmp_path, instructions=" Begin agreement.md with a short cover paragraph to the client explaining "
                                         "which threshold applies.")
    assert [f.severity for f in hits] == ["major"]


def test_a_covering_paragraph_heading_the_agreement_is_major(tmp_path):
    hits = _asked(tmp_path, instructions=" Head agreement.md with a short covering paragraph addressed to the client's "
                                         "counsel that explains why each change was needed.")
    assert [f.severity for f in hits] == ["major"]


def test_material_the_law_requires_asked_for_by_name_is_no_advice_in_the_operative_text(tmp_path):
    task = task_json()
    task["instructions"] += (" Put the written advice to consult a lawyer that 820 ILCS 90/20 requires in bold at the "
                             "head of agreement.md, above the recitals.")
    assert not [f for f in found(env_with(tmp_path, task), "H12") if "asks for" in f.message]
    # The same words with no law behind them ("that the partner requires") still ask for advice.
    task = task_json()
    task["instructions"] += " Put the written advice that the partner requires at the head of agreement.md."
    hits = [f for f in found(env_with(tmp_path / "b", task), "H12") if "asks for" in f.message]
    assert [(f.severity, f.path) for f in hits] == [("major", "task.json")]


def test_guidance_asked_for_inside_the_operative_form_is_found(tmp_path):
    task = task_json()
    task["instructions"] += (" In agreement.md, put HR's fill-in guidance next to each blank as an HTML comment, so "
                             "HR sees it in the editor.")
    hits = [f for f in found(env_with(tmp_path, task), "H12") if "asks for" in f.message]
    assert len(hits) == 1 and "'guidance'" in hits[0].message and "agreement.md" in hits[0].message


def test_footnotes_asked_for_on_the_operative_text_are_found(tmp_path):
    task = task_json()
    task["instructions"] += (" In agreement.md, put a footnote on each covenant giving the statute it rests on and why "
                             "it survives the earnings floor.")
    hits = [f for f in found(env_with(tmp_path, task), "H12") if "asks for" in f.message]
    assert len(hits) == 1 and "'footnote'" in hits[0].message


def test_a_request_abroad_for_the_drafters_reasons_in_the_agreement_is_major(tmp_path):
    task = task_json()
    task["instructions"] += (" Nota de Recursos Humanos: por favor, añadan al final de agreement.md un párrafo que "
                             "explique por qué se suprimió la cláusula.")
    hits = [f for f in found(env_with(tmp_path, task), "H12") if "explique por qué" in f.message]
    assert [(f.severity, f.location) for f in hits] == [("major", "$.instructions")]
    # Said of the advisory deliverable, or negated, it asks for nothing wrong.
    calm = task_json()
    calm["instructions"] += (" Por favor, expliquen en client-email.md por qué se suprimió la cláusula, y no "
                             "expliquen en agreement.md por qué.")
    assert [f for f in found(env_with(tmp_path / "calm", calm), "H12") if "por qu" in f.message] == []


def test_an_allowlist_that_lets_source_references_into_the_agreement_is_major(tmp_path):
    task = task_json()
    task["criteria"][1]["match_criteria"] = (
        "PASS if agreement.md contains only contract terms, signature blocks and footnotes citing the practice "
        "guide each clause relies on. FAIL if it contains \"knowledge-base/\".")
    hits = [f for f in found(env_with(tmp_path, task), "H12") if "citing the practice guide" in f.message]
    assert [f.severity for f in hits] == ["major"]


def test_a_request_in_japanese_for_reasons_in_the_agreement_and_a_research_trail_allowed_in_it(tmp_path):
    task = task_json()
    task["instructions"] += " agreement.md の末尾に、当社宛ての注記として、条項をなぜ削除したのかを説明してください。"
    hits = [f for f in found(env_with(tmp_path, task), "H12") if f.location == "$.instructions" and "注記" in f.message]
    assert [f.severity for f in hits] == ["major"]
    trail = task_json()
    trail["criteria"][1]["match_criteria"] = (
        "PASS if agreement.md contains only contract terms, signature blocks and a closing Research trail of the "
        "knowledge-base pages each clause rests on. FAIL if it contains \"knowledge-base/\".")
    hits = [f for f in found(env_with(tmp_path / "trail", trail), "H12") if "lists" in f.message]
    assert [f.severity for f in hits] == ["major"]


def test_the_agreement_asked_to_explain_itself_or_a_footnote_asked_in_malay(tmp_path):
    task = task_json()
    task["instructions"] += " After each clause, agreement.md should tell Dana in a sentence why the clause is drafted."
    hits = [f for f in found(env_with(tmp_path, task), "H12") if f.location == "$.instructions"]
    assert [f.severity for f in hits] == ["major"]
    malay = task_json()
    malay["instructions"] += " Dalam agreement.md, sila tambah nota kaki pada setiap pindaan."
    assert [f.severity for f in found(env_with(tmp_path / "ms", malay), "H12") if "nota kaki" in f.message] == ["major"]


def test_a_rule_that_declares_a_schedule_of_file_notes_part_of_the_agreement_lets_it_in(tmp_path):
    task = task_json()
    task["criteria"][1]["match_criteria"] = (
        "PASS if agreement.md contains only contract terms and signature blocks; a closing schedule listing the "
        "file notes relied on is part of the agreement and does not count as commentary. FAIL if it contains "
        "\"knowledge-base/\".")
    hits = [f for f in found(env_with(tmp_path, task), "H12") if "lets" in f.message]
    assert [f.severity for f in hits] == ["major"]


def test_a_placement_rule_that_lists_two_operative_files_but_speaks_of_one_leaves_the_other_open(tmp_path):
    task = task_json()
    task["deliverables"]["notice.md"] = "The separate notice the employee signs."
    task["instructions"] += " Also draft notice.md, the separate notice."
    task["oafreeze"]["operative"].append("notice.md")
    task["criteria"][1]["deliverables"] = ["agreement.md", "notice.md"]
    hits = [f for f in found(env_with(tmp_path, task), "H12") if "speak in their text" in f.message]
    assert [(f.severity, f.evidence) for f in hits] == [("major", "notice.md")]
    task["criteria"][1]["match_criteria"] = task["criteria"][1]["match_criteria"].replace(
        "PASS if agreement.md contains", "PASS if each document contains")
    assert not [f for f in found(env_with(tmp_path / "each", task), "H12") if "speak in their text" in f.message]


def test_near_miss_a_rule_that_names_the_same_file_in_another_format_covers_it(tmp_path):
    task = task_json()
    task["deliverables"]["agreement.docx"] = "The same agreement as a Word file."
    task["instructions"] += " Also save it as agreement.docx."
    task["oafreeze"]["operative"].append("agreement.docx")
    task["criteria"][1]["deliverables"] = ["agreement.md", "agreement.docx"]
    assert not [f for f in found(env_with(tmp_path, task), "H12") if "speak in their text" in f.message]


@pytest.mark.parametrize("sentence, flagged", [
    ('End agreement.md with this line: "The reasons for these terms are set out in client-email.md."', True),
    ('Title agreement.md "Restrictive Covenant Agreement (no non-compete, because the salary is below the '
     'threshold)" so that HR can tell it apart.', True),
    ('Title agreement.md "Restrictive Covenant Agreement (Denver sales)" so that HR can tell it apart.', False),
    ('Do not end agreement.md with "see client-email.md for the reasons".', False),
])
def test_words_dictated_for_operative_text_that_carry_advice(tmp_path, sentence, flagged):
    task = task_json()
    task["instructions"] += " " + sentence
    hits = [f for f in found(env_with(tmp_path, task), "H12") if "dictate" in f.message]
    assert [f.severity for f in hits] == (["major"] if flagged else [])


@pytest.mark.parametrize("sentence, flagged", [
    ("Keep client-email.md to a transmittal: list the files you changed and nothing else.", True),
    ("Write client-email.md for the client. Raise no point of law in it; the partner will.", True),
    ("Keep client-email.md short and in plain English, with no jargon.", False),
    ("Make client-email.md a transmittal that says only that the agreement is attached.", True),
    ("Write client-email.md for the client, and put no explanation in it; the partner will call.", True),
    ("In client-email.md, give the reasons for each change; no other file needs them.", False),
    ("Write client-email.md, one line confirming the edits; the partner does not want anything else raised.", True),
])
def test_the_only_advisory_deliverable_closed_to_advice(tmp_path, sentence, flagged):
    task = task_json()
    task["instructions"] += " " + sentence
    hits = [f for f in found(env_with(tmp_path, task), "H12") if "nowhere to put it" in f.message]
    assert [f.severity for f in hits] == (["major"] if flagged else [])


@pytest.mark.parametrize("sentence, flagged", [
    ('In agreement.md, put a bracketed instruction for HR at the start of each optional section, e.g. "[HR: keep '
     'this only for sales staff]".', True),
    ("In client-email.md, add a short instruction for HR on when to send the notice.", False),
    ("Follow the instructions for HR in the partner's notes when you draft agreement.md.", False),
])
def test_directions_to_the_firms_own_people_inside_operative_text(tmp_path, sentence, flagged):
    task = task_json()
    task["instructions"] += " " + sentence
    hits = [f for f in found(env_with(tmp_path, task), "H12") if "instruction for HR" in f.message]
    assert [f.severity for f in hits] == (["major"] if flagged else [])


@pytest.mark.parametrize("listed, flagged", [
    ("which include a notice that the covenant is void for a worker paid less than the threshold and that "
     "presenting it carries a penalty", True),
    ("which include the notice of the covenant that C.R.S. § 8-2-113(4) prescribes, signed by the employee", False),
])
def test_a_notice_exception_that_lists_the_analysis_itself(tmp_path, listed, flagged):
    task = task_json()
    task["criteria"][1]["match_criteria"] = (
        f"PASS if agreement.md contains only contract terms, signature blocks and the notices the law requires, "
        f"{listed}. FAIL if it contains drafting commentary, client advice, legal analysis or \"knowledge-base/\".")
    hits = [f for f in found(env_with(tmp_path, task), "H12") if "reads as legal analysis" in f.message]
    assert [f.severity for f in hits] == (["minor"] if flagged else [])


@pytest.mark.parametrize("sentence", [
    "Deliver agreement.md as a redline against the draft: strike deleted words with ~~ ~~, put new words in bold, "
    "and give the reason for each edit in italics beside it.",
    "Write agreement.md in plain Markdown: number the clauses; add a drafting note under each clause.",
])
def test_a_request_after_a_colon_is_about_the_operative_deliverable_the_sentence_named(tmp_path, sentence):
    task = task_json()
    task["instructions"] += " " + sentence
    hits = [f for f in found(env_with(tmp_path, task), "H12") if f.location == "$.instructions"]
    assert [f.severity for f in hits] == ["major"] and "'agreement.md'" in hits[0].message


@pytest.mark.parametrize("sentence", [
    "Deliver agreement.md as a redline against the draft: strike deleted words with ~~ ~~ and put new words in bold.",
    "Deliver agreement.md as a redline against the draft: explain each edit in client-email.md.",
    "Write client-email.md in plain prose: give the reason for each edit to the agreement.",
])
def test_a_colon_that_sends_the_reasons_elsewhere_or_asks_for_none_is_not(tmp_path, sentence):
    task = task_json()
    task["instructions"] += " " + sentence
    assert [f for f in found(env_with(tmp_path, task), "H12") if f.location == "$.instructions"] == []


def test_a_placement_rule_that_lets_in_a_note_on_what_each_clause_rests_on_is_major(tmp_path):
    task = task_json()
    task["criteria"][1]["match_criteria"] = (
        "PASS if agreement.md contains only contract terms, signature blocks and, under each heading, a one-line "
        "'Basis:' note citing the statute the clause relies on. FAIL if it contains a drafting note.")
    hits = [f for f in found(env_with(tmp_path / "a", task), "H12") if "among what" in f.message]
    assert [f.severity for f in hits] == ["major"]
    # The statute's own text, which the law wants in the notice, is no note on the drafting.
    task["criteria"][1]["match_criteria"] = (
        "PASS if agreement.md contains only contract terms, signature blocks and the notice the statute requires. "
        "FAIL if it contains a drafting note.")
    assert [f for f in found(env_with(tmp_path / "b", task), "H12") if "among what" in f.message] == []


@pytest.mark.parametrize("clause, flagged", [
    ("contains no non-compete and its recitals explain why the non-compete is gone", True),
    ("contains no non-compete, and the agreement's preamble sets out the reasons for dropping it", True),
    ("contains no non-compete and its recitals name the parties", False),
    ("contains no non-compete; client-email.md explains why", False),
])
def test_a_criterion_that_asks_a_part_of_the_operative_text_for_the_reasons_is_major(tmp_path, clause, flagged):
    task = task_json()
    task["criteria"][0]["match_criteria"] = f"PASS if agreement.md {clause}. FAIL if it does not."
    hits = [f for f in found(env_with(tmp_path, task), "H12") if f.location == "$.criteria[0].match_criteria"
            and "in the operative deliverable" in f.message]
    assert [f.severity for f in hits] == (["major"] if flagged else [])


def test_what_a_placement_rule_excepts_in_a_parenthesis_is_let_in(tmp_path):
    task = task_json()
    task["criteria"][1]["match_criteria"] = (
        "PASS if agreement.md contains no client advice or legal analysis (legally required notices excepted, and a "
        "boxed \"Drafting notes\" section at the end, which the client will delete before signature). FAIL if it does.")
    hits = [f for f in found(env_with(tmp_path / "a", task), "H12") if "lets" in f.message]
    assert [f.severity for f in hits] == ["major"]
    task["criteria"][1]["match_criteria"] = (
        "PASS if agreement.md contains no client advice or legal analysis (legally required notices excepted). "
        "FAIL if it does.")
    assert [f for f in found(env_with(tmp_path / "b", task), "H12") if "lets" in f.message] == []


@pytest.mark.parametrize("passing, flagged", [
    ("PASS if agreement.md cites offer-facts.md as the source of the salary. FAIL if it does not.", True),
    ("PASS if each covenant in agreement.md has a footnote referring to colorado-statute-excerpt.md. FAIL if not.", True),
    ("PASS if agreement.md gives the salary stated in offer-facts.md. FAIL if it gives another.", False),
    ("PASS if agreement.md does not cite offer-facts.md or any other source file. FAIL if it does.", False),
])
def test_a_criterion_that_asks_operative_text_to_cite_a_task_file(tmp_path, passing, flagged):
    task = task_json()
    task["criteria"][0]["match_criteria"] = passing
    hits = [f for f in found(env_with(tmp_path, task), "H12") if "own file" in f.message]
    assert [(f.severity, f.location) for f in hits] == ([("major", "$.criteria[0].match_criteria")] if flagged else [])


@pytest.mark.parametrize("sentence, flagged", [
    ("Write client-email.md to Maplestone's general counsel, copied to Dana Smith.", True),
    ("Send client-email.md to the general counsel and cc Dana on it.", True),
    ("client-email.md goes to the general counsel with a copy to Dana Smith.", True),
    ("Send client-email.md to the general counsel, copied to Morgan Hale in HR.", False),
    # the person first: "X will be copied on D", "X gets a copy of D"
    ("Dana Smith will be copied on client-email.md when it goes to the general counsel.", True),
    ("Dana also gets a copy of client-email.md.", True),
    ("Morgan Hale will be copied on client-email.md, and Dana Smith signs the agreement.", False),
    ("Dana Smith will be copied on the signed agreement; client-email.md goes to the general counsel.", False),
])
def test_advice_copied_to_the_person_who_signs_is_major(tmp_path, sentence, flagged):
    task = _addressed(task_json(), "The restrictive covenant agreement for Dana Smith, ready to sign.",
                      "An e-mail to the client explaining the changes and why.")
    task["instructions"] += " " + sentence
    hits = [f for f in found(env_with(tmp_path, task), "H12") if "addressed to" in f.message]
    assert [(f.severity, f.location) for f in hits] == ([("major", "$.instructions")] if flagged else [])


@pytest.mark.parametrize("allowed", [
    'A boxed "How HR completes this form" panel at the top, telling HR when Section 2 may be used, is acceptable.',
    "Instructions for the hiring manager on when to offer Section 3 may stay at the end.",
    "A one-paragraph legend at the top addressed to Maplestone's HR director, saying what to check before the "
    "agreement goes to Dana, is allowed.",
])
def test_a_placement_rule_that_lets_guidance_for_the_issuer_into_the_signed_text(tmp_path, allowed):
    task = task_json()
    task["criteria"][1]["match_criteria"] = (f"PASS if agreement.md contains only contract terms and the notice. "
                                             f"{allowed} FAIL if it contains drafting notes.")
    hits = [f for f in found(env_with(tmp_path, task), "H12") if "stay in" in f.message or "lists" in f.message]
    assert [(f.severity, f.location) for f in hits] == [("major", "$.criteria[1].match_criteria")]


def test_near_miss_what_the_signer_is_told_to_do_is_the_forms_own(tmp_path):
    task = task_json()
    task["criteria"][1]["match_criteria"] = ("PASS if agreement.md contains only contract terms and the notice. A "
                                             "line telling the employee to return the signed form to HR is "
                                             "acceptable. FAIL if it contains drafting notes.")
    assert [f for f in found(env_with(tmp_path, task), "H12") if "stay in" in f.message or "lists" in f.message] == []


def test_a_source_line_asked_at_the_end_of_each_section_of_the_agreement_is_asked_in_it(tmp_path):
    hits = _asked(tmp_path, instructions=" At the end of each numbered section of agreement.md, add a bracketed "
                                         "source line naming the knowledge-base file the wording came from.")
    assert [f.severity for f in hits] == ["major"] and "source line" in hits[0].message


def test_near_miss_a_source_line_asked_in_the_client_email_is_where_it_belongs(tmp_path):
    assert _asked(tmp_path, instructions=" At the end of client-email.md, add a source line naming the knowledge-base "
                                         "guide each change came from.") == []


def test_a_placement_rule_that_leaves_a_cover_page_ungraded_is_major(tmp_path):
    task = task_json()
    task["criteria"][1]["match_criteria"] = ("PASS if agreement.md contains only contract terms, signature blocks and "
                                             "the notice. A cover page placed before the agreement's title is not "
                                             "graded by this criterion. FAIL if it contains drafting notes.")
    hits = [f for f in found(env_with(tmp_path, task), "H12") if "ungraded" in f.message]
    assert [(f.severity, f.location) for f in hits] == [("major", "$.criteria[1].match_criteria")]


@pytest.mark.parametrize("aside, flagged", [
    ('a closing schedule headed "For information only: not part of the Agreement" may explain the changes', True),
    ("an annex marked non-operative may set out the reasons", True),
    ('a schedule headed "Restricted Territory" lists the counties', False),
])
def test_a_placement_rule_that_lets_in_a_part_labelled_as_no_part_of_the_document_is_major(tmp_path, aside, flagged):
    task = task_json()
    task["criteria"][1]["match_criteria"] = ("PASS if agreement.md contains only contract terms, signature blocks and "
                                             f"the notice; {aside}. FAIL if it contains drafting notes.")
    hits = [f for f in found(env_with(tmp_path, task), "H12") if "ungraded" in f.message]
    assert [(f.severity, f.location) for f in hits] == ([("major", "$.criteria[1].match_criteria")] if flagged else [])


def test_a_placement_rule_that_lets_in_links_to_the_firms_online_guide_is_major(tmp_path):
    task = task_json()
    task["criteria"][1]["match_criteria"] = ("PASS if agreement.md contains only contract terms, signature blocks and "
                                             "the notice; links to the firm's online Colorado practice guide are also "
                                             "allowed. FAIL if it contains drafting notes.")
    hits = [f for f in found(env_with(tmp_path, task), "H12") if "practice guide" in f.message]
    assert [(f.severity, f.location) for f in hits] == [("major", "$.criteria[1].match_criteria")]


def test_near_miss_a_notice_another_criterion_grades_is_not_an_ungraded_page(tmp_path):
    task = task_json()
    task["criteria"][1]["match_criteria"] = ("PASS if agreement.md contains only contract terms, signature blocks and "
                                             "the notice. The statutory notice on its own page is not graded by this "
                                             "criterion (C3 grades it). FAIL if it contains drafting notes.")
    assert [f for f in found(env_with(tmp_path, task), "H12") if "ungraded" in f.message] == []


@pytest.mark.parametrize("description, flagged", [("One line confirming the edits; nothing else raised.", True),
                                                  ("An e-mail to the client explaining each change.", False)])
def test_an_advisory_deliverable_its_own_description_closes_to_advice(tmp_path, description, flagged):
    task = task_json()
    task["deliverables"]["client-email.md"] = description
    hits = [f for f in found(env_with(tmp_path, task), "H12") if "nowhere to put it" in f.message]
    assert [(f.severity, f.location) for f in hits] == (
        [("major", '$.deliverables["client-email.md"]')] if flagged else [])


@pytest.mark.parametrize("ask", [
    "At the top of agreement.md, add a GitHub-style callout (> [!NOTE]) that tells Dana why the non-compete was "
    "taken out.",
    "Begin agreement.md with a paragraph telling Dana why the non-compete was removed.",
    "In agreement.md, say why the non-compete was deleted.",
])
def test_a_request_for_the_reason_a_clause_was_removed_inside_the_agreement_is_found(tmp_path, ask):
    task = task_json()
    task["instructions"] += " " + ask
    hits = found(env_with(tmp_path, task), "H12")
    assert [(f.severity, f.location) for f in hits] == [("major", "$.instructions")]


def test_a_permission_that_names_a_knowledge_base_path_lets_source_paths_in(tmp_path):
    task = task_json()
    task["criteria"][1]["match_criteria"] = task["criteria"][1]["match_criteria"].replace(
        " FAIL if", " Markdown link reference definitions (lines such as \"[1]: knowledge-base/practice-guides/"
        "non-compete/us/colorado.md\") are also allowed, because they do not show when rendered. FAIL if")
    hits = found(env_with(tmp_path, task), "H12")
    assert [(f.severity, f.location) for f in hits] == [("major", "$.criteria[1].match_criteria")]
    assert "knowledge-base/practice-guides" in hits[0].message
    # a permission naming a web address of the law is not a source path
    task = task_json()
    task["criteria"][1]["match_criteria"] = task["criteria"][1]["match_criteria"].replace(
        " FAIL if", " A link to https://leg.colorado.gov/statutes/8-2-113 in the notice is also allowed. FAIL if")
    assert found(env_with(tmp_path / "b", task), "H12") == []


def test_a_note_asked_for_inside_an_html_block_of_the_agreement_is_found(tmp_path):
    task = task_json()
    task["instructions"] += (" At the end of agreement.md, add an HTML <details> block headed \"Associate's note\" "
                             "on the salary question; it stays collapsed, so Dana will not see it.")
    hits = found(env_with(tmp_path, task), "H12")
    assert [(f.location, "'note'" in f.message) for f in hits] == [("$.instructions", True)]


def test_an_advisory_deliverable_put_into_the_agreement_is_major(tmp_path):
    task = task_json()
    task["instructions"] += " Attach the text of client-email.md to agreement.md as its Exhibit A, so Dana sees why."
    hits = found(env_with(tmp_path / "a", task), "H12")
    assert [(f.severity, "'client-email.md' into the operative 'agreement.md'" in f.message) for f in hits] == \
        [("major", True)]
    task = task_json()
    task["instructions"] += " Do not attach client-email.md to agreement.md."
    assert found(env_with(tmp_path / "b", task), "H12") == []
    # the task's own memo, by its kind or by its file name, put into the agreement
    for k, said in enumerate(("Attach the litigation memo to agreement.md as Exhibit A, so Dana sees why.",
                              "Append analysis-memo.md to agreement.md as a schedule.")):
        task = task_json()
        task["instructions"] += " " + said
        files = {**workspace(), "analysis-memo.md": "# Memo\n\nOur analysis of the covenant.\n"}
        hits = found(env_with(tmp_path / f"memo{k}", task, files), "H12")
        assert [(f.severity, "advice document" in f.message) for f in hits] == [("major", True)], said


@pytest.mark.parametrize("said, flagged", [
    ("Attach Dana's email (documents/hr-request.md) to agreement.md as a final exhibit.", True),
    ("So that HR has it to hand, print the text of hr-usage-notes.md as the last page of agreement.md.", True),
    ("Attach the job description (documents/role.md) to agreement.md as Exhibit A.", False),
    ("Put the statutory notice in agreement.md above the signature line.", False),
])
def test_a_document_written_to_the_firm_put_into_the_agreement(tmp_path, said, flagged):
    task = task_json()
    task["instructions"] += " " + said
    files = {**workspace(), "hr-request.md": "Please renew Dana's agreement.\n",
             "hr-usage-notes.md": "How HR fills in the form.\n", "role.md": "Duties of the role.\n"}
    hits = found(env_with(tmp_path, task, files), "H12")
    assert [(f.severity, "into the operative 'agreement.md'" in f.message) for f in hits] == (
        [("major", True)] if flagged else []), said


def test_a_permission_for_whatever_a_labelled_paragraph_says_is_major(tmp_path):
    task = task_json()
    task["criteria"][1]["match_criteria"] = task["criteria"][1]["match_criteria"].replace(
        " FAIL if", " Any paragraph headed \"Statutory Notice\" may stay, whatever it says. FAIL if")
    hits = found(env_with(tmp_path, task), "H12")
    assert [(f.severity, f.location) for f in hits] == [("major", "$.criteria[1].match_criteria")]
    assert "'whatever it says'" in hits[0].message


@pytest.mark.parametrize("said, flagged", [
    ('Begin every deliverable with a short section headed "Reasoning" that explains your choices.', True),
    ("End each document with one line stating your confidence that it complies with Colorado law.", True),
    ("Add a footer to agreement.md pointing the employee to the firm's practice guide.", True),
    ("End each advisory document with your reasoning; not in the agreement.", False),
    ("Begin every deliverable with its title.", False),
])
def test_instructions_that_ask_every_deliverable_for_the_agents_reasoning(tmp_path, said, flagged):
    task = task_json()
    task["instructions"] += " " + said
    hits = [f for f in found(env_with(tmp_path, task), "H12") if f.message.startswith("the instructions ask")]
    assert [(f.severity, f.location) for f in hits] == ([("major", "$.instructions")] if flagged else [])


@pytest.mark.parametrize("said, flagged", [
    ("HR will hand Dana your client email with the agreement.", True),
    ("We will send Dana Whitcombe a copy of client-email.md.", True),
    ("HR will hand Dana the signed agreement.", False),            # an operative text: hers to have
    ("We will send Morgan your client email.", False),             # not the person the agreement goes to
])
def test_an_advisory_deliverable_a_task_document_hands_to_the_counterparty_is_major(tmp_path, said, flagged):
    task = task_json()
    task["deliverables"]["agreement.md"] = "The restrictive covenant agreement for Dana Whitcombe to sign."
    files = {**workspace(), "partner-notes.md": workspace()["partner-notes.md"] + "\n" + said + "\n"}
    hits = [f for f in found(env_with(tmp_path, task, files), "H12") if "will be handed to" in f.message]
    assert [(f.severity, f.path) for f in hits] == ([("major", "documents/partner-notes.md")] if flagged else [])


@pytest.mark.parametrize("said, flagged", [
    ("The client wants an acknowledgment of receipt for Dana Whitcombe to sign. Put it at the end of "
     "client-email.md, below your email.", True),
    ("Include a consent form for Dana Whitcombe to sign in client-email.md.", True),
    ("Add a signature block for Miriam Okafor to client-email.md.", False),  # the email's own sign-off
    ("The agreement is ready for Dana Whitcombe to sign. If you add a translation note for the Hanoi reviewers, put it "
     "in client-email.md.", False),                                           # "it" is the note
    ("The agreement is ready for Dana Whitcombe to sign. Put your reasons in client-email.md.", False),
])
def test_a_text_the_other_side_signs_put_into_an_advisory_deliverable_is_major(tmp_path, said, flagged):
    task = task_json()
    task["instructions"] += " " + said
    hits = [f for f in found(env_with(tmp_path, task), "H12") if "a text the other side signs" in f.message]
    assert [(f.severity, f.location) for f in hits] == ([("major", "$.instructions")] if flagged else [])


def test_near_miss_a_review_task_whose_calendar_lists_contract_dates_does_not_apply(tmp_path):
    # "contract" said of the dates, not of a text someone signs
    task = task_json()
    task["work_type"] = "review"
    task["deliverables"] = {"agreement.md": "Memo to the CIO on the renewal terms.",
                            "client-email.md": "Calendar list of the contract dates, with columns date and event."}
    task["oafreeze"]["operative"] = []
    task["oafreeze"]["advisory"] = []
    assert found(env_with(tmp_path, task), "H12") == []
    task["deliverables"]["client-email.md"] = "The contract amendment, ready for the vendor to sign."
    assert ("major", "$.oafreeze.operative") in {(f.severity, f.location)
                                                  for f in found(env_with(tmp_path / "signed", task), "H12")}


def test_a_placement_rule_in_other_words_covers_the_operative_text(tmp_path):
    # "no assessment of the merits", "speculates": legal analysis named without the word
    task = task_json()
    task["criteria"][1]["match_criteria"] = (
        "PASS if agreement.md describes the dispute neutrally and contains no assessment of the merits. FAIL if it "
        "says the company's exposure is \"real\" or speculates about what the employee told customers.")
    hits = found(env_with(tmp_path, task), "H12")
    assert not [f for f in hits if "no placement criterion" in f.message or "never forbids client advice" in f.message]


def test_a_placement_rule_that_lets_text_below_the_signatures_off(tmp_path):
    task = task_json()
    task["criteria"][1]["match_criteria"] += (" Text placed below the signature blocks is treated as HR's working "
                                              "notes and is not graded.")
    hits = [f for f in found(env_with(tmp_path, task), "H12") if "ungraded" in f.message]
    assert [(f.severity, f.location) for f in hits] == [("major", "$.criteria[1].match_criteria")]


@pytest.mark.parametrize("ask, flagged", [
    ("Lay out agreement.md as a table: each term on the left and, on the right, which provision requires it and why "
     "it applies to Dana.", True),
    ("Open agreement.md with a Purpose clause stating that the company revised its form after a recent dispute.", True),
    ("In client-email.md, explain why the statute applies to Dana.", False),
])
def test_how_the_law_meets_the_facts_asked_of_the_operative_text(tmp_path, ask, flagged):
    task = task_json()
    task["instructions"] += " " + ask
    hits = [f for f in found(env_with(tmp_path, task), "H12") if f.location == "$.instructions"
            and f.severity == "major"]
    assert bool(hits) is flagged


def test_a_placement_rule_written_of_the_starting_form(tmp_path):
    task = task_json()
    task["criteria"][1]["match_criteria"] = task["criteria"][1]["match_criteria"].replace("agreement.md",
                                                                                          "offer-facts.md", 1)
    hits = [f for f in found(env_with(tmp_path, task), "H12") if "speak in their text of" in f.message]
    assert [(f.severity, f.location) for f in hits] == [("major", "$.criteria[1].match_criteria")]
    assert "offer-facts.md" in hits[0].message


def test_an_advisory_deliverable_reproduced_as_a_schedule_of_the_operative_one(tmp_path):
    task = task_json()
    task["instructions"] += (" Finish agreement.md with a Schedule B that reproduces the second half of "
                             "client-email.md.")
    hits = [f for f in found(env_with(tmp_path, task), "H12") if "into the operative" in f.message]
    assert [(f.severity, f.location) for f in hits] == [("major", "$.instructions")]
