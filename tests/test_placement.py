"""environment/placement.py: what a text asks to be written into an operative deliverable, read
without a task or a repository."""

from __future__ import annotations

from oafreeze.environment import placement as pl

ROLES = {"agreement.md": "operative", "client-email.md": "advisory"}


def test_material_placed_in_a_deliverable_named_next_is_asked_plainly():
    # The place comes first, so the words on both sides of the name are read (the audit reports one).
    asked = pl.advice_requested("Add a drafting note at the top of agreement.md explaining each change.", ROLES)
    assert asked and {(r.deliverable, r.plain) for r in asked} == {("agreement.md", True)}
    assert "drafting note" in asked[0].what


def test_material_attached_to_the_deliverable_named_before():
    [r] = pl.advice_requested("Revise agreement.md, with a short comment explaining why the clause went.", ROLES)
    assert r.deliverable == "agreement.md" and r.plain


def test_the_same_material_in_the_advisory_deliverable_is_no_request():
    assert pl.advice_requested("Explain your changes in client-email.md.", ROLES) == []
    assert pl.advice_requested("Revise agreement.md, and explain in client-email.md why each change was made.",
                               ROLES) == []


def test_a_negated_or_removed_request_asks_for_nothing():
    assert pl.advice_requested("Do not add any drafting notes to agreement.md.", ROLES) == []
    assert pl.advice_requested("Deliver agreement.md with every drafting note removed.", ROLES) == []


def test_what_the_law_puts_in_the_text_is_no_advisory_material():
    assert pl.advice_requested("Include in agreement.md the notice that 820 ILCS 90/20 requires.", ROLES) == []


def test_a_deliverable_referred_to_by_its_noun_is_asked_less_plainly():
    asked = pl.advice_requested("Add a drafting note at the top of the agreement explaining each change.", ROLES)
    assert asked and {(r.deliverable, r.plain) for r in asked} == {("agreement.md", False)}


def test_a_request_after_a_colon_belongs_to_the_one_deliverable_named_before_it():
    text = "Deliver agreement.md as a redline: strike deleted words, and add a comment giving the reason for each edit."
    assert [r.deliverable for r in pl.advice_requested(text, ROLES)] == ["agreement.md"]


def test_a_description_attaches_its_request_to_its_own_deliverable():
    [r] = pl.advice_requested("The revised agreement, with a preamble explaining why the covenant was cut.", ROLES,
                              own="agreement.md")
    assert r.deliverable == "agreement.md"


def test_a_request_in_another_language_needs_the_file_name_and_no_negation():
    [r] = pl.advice_requested_abroad("Añada a agreement.md un párrafo que explique por qué se cambió.", ["agreement.md"])
    assert r.deliverable == "agreement.md" and r.plain
    assert pl.advice_requested_abroad("No explique en agreement.md por qué se cambió.", ["agreement.md"]) == []
    assert pl.advice_requested_abroad("Explique por qué se cambió.", ["agreement.md"]) == []


ROLES_WITH_NOTICE = {"agreement.md": "operative", "separate-notice.md": "operative", "client-email.md": "advisory"}


def test_a_relative_clause_tells_the_deliverable_named_before_it_to_explain():
    text = ("Draft the agreement and any separate notice the law requires, ready to deliver with the agreement, which "
            "should also explain to Riley in a short paragraph why the agreement has no non-compete.")
    asked = pl.advice_requested(text, ROLES_WITH_NOTICE)
    assert asked and {(r.deliverable, r.plain) for r in asked} == {("agreement.md", False)}
    assert asked[0].what == "explain"
    signed = text.replace("which should also explain to Riley in a short paragraph why the agreement has no "
                          "non-compete", "which should also be signed by Riley")
    assert pl.advice_requested(signed, ROLES_WITH_NOTICE) == []


def test_an_operative_notice_is_referred_to_by_its_noun_but_what_the_law_puts_in_it_is_no_request():
    [r] = pl.advice_requested("Add a drafting note to the separate notice explaining each choice.", ROLES_WITH_NOTICE)
    assert (r.deliverable, r.plain) == ("separate-notice.md", False)
    assert pl.advice_requested("Include in the notice the immunity notice that 18 U.S.C. 1833(b) requires.",
                               ROLES_WITH_NOTICE) == []


def test_material_the_deliverable_carries_or_bears_is_attached_to_it():
    [r] = pl.advice_requested("PASS if each covenant in agreement.md carries a footnote giving the path of the "
                              "knowledge-base guide it relies on. FAIL if not.", ROLES)
    assert r.deliverable == "agreement.md" and r.plain and r.what == "footnote"
    assert pl.advice_requested("PASS if agreement.md bears the signatures of both parties. FAIL if not.", ROLES) == []
    # "Attach to X <material> ..., so that the copy carries ...": what is attached is what follows the name
    [r] = pl.advice_requested("Attach to agreement.md a Schedule 2 (Drafting Notes) giving the reason for each "
                              "change, so that the employee's copy carries the audit trail.", ROLES)
    assert r.deliverable == "agreement.md" and "Drafting Notes" in r.what
    # ... and what comes "with" it after an aside: "attach to X, as Annex A, a table ... with the reason for each"
    [r] = pl.advice_requested("Attach to agreement.md, as Annex A, a table of every change from the form with the "
                              "legal reason for each, including why there is no non-compete.", ROLES)
    assert r.deliverable == "agreement.md" and "reason" in r.what


def test_a_guide_to_the_form_set_out_for_the_firms_people_is_advisory_material():
    roles = {"form.md": "operative", "client-email.md": "advisory"}
    [r] = pl.advice_requested('Put a short "How to use this form" box for HR at the top of form.md, so HR sees '
                              "the rules when filling it in.", roles)
    assert (r.deliverable, r.plain, r.what) == ("form.md", True, '"How to use this form" box for HR')
    [r] = pl.advice_requested("Add a checklist for the hiring manager to form.md.", roles)
    assert r.deliverable == "form.md"
    # A box the signer fills in, or a guide in the advisory deliverable, asks for nothing.
    assert pl.advice_requested("Include a signature box for the employee in form.md.", roles) == []
    assert pl.advice_requested("Put a checklist for HR in client-email.md.", roles) == []


def test_an_item_of_the_list_a_pass_clause_allows_can_be_advisory_material():
    roles = {"agreement.md": "operative", "client-email.md": "advisory"}
    [r] = pl.advice_requested("agreement.md contains only contract terms, signature blocks and legally required "
                              "notices (the 18 U.S.C. § 1833(b) immunity notice), and a footnote under each covenant "
                              "citing the section of 820 ILCS 90 that permits it", roles)
    assert (r.deliverable, r.what, r.plain) == ("agreement.md", "footnote", True)
    # The notices and the schedules' own notes the list allows are no request.
    assert pl.advice_requested("agreement.md contains only contract terms, the schedules with the notes to Schedule "
                               "2 and the notice explaining the employee's immunity", roles) == []


def test_marks_of_what_was_changed_inside_the_operative_text_are_commentary():
    roles = {"form.md": "operative", "client-email.md": "advisory"}
    [r] = pl.advice_requested("In form.md, start each clause you changed with a [REVISED] tag so Petra can see what "
                              "moved.", roles)
    assert (r.deliverable, r.what, r.plain) == ("form.md", "[REVISED] tag", True)
    assert pl.advice_requested("Sign form.md with a blue pen.", roles) == []
    assert pl.advice_requested("In client-email.md, mark each change with a [REVISED] tag.", roles) == []
