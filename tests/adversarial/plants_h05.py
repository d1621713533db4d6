"""H05 ambiguous grading language: vague standards a judge can read either way."""

from __future__ import annotations

from pathlib import Path

from .cases import near_miss, plant
from .edits import add_criterion, append_doc, criterion, edit_doc, instructions_add, read_doc, replace_text, reword, reword_in, task_json

NE, TB, SD = "matrix-narrow-edit", "matrix-threshold-between", "matrix-signing-date-law"
CA, AM, CI = "matrix-client-alert-refresh", "matrix-adverse-memo-repair", "matrix-california-invention-notice"


def _reword(env: Path, task: str, cid: str, old: str, new: str) -> None:
    with task_json(env, task) as t:
        crit = criterion(t, cid)
        crit["match_criteria"] = replace_text(crit["match_criteria"], old, new)


@plant("h05-appropriate", "H05", TB, "The cover-email criterion asks for 'an appropriate tone'.")
def appropriate(env: Path, task: str) -> None:
    _reword(env, task, "client-email-thresholds", "PASS if client-email.md explains",
            "PASS if client-email.md, in an appropriate tone, explains")


@plant("h05-reasonable", "H05", CA, "The customer-clause criterion passes a clause 'reasonable in scope'.")
def reasonable(env: Path, task: str) -> None:
    _reword(env, task, "customer-clause-solicit-only", "bars only soliciting customers",
            "is reasonable in scope, bars only soliciting customers")


@plant("h05-adequately", "H05", AM, "The client-note criterion asks that each change be 'adequately' explained.")
def adequately(env: Path, task: str) -> None:
    _reword(env, task, "client-note-changes", "each with its reason under La. R.S. 23:921",
            "each adequately explained under La. R.S. 23:921")


@plant("h05-properly", "H05", SD, "The signing-date criterion asks that the agreement be 'properly dated'.")
def properly(env: Path, task: str) -> None:
    _reword(env, task, "signing-date", "is made as of January 5, 2027.", "is properly dated as of January 5, 2027.")


@plant("h05-sufficient-detail", "H05", NE, "The penalty criterion asks for the warning 'in sufficient detail'.")
def sufficient(env: Path, task: str) -> None:
    _reword(env, task, "note-flags-penalty", "warns that presenting", "warns, in sufficient detail, that presenting")


@plant("h05-as-needed", "H05", CI, "The notice criterion asks the notice to name other documents 'as needed'.")
def as_needed(env: Path, task: str) -> None:
    _reword(env, task, "notice-at-signing", "and names the agreement it accompanies",
            "and names the agreement it accompanies and other documents as needed")


@plant("h05-generally", "H05", TB, "The no-non-compete criterion passes an agreement that 'generally' has none.")
def generally(env: Path, task: str) -> None:
    _reword(env, task, "no-noncompete", "PASS if vandermeer-covenant-agreement.md contains no covenant",
            "PASS if vandermeer-covenant-agreement.md generally contains no covenant")


@plant("h05-etc", "H05", SD, "The placement criterion ends its list of forbidden material with 'etc.'.")
def etc(env: Path, task: str) -> None:
    _reword(env, task, "placement-agreement-text", "or a reference to the 2023 memo.",
            "a reference to the 2023 memo, etc.")


@plant("h05-and-or", "H05", CA, "The cover-email criterion lists the changes joined by 'and/or'.")
def and_or(env: Path, task: str) -> None:
    _reword(env, task, "client-email-changes", "the customer clause, the non-compete period and the governing law",
            "the customer clause and/or the non-compete period and/or the governing law")


@plant("h05-the-document-with-two-deliverables", "H05", AM,
       "The placement criterion's FAIL clause says 'the document' in a task with two deliverables.")
def the_document(env: Path, task: str) -> None:
    _reword(env, task, "placement-no-adverse-analysis", "FAIL if it contains legal analysis",
            "FAIL if the document contains legal analysis")


@plant("h05-inadequate-in-fail-clause", "H05", CI, "A FAIL clause turns on whether the explanation is 'inadequate'.")
def inadequate(env: Path, task: str) -> None:
    _reword(env, task, "client-email-departures", "FAIL if the email omits either departure or the notice.",
            "FAIL if the explanation of either departure or of the notice is inadequate.")


@plant("h05-suitable", "H05", TB, "The non-solicit criterion asks for 'a suitable' customer covenant.")
def suitable(env: Path, task: str) -> None:
    _reword(env, task, "customer-nonsolicit-trade-secrets", "keeps a customer non-solicitation covenant",
            "keeps a suitable customer non-solicitation covenant")


@plant("h05-reasonable-variations-sentence", "H05", NE,
       "A criterion ends with 'Reasonable variations in wording are acceptable.'")
def reasonable_variations(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        crit = criterion(t, "note-asks-decision")
        crit["match_criteria"] += " Reasonable variations in wording are acceptable."


@plant("h05-well-drafted", "H05", SD, "The non-solicit criterion asks for 'well-drafted' covenants.")
def well_drafted(env: Path, task: str) -> None:
    _reword(env, task, "nonsolicit-kept", "keeps a customer non-solicitation covenant",
            "keeps a well-drafted customer non-solicitation covenant")


@plant("h05-where-appropriate-in-instance", "H05", "covenant-package-v08",
       "A family instance's cover-email criterion says 'where appropriate'.")
def where_appropriate(env: Path, task: str) -> None:
    _reword(env, task, "client-email-changes", "and, for each of them, says which",
            "and, for each of them where appropriate, says which")


@plant("h05-material-change", "H05", NE,
       "The scope criterion fails the agreement only for a 'material' change beyond the three edits.")
def h05_material(env: Path, task: str) -> None:
    _reword(env, task, "scope-of-edits", "FAIL if the agent deleted, rewrote or added any provision beyond the three "
            "edits.", "FAIL if the agent made any material change beyond the three edits.")


@plant("h05-ideally-where-possible", "H05", CA,
       "The usage-notes criterion adds a soft requirement: 'ideally with example job titles where possible'.")
def h05_ideally(env: Path, task: str) -> None:
    _reword(env, task, "usage-notes-threshold", "no later than the employee's acceptance of the offer. FAIL if",
            "no later than the employee's acceptance of the offer, ideally with example job titles where possible. "
            "FAIL if")


@plant("h05-significantly-in-fail-clause", "H05", AM,
       "The two-year criterion fails a restraint only when it runs 'significantly' past two years.")
def significantly(env: Path, task: str) -> None:
    _reword(env, task, "two-year-cap", "or can run past two years.", "or can run significantly past two years.")


@plant("h05-to-the-extent-practicable", "H05", SD,
       "The counsel criterion asks for the written advice 'to the extent practicable'.")
def extent_practicable(env: Path, task: str) -> None:
    _reword(env, task, "illinois-review-and-counsel", "advises Jordan Ellery in writing to consult a lawyer",
            "advises Jordan Ellery in writing, to the extent practicable, to consult a lawyer")


# --- near-misses ---------------------------------------------------------------------------------


@near_miss("h05-nm-statutory-standard-as-content", "H05", TB,
           "A new criterion checks that the non-solicit states the statutory limit to what is reasonably necessary "
           "to protect trade secrets.",
           "The judge checks that the agreement states a limitation, not whether anything is reasonable: "
           "'reasonably necessary' is the content the clause must carry (the statute's standard), so the "
           "judge has nothing to read either way.")
def statutory_phrase(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        add_criterion(t, "nonsolicit-statutory-limit", "Non-solicit recites the statutory limit",
                      "PASS if the customer non-solicitation covenant in vandermeer-covenant-agreement.md states "
                      "that it is limited to what is reasonably necessary to protect Aspenline's trade secrets. "
                      "FAIL if that limitation is missing.",
                      ["vandermeer-covenant-agreement.md"])


@near_miss("h05-nm-vague-word-in-workspace", "H05", NE,
           "The partner's email says to use whatever format is appropriate for the note.",
           "H05 is about grading language; a vague word in a workspace document grades nothing.")
def vague_in_workspace(env: Path, task: str) -> None:
    append_doc(env, task, "partner-instructions.md", "Use whatever format you think is appropriate for the note.")


@near_miss("h05-nm-the-agreement-is-unambiguous", "H05", AM,
           "A new criterion refers to 'the agreement' in a task with exactly one agreement among its deliverables.",
           "'the document' is vague only where several deliverables could be meant; 'the agreement' names the "
           "one agreement, and the criterion names its file.")
def the_agreement(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        add_criterion(t, "signatory", "Agreement names the company's signatory",
                      "PASS if fontenot-covenant-agreement.md names Lucien Arceneaux, President, as the signatory for "
                      "Bayou Crest. FAIL if the agreement names another signatory or none.",
                      ["fontenot-covenant-agreement.md"])


@near_miss("h05-nm-as-needed-in-instructions", "H05", SD,
           "The instructions add 'Consult the knowledge base as needed.'",
           "Instructions tell the agent how to work; H05 looks for vague standards in grading language.")
def as_needed_instructions(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        instructions_add(t, "Consult the knowledge base as needed.")


@near_miss("h05-nm-material-breach-term-of-art", "H05", SD,
           "A new criterion checks that the agreement lets Maplestone end it for material breach after notice.",
           "'material breach' is a legal term of art the agreement must carry, not a threshold the judge sets; "
           "the judge checks for a termination right tied to it.")
def material_breach(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        add_criterion(t, "termination-for-breach", "Agreement allows termination for material breach",
                      "PASS if ellery-covenant-agreement.md lets either party end the agreement for material breach "
                      "after written notice. FAIL if it has no such termination right.",
                      ["ellery-covenant-agreement.md"])


# Moved from the held-out set (its fresh round): it informed a change to the audit.
@plant("h05-persuasive-reason", "H05", AM,
       "The client-note criterion asks for 'a persuasive reason' for each change, a judgement left to the judge.")
def h05_persuasive(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        reword(t, "client-note-changes", "each with its reason under La. R.S. 23:921",
               "each with a persuasive reason under La. R.S. 23:921")


@near_miss("h05-nm-strong-argument-the-note-must-report", "H05", AM,
           "The client-note criterion asks the note to tell Bayou Crest that there is a strong argument that the old "
           "Texas clause is void in Louisiana.",
           "'A strong argument that ...' is the advice the note must give, not a standard of taste the judge "
           "applies to it (HYGIENE.md H05 is about grading language).")
def h05_nm_strong_argument(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        add_criterion(t, "client-note-texas-clause", "Client note on the Texas clause",
                      "PASS if client-note.md tells Bayou Crest that there is a strong argument that the old Texas "
                      "choice-of-law clause is void in Louisiana. FAIL if it does not.", ["client-note.md"])


# Moved from the held-out set (its second fresh round): it informed a change to the audit.
@plant("h05-and-or-in-departures", "H05", CI,
       "The departures criterion asks for the California reason 'for the holdover clause and/or the non-compete'.")
def h05_and_or(env: Path, task: str) -> None:
    _reword(env, task, "client-email-departures", "with the California reason for each",
            "with the California reason for the holdover clause and/or the non-compete")


# Moved from the held-out set (its third fresh round): it informed a change to the audit.
@plant("h05-as-needed-in-what-hr-is-told", "H05", CA,
       "The usage-notes criterion asks the notes to tell HR to check the adjusted figure 'as needed'.")
def h05_as_needed(env: Path, task: str) -> None:
    _reword(env, task, "usage-notes-threshold", "to check the adjusted figure for covenants signed from",
            "to check the adjusted figure as needed for covenants signed from")


# Moved from the held-out set (its fifth fresh round): it informed a change to the audit.
@plant("h05-fit-for-purpose", "H05", AM,
       "The client-note criterion (British register) passes a note that 'is fit for purpose' and tells the client of "
       "the changes.")
def h05_r5_fit_for_purpose(env: Path, task: str) -> None:
    _reword(env, task, "client-note-changes", "PASS if client-note.md tells Bayou Crest",
            "PASS if client-note.md is fit for purpose and tells Bayou Crest")


@near_miss("h05-nm-fit-for-purpose-quoted-warranty", "H05", AM,
           "The standard agreement gains a Company Equipment section warranting issued equipment 'in good working order "
           "when issued'; the partner asks for the client's stronger wording, and a new criterion passes the agreement "
           "when its equipment warranty says the equipment is \"fit for purpose\", failing it if the old wording stays.",
           "HYGIENE.md H05 is about vague standards a judge applies; here \"fit for purpose\" is quoted contract wording "
           "the agreement must contain, a literal the judge checks for, not the standard the judge grades by.")
def h05_nm_r5_fit_for_purpose_quoted(env: Path, task: str) -> None:
    edit_doc(env, task, "bayou-crest-standard-agreement.md", "## 5. Severability",
             "## 5. Company Equipment\n\nThe Company will issue Employee a field truck, a tablet and sampling equipment, "
             "which the Company warrants to be in good working order when issued. Employee will return all of it on the "
             "last day of employment.\n\n## 6. Severability")
    append_doc(env, task, "partner-email.md",
               "P.S. Bayou Crest's safety manager wants the equipment section strengthened: instead of \"in good "
               "working order when issued\", the company should warrant that the truck, tablet and sampling gear are "
               "\"fit for purpose\" for field work.")
    with task_json(env, task) as t:
        add_criterion(t, "equipment-warranty-wording", "Equipment warranty uses the client's wording",
                      "PASS if the equipment section of fontenot-covenant-agreement.md warrants that the equipment Bayou "
                      "Crest issues is \"fit for purpose\". FAIL if the section keeps the words \"in good working order "
                      "when issued\" or is dropped.", ["fontenot-covenant-agreement.md"])


@plant("h05-r6-in-a-timely-manner", "H05", CI,
       "The notice-timing criterion passes a notice 'given to Sasha Lindgren in a timely manner' instead of one dated "
       "the day the agreement is signed.")
def h05_r6_timely(env: Path, task: str) -> None:
    _reword(env, task, "notice-at-signing", "is dated the day the agreement is signed and names",
            "is given to Sasha Lindgren in a timely manner and names")


@near_miss("h05-nm-r6-at-the-time-the-agreement-is-made-companion", "H05", CI,
           "The notice-timing criterion passes a notice 'given at the time the agreement is made, which means it is "
           "dated the same day the agreement is signed'.",
           "HYGIENE.md H05 flags vague standards a judge can read either way; 'at the time the agreement is made' is "
           "the statute's own timing, and the criterion pins it to one checkable fact, the same date as the "
           "agreement, unlike 'in a timely manner'.")
def h05_nm_r6_at_the_time(env: Path, task: str) -> None:
    _reword(env, task, "notice-at-signing", "is dated the day the agreement is signed and names",
            "is given at the time the agreement is made, which means it is dated the same day the agreement is "
            "signed, and names")


@plant("h05-r6-minor-tidy-ups-acceptable", "H05", NE,
       "The scope criterion adds that 'minor formatting tidy-ups are acceptable' to an agreement that must otherwise "
       "read as drafted.")
def h05_r6_minor(env: Path, task: str) -> None:
    _reword(env, task, "scope-of-edits", "so that the partner decides what happens to it.",
            "so that the partner decides what happens to it; minor formatting tidy-ups are acceptable.")


@near_miss("h05-nm-r6-line-break-changes-defined-companion", "H05", NE,
           "The scope criterion adds that a change to line breaks or blank lines only, with no word added, removed "
           "or changed, is not an edit.",
           "HYGIENE.md H05 flags standards a judge can read either way; unlike 'minor formatting tidy-ups', this "
           "exception is closed and checkable (only line breaks and blank lines, no word touched), so two judges "
           "reading it reach the same verdict.")
def h05_nm_r6_line_breaks(env: Path, task: str) -> None:
    _reword(env, task, "scope-of-edits", "so that the partner decides what happens to it.",
            "so that the partner decides what happens to it; a change to line breaks or blank lines only, with no "
            "word added, removed or changed, is not an edit.")


@plant("h05-r7-covers-the-key-points", "H05", SD,
       "The file-memo criterion (generator boilerplate) passes a memo that 'covers the key points', a standard a judge "
       "can read either way.")
def h05_r7_key_points(env: Path, task: str) -> None:
    _reword(env, task, "rationale-memo-superseded", "PASS if rationale.md explains that",
            "PASS if rationale.md covers the key points, explaining that")


@near_miss("h05-nm-r7-covers-the-key-points-companion", "H05", SD,
           "The file-memo criterion says rationale.md 'covers these two key points' and then states each point in "
           "full ('first, that ...; second, that ...').",
           "HYGIENE.md H05 targets standards a judge can read either way; here 'key points' is defined on the spot "
           "by the two points listed, each with its figures and date, so there is only one reading.")
def h05_nm_r7_key_points_listed(env: Path, task: str) -> None:
    _reword(env, task, "rationale-memo-superseded",
            "PASS if rationale.md explains that the 2023 approval memo relied on the $75,000 floor, and that",
            "PASS if rationale.md covers these two key points: first, that the 2023 approval memo relied on the "
            "$75,000 floor; second, that")


@plant("h05-r8-fair-and-balanced-account", "H05", TB,
       "The thresholds criterion now passes an email that 'gives a fair and balanced account that explains' the "
       "thresholds.")
def h05_r8_fair_balanced(env: Path, task: str) -> None:
    _reword(env, task, "client-email-thresholds", "PASS if client-email.md explains",
            "PASS if client-email.md gives a fair and balanced account that explains")


@plant("h05-r8-even-handed-explanation-companion", "H05", AM,
       "The client-note criterion now passes a note that 'in an even-handed way' tells Bayou Crest what changed.")
def _c8_even_handed(env: Path, task: str) -> None:
    _reword(env, task, "client-note-changes", "PASS if client-note.md tells Bayou Crest",
            "PASS if client-note.md, in an even-handed way, tells Bayou Crest")


@plant("h05-r9-customary-on-market-terms", "H05", SD,
       "The non-solicit criterion asks for a 'customary' customer non-solicit and an employee non-solicit 'on market "
       "terms', standards a judge can read either way.")
def h05_r9_customary(env: Path, task: str) -> None:
    _reword(env, task, "nonsolicit-kept",
            "keeps a customer non-solicitation covenant and an employee non-solicitation covenant,",
            "keeps a customary customer non-solicitation covenant and an employee non-solicitation covenant on market "
            "terms,")


@near_miss("h05-nm-r9-timely-defined-by-same-day", "H05", CI,
           "The notice-timing criterion now says the notice must be 'timely, meaning dated the same day the agreement "
           "is signed'.",
           "H05 flags standards a judge can read either way; 'timely' is defined in the same sentence by a fixed test "
           "(the same date as the agreement), so there is one reading.")
def h05_nm_r9_timely_defined(env: Path, task: str) -> None:
    _reword(env, task, "notice-at-signing", "is dated the day the agreement is signed",
            "is timely, meaning dated the same day the agreement is signed,")


@plant("h05-r10-technically-acceptable", "H05", CA,
       "The customer-clause criterion, written by the government-contracts team in evaluation language, passes a "
       "customer covenant that 'is technically acceptable and' bars only soliciting.")
def h05_r10_technically_acceptable(env: Path, task: str) -> None:
    _reword(env, task, "customer-clause-solicit-only", "PASS if the customer covenant in washington-covenant-form.md "
            "bars only", "PASS if the customer covenant in washington-covenant-form.md is technically acceptable and "
            "bars only")


@plant("h05-r10-prudent-advice", "H05", TB,
       "The cover-email criterion, reworded by the ERISA team, passes an email that 'gives prudent advice and' "
       "explains the two thresholds.")
def h05_r10_prudent(env: Path, task: str) -> None:
    _reword(env, task, "client-email-thresholds", "PASS if client-email.md explains",
            "PASS if client-email.md gives prudent advice and explains")


@plant("h05-r10-machine-translated-fitting-manner", "H05", AM,
       "The client-note criterion, machine-translated for the Istanbul reviewers and back, asks that each change be "
       "explained 'in a fitting manner' instead of with its reason under La. R.S. 23:921.")
def h05_r10_fitting(env: Path, task: str) -> None:
    _reword(env, task, "client-note-changes", "each with its reason under La. R.S. 23:921",
            "each explained in a fitting manner")


@plant("h05-r10-usual-and-customary", "H05", CI,
       "The notice-timing criterion asks that the notice be dated 'in the usual and customary manner' instead of on "
       "the day the agreement is signed.")
def h05_r10_usual_customary(env: Path, task: str) -> None:
    _reword(env, task, "notice-at-signing", "is dated the day the agreement is signed",
            "is dated in the usual and customary manner")


@plant("h05-r12-most-of-the-changes", "H05", CA,
       "client-email-changes now passes a cover note that lists 'most of the changes' and fails one that mentions "
       "'few of them': with three changes, a judge must decide whether two is most.")
def h05_r12_most(env: Path, task: str) -> None:
    _reword(env, task, "client-email-changes", "PASS if client-email.md lists the changes made",
            "PASS if client-email.md lists most of the changes made")
    _reword(env, task, "client-email-changes", "FAIL if any of the three changes is not mentioned.",
            "FAIL if it mentions few of them.")


@plant("h05-c12-more-than-a-couple-unexplained", "H05", AM,
       "client-note-changes now fails the note only 'if more than a couple of the four changes go unexplained': "
       "whether a couple is two, or two or three, decides a note that explains one or two changes.")
def h05_c12_a_couple(env: Path, task: str) -> None:
    _reword(env, task, "client-note-changes", "FAIL if any of the four changes is not explained.",
            "FAIL if more than a couple of the four changes go unexplained.")


@plant("h05-c12-scarcely-any-post-employment-restraint", "H05", CI,
       "no-post-employment-capture now asks that the agreement 'put scarcely any restraint on where Sasha Lindgren "
       "may work after employment ends' instead of containing no non-compete: how little is scarcely any is the "
       "judge's call.")
def h05_c12_scarcely_any(env: Path, task: str) -> None:
    _reword(env, task, "no-post-employment-capture", "contains no post-employment non-competition covenant.",
            "puts scarcely any restraint on where Sasha Lindgren may work after employment ends.")


@plant("h05-r13-briefly-and-in-plain-language", "H05", AM,
       "client-note-changes now passes the note if it explains the four changes 'briefly and in plain language': "
       "neither word says how short or how plain.")
def h05_r13_plain(env: Path, task: str) -> None:
    _reword(env, task, "client-note-changes", "PASS if client-note.md tells Bayou Crest that",
            "PASS if client-note.md tells Bayou Crest, briefly and in plain language, that")


# --- from the fifteenth held-out round ---


@plant("h05-r15-in-line-with-best-practice", "H05", CA,
       "customer-clause-solicit-only now passes a customer covenant that bars only soliciting customers 'in line with "
       "current best practice': whose practice, and how current, is left to the judge.")
def h05_r15_best_practice(env: Path, task: str) -> None:
    _reword(env, task, "customer-clause-solicit-only", "bars only soliciting customers and",
            "bars only soliciting customers, in line with current best practice, and")


@plant("h05-r15-in-a-client-friendly-way", "H05", AM,
       "client-note-changes now passes a note that tells Bayou Crest the four changes 'in a client-friendly way', a "
       "tone standard with no measure.")
def h05_r15_client_friendly(env: Path, task: str) -> None:
    _reword(env, task, "client-note-changes", "PASS if client-note.md tells Bayou Crest that",
            "PASS if client-note.md tells Bayou Crest, in a client-friendly way, that")


# --- from the sixteenth held-out round ---


@plant("h05-r16-to-the-partners-satisfaction", "H05", NE,
       "note-flags-void-noncompete now passes a note that states 'to the partner's satisfaction' that Section 5 is "
       "void: the standard is a third person's approval, which the judge must guess.")
def h05_r16_satisfaction(env: Path, task: str) -> None:
    _reword(env, task, "note-flags-void-noncompete", "PASS if note-to-partner.md states that",
            "PASS if note-to-partner.md states, to the partner's satisfaction, that")


@plant("h05-r16-the-offer-letter-among-three", "H05", "covenant-package-original",
       "A new criterion grades the three offer letters and fails 'if the offer letter makes any promise of employment "
       "for a fixed term': the task has three offer letters, so the judge must decide which one is meant.")
def h05_r16_offer_letter(env: Path, task: str) -> None:
    letters = ["sales-director-offer-letter.md", "data-engineer-offer-letter.md", "success-manager-offer-letter.md"]
    with task_json(env, task) as t:
        add_criterion(t, "offer-letters-at-will", "Offer letters keep employment at will",
                      "PASS if each of the three offer letters states that employment with Ferncliff is at will. "
                      "FAIL if the offer letter makes any promise of employment for a fixed term.", letters)


@plant("h05-r16-as-the-circumstances-require", "H05", AM,
       "client-note-changes now asks that each change be explained 'in as much detail as the circumstances require', "
       "leaving the judge to decide what the circumstances require.")
def h05_r16_circumstances(env: Path, task: str) -> None:
    _reword(env, task, "client-note-changes", "each with its reason under La. R.S. 23:921",
            "each explained in as much detail as the circumstances require, with its reason under La. R.S. 23:921")


# --- from the seventeenth held-out round ---


@plant("h05-r17-duly-executed", "H05", CI,
       "notice-at-signing now passes a notice that 'is duly executed and dated the day the agreement is signed': what "
       "due execution of a notice requires is for the judge to supply.")
def h05_r17_duly(env: Path, task: str) -> None:
    _reword(env, task, "notice-at-signing", "is dated the day the agreement is signed",
            "is duly executed and dated the day the agreement is signed")


# --- eighteenth held-out round: cases that informed a change ---


@plant("h05-r18-as-a-competent-lawyer-would", "H05", AM,
       "client-note-changes now asks the note to explain the four changes 'as a competent Louisiana employment lawyer "
       "would': the judge must imagine that lawyer's standard.")
def h05_r18_competent_lawyer(env: Path, task: str) -> None:
    _reword(env, task, "client-note-changes", "PASS if client-note.md tells Bayou Crest that the territory",
            "PASS if client-note.md tells Bayou Crest, as a competent Louisiana employment lawyer would, that the "
            "territory")


@plant("h05-r18-court-would-likely-enforce", "H05", SD,
       "nonsolicit-kept now passes non-solicits 'that an Illinois court would likely enforce': the judge must predict "
       "a court's ruling, on which readers can differ.")
def h05_r18_likely_enforce(env: Path, task: str) -> None:
    _reword(env, task, "nonsolicit-kept",
            "keeps a customer non-solicitation covenant and an employee non-solicitation covenant, each lasting",
            "keeps a customer non-solicitation covenant and an employee non-solicitation covenant that an Illinois court "
            "would likely enforce, each lasting")


# --- a pronoun for two files, and brevity as the test (fourteenth held-out round) ---


@plant("h05-r14-pronoun-it-across-two-deliverables", "H05", CI,
       "placement-operative-text grades the agreement and the notice, and its FAIL clause was 'tidied' from 'either "
       "document editorializes' to 'it editorializes': 'it' reads as the notice, the last file named, or as either.")
def h05_r14_pronoun(env: Path, task: str) -> None:
    _reword(env, task, "placement-operative-text", "FAIL if either document editorializes", "FAIL if it editorializes")


@plant("h05-r14-brief-without-a-measure", "H05", NE,
       "note-asks-decision now passes a note that 'is brief and' asks for the decision: how short is brief is left to "
       "the judge.")
def h05_r14_brief(env: Path, task: str) -> None:
    _reword(env, task, "note-asks-decision", "PASS if note-to-partner.md asks the partner to decide",
            "PASS if note-to-partner.md is brief and asks the partner to decide")


# --- nineteenth held-out round: cases that informed a change ---


@plant("h05-r19-covers-the-key-risks", "H05", TB,
       "client-email-thresholds no longer names the $5,000 penalty: the email must 'cover the key risks of presenting a "
       "void non-compete', and which risks are key is left to the judge.")
def h05_r19_key_risks(env: Path, task: str) -> None:
    _reword(env, task, "client-email-thresholds",
            "and warns that presenting a void non-compete carries a $5,000 penalty per worker.",
            "and covers the key risks of presenting a void non-compete.")


@plant("h05-r19-to-the-reviewers-satisfaction", "H05", CI,
       "notice-content asks the notice to summarise the two exceptions of section 2870(a) 'to the reviewer's "
       "satisfaction', a standard that depends on who reads it.")
def h05_r19_satisfaction(env: Path, task: str) -> None:
    _reword(env, task, "notice-content", "the two exceptions in section 2870(a)(1) and (a)(2).",
            "the two exceptions in section 2870(a)(1) and (a)(2) to the reviewer's satisfaction.")


# --- Moved from the held-out set (twentieth round and older misses), 2026-12-04 ---


@plant("h05-r20-areas-immediately-around-them", "H05", AM,
       "named-parishes now also passes covenants that reach 'the areas immediately around' the named parishes: "
       "how far 'immediately around' runs is the judge's call, in a criterion meant to exclude unnamed areas.")
def h05_r20_surrounding(env: Path, task: str) -> None:
    _reword(env, task, "named-parishes", "Livingston and Iberville Parishes, or some of them).",
            "Livingston and Iberville Parishes, or some of them) or the areas immediately around them.")


# --- moved from the held-out set on 2026-12-04 (the cases that informed this round's changes) ----------------------


@plant("h05-r21-strikes-a-fair-balance", "H05", TB,
       "customer-nonsolicit-trade-secrets now passes a non-solicit that 'strikes a fair balance between protecting "
       "Aspenline's trade secrets and Riley Vandermeer's freedom to work': a balancing standard judges will weigh "
       "differently.")
def h05_r21_balance(env: Path, task: str) -> None:
    _reword(env, task, "customer-nonsolicit-trade-secrets", "that is limited to protecting Aspenline's trade secrets",
            "that strikes a fair balance between protecting Aspenline's trade secrets and Riley Vandermeer's freedom "
            "to work, and is limited to protecting those trade secrets")



@plant("h05-r21-proportionate-restraints", "H05", AM,
       "two-year-cap now requires every restraint to be 'proportionate to Bayou Crest's business interests' as well "
       "as capped at two years: no measure of proportion is given.")
def h05_r21_proportionate(env: Path, task: str) -> None:
    _reword(env, task, "two-year-cap", "PASS if every restraint in fontenot-covenant-agreement.md ends",
            "PASS if every restraint in fontenot-covenant-agreement.md is proportionate to Bayou Crest's business "
            "interests and ends")



@plant("h05-r20-applies-the-current-floor", "H05", SD,
       "rationale-memo-superseded now asks the memo to apply 'the current floor' to Jordan's $78,500 and fails it for "
       "'an out-of-date floor': current as of today ($75,000) or as of the January 2027 signing ($80,000) is the very "
       "question the task turns on, and the judge must pick a reading.")
def h05_r20_current(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        reword(t, "rationale-memo-superseded",
               "and that a covenant entered into on or after January 1, 2027 needs earnings above $80,000 under 820 "
               "ILCS 90/10(a), which Jordan Ellery's $78,500 does not exceed when the agreement is signed on January 5, "
               "2027.",
               "and applies the current floor under 820 ILCS 90/10(a) to Jordan Ellery's $78,500.")
        reword(t, "rationale-memo-superseded", "or applies the $75,000 floor.", "or applies an out-of-date floor.")


# --- moved from the held-out set on 2026-12-04 (the twenty-second round's cases that informed a change) ------------


@plant("h05-r22-or-words-to-similar-effect", "H05", SD,
       "client-email-decision now passes when the email says the non-compete was taken out 'in these or words to "
       "similar effect': how similar is left to the judge.")
def h05_r22_similar(env: Path, task: str) -> None:
    _reword(env, task, "client-email-decision", "tells Maplestone that the non-compete",
            "tells Maplestone, in these or words to similar effect, that the non-compete")


# --- moved from the held-out set on 2026-12-04 (cases that informed a change after the twenty-third and twenty-fourth rounds)


@plant("h05-r23-shows-sound-judgment", "H05", AM,
       "client-note-changes also requires that the note 'shows sound judgment about what the client needs to hear'.")
def h05_r23_judgment(env: Path, task: str) -> None:
    _reword(env, task, "client-note-changes", "each with its reason under La. R.S. 23:921.",
            "each with its reason under La. R.S. 23:921, and shows sound judgment about what the client needs to hear.")


# --- moved from the held-out set on 2026-12-04 (cases that informed a change after the twenty-sixth round) -------


@plant("h05-r26-typically-only-for-high-earners", "H05", CA,
       "usage-notes-threshold now asks the notes to tell HR to use the non-compete 'typically only' for employees "
       "above the threshold, leaving the judge to decide how many exceptions 'typically' allows.")
def h05_r26_typically(env: Path, task: str) -> None:
    reword_in(env, task, "usage-notes-threshold", "to use the non-competition section only for employees",
              "to use the non-competition section typically only for employees")


# --- moved from the held-out set on 2026-12-04 (cases that informed a change after the twenty-eighth round) -----


@plant("h05-r28-the-memo-with-two-memos", "H05", SD,
       "rationale-memo-superseded now reads 'PASS if the memo explains ...': the task has a file memo deliverable "
       "(rationale.md) and a 2023 approval memo in the workspace, and the clause no longer says which one.")
def h05_r28_the_memo(env: Path, task: str) -> None:
    reword_in(env, task, "rationale-memo-superseded", "PASS if rationale.md explains", "PASS if the memo explains")


@plant("h05-r28-fairly-summarizes", "H05", CA,
       "client-email-changes now asks that client-email.md 'fairly summarize' the changes rather than list them.")
def h05_r28_fairly(env: Path, task: str) -> None:
    reword_in(env, task, "client-email-changes", "PASS if client-email.md lists the changes made",
              "PASS if client-email.md fairly summarizes the changes made")


# --- moved from the held-out set on 2026-12-04 (cases that informed a change after the thirtieth and thirty-first rounds) -----


@plant("h05-r31-the-package-in-three-deliverable-task", "H05", CI,
       "notice-content now says 'PASS if the package tells Sasha Lindgren ...'; the task has three deliverables (the "
       "agreement, the notice and the cover email), so the judge must guess which document 'the package' means.")
def h05_r31_package(env: Path, task: str) -> None:
    _reword(env, task, "notice-content", "PASS if lindgren-section-2872-notice.md tells Sasha Lindgren",
            "PASS if the package tells Sasha Lindgren")


@plant("h05-r32-in-client-ready-form", "H05", TB,
       "client-email-thresholds now passes an email that explains the thresholds 'in client-ready form', a "
       "finish the judge has to imagine.")
def h05_r32_client_ready(env: Path, task: str) -> None:
    _reword(env, task, "client-email-thresholds", "PASS if client-email.md explains",
            "PASS if client-email.md, in client-ready form, explains")


@near_miss("h05-nm-r32-tone-and-length-expressly-not-graded", "H05", NE,
           "note-flags-penalty adds, after its PASS clause: 'Whether the note's tone is appropriate or its length "
           "reasonable is not graded.'",
           "HYGIENE.md H05 flags vague standards a judge can read either way; here 'appropriate' and 'reasonable' name "
           "what the judge must not grade, so they set no standard and the criterion keeps one reading.")
def h05_nm_r32_not_graded(env: Path, task: str) -> None:
    _reword(env, task, "note-flags-penalty", "plus actual damages. FAIL if",
            "plus actual damages. Whether the note's tone is appropriate or its length reasonable is not graded. "
            "FAIL if")


# --- H06 deliverable matching (thirty-second round) ----------------------------------------------------------------


@plant("h05-r33-without-unnecessary-legalese", "H05", CA,
       "usage-notes-threshold now passes notes 'written without unnecessary legalese': which legal terms are "
       "necessary in notes for HR is left to each judge.")
def h05_r33_legalese(env: Path, task: str) -> None:
    _reword(env, task, "usage-notes-threshold", "PASS if hr-usage-notes.md tells HR",
            "PASS if hr-usage-notes.md, written without unnecessary legalese, tells HR")


@plant("h05-r34-at-a-high-level", "H05", AM,
       "The client-note-changes criterion now passes a note that tells Bayou Crest the four changes 'at a high level': "
       "how much of each reason must be given is left to the judge.")
def h05_r34_high_level(env: Path, task: str) -> None:
    _reword(env, task, "client-note-changes", "PASS if client-note.md tells Bayou Crest that",
            "PASS if client-note.md tells Bayou Crest, at a high level, that")


@plant("h05-r34-in-pragmatic-terms", "H05", CA,
       "The usage-notes-threshold criterion now asks hr-usage-notes.md to give its rules 'in pragmatic terms HR can "
       "work with', a standard a judge can read either way.")
def h05_r34_pragmatic(env: Path, task: str) -> None:
    _reword(env, task, "usage-notes-threshold", "PASS if hr-usage-notes.md tells HR to use",
            "PASS if hr-usage-notes.md, in pragmatic terms HR can work with, tells HR to use")


@plant("h05-r35-helpful-explanation", "H05", SD,
       "The client-email-decision criterion now asks that the email give Maplestone 'a helpful explanation' that the "
       "non-compete was taken out: how helpful is for the judge to decide.")
def h05_r35_helpful(env: Path, task: str) -> None:
    _reword(env, task, "client-email-decision", "PASS if client-email.md tells Maplestone that",
            "PASS if client-email.md gives Maplestone a helpful explanation that")


@plant("h05-r35-practical-guidance", "H05", CA,
       "The usage-notes-threshold criterion now asks that the notes give HR 'practical guidance' to use the "
       "non-competition section only above the 2026 figure: what makes guidance practical is left to the judge.")
def h05_r35_practical(env: Path, task: str) -> None:
    _reword(env, task, "usage-notes-threshold", "PASS if hr-usage-notes.md tells HR to use",
            "PASS if hr-usage-notes.md gives HR practical guidance to use")


@plant("h05-r36-in-a-logical-order", "H05", CA,
       "The client-email-changes criterion now asks that the cover note list the changes 'in a logical order', a "
       "standard two judges can read two ways.")
def h05_r36_logical_order(env: Path, task: str) -> None:
    _reword(env, task, "client-email-changes", "PASS if client-email.md lists the changes made",
            "PASS if client-email.md lists, in a logical order, the changes made")


@plant("h05-r37-more-than-a-handful-of-words", "H05", NE,
       "The scope-of-edits FAIL clause now fails the agreement only if the agent deleted, rewrote or added 'more than a "
       "handful of words' beyond the three edits: how many words make a handful is for the judge to decide.")
def h05_r37_handful(env: Path, task: str) -> None:
    _reword(env, task, "scope-of-edits", "added any provision beyond the three edits.",
            "added more than a handful of words beyond the three edits.")


@plant("h05-r38-within-the-spirit-of-the-instructions", "H05", NE,
       "scope-of-edits now passes sections that read as in the draft 'or depart from it only within the spirit of the "
       "partner's instructions', and fails only changes made 'against the spirit of those instructions': what the "
       "spirit allows is the judge's call, on the criterion that polices unrequested edits.")
def h05_r38_spirit(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        reword(t, "scope-of-edits", "reads as in documents/draft-tallis-agreement.md, Section 5",
               "reads as in documents/draft-tallis-agreement.md or departs from it only within the spirit of the "
               "partner's instructions, Section 5")
        reword(t, "scope-of-edits", "added any provision beyond the three edits.",
               "added any provision against the spirit of those instructions.")


@plant("h05-r38-up-to-date-threshold-unpinned", "H05", CA,
       "usage-notes-threshold no longer gives the figure: the notes must tell HR to use the non-compete only for "
       "employees whose earnings exceed 'the up-to-date Washington threshold', without saying up to date as of when "
       "(today, the signing date, the date HR reads the notes).")
def h05_r38_up_to_date(env: Path, task: str) -> None:
    _reword(env, task, "usage-notes-threshold", "exceed $126,858.83 for covenants signed in 2026,",
            "exceed the up-to-date Washington threshold,")


@plant("h05-r39-with-due-prominence", "H05", SD,
       "client-email-decision now passes an email that tells Maplestone 'with due prominence' that the non-compete was "
       "taken out: whether a sentence in the second paragraph is due prominence is for the judge to decide.")
def h05_r39_due_prominence(env: Path, task: str) -> None:
    _reword(env, task, "client-email-decision", "PASS if client-email.md tells Maplestone that the non-compete",
            "PASS if client-email.md tells Maplestone, with due prominence, that the non-compete")


@plant("h05-r40-the-memo-with-a-memo-in-the-workspace", "H05", SD,
       "rationale-memo-superseded's FAIL clause now reads 'FAIL if the memo applies the $75,000 floor.': the task has "
       "two memos, the deliverable rationale.md and the 2023 approval memo in the workspace, which does apply the "
       "$75,000 floor, so a judge can read the clause as failing every submission.")
def h05_r40_the_memo(env: Path, task: str) -> None:
    assert "$75,000" in read_doc(env, task, "form-approval-memo-2023.md")
    _reword(env, task, "rationale-memo-superseded", "FAIL if it does not address the 2023 memo or applies the "
            "$75,000 floor.", "FAIL if the memo applies the $75,000 floor.")


@plant("h05-r41-in-customary-form", "H05", CI,
       "notice-content now passes a notice that sets out the two exceptions of section 2870(a) 'in customary form': "
       "whose custom, and how close a summary must come, is the judge's call.")
def h05_r41_customary(env: Path, task: str) -> None:
    _reword(env, task, "notice-content", "sets out or summarizes the two exceptions in section 2870(a)(1) and (a)(2)",
            "sets out the two exceptions in section 2870(a)(1) and (a)(2) in customary form")


@plant("h05-r41-in-a-timely-manner", "H05", NE,
       "note-asks-decision now passes a note that asks the partner to decide 'in a timely manner' whether to delete "
       "Section 5, instead of before the agreement goes to Morgan on November 23, 2026: how timely is timely is left "
       "to the judge.")
def h05_r41_timely(env: Path, task: str) -> None:
    _reword(env, task, "note-asks-decision",
            "to decide, before the agreement goes to Morgan Tallis on November 23, 2026, whether to delete Section 5",
            "to decide in a timely manner whether to delete Section 5")


@plant("h05-r42-reason-where-it-makes-sense", "H05", CI,
       "client-email-departures now asks for the California reason for each departure 'where it makes sense' "
       "instead of citing Bus. & Prof. Code section 16600: when it makes sense is the judge's call.")
def h05_r42_makes_sense(env: Path, task: str) -> None:
    _reword(env, task, "client-email-departures",
            "with the California reason for each (Bus. & Prof. Code section 16600)",
            "with the California reason for each where it makes sense")


@plant("h05-r43-an-up-to-date-figure", "H05", TB,
       "rationale-sources now asks the memo to cite 'an up-to-date PAY CALC Order figure' instead of the 2026 figure "
       "of $130,014: up to date as of which day is not said.")
def h05_r43_up_to_date(env: Path, task: str) -> None:
    _reword(env, task, "rationale-sources", "the 2026 PAY CALC Order figure of $130,014, applied to",
            "an up-to-date PAY CALC Order figure, applied to")


@plant("h05-r43-the-salient-reasons", "H05", AM,
       "client-note-changes no longer asks for each change's reason under La. R.S. 23:921 but for 'the salient "
       "reasons': which reasons are salient is left to the judge.")
def h05_r43_salient(env: Path, task: str) -> None:
    _reword(env, task, "client-note-changes", "each with its reason under La. R.S. 23:921",
            "with the salient reasons under La. R.S. 23:921")


@plant("h05-r45-in-language-hr-staff-can-act-on", "H05", CA,
       "usage-notes-threshold now asks that the notes tell HR the rules 'in language HR staff can act on without "
       "calling counsel': which HR staff, and what they could act on, is the judge's guess.")
def h05_r45_act_on(env: Path, task: str) -> None:
    _reword(env, task, "usage-notes-threshold", "PASS if hr-usage-notes.md tells HR",
            "PASS if hr-usage-notes.md tells HR, in language HR staff can act on without calling counsel,")


@plant("h05-r45-in-terms-the-partner-cannot-miss", "H05", NE,
       "note-flags-void-noncompete now passes a note that flags the void non-compete 'in terms the partner cannot "
       "miss': how conspicuous is conspicuous enough is the judge's call.")
def h05_r45_cannot_miss(env: Path, task: str) -> None:
    _reword(env, task, "note-flags-void-noncompete", "PASS if note-to-partner.md states that",
            "PASS if note-to-partner.md states, in terms the partner cannot miss, that")


@plant("h05-r45-the-colorado-paperwork", "H05", TB,
       "A new criterion grading both operative files asks that 'the Colorado paperwork' identify Riley as a "
       "prospective worker: whether that means the agreement, the notice, both or either is left to the judge.")
def h05_r45_paperwork(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        add_criterion(t, "paperwork-identifies-riley", "Riley identified as a prospective worker",
                      "PASS if the Colorado paperwork identifies Riley Vandermeer as a prospective worker of Aspenline. "
                      "FAIL if it describes Riley as a current employee.",
                      ["vandermeer-covenant-agreement.md", "vandermeer-noncompete-notice.md"])


@plant("h05-r44-read-holistically", "H05", AM,
       "client-note-changes now passes a note that, 'read holistically', tells Bayou Crest the four changes: a judge "
       "may pass a note that explains a change only by implication.")
def h05_r44_holistically(env: Path, task: str) -> None:
    _reword(env, task, "client-note-changes", "PASS if client-note.md tells Bayou Crest that",
            "PASS if client-note.md, read holistically, tells Bayou Crest that")


@plant("h05-r44-cogently-explains", "H05", SD,
       "rationale-memo-superseded now passes a memo that 'cogently explains' why the 2023 approval no longer controls: "
       "how cogent is cogent enough is the judge's call.")
def h05_r44_cogently(env: Path, task: str) -> None:
    _reword(env, task, "rationale-memo-superseded", "PASS if rationale.md explains that",
            "PASS if rationale.md cogently explains that")


@plant("h05-r46-with-due-care", "H05", AM,
       "client-note-changes now asks for each change 'explained with due care': how much care is due is the judge's "
       "call.")
def h05_r46_due_care(env: Path, task: str) -> None:
    _reword(env, task, "client-note-changes", "each with its reason under La. R.S. 23:921.",
            "each with its reason under La. R.S. 23:921, explained with due care.")
