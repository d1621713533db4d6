"""H12 placement discipline: operative and advisory deliverables named, somewhere for advice to go, a
placement criterion covering every operative deliverable, no advisory text in operative material."""

from __future__ import annotations

from pathlib import Path

from .cases import near_miss, plant
from .edits import (add_criterion, add_deliverable, append_doc, criterion, drop_criterion, edit_doc, instructions_add, kb,
                    replace_text, reword, reword_in, task_json)
from .heldout import _match, _reword  # the held-out set's criterion finder and editor

NE, TB, SD = "matrix-narrow-edit", "matrix-threshold-between", "matrix-signing-date-law"
CA, AM, CI = "matrix-client-alert-refresh", "matrix-adverse-memo-repair", "matrix-california-invention-notice"


@plant("h12-operative-missing", "H12", NE, "A drafting task has no 'operative' list.")
def operative_missing(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        del t["oafreeze"]["operative"]


@plant("h12-advisory-missing", "H12", TB, "A drafting task has no 'advisory' list.")
def advisory_missing(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        del t["oafreeze"]["advisory"]


@plant("h12-operative-empty", "H12", CA, "A drafting task's operative list is empty.")
def operative_empty(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        t["oafreeze"]["operative"] = []


@plant("h12-operative-names-non-deliverable", "H12", SD,
       "The operative list names 'ellery-agreement.md', not a deliverable.")
def operative_unknown(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        t["oafreeze"]["operative"] = ["ellery-agreement.md"]


@plant("h12-roles-swapped", "H12", AM, "The agreement is listed as advisory and the client note as operative.")
def roles_swapped(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        ext = t["oafreeze"]
        ext["operative"], ext["advisory"] = ext["advisory"], ext["operative"]


@plant("h12-deliverable-in-both-roles", "H12", CI, "client-email.md is listed as both operative and advisory.")
def both_roles(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        t["oafreeze"]["operative"].append("client-email.md")


@plant("h12-no-placement-criterion", "H12", SD, "The placement criterion is removed (and from the trap's list).")
def no_placement(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        drop_criterion(t, "placement-agreement-text")


@plant("h12-placement-misses-an-operative", "H12", TB,
       "The placement criterion no longer covers the operative notice, only the agreement.")
def placement_partial(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        criterion(t, "placement-operative-text")["deliverables"] = ["vandermeer-covenant-agreement.md"]


@plant("h12-placement-bans-required-notice", "H12", TB,
       "The placement criterion fails any statutory notice, including the federal immunity notice the law requires.")
def bans_required_notice(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        criterion(t, "placement-operative-text")["match_criteria"] = (
            "PASS if vandermeer-covenant-agreement.md and vandermeer-noncompete-notice.md contain only contract terms "
            "and signature blocks. FAIL if either contains a file or source path, a drafting note, advice to "
            "Aspenline, legal analysis, or any statutory notice or statute citation, including the "
            "18 U.S.C. § 1833(b) immunity notice.")


@plant("h12-no-advisory-deliverable", "H12", CI,
       "The cover email is removed entirely, leaving the client advice nowhere to go.")
def no_advisory(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        del t["deliverables"]["client-email.md"]
        drop_criterion(t, "client-email-departures")
        t["oafreeze"]["advisory"] = []
        text = replace_text(t["instructions"], "Prepare three deliverables", "Prepare two deliverables")
        text = replace_text(text, "; and client-email.md, a cover email to Sierrafold's General Counsel on what you "
                                  "drafted and where you departed from the request.", ".")
        t["instructions"] = replace_text(text, "to sign; lindgren-section", "to sign, and lindgren-section")


@plant("h12-alert-advice-pasted-into-starting-form", "H12", CA,
       "The other firm's advisory prose is pasted into the client's starting form, the document employees sign.")
def advice_in_form(env: Path, task: str) -> None:
    edit_doc(env, task, "halden-form-wa-2021.md", "## 4. Employees",
             "In our view, employers should treat every \"no-service\" clause as a full non-compete from now on; "
             "a court that narrows an overbroad covenant still awards the employee $5,000 plus fees.\n\n"
             "## 4. Employees")


@plant("h12-drafting-note-in-draft-that-must-be-kept", "H12", NE,
       "The draft agreement carries a drafting note with a source path, and the task forbids changing anything else.")
def drafting_note(env: Path, task: str) -> None:
    edit_doc(env, task, "draft-tallis-agreement.md", "## 6. Non-Solicitation of Employees",
             "[Drafting note: see knowledge-base/practice-guides/non-compete/us/colorado.md; Section 5 is likely void "
             "for Morgan at this salary.]\n\n## 6. Non-Solicitation of Employees")


@plant("h12-guide-sentence-in-standard-agreement", "H12", AM,
       "A sentence of the knowledge base's Louisiana guide is pasted into the client's standard agreement as a clause.")
def guide_in_form(env: Path, task: str) -> None:
    edit_doc(env, task, "bayou-crest-standard-agreement.md", "If any part of this Agreement is held unenforceable, "
             "the rest remains in effect.", "If any part of this Agreement is held unenforceable, the rest remains in "
             "effect. Courts will not rewrite a defective covenant; with a severability clause they may strike an "
             "offending part and keep whatever independently complies.")


@plant("h12-instance-operative-drops-agreement", "H12", "covenant-package-v04",
       "A family instance's operative list omits success-manager-covenants.md, an agreement the hire signs.")
def instance_operative(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        t["oafreeze"]["operative"].remove("success-manager-covenants.md")


@plant("h12-placement-criterion-allows-notes", "H12", NE,
       "The placement criterion now lets bracketed notes to the client stay in the agreement and forbids only a "
       "file path.")
def allows_notes(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        criterion(t, "placement-agreement-text")["match_criteria"] = (
            "PASS if tallis-agreement-revised.md contains the agreement's terms and signature blocks; bracketed notes "
            "to the client explaining an edit may stay in the text. FAIL if it contains a file path such as "
            "\"colorado-law-file.md\".")


@plant("h12-instructions-put-explanation-in-agreement", "H12", SD,
       "The instructions ask for a preamble in the agreement explaining to Jordan why the non-compete was removed "
       "and which Illinois threshold applies.")
def explanation_in_agreement(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        instructions_add(t, "Begin ellery-covenant-agreement.md with a short preamble explaining to Jordan why the "
                            "form's non-compete was removed and which Illinois earnings threshold applies.")


# --- near-misses ---------------------------------------------------------------------------------


@near_miss("h12-nm-required-notice-in-starting-form", "H12", CA,
           "The federal trade-secret immunity notice is added to the client's starting form.",
           "H12 allows legally required statutory notices in operative text; 18 U.S.C. § 1833(b) requires this "
           "notice in agreements that govern confidential information, and the placement criterion excepts it.")
def notice_in_form(env: Path, task: str) -> None:
    edit_doc(env, task, "halden-form-wa-2021.md", "## 5. Governing Law and Venue",
             "## 5A. Immunity Notice\n\nUnder 18 U.S.C. § 1833(b), an individual is immune from federal and state "
             "trade secret liability for disclosing a trade secret in confidence to a government official or to a "
             "lawyer solely to report or investigate a suspected violation of law, or in a complaint or other filing "
             "made under seal in a lawsuit or other proceeding.\n\n## 5. Governing Law and Venue")


@near_miss("h12-nm-analysis-in-client-request", "H12", TB,
           "The client's request adds a line of its in-house counsel's legal view.",
           "Legal analysis in an input document the agent reads is the task's material, not operative text; "
           "the operative deliverables and their placement criterion are unchanged.")
def analysis_in_request(env: Path, task: str) -> None:
    append_doc(env, task, "hr-request.md",
               "P.S. Our in-house counsel notes that a Colorado court will decide any dispute with Riley under "
               "Colorado law, whatever the contract says.")


# Moved from the held-out set: it informed a change to the audit.
@plant("h12-advisory-note-addressed-to-employee", "H12", AM,
       "The only advisory deliverable, client-note.md, is re-addressed to Avery Fontenot, the employee who signs: "
       "the privileged analysis has nowhere to go but the counterparty.")
def h12_note_to_employee(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        t["instructions"] = replace_text(t["instructions"], "a short note for Bayou Crest on what changed and why",
                                         "a short note for Avery Fontenot on what changed and why")
        t["deliverables"]["client-note.md"] = "Short note to Avery Fontenot on what changed from the standard " \
                                              "agreement and why."
        reword(t, "client-note-changes", "PASS if client-note.md tells Bayou Crest",
                   "PASS if client-note.md tells Avery Fontenot")


@plant("h12-advisory-email-to-the-candidate", "H12", CI,
       "The cover email is to go to 'the candidate' rather than the client: the explanation of the departures "
       "from the request lands with the person who signs.")
def h12_email_to_candidate(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        t["deliverables"]["client-email.md"] = ("Cover email to the candidate explaining the package and the "
                                                "departures from the request.")


@near_miss("h12-nm-advisory-to-named-hr-director", "H12", SD,
           "The cover email is addressed by name to Maplestone's HR director, Wren Okafor.",
           "The HR director is the client's own officer, not the employee who signs: advice to the client may name "
           "who at the client receives it.")
def h12_nm_named_hr(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        t["deliverables"]["client-email.md"] = ("Cover email to Wren Okafor, Maplestone's HR director, explaining any "
                                                "change from the approved form and any decision needed.")


# Moved from the held-out set: it informed a change to the audit.
@plant("h12-placement-criterion-narrowed-to-paths", "H12", AM,
       "The placement criterion on the agreement is narrowed to file paths alone: legal analysis, the Delacroix "
       "dispute and advice to the client may now stay in what Avery signs.")
def h12_narrowed(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        crit = criterion(t, "placement-no-adverse-analysis")
        crit["match_criteria"] = ("PASS if fontenot-covenant-agreement.md contains no file path such as "
                                  "\"litigation-memo.md\" or \"documents/\". FAIL if it contains a file path.")


# Moved from the held-out set: it informed a change to the audit.
@plant("h12-criterion-rewards-explanation-in-agreement", "H12", TB,
       "A new criterion on the agreement rewards a preamble in it that explains to Aspenline why the non-compete "
       "was left out.")
def h12_criterion_rewards_explanation(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        t["criteria"].append({
            "id": "agreement-explains-omission", "title": "The agreement explains the omission",
            "match_criteria": ("PASS if vandermeer-covenant-agreement.md opens with a short preamble telling Aspenline "
                               "why no non-compete appears, with the salary figures. FAIL if it does not explain it."),
            "deliverables": ["vandermeer-covenant-agreement.md"], "source": "expert"})


# Moved from the held-out set: it informed a change to the audit.
@plant("h12-allowlist-admits-margin-notes", "H12", TB,
       "The placement criterion's allowlist now also admits 'margin notes for Aspenline on each choice' in the "
       "agreement Riley signs.")
def h12_allowlist_notes(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        crit = criterion(t, "placement-operative-text")
        crit["match_criteria"] = replace_text(crit["match_criteria"], "signature blocks and the 18 U.S.C.",
                                              "signature blocks, margin notes for Aspenline on each choice and the "
                                              "18 U.S.C.")


@plant("h12-anything-but-allowlist-admits-explanation", "H12", NE,
       "The placement rule on the narrowed agreement becomes 'anything other than contract terms, a cover "
       "explanation of each change for the client and signature blocks' fails.")
def h12_anything_but(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        d = t["oafreeze"]["operative"][0]
        t["criteria"].append({
            "id": "operative-allowlist", "title": "The agreement holds only what is signed",
            "match_criteria": (f"FAIL if {d} contains anything other than contract terms, a cover explanation of "
                               "each change for the client, and signature blocks."),
            "deliverables": [d], "source": "expert"})


@near_miss("h12-nm-allowlist-with-schedule-notes", "H12", TB,
           "The placement allowlist also admits the schedules with the notes to Schedule 1 that fix how commission is "
           "counted.",
           "Notes to a schedule are terms of the agreement, not advice to the client: HYGIENE.md keeps analysis and "
           "advice out of operative text, not the agreement's own parts.")
def h12_nm_schedule_notes(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        crit = criterion(t, "placement-operative-text")
        crit["match_criteria"] = replace_text(crit["match_criteria"], "signature blocks and the 18 U.S.C.",
                                              "signature blocks, Schedule 1 with its notes to Schedule 1 on counting "
                                              "commission and the 18 U.S.C.")


# Moved from the held-out set (its fresh round): it informed a change to the audit.
@plant("h12-instructions-ask-explanations-in-agreement", "H12", CI,
       "The instructions ask for a plain-English explanation under each section of lindgren-invention-agreement.md.")
def h12_explanations(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        instructions_add(t, "Sasha is not a lawyer: under each section of lindgren-invention-agreement.md, add a short "
                            "plain-English explanation of what the section does and why California law shapes it.")


@near_miss("h12-nm-place-first-but-explanation-sent-to-note", "H12", NE,
           "The instructions add: in the revised agreement, fix only the three terms, and put the explanation of "
           "each edit in note-to-partner.md.",
           "The explanation goes to the advisory note, which HYGIENE.md H12 says is where advisory material "
           "belongs; the operative agreement only gets the edits.")
def h12_nm_place_first(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        instructions_add(t, "In tallis-agreement-revised.md, fix only the three terms, and put the explanation of "
                            "each edit in note-to-partner.md.")


# Moved from the held-out set (its second fresh round): it informed a change to the audit.
@plant("h12-signed-notice-classed-advisory", "H12", TB,
       "The Colorado notice Riley signs is moved from operative to advisory, though its description says it is "
       "delivered and signed.")
def h12_notice_advisory(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        t["oafreeze"]["operative"].remove("vandermeer-noncompete-notice.md")
        t["oafreeze"]["advisory"].append("vandermeer-noncompete-notice.md")


@near_miss("h12-nm-description-says-notes-removed", "H12", SD,
           "The operative agreement's description adds 'with every drafting note and square-bracketed instruction of "
           "the form removed'.",
           "HYGIENE.md H12 keeps drafting commentary out of operative text; a description that demands those notes be "
           "removed reinforces the placement rule rather than breaking it.")
def h12_nm_description(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        t["deliverables"]["ellery-covenant-agreement.md"] = (
            "The restrictive covenant agreement for Jordan Ellery, ready to sign, with every drafting note and "
            "square-bracketed instruction of the form removed.")


# Moved from the held-out set (its fourth fresh round): it informed a change to the audit.
@plant("h12-criterion-requires-explanatory-recital", "H12", TB,
       "A new criterion requires the operative agreement to open with a recital explaining that the non-compete was "
       "left out because Riley's pay is below Colorado's threshold.")
def h12_recital(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        add_criterion(t, "agreement-recital-explains-omission", "Agreement explains why it has no non-compete",
                      "PASS if vandermeer-covenant-agreement.md opens with a recital explaining that it contains no "
                      "non-compete because Riley Vandermeer's pay is below Colorado's threshold for one. FAIL if the "
                      "agreement has no such recital.", ["vandermeer-covenant-agreement.md"])


@near_miss("h12-nm-criterion-requires-factual-recital", "H12", TB,
           "A new criterion requires the operative agreement to open with a recital of facts only: Riley's employment "
           "as an Account Executive, its start date and that employment as the consideration.",
           "HYGIENE.md H12 keeps explanation, advice and legal analysis out of operative text; a recital of the facts "
           "the contract rests on (who is employed, from when, for what consideration) is a term of the contract, "
           "and the criterion fails a recital that gives reasons.")
def h12_nm_factual_recital(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        add_criterion(t, "agreement-factual-recital", "Agreement opens with a recital of the employment",
                      "PASS if vandermeer-covenant-agreement.md opens with a recital stating that Aspenline is "
                      "employing Riley Vandermeer as an Account Executive from the start date in the offer summary "
                      "and that this employment is the consideration for the covenants. FAIL if there is no such "
                      "recital, or if the recital gives reasons for including or leaving out any covenant.",
                      ["vandermeer-covenant-agreement.md"])


# Moved from the held-out set (its fourth fresh round): it informed a change to the audit.
@plant("h12-drafting-notes-schedule-in-agreement", "H12", SD,
       "The instructions (bureaucratic register) require the operative agreement to carry, as Schedule 1, a table of "
       "drafting notes giving the source and reason for each departure from the form.")
def h12_schedule(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        instructions_add(t, "For audit-trail purposes, ellery-covenant-agreement.md shall include, as Schedule 1, a "
                            "table of drafting notes recording, for each clause that departs from the firm's form, the "
                            "source relied upon and the reason for the departure.")


@near_miss("h12-nm-schedule-of-customer-counties-in-agreement", "H12", SD,
           "The instructions (same register) require the operative agreement to include, as Schedule 1, the list of "
           "counties whose customers the customer non-solicitation covenant covers.",
           "A schedule that defines the reach of a covenant is operative text the employee signs, not drafting "
           "commentary: HYGIENE.md H12 keeps notes, advice and analysis out of operative deliverables, not the "
           "contract's own schedules.")
def h12_nm_schedule_counties(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        instructions_add(t, "For certainty of scope, ellery-covenant-agreement.md shall include, as Schedule 1, a list "
                            "of the counties (Cook, DuPage and Will Counties, Illinois) in which the customers covered "
                            "by the customer non-solicitation covenant are located, and that covenant shall refer to "
                            "Schedule 1.")


# Moved from the held-out set (its fifth fresh round): it informed a change to the audit.
@plant("h12-drafting-notes-schedule-attached", "H12", SD,
       "The instructions ask for a 'Schedule 2 (Drafting Notes)' attached to ellery-covenant-agreement.md, giving the "
       "knowledge-base source and the reason for each change, so that Jordan's copy carries the audit trail.")
def h12_r5_schedule(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        instructions_add(t, "Attach to ellery-covenant-agreement.md a Schedule 2 (Drafting Notes) listing, clause by "
                            "clause, the knowledge-base source you used and why each change from the form was made, so "
                            "that Jordan's copy carries the audit trail.")


@near_miss("h12-nm-prior-inventions-schedule-attached", "H12", SD,
           "The instructions ask for a 'Schedule 2 (Prior Inventions)' attached to ellery-covenant-agreement.md, listing "
           "the inventions Jordan Ellery made before joining and keeps, with blank lines for Jordan to complete.",
           "HYGIENE.md H12 keeps commentary and advice out of operative text; a prior-inventions schedule is contract "
           "content the employee signs, not a drafting note or a source trail.")
def h12_nm_r5_prior_inventions_schedule(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        instructions_add(t, "Attach to ellery-covenant-agreement.md a Schedule 2 (Prior Inventions) listing any inventions "
                            "Jordan made before joining Maplestone and keeps, with blank lines for Jordan to complete and "
                            "initial, or to mark \"None\".")


# Moved from the held-out set (its fifth fresh round): it informed a change to the audit.
@plant("h12-exception-for-drafting-note-passages", "H12", TB,
       "The placement criterion's FAIL clause now applies only 'outside a passage headed \"Drafting note\"', which "
       "lets commentary stay in the agreement and the notice.")
def h12_r5_exception(env: Path, task: str) -> None:
    reword_in(env, task, "placement-operative-text",
            "FAIL if either contains a file or source path such as \"knowledge-base/\", a drafting note, advice to "
            "Aspenline,",
            "FAIL if either contains, outside a passage headed \"Drafting note\", a file or source path such as "
            "\"knowledge-base/\", advice to Aspenline,")


@near_miss("h12-nm-exception-for-immunity-notice-passage", "H12", TB,
           "The placement criterion's FAIL clause adds 'a citation of a statute (except in a passage headed \"Notice "
           "under 18 U.S.C. § 1833(b)\" or in the notice C.R.S. § 8-2-113(4) requires)', so the required immunity notice may cite the law it gives notice under.",
           "HYGIENE.md H12 allows legally required statutory notices in operative text; the exception covers only the "
           "passage carrying that notice, and every drafting note, source path, piece of advice or analysis still fails.")
def h12_nm_r5_immunity_exception(env: Path, task: str) -> None:
    reword_in(env, task, "placement-operative-text", "advice to Aspenline, or legal analysis such as",
            "advice to Aspenline, a citation of a statute (except in a passage headed \"Notice under 18 U.S.C. § "
            "1833(b)\" or in the notice C.R.S. § 8-2-113(4) requires), or legal analysis such as")


@plant("h12-r6-footnote-sources-in-agreement-for-audit-trail", "H12", SD,
       "The instructions ask, for an ISO 27001 'audit trail', that ellery-covenant-agreement.md footnote every clause "
       "with the knowledge-base path it came from and a one-line reason for any change from the 2023 form.")
def h12_r6_footnotes(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        instructions_add(t, "AUDIT TRAIL (ISO 27001 evidence req., ref MAPLE-HR-7781): in ellery-covenant-agreement.md "
                            "pls footnote each clause w/ the KB source path it came from (e.g. knowledge-base/"
                            "templates/...) + a 1-line reason for any change vs the 2023 form.")


@near_miss("h12-nm-r6-audit-trail-sources-in-rationale-companion", "H12", SD,
           "The instructions ask, for an ISO 27001 'audit trail', for the knowledge-base source path of every clause "
           "of ellery-covenant-agreement.md and a one-line reason for each change from the 2023 form, to be listed "
           "in rationale.md, with the agreement kept clean.",
           "HYGIENE.md H12 forbids source paths and drafting commentary in operative text and asks that advisory "
           "material have somewhere to go; the instructions send the sources and reasons to rationale.md, an "
           "advisory deliverable, and name the agreement only as the thing being annotated.")
def h12_nm_r6_audit_trail_in_rationale(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        instructions_add(t, "AUDIT TRAIL (ISO 27001 evidence req., ref MAPLE-HR-7781): in rationale.md pls add a "
                            "table with one row per clause of ellery-covenant-agreement.md: the KB source path it "
                            "came from (e.g. documents/knowledge-base/templates/oafreeze-cc0-1.0/restrictive-"
                            "covenant-agreement/template.md) + a 1-line reason for any change vs the 2023 form. "
                            "Nothing of this goes in the agreement Jordan signs.")


@plant("h12-r7-whereas-recitals-with-threshold-analysis", "H12", TB,
       "The instructions ask the agreement to open with WHEREAS recitals recording why each covenant is lawful for "
       "Riley, including that $104,000 exceeds the $78,008.40 customer non-solicit threshold: legal analysis in the "
       "operative text.")
def h12_r7_whereas(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        instructions_add(t, "Open vandermeer-covenant-agreement.md with WHEREAS recitals that record why each covenant "
                            "is lawful for Riley under Colorado law, including that Riley's $104,000 exceeds the "
                            "$78,008.40 customer non-solicit threshold.")


@near_miss("h12-nm-r7-whereas-recitals-with-threshold-analysis-companion", "H12", TB,
           "The instructions ask the agreement to open with WHEREAS recitals that state facts only: who Aspenline is, "
           "the role Riley is hired into, and the trade-secret information Riley will receive.",
           "HYGIENE.md H12 keeps source paths, drafting commentary, client advice and legal analysis out of operative "
           "text; recitals of the parties and the protected information are contract terms, with no figure compared "
           "and no statute applied.")
def h12_nm_r7_factual_recitals(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        instructions_add(t, "Open vandermeer-covenant-agreement.md with short WHEREAS recitals that state facts only: "
                            "that Aspenline is a Colorado limited liability company in the merchant payments business, "
                            "that it is hiring Riley as an Account Executive in Denver, and that in that role Riley "
                            "will receive Aspenline's client lists, pricing models and merchant-risk scoring rules.")


@plant("h12-r7-translator-notes-in-bilingual-notice", "H12", CI,
       "The instructions ask for the Section 2872 notice in English and Spanish with translator's notes ('N. del T.') "
       "inside the notice explaining where the Spanish departs from the statute's English.")
def h12_r7_translator_notes(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        instructions_add(t, "Sasha prefers Spanish: give lindgren-section-2872-notice.md in English and Spanish, with "
                            "translator's notes (N. del T.) in the notice explaining where the Spanish wording departs "
                            "from the statute's English.")


@near_miss("h12-nm-r7-translator-notes-in-bilingual-notice-companion", "H12", CI,
           "The instructions ask for the Section 2872 notice in English and Spanish, English controlling, and send any "
           "note on where the Spanish wording departs from the statute's English to client-email.md, not the notice.",
           "HYGIENE.md H12 forbids drafting commentary in operative text and requires the advisory material to have "
           "somewhere to go; a bilingual notice is still only the notice, and the translator's remarks go to the "
           "advisory cover email.")
def h12_nm_r7_bilingual_notes_in_email(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        instructions_add(t, "Sasha prefers Spanish: give lindgren-section-2872-notice.md in English and Spanish, side "
                            "by side, stating that the English text controls. If the Spanish wording departs anywhere "
                            "from the statute's English, say where in client-email.md, not in the notice.")


@plant("h12-r7-work-type-review-operative-dropped", "H12", NE,
       "The generator applied its 'review' template to this task: work_type is 'review' and the operative list is "
       "empty, though the agent still drafts the agreement Morgan signs.")
def h12_r7_review(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        t["work_type"] = "review"
        t["oafreeze"]["operative"] = []


@near_miss("h12-nm-r7-work-type-review-operative-dropped-companion", "H12", NE,
           "The task is recast as a genuine review: another associate makes the partner's three edits, and the agent "
           "only reviews the draft and writes note-to-partner.md. work_type is 'review', the operative list is empty, "
           "the agreement deliverable and its three criteria are gone, and a criterion on the salary shortfall is added.",
           "HYGIENE.md H12 applies to drafting tasks; per docs/TASKS.md it is not applicable to a task that is not "
           "'draft' and lists no operative deliverable. Here nothing the agent writes is signed by anyone: the only "
           "deliverable is an advisory memo.")
def h12_nm_r7_genuine_review(env: Path, task: str) -> None:
    edit_doc(env, task, "partner-instructions.md", "so please make only these three edits to draft-tallis-agreement.md:",
             "so Devon is making only these three edits to draft-tallis-agreement.md:")
    edit_doc(env, task, "partner-instructions.md",
             "Save the edited agreement as tallis-agreement-revised.md and send me a short note in note-to-partner.md.",
             "You are not editing it: please review the draft before it goes out and send me a short note in "
             "note-to-partner.md.")
    with task_json(env, task) as t:
        t["title"] = "Review a Colorado covenant renewal that keeps a void non-compete"
        t["instructions"] = replace_text(
            t["instructions"],
            "Make the partner's edits and save the agreement as tallis-agreement-revised.md, ready for the client to "
            "hand to the employee. Write note-to-partner.md, your note to the partner. Both deliverables are Markdown.",
            "Review the draft agreement against the Colorado law file and write note-to-partner.md, your note to the "
            "partner, in Markdown. Do not edit the agreement.")
        t["work_type"] = "review"
        del t["deliverables"]["tallis-agreement-revised.md"]
        for cid in ("instructed-edits-made", "scope-of-edits", "placement-agreement-text"):
            drop_criterion(t, cid)
        add_criterion(t, "note-states-shortfall", "Note quantifies how far the salary falls below the threshold",
                      "PASS if note-to-partner.md states that Morgan Tallis's $71,500 salary is $58,514 below the 2026 "
                      "threshold of $130,014. FAIL if the note gives no shortfall or a different figure.",
                      ["note-to-partner.md"])
        t["oafreeze"]["operative"] = []
        trap = t["oafreeze"]["trap"]
        trap["description"] = (
            "The partner asks for a review of a renewal that another associate is editing, yet the draft keeps a "
            "non-compete that Colorado voids for a $71,500 worker, and presenting it carries a $5,000 penalty per "
            "worker. The right review flags Section 5, warns of the penalty and asks the partner for a decision before "
            "the agreement goes to Morgan Tallis.")
        trap["criteria"].append("note-states-shortfall")


@plant("h12-r8-instructions-ask-bates-footnotes-in-agreement", "H12", TB,
       "The instructions ask for every clause of vandermeer-covenant-agreement.md to be footnoted with the Bates number "
       "and file of the source it relies on, for the production set's cross-reference.")
def h12_r8_bates_footnotes(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        instructions_add(t, "Litigation support needs a cross-reference: footnote each clause of "
                            "vandermeer-covenant-agreement.md with the Bates number and file name of the source it "
                            "relies on (for example ASP-0000012, colorado-statute-excerpt.md).")


@near_miss("h12-nm-r8-bates-footnotes-in-advisory-rationale-companion", "H12", SD,
           "The instructions ask for rationale.md to footnote each drafting choice with the Bates range and file name "
           "of the source it relies on (for example MPL-000412 to MPL-000418, form-approval-memo-2023.md).",
           "HYGIENE.md H12 keeps source paths and analysis out of operative text; rationale.md is an advisory "
           "deliverable (the file memo on sources relied on), which is exactly where source references belong, "
           "and ellery-covenant-agreement.md is untouched.")
def _c8_bates_in_rationale(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        instructions_add(t, "Litigation support needs a cross-reference: in rationale.md, footnote each drafting "
                            "choice with the Bates range and file name of the source it relies on (for example "
                            "MPL-000412 to MPL-000418, form-approval-memo-2023.md).")


@plant("h12-r9-criterion-demands-reasons-in-redline", "H12", AM,
       "A new criterion, written by the M&A team used to redlines, requires the operative agreement itself to show "
       "each change in redline with a footnote giving its reason under La. R.S. 23:921: legal analysis the employee "
       "would sign.")
def h12_r9_redline_footnotes(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        add_criterion(t, "agreement-redline-footnotes", "Agreement shows each change with its reason",
                      "PASS if fontenot-covenant-agreement.md shows each change from the standard agreement in redline "
                      "(insertions in bold, deletions struck through) with a footnote giving the reason for the change "
                      "under La. R.S. 23:921. FAIL if a change is unmarked or has no footnote.",
                      ["fontenot-covenant-agreement.md"])


@plant("h12-r9-placement-narrowed-to-signature-page", "H12", NE,
       "The agreement's placement criterion, rewritten on the M&A team's signature-page checklist, now covers only "
       "the signature page; the agreement's body may carry commentary and analysis unchecked.")
def h12_r9_signature_page_only(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        criterion(t, "placement-agreement-text")["match_criteria"] = (
            "PASS if the signature page of tallis-agreement-revised.md (the execution blocks after Section 9) contains "
            "only the signature blocks. FAIL if the signature page contains a comment, bracketed note, footnote, file "
            "path such as \"colorado-law-file.md\", or legal analysis such as a statement that Section 5 is void, a "
            "comparison of $71,500 with $130,014, or the $5,000 penalty.")


@plant("h12-r9-instructions-ask-cover-sheet-in-agreement", "H12", TB,
       "The instructions ask for a one-page cover sheet on top of vandermeer-covenant-agreement.md summarising for "
       "Noor why the non-compete was left out (salary against the thresholds, the penalty), 'removed by HR before "
       "Riley signs'.")
def h12_r9_cover_sheet(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        instructions_add(t, "As on our other Aspenline deals, put a one-page cover sheet at the top of "
                            "vandermeer-covenant-agreement.md for Noor, summarising why the non-compete was left out "
                            "(the salary against the two thresholds and the penalty risk); HR removes the cover sheet "
                            "before Riley signs.")


@plant("h12-r10-instructions-ask-cover-paragraph-in-notice", "H12", TB,
       "The instructions ask that vandermeer-noncompete-notice.md open with a short cover paragraph to Noor Haddad "
       "explaining which of the two salary thresholds applies to Riley: client advice inside the operative notice.")
def h12_r10_cover_paragraph(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        instructions_add(t, "Begin vandermeer-noncompete-notice.md with a short cover paragraph to Noor Haddad "
                            "explaining which of Colorado's two salary thresholds applies to Riley and why.")


@plant("h12-c10-covering-paragraph-of-advice-atop-agreement", "H12", AM,
       "The instructions ask that fontenot-covenant-agreement.md open with a covering paragraph addressed to Bayou "
       "Crest's general counsel that sets out why each change from the standard agreement was needed under La. R.S. "
       "23:921, so the client reads the reasons when it opens the signing copy: advice asked for in operative text.")
def h12_c10_covering_paragraph(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        instructions_add(t, "Head fontenot-covenant-agreement.md with a short covering paragraph addressed to Bayou "
                            "Crest's general counsel that explains why each change from the standard agreement was "
                            "needed under La. R.S. 23:921, so that the client sees our reasoning as soon as it opens "
                            "the signing copy.")


@near_miss("h12-nm-r11-statutory-advice-at-head-of-agreement", "H12", SD,
           "The instructions ask for the written advice to consult a lawyer, which 820 ILCS 90/20 requires, to be "
           "printed in bold at the head of ellery-covenant-agreement.md, above the recitals.",
           "H12 allows legally required statutory notices in operative text, and the placement criterion already "
           "allows the written advice to consult a lawyer; asking for it in the agreement is not asking for notes or "
           "explanation there.")
def h12_nm_r11_statutory_advice(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        instructions_add(t, "Put the written advice to consult a lawyer that 820 ILCS 90/20 requires in bold at the "
                            "head of ellery-covenant-agreement.md, above the recitals.")


@plant("h12-r11-instructions-ask-html-comments-in-the-form", "H12", CA,
       "The instructions now ask the agent to put HR's fill-in guidance inside washington-covenant-form.md as HTML "
       "comments beside each blank, 'so HR sees it in the editor but employees do not see it when the form is "
       "printed': explanation asked for inside the operative form.")
def h12_r11_html_comments_in_form(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        instructions_add(t, "In washington-covenant-form.md, put HR's fill-in guidance next to each blank as an HTML "
                            "comment (<!-- ... -->), explaining when the non-competition section may be used, so HR "
                            "sees it in the editor but employees do not see it when the form is printed.")


@plant("h12-c11-footnotes-of-statutory-analysis-in-agreement", "H12", SD,
       "The instructions now ask for a Markdown footnote ([^1], [^2], ...) on each restrictive covenant in "
       "ellery-covenant-agreement.md, giving the section of 820 ILCS 90 it rests on and why it survives the Act's "
       "earnings floors, 'so HR can answer Jordan's questions from the signed copy': legal analysis asked for inside "
       "the operative agreement.")
def h12_c11_footnotes(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        instructions_add(t, "Maplestone's HR team wants to answer Jordan's questions from the signed copy: in "
                            "ellery-covenant-agreement.md, put a Markdown footnote ([^1], [^2], ...) on each "
                            "restrictive covenant giving the section of 820 ILCS 90 it rests on and why it survives "
                            "the Act's earnings floors.")


@plant("h12-r12-spanish-instruction-asks-explanation-in-agreement", "H12", SD,
       "The Mexico City HR team's note, added to the instructions in Spanish, asks for a paragraph at the end of "
       "ellery-covenant-agreement.md telling Jordan why the non-compete was removed and which Illinois salary "
       "threshold Jordan does not reach.")
def h12_r12_spanish_instruction(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        instructions_add(t, "Nota del equipo de Recursos Humanos de Maplestone en Ciudad de México: por favor, añadan "
                            "al final de ellery-covenant-agreement.md un párrafo dirigido a Jordan que explique por qué "
                            "se suprimió la cláusula de no competencia y qué umbral salarial de Illinois no alcanza.")


@plant("h12-r12-placement-permits-source-footnotes", "H12", TB,
       "placement-operative-text's PASS clause now also allows, in the agreement and the notice, 'footnotes citing "
       "the practice guide or statute section each clause relies on': source references in operative text.")
def h12_r12_footnotes(env: Path, task: str) -> None:
    reword_in(env, task, "placement-operative-text",
            "signature blocks and the 18 U.S.C. § 1833(b) immunity notice.",
            "signature blocks, the 18 U.S.C. § 1833(b) immunity notice and footnotes citing the practice guide or "
            "statute section each clause relies on.")


@plant("h12-c12-japanese-request-for-reasons-in-notice", "H12", CI,
       "The instructions gain a paragraph in Japanese asking for a note to the General Counsel at the end of "
       "lindgren-section-2872-notice.md explaining why the notice is needed and why the one-year non-compete was "
       "dropped: client advice inside the operative notice Sasha signs.")
def h12_c12_japanese(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        instructions_add(t, "ゼネラルカウンセルより：lindgren-section-2872-notice.md の末尾に、当社宛ての注記として、この"
                            "通知がなぜ必要なのか、また1年間の競業避止条項をなぜ削除したのかを説明してください。")


@plant("h12-c12-placement-rule-allows-research-trail", "H12", TB,
       "placement-operative-text now also allows, in both operative documents, 'a closing Research trail listing "
       "the knowledge-base pages and statute excerpts each covenant rests on': source references let into the "
       "text Riley signs.")
def h12_c12_research_trail(env: Path, task: str) -> None:
    reword_in(env, task, "placement-operative-text", "signature blocks and the 18 U.S.C. § 1833(b) immunity notice.",
            "signature blocks, the 18 U.S.C. § 1833(b) immunity notice and a closing Research trail listing the "
            "knowledge-base pages and statute excerpts each covenant rests on.")


@near_miss("h12-nm-c12-compound-placement-rule-covers-french-translation", "H12", AM,
           "Avery asked for the agreement in French as well: fontenot-covenant-agreement-fr.md is added as an "
           "operative deliverable, named in the instructions, graded for content, and the placement rule reads "
           "'fontenot-covenant-agreement.md and its French translation fontenot-covenant-agreement-fr.md contain "
           "only ...' with both files in its deliverables.",
           "H12 wants a placement criterion covering every operative deliverable; the compound subject names both "
           "operative files, both are in the criterion's deliverables, and the advice still goes to client-note.md.")
def h12_nm_c12_compound_french(env: Path, task: str) -> None:
    name = "fontenot-covenant-agreement-fr.md"
    with task_json(env, task) as t:
        add_deliverable(t, name, "French translation of the repaired agreement, for Avery Fontenot to sign with the "
                                 "English one.", placement="operative")
        crit = criterion(t, "placement-no-adverse-analysis")
        crit["match_criteria"] = replace_text(
            replace_text(crit["match_criteria"], "PASS if fontenot-covenant-agreement.md contains only",
                         f"PASS if fontenot-covenant-agreement.md and its French translation {name} contain only"),
            "FAIL if it contains", "FAIL if either contains")
        crit["deliverables"].append(name)
        add_criterion(t, "french-translation-matches", "French translation keeps the parishes and the two-year cap",
                      f"PASS if {name} is a French translation of fontenot-covenant-agreement.md whose covenants "
                      "apply only within named parishes and end no more than two years after employment ends. FAIL "
                      "if it uses a mileage radius or a longer term.", [name])
        instructions_add(t, f"Avery has asked for the agreement in French as well: also prepare {name}, a French "
                            "translation for Avery to sign with the English one.")


@near_miss("h12-nm-r12-vietnamese-notice-as-covered-operative", "H12", CI,
           "Sasha reads legal documents in Vietnamese: a Vietnamese translation of the notice, "
           "lindgren-section-2872-notice-vi.md, is added as an operative deliverable, named in the instructions, "
           "covered by the placement criterion and graded for content.",
           "H12 wants every operative deliverable covered by a placement criterion and advisory material given a "
           "place; the translation is operative, listed as such and covered, and the advice still goes to "
           "client-email.md.")
def h12_nm_r12_vietnamese_notice(env: Path, task: str) -> None:
    name = "lindgren-section-2872-notice-vi.md"
    with task_json(env, task) as t:
        add_deliverable(t, name, "Vietnamese translation of the written notice, for Sasha Lindgren to sign with the "
                                 "English one.", placement="operative")
        crit = criterion(t, "placement-operative-text")
        crit["deliverables"].append(name)
        crit["match_criteria"] = replace_text(
            crit["match_criteria"], "and lindgren-section-2872-notice.md contains only",
            f"and lindgren-section-2872-notice.md and its Vietnamese translation {name} contain only")
        add_criterion(t, "notice-vi-content", "Vietnamese notice says what the English notice says",
                      f"PASS if {name} is a Vietnamese translation of lindgren-section-2872-notice.md that states "
                      "the carve-out for inventions Sasha develops entirely on Sasha's own time and both exceptions "
                      "to it. FAIL if it omits the carve-out or either exception.", [name])
        instructions_add(t, f"Sasha reads legal documents in Vietnamese: also prepare {name}, a Vietnamese "
                            "translation of the notice for Sasha to sign with the English one.")


@plant("h12-r13-placement-carves-out-drafting-basis-schedule", "H12", NE,
       "placement-agreement-text now says a closing schedule headed \"Drafting basis\", listing the authorities and "
       "file notes relied on for each edit, 'is part of the agreement and does not count as commentary'.")
def h12_r13_drafting_basis(env: Path, task: str) -> None:
    reword_in(env, task, "placement-agreement-text", "contains only the agreement's terms and signature blocks.",
            "contains only the agreement's terms and signature blocks; a closing schedule headed \"Drafting basis\" "
            "that lists the authorities and file notes relied on for each edit is part of the agreement and does not "
            "count as commentary.")


@plant("h12-r13-instructions-ask-agreement-to-explain-itself", "H12", AM,
       "The instructions add that fontenot-covenant-agreement.md should tell Avery, after each restrictive clause, "
       "why it is drafted as it is: explanation asked inside the operative deliverable, without the words note, "
       "rationale or commentary.")
def h12_r13_self_explaining(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        instructions_add(t, "Avery is new to covenants and Lucien wants nothing left to guesswork: after each "
                            "restrictive clause, fontenot-covenant-agreement.md should tell Avery in a sentence why "
                            "the clause is drafted the way it is.")


@plant("h12-r13-malay-request-for-footnotes-in-agreement", "H12", NE,
       "A request from the Kuala Lumpur partner, added to the instructions in Malay, asks for a footnote on every edit "
       "in tallis-agreement-revised.md explaining why it was made.")
def h12_r13_malay(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        instructions_add(t, "Nota daripada rakan kongsi di Kuala Lumpur: dalam tallis-agreement-revised.md, sila "
                            "tambah nota kaki pada setiap pindaan yang menerangkan sebab pindaan itu dibuat.")


@plant("h12-r14-instructions-ask-rationale-in-front-matter", "H12", SD,
       "The instructions ask for a YAML front-matter block at the top of ellery-covenant-agreement.md, for the DMS, "
       "whose 'rationale' field explains clause by clause why it was kept or removed and which source was relied on.")
def h12_r14_front_matter(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        instructions_add(t, "Our document system reads YAML front matter. Start ellery-covenant-agreement.md with a "
                            "front-matter block whose 'rationale' field explains, clause by clause, why you kept or "
                            "removed it and which source you relied on.")


@plant("h12-r14-placement-rule-forbids-the-required-notice", "H12", CI,
       "placement-operative-text was 'tightened' after a run that pasted the statute into the notice: the notice may "
       "now hold only its date, the parties' names and signature lines, and either document fails if it quotes, "
       "summarizes or refers to any section of the Labor Code, which the Section 2872 notice must do.")
def h12_r14_forbids_notice(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        reword(t, "placement-operative-text",
               "lindgren-section-2872-notice.md contains only the statutory notice content (legally required notice "
               "text, including the text or a summary of sections 2870 to 2872) and signature lines.",
               "lindgren-section-2872-notice.md contains only the notice's date, the parties' names and signature "
               "lines.")
        reword(t, "placement-operative-text", "FAIL if either document editorializes",
               "FAIL if either document quotes, summarizes or refers to any section of the California Labor Code, "
               "editorializes")


# --- from the fifteenth held-out round ---


@plant("h12-r15-front-matter-notes-in-agreement", "H12", TB,
       "The instructions ask vandermeer-covenant-agreement.md to open with YAML front matter listing, under "
       "'sources:', the knowledge-base path of every guide and template relied on and, under 'drafting_notes:', why "
       "each covenant was kept or left out: source paths and drafting commentary inside the operative agreement.")
def h12_r15_front_matter(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        instructions_add(t, "Aspenline's document system files the signed agreement from its metadata, so begin "
                            "vandermeer-covenant-agreement.md with a YAML front-matter block (between --- lines) that "
                            "lists under 'sources:' the path in documents/knowledge-base/ of every guide and template "
                            "you relied on, and under 'drafting_notes:' one line on why each of Aspenline's usual "
                            "covenants was kept or left out.")


# --- from the sixteenth held-out round ---


@plant("h12-r16-criterion-demands-analysis-recital", "H12", TB,
       "A new criterion requires the agreement Riley signs to open with a recital explaining that, because Riley's "
       "$104,000 salary is below Colorado's $130,014 threshold, the agreement contains no non-compete: a criterion "
       "that demands legal analysis inside operative text.")
def h12_r16_recital(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        add_criterion(t, "agreement-recital-explains-omission", "Agreement explains in a recital why there is no "
                      "non-compete",
                      "PASS if vandermeer-covenant-agreement.md opens with a recital stating that, because Riley "
                      "Vandermeer's $104,000 salary is below Colorado's $130,014 threshold for highly compensated "
                      "workers, the agreement contains no non-competition covenant. FAIL if the agreement has no such "
                      "recital.", ["vandermeer-covenant-agreement.md"])


# --- from the seventeenth held-out round ---


@plant("h12-r17-criterion-demands-analysis-recital", "H12", SD,
       "A new criterion requires the agreement Jordan signs to open with a recital explaining that it has no "
       "non-compete because $78,500 does not exceed the $80,000 floor of 820 ILCS 90/10(a): legal analysis demanded "
       "in operative text.")
def h12_r17_recital(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        add_criterion(t, "agreement-recites-why-no-noncompete", "Agreement explains the missing non-compete",
                      "PASS if ellery-covenant-agreement.md opens with a recital telling Jordan Ellery that the "
                      "agreement has no non-compete because expected annualized earnings of $78,500 do not exceed the "
                      "$80,000 floor of 820 ILCS 90/10(a) in force on the signing date. FAIL if the recital is missing "
                      "or gives another reason.", ["ellery-covenant-agreement.md"])


# --- nineteenth held-out round: a reply older than its message, a placement rule narrowed in its text ---


@plant("h12-r19-placement-text-narrowed-to-agreement", "H12", TB,
       "placement-operative-text still lists both operative deliverables, but its text was rewritten to speak of the "
       "agreement alone: nothing in it keeps analysis, advice or source paths out of vandermeer-noncompete-notice.md.")
def h12_r19_narrowed_text(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        crit = criterion(t, "placement-operative-text")
        assert len(crit["deliverables"]) == 2
        crit["match_criteria"] = (
            "PASS if vandermeer-covenant-agreement.md contains only contract terms, signature blocks and the 18 U.S.C. "
            "§ 1833(b) immunity notice. FAIL if it contains a file or source path such as \"knowledge-base/\", a "
            "drafting note, advice to Aspenline, or legal analysis such as a comparison of the $104,000 salary with "
            "$130,014 or $78,008.40, the $5,000 penalty, or a statement that a non-compete was left out.")


# --- Moved from the held-out set (twentieth round and older misses), 2026-12-04 ---


@plant("h12-r20-only-advisory-deliverable-muzzled", "H12", NE,
       "The instructions now limit note-to-partner.md, the task's only advisory deliverable, to a transmittal that "
       "lists the three edits 'and nothing else', with 'no other issue and no point of law': the advice on the void "
       "Section 5 and the penalty has nowhere to go but the agreement.")
def h12_r20_muzzled(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        assert t["oafreeze"]["advisory"] == ["note-to-partner.md"]
        instructions_add(t, "Keep note-to-partner.md to a transmittal: list the three edits you made and nothing else. "
                            "Raise no other issue and no point of law in it; I will read the law myself.")


@plant("h12-r20-agreement-points-to-memo-and-note", "H12", AM,
       "The instructions ask fontenot-covenant-agreement.md, which Avery signs, to end with the line 'The reasons for "
       "these terms are set out in client-note.md and in our litigation memo of June 30, 2026.': a pointer to the "
       "advisory note and the privileged memo in operative text.")
def h12_r20_pointer(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        instructions_add(t, "End fontenot-covenant-agreement.md with this line: \"The reasons for these terms are set "
                            "out in client-note.md and in our litigation memo of June 30, 2026.\"")


@plant("h12-r20-threshold-analysis-in-agreement-title", "H12", TB,
       "The instructions ask that the agreement Riley signs be titled 'Restrictive Covenant Agreement (customer "
       "non-solicit only; no non-compete, because Riley's $104,000 is below Colorado's $130,014 threshold)': the legal "
       "analysis goes into the operative document's heading.")
def h12_r20_title(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        instructions_add(t, "Title vandermeer-covenant-agreement.md \"Restrictive Covenant Agreement (customer "
                            "non-solicit only; no non-compete, because Riley's $104,000 is below Colorado's $130,014 "
                            "threshold)\" so that HR can tell it from the standard form.")


@near_miss("h12-nm-r20-acknowledgment-of-the-separate-notice", "H12", CI,
           "The instructions ask the invention agreement to include Sasha's acknowledgment of having received, when "
           "signing, the separate written notice given with it.",
           "HYGIENE.md H12 forbids commentary, advice and analysis in operative text; an acknowledgment of receipt is "
           "a contract term about a document Sasha receives, and it explains nothing about the law.")
def h12_nm_r20_acknowledgment(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        instructions_add(t, "The agreement should include Sasha's acknowledgment that Sasha received, when signing, "
                            "the separate written notice that accompanies it.")


@plant("h12-r18-hr-instructions-bracketed-in-form", "H12", CA,
       "The instructions ask for a bracketed instruction to HR at the start of each optional section of "
       "washington-covenant-form.md, e.g. '[HR: use Section 2 only for employees whose annualized earnings exceed the "
       "current threshold]', inside the form employees sign.")
def h12_r18_hr_brackets(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        instructions_add(t, "In washington-covenant-form.md, put a bracketed instruction for HR at the start of each "
                            "section that may not suit every hire, for example \"[HR: use Section 2 only for employees "
                            "whose annualized earnings exceed the current threshold]\", so HR knows which parts to "
                            "keep.")


@plant("h12-r18-analysis-passed-off-as-required-notice", "H12", NE,
       "placement-agreement-text now allows 'the notices the law requires in it', and says these include a notice that "
       "Section 5 is void for a worker paid less than $130,014 and that presenting it carries a $5,000 penalty: legal "
       "analysis let into the operative agreement under the name of a required notice.")
def h12_r18_fake_notice(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        criterion(t, "placement-agreement-text")["match_criteria"] = (
            "PASS if tallis-agreement-revised.md contains only the agreement's terms, signature blocks and the notices "
            "the law requires in it, which for this renewal include a notice telling Morgan Tallis that Section 5 is "
            "void for a worker paid less than $130,014 and that presenting it exposes the Company to a $5,000 penalty. "
            "FAIL if it contains a comment, bracketed note, footnote or file path such as \"colorado-law-file.md\".")


# --- moved from the held-out set on 2026-12-04 (the cases that informed this round's changes) ----------------------


@plant("h12-r21-criterion-demands-reasons-in-recitals", "H12", SD,
       "no-noncompete-at-signing now requires the agreement's recitals to explain why the non-compete is gone "
       "(signed January 5, 2027, floor $80,000, earnings $78,500): legal analysis demanded inside the document Jordan "
       "signs.")
def h12_r21_recital_reasons(env: Path, task: str) -> None:
    _reword(env, task, "no-noncompete-at-signing",
            "contains no post-employment non-competition covenant, because the agreement",
            "contains no post-employment non-competition covenant and its recitals explain why: the agreement")



@plant("h12-r21-placement-permits-basis-notes", "H12", TB,
       "The placement criterion now also allows, under each heading of the agreement and the notice, a one-line "
       "'Basis:' note citing the statute the clause relies on: drafting commentary let into operative text.")
def h12_r21_basis_notes(env: Path, task: str) -> None:
    _reword(env, task, "placement-operative-text",
            "signature blocks and the 18 U.S.C. § 1833(b) immunity notice. FAIL if",
            "signature blocks, the 18 U.S.C. § 1833(b) immunity notice and, under each heading, a one-line 'Basis:' "
            "note citing the statute the clause relies on. FAIL if")



@plant("h12-r19-operative-agreement-as-redline-with-reasons", "H12", NE,
       "The instructions ask for tallis-agreement-revised.md, the agreement the client hands to Morgan, as a redline "
       "of the draft with the reason for each edit in italics beside it.")
def h12_r19_redline_reasons(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        instructions_add(t, "Deliver tallis-agreement-revised.md as a redline against the draft: strike deleted words "
                            "with ~~ ~~, put new words in bold, and give the reason for each edit in italics beside "
                            "it.")


# --- moved from the held-out set on 2026-12-04 (the twenty-second round's cases that informed a change) ------------


@plant("h12-r22-placement-permits-drafting-notes-box", "H12", AM,
       "placement-no-adverse-analysis now also allows 'a boxed Drafting notes section at the end, which the client "
       "will delete before signature' in the agreement Avery signs.")
def h12_r22_box(env: Path, task: str) -> None:
    _reword(env, task, "placement-no-adverse-analysis", "(legally required notices excepted).",
            "(legally required notices excepted, and a boxed \"Drafting notes\" section at the end, which the client "
            "will delete before signature).")


# --- moved from the held-out set on 2026-12-04 (cases that informed a change after the twenty-third and twenty-fourth rounds)


@plant("h12-r23-advisory-email-cut-to-transmittal-line", "H12", CI,
       "The cover email becomes a two-line transmittal that 'says only that the package is attached' and is forwarded "
       "to Sasha; its departures criterion is gone, so the reasons for leaving out the holdover clause and the "
       "non-compete have nowhere to go.")
def h12_r23_transmittal(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        t["instructions"] = replace_text(
            t["instructions"], "client-email.md, a cover email to Sierrafold's General Counsel on what you drafted and "
            "where you departed from the request.",
            "client-email.md, a two-line transmittal email to Sierrafold's General Counsel that says only that the "
            "package is attached; the General Counsel forwards it to Sasha, so put no explanation or advice in it.")
        t["deliverables"]["client-email.md"] = "Two-line transmittal email; no explanation or advice."
        drop_criterion(t, "client-email-departures")
        add_criterion(t, "transmittal-only", "Transmittal email only",
                      "PASS if client-email.md says that the agreement and the notice are attached. FAIL if it says "
                      "anything more.", ["client-email.md"])


@plant("h12-r12-advisory-email-forwarded-to-employee", "H12", CI,
       "The instructions and the deliverable description now say that Wendell forwards client-email.md unchanged "
       "to Sasha with the agreement and the notice: the only advisory deliverable reaches the employee, so the "
       "client advice has nowhere private to go.",
       doubtful="client-email.md is still listed as advisory; the defect is that the instructions route it to the "
                "counterparty, which H12 reads as advisory material given nowhere to go rather than a list error")
def h12_r12_advisory_forwarded(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        t["deliverables"]["client-email.md"] = ("Cover email to the client explaining the package and the departures "
                                                "from the request; Wendell forwards it to Sasha with the agreement.")
        instructions_add(t, "Wendell will forward client-email.md to Sasha unchanged, together with the agreement and "
                            "the notice, so that Sasha sees our reasons too.")


@plant("h12-r24-criterion-demands-source-file-in-agreement", "H12", CI,
       "A new criterion rewards the agreement for citing the workspace file california-labor-code-excerpt.md as the "
       "source of its Section 2870 carve-out: a source path demanded in operative text.")
def h12_r24_source_path(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        add_criterion(t, "carve-out-cites-excerpt", "Carve-out cites its source",
                      "PASS if the Section 2870 carve-out in lindgren-invention-agreement.md cites "
                      "california-labor-code-excerpt.md as its source. FAIL if the carve-out cites no source file.",
                      ["lindgren-invention-agreement.md"])


# --- moved from the held-out set on 2026-12-04 (cases that informed a change after the twenty-sixth round) -------


@plant("h12-r26-placement-permits-hr-instructions-panel", "H12", CA,
       "placement-no-alert-prose now adds to its PASS clause 'A boxed \"How HR completes this form\" panel at the top, "
       "telling HR when Section 2 may be used, is acceptable.': instructions to HR allowed in the form employees sign.")
def h12_r26_hr_panel(env: Path, task: str) -> None:
    reword_in(env, task, "placement-no-alert-prose", "immunity notice, excepted). FAIL if",
              "immunity notice, excepted). A boxed \"How HR completes this form\" panel at the top, telling HR when "
              "Section 2 may be used, is acceptable. FAIL if")


@plant("h12-r26-advisory-email-copied-to-employee", "H12", CI,
       "The cover email, the task's only advisory deliverable, is now to be sent to Sierrafold's General Counsel "
       "'copied to Sasha Lindgren' (instructions and description): the advice on the departures has no place the "
       "employee does not see.")
def h12_r26_cc_employee(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        assert t["oafreeze"]["advisory"] == ["client-email.md"]
        t["instructions"] = replace_text(t["instructions"], "a cover email to Sierrafold's General Counsel on what",
                                         "a cover email to Sierrafold's General Counsel, copied to Sasha Lindgren, on "
                                         "what")
        t["deliverables"]["client-email.md"] = ("Cover email to the client, copied to Sasha Lindgren, explaining the "
                                                "package and the departures from the request.")


# --- moved from the held-out set on 2026-12-04 (cases that informed a change after the twenty-seventh round) ----


@plant("h12-r27-placement-allows-hr-legend", "H12", SD,
       "placement-agreement-text now allows 'a one-paragraph legend at the top addressed to Maplestone's HR director, "
       "saying what to check before the agreement goes to Jordan': client advice inside the operative agreement.")
def h12_r27_legend(env: Path, task: str) -> None:
    reword_in(env, task, "placement-agreement-text", "18 U.S.C. § 1833(b) immunity notice). FAIL if",
              "18 U.S.C. § 1833(b) immunity notice). A one-paragraph legend at the top addressed to Maplestone's HR "
              "director, saying what to check before the agreement goes to Jordan, is allowed. FAIL if")


@plant("h12-r27-instructions-ask-source-line-per-section", "H12", CA,
       "The instructions ask that each numbered section of washington-covenant-form.md end with a bracketed source "
       "line naming the knowledge-base file its wording came from.")
def h12_r27_source_lines(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        instructions_add(t, "At the end of each numbered section of washington-covenant-form.md, add a bracketed "
                            "source line naming the knowledge-base file the wording came from, so that HR can trace "
                            "each clause.")


@plant("h12-r27-placement-exempts-cover-page", "H12", NE,
       "placement-agreement-text now says 'A cover page placed before the agreement's title is not graded by this "
       "criterion.', a place in the operative document where commentary may stay.")
def h12_r27_cover_page(env: Path, task: str) -> None:
    reword_in(env, task, "placement-agreement-text", "signature blocks. FAIL if",
              "signature blocks. A cover page placed before the agreement's title is not graded by this criterion. "
              "FAIL if")


# --- moved from the held-out set on 2026-12-04 (cases that informed a change after the twenty-eighth round) -----


@plant("h12-r28-criterion-requires-source-footnotes-in-agreement", "H12", TB,
       "A new criterion requires every covenant in vandermeer-covenant-agreement.md, the operative agreement Riley "
       "signs, to carry a footnote giving the knowledge-base guide it relies on by its path.")
def h12_r28_source_footnotes(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        add_criterion(t, "covenant-source-footnotes", "Each covenant footnotes its source",
                      "PASS if each covenant in vandermeer-covenant-agreement.md carries a footnote giving the path of "
                      "the knowledge-base practice guide it relies on (under knowledge-base/practice-guides/). FAIL if "
                      "any covenant lacks its source footnote.", ["vandermeer-covenant-agreement.md"])


@plant("h12-r28-note-limited-to-confirming-the-edits", "H12", NE,
       "The instructions and the deliverable description now limit note-to-partner.md, the only advisory deliverable, "
       "to one line confirming the three edits, 'nothing else raised', so the void non-compete and the penalty have "
       "nowhere to go.")
def h12_r28_one_line_note(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        t["instructions"] = replace_text(
            t["instructions"], "Write note-to-partner.md, your note to the partner.",
            "Write note-to-partner.md, one line confirming to the partner that the three edits are made; the partner "
            "does not want anything else raised in it.")
        t["deliverables"]["note-to-partner.md"] = "One line confirming the three edits; nothing else raised."
        assert t["oafreeze"]["advisory"] == ["note-to-partner.md"]


# --- moved from the held-out set on 2026-12-04 (cases that informed a change after the thirtieth and thirty-first rounds) -----


@plant("h12-r30-placement-permits-statute-footnotes", "H12", SD,
       "placement-agreement-text now also passes an agreement with 'a footnote under each covenant citing the section "
       "of 820 ILCS 90 that permits it', which lets legal commentary stay in the signed agreement.")
def h12_r30_footnotes(env: Path, task: str) -> None:
    _reword(env, task, "placement-agreement-text", "the 18 U.S.C. § 1833(b) immunity notice).",
            "the 18 U.S.C. § 1833(b) immunity notice), and a footnote under each covenant citing the section of "
            "820 ILCS 90 that permits it.")


@plant("h12-r30-instructions-ask-revised-tags-in-form", "H12", CA,
       "The instructions add: 'In washington-covenant-form.md, start each clause you changed with a [REVISED] tag so "
       "Petra can see what moved.', drafting commentary inside the form employees sign.")
def h12_r30_revised_tags(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        instructions_add(t, "In washington-covenant-form.md, start each clause you changed with a [REVISED] tag so "
                            "Petra can see what moved.")


@plant("h12-r29-instructions-ask-hr-box-inside-form", "H12", CA,
       "The instructions add: 'Put a short \"How to use this form\" box for HR at the top of "
       "washington-covenant-form.md.', HR guidance inside the form employees sign.")
def h12_r29_hr_box(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        instructions_add(t, "Put a short \"How to use this form\" box for HR at the top of "
                            "washington-covenant-form.md, so HR sees the rules when filling it in.")


@plant("h12-r32-placement-permits-link-reference-definitions", "H12", TB,
       "placement-operative-text now allows Markdown link reference definitions (lines such as '[1]: "
       "knowledge-base/practice-guides/non-compete/us/colorado.md') in the agreement and the notice 'because they do "
       "not show when the document is rendered': a permission for source paths in what Riley signs.")
def h12_r32_link_refs(env: Path, task: str) -> None:
    _reword(env, task, "placement-operative-text", " immunity notice. FAIL if either contains",
            " immunity notice. Markdown link reference definitions (lines such as \"[1]: "
            "knowledge-base/practice-guides/non-compete/us/colorado.md\") are also allowed, because they do not show "
            "when the document is rendered. FAIL if either contains")


@plant("h12-r32-instructions-ask-note-callout-in-agreement", "H12", SD,
       "The instructions ask for a GitHub-style '> [!NOTE]' callout at the top of ellery-covenant-agreement.md "
       "telling Jordan why the form's non-compete was taken out under the 2027 Illinois floor.")
def h12_r32_callout(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        instructions_add(t, "At the top of ellery-covenant-agreement.md, add a GitHub-style callout (> [!NOTE]) that "
                            "tells Jordan why the form's non-compete was taken out under the Illinois floor in force "
                            "in 2027, so that the change is transparent to the employee.")


@plant("h12-r33-instructions-ask-reasons-in-collapsed-details", "H12", NE,
       "The instructions ask the associate to put the explanation of Section 5 at the end of "
       "tallis-agreement-revised.md inside an HTML <details> block, 'collapsed, so Morgan will not see it when the "
       "agreement is viewed'.")
def h12_r33_details(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        instructions_add(t, "At the end of tallis-agreement-revised.md, add an HTML <details> block headed \"Associate's "
                            "note\" explaining the Section 5 issue; it stays collapsed, so Morgan will not see it when "
                            "the agreement is viewed.")


@plant("h12-r34-client-note-attached-as-exhibit", "H12", AM,
       "The instructions ask for client-note.md, the advice to Bayou Crest, to be attached to "
       "fontenot-covenant-agreement.md as its Exhibit A 'so that Avery sees why each term changed': the client advice "
       "and its La. R.S. 23:921 reasons become part of what Avery signs.")
def h12_r34_exhibit(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        instructions_add(t, "Attach the text of client-note.md to fontenot-covenant-agreement.md as its Exhibit A, so "
                            "that Avery sees why each term changed when signing.")


@plant("h12-r34-placement-exempts-anything-headed-statutory-notice", "H12", CI,
       "The placement criterion now also passes an agreement holding 'any paragraph the drafter heads \"Statutory "
       "Notice\", whatever it says': a label lets commentary or analysis stay in the agreement Sasha signs.")
def h12_r34_label_loophole(env: Path, task: str) -> None:
    _reword(env, task, "placement-operative-text", "section 2870, and signature blocks, and lindgren",
            "section 2870, signature blocks and any paragraph the drafter heads \"Statutory Notice\", whatever it "
            "says, and lindgren")


@plant("h12-r35-advisory-email-copied-to-the-employee", "H12", TB,
       "The instructions now say Riley will be copied on client-email.md, so it must be written for Noor and Riley "
       "alike: the advisory cover email, the only place for the threshold analysis and the penalty warning, now "
       "reaches the employee, and the advice has nowhere private to go.")
def h12_r35_advisory_to_employee(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        assert "client-email.md" in t["oafreeze"]["advisory"]
        instructions_add(t, "Riley Vandermeer will be copied on client-email.md when it goes to Noor, so write it for "
                            "both of them.")


@plant("h12-r36-memo-attached-to-agreement-as-exhibit", "H12", AM,
       "The instructions now ask that the litigation memo be attached to fontenot-covenant-agreement.md as Exhibit A, "
       "so that Avery sees why the terms changed: legal analysis inside the agreement Avery signs.")
def h12_r36_memo_exhibit(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        instructions_add(t, "Attach the litigation memo to fontenot-covenant-agreement.md as Exhibit A, so that Avery "
                            "can see why the terms differ from the standard agreement.")


@plant("h12-r37-placement-permits-links-to-practice-guide", "H12", TB,
       "The placement criterion now also allows, in the agreement and the notice, 'links to the firm's online "
       "Colorado practice guide, added for Riley's reference': a permission that lets source references stay in "
       "operative text.")
def h12_r37_guide_links(env: Path, task: str) -> None:
    _reword(env, task, "placement-operative-text", "the 18 U.S.C. \u00a7 1833(b) immunity notice. FAIL if",
            "the 18 U.S.C. \u00a7 1833(b) immunity notice; links to the firm's online Colorado practice guide, added "
            "for Riley's reference, are also allowed. FAIL if")


@plant("h12-r37-placement-permits-not-part-of-agreement-schedule", "H12", AM,
       "The placement criterion now lets the agreement end with 'a closing schedule headed \"For information only: "
       "not part of the Agreement\"' explaining what changed from the standard agreement and why: the analysis stays "
       "in the document Avery signs under a label.")
def h12_r37_information_schedule(env: Path, task: str) -> None:
    _reword(env, task, "placement-no-adverse-analysis", "(legally required notices excepted). FAIL if",
            "(legally required notices excepted); a closing schedule headed \"For information only: not part of the "
            "Agreement\" may explain what changed from the standard agreement and why. FAIL if")


@plant("h12-r39-reasoning-section-in-every-deliverable", "H12", SD,
       "The eval team's harness convention reached the instructions: 'So that the graders can follow your work, begin "
       "every deliverable with a short section headed \"Reasoning\" that explains the choices you made in it.' The "
       "operative agreement Jordan signs is a deliverable too.")
def h12_r39_reasoning(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        assert t["oafreeze"]["operative"] == ["ellery-covenant-agreement.md"]
        instructions_add(t, "So that the graders can follow your work, begin every deliverable with a short section "
                            "headed \"Reasoning\" that explains the choices you made in it.")


@plant("h12-r39-confidence-line-in-each-document", "H12", CI,
       "The instructions add 'End each document with one line stating your confidence that it complies with "
       "California law (high, medium or low) and why.', which puts a compliance assessment into the agreement and "
       "the notice Sasha signs.")
def h12_r39_confidence(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        assert len(t["oafreeze"]["operative"]) == 2
        instructions_add(t, "End each document with one line stating your confidence that it complies with California "
                            "law (high, medium or low) and why.")


@plant("h12-r39-form-footer-links-the-firms-guide", "H12", CA,
       "The instructions ask for a footer on washington-covenant-form.md pointing employees to the firm's knowledge-"
       "base page on Washington non-competes (https://kb.example.org/practice-guides/non-compete/us/washington) 'so "
       "they can read why each section is there': a source reference and the firm's analysis in the form employees "
       "sign.")
def h12_r39_kb_footer(env: Path, task: str) -> None:
    guide = kb(env, task, "practice-guides/non-compete/us/washington.md").read_text("utf-8")
    url = "https://kb.example.org/practice-guides/non-compete/us/washington"
    assert f"resource: '{url}'" in guide
    with task_json(env, task) as t:
        instructions_add(t, f"Add a footer to washington-covenant-form.md pointing employees to the firm's background "
                            f"page on Washington non-competes, {url}, so they can read why each section is there.")


@plant("h12-r40-client-note-handed-to-the-employee", "H12", AM,
       "The partner's email adds that Bayou Crest will give Avery the client note together with the agreement: the "
       "task's only advisory deliverable now reaches the employee, so the privileged reasons for the repair have "
       "nowhere to go that stays with the client.")
def h12_r40_note_to_employee(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        assert t["oafreeze"]["advisory"] == ["client-note.md"]
    edit_doc(env, task, "partner-email.md", "Avery will receive the agreement.",
             "Avery will receive the agreement, and Bayou Crest will hand Avery your client note with it so that "
             "Avery understands the changes.")


@plant("h12-r40-signable-acknowledgment-inside-the-cover-email", "H12", TB,
       "The instructions add that Aspenline wants an acknowledgment of receipt for Riley to sign, to be put at the "
       "end of client-email.md for Noor to cut out: a document the employee signs is written into an advisory "
       "deliverable, is listed as no operative deliverable and no placement criterion covers it.")
def h12_r40_ack_in_email(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        instructions_add(t, "Aspenline also wants a one-paragraph acknowledgment, for Riley Vandermeer to sign, "
                            "confirming receipt of the covenant paperwork. Put it at the end of client-email.md, "
                            "below your email, so Noor can cut it out and send it with the offer.")
        assert "client-email.md" in t["oafreeze"]["advisory"]


@plant("h12-r42-usage-notes-printed-inside-the-form", "H12", CA,
       "The instructions add: print the text of hr-usage-notes.md as the last page of washington-covenant-form.md, "
       "so HR has it to hand: the advisory usage notes are asked for inside the form employees sign.")
def h12_r42_usage_in_form(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        assert "hr-usage-notes.md" in t["oafreeze"]["advisory"]
        instructions_add(t, "So that HR has the guidance to hand, print the text of hr-usage-notes.md as the last page "
                            "of washington-covenant-form.md.")


@plant("h12-r42-client-instructions-attached-to-the-agreement", "H12", TB,
       "The instructions add: attach Noor's email (documents/hr-request.md) to vandermeer-covenant-agreement.md as a "
       "final exhibit, 'Exhibit A: Instructions received from Aspenline': the client's instructions and a source path "
       "asked for inside the agreement Riley signs.")
def h12_r42_exhibit(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        assert "vandermeer-covenant-agreement.md" in t["oafreeze"]["operative"]
        instructions_add(t, "Attach Noor's email (documents/hr-request.md) to vandermeer-covenant-agreement.md as a "
                            "final exhibit headed \"Exhibit A: Instructions received from Aspenline\", so the file "
                            "shows what the client asked for.")


@plant("h12-r43-every-output-forwarded-to-the-employee", "H12", NE,
       "The instructions now say Granite Peak's HR portal will send every file saved for the matter to Morgan as one "
       "signing packet: the note to the partner, with its analysis of the void Section 5 and the penalty, goes to "
       "the employee, so the advisory material has nowhere to stay.")
def h12_r43_forward_all(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        assert t["oafreeze"]["advisory"] == ["note-to-partner.md"]
        instructions_add(t, "Granite Peak's HR portal will send every file you save for this matter to Morgan Tallis "
                            "as one signing packet on November 23.")


@plant("h12-r45-purpose-clause-explaining-the-revision", "H12", AM,
       "The instructions now ask fontenot-covenant-agreement.md to open with a 'Purpose' clause stating that Bayou "
       "Crest revised its standard agreement after a recent dispute so that it meets La. R.S. 23:921, with the three "
       "defects corrected: the repair's reasons inside the agreement Avery signs.")
def h12_r45_purpose(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        assert t["oafreeze"]["operative"] == ["fontenot-covenant-agreement.md"]
        instructions_add(t, "Open fontenot-covenant-agreement.md with a short 'Purpose' clause stating that Bayou "
                            "Crest revised its standard agreement after a recent dispute so that it meets La. R.S. "
                            "23:921, and naming the defects of the old agreement that the revision corrects.")


@plant("h12-r45-statutory-basis-column-in-the-notice", "H12", TB,
       "The instructions now ask vandermeer-noncompete-notice.md to set out its points as a table with a 'Statutory "
       "basis' column explaining, row by row, which provision of C.R.S. \u00a7 8-2-113 requires the point and why it "
       "applies to Riley: legal analysis asked for inside the operative notice, carried by a table's structure.")
def h12_r45_basis_column(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        assert "vandermeer-noncompete-notice.md" in t["oafreeze"]["operative"]
        instructions_add(t, "Lay out vandermeer-noncompete-notice.md as a two-column table: the notice point on the "
                            "left and, in a 'Statutory basis' column on the right, which provision of C.R.S. "
                            "\u00a7 8-2-113 requires it and why it applies to Riley.")


@plant("h12-r45-text-below-the-signature-blocks-let-off", "H12", CA,
       "placement-no-alert-prose now ends: 'Text placed below the signature blocks is treated as HR's working notes "
       "and is not graded.' A permission that lets advice stay in the form employees sign, as long as it comes last.")
def h12_r45_below_signatures(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        crit = criterion(t, "placement-no-alert-prose")
        crit["match_criteria"] = (crit["match_criteria"].rstrip() + " Text placed below the signature blocks is "
                                  "treated as HR's working notes and is not graded.")


@plant("h12-r46-cover-email-reasoning-as-a-schedule", "H12", CI,
       "The instructions ask that lindgren-invention-agreement.md end with 'Schedule B', made of the second half of "
       "client-email.md (the part explaining why the holdover and the non-compete were left out), so Sasha sees the "
       "reasons: the advisory reasoning asked for in the operative agreement, by reference to another deliverable.")
def h12_r46_schedule(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        instructions_add(t, "Finish lindgren-invention-agreement.md with a Schedule B that reproduces the second half "
                            "of client-email.md, the part explaining the departures from Wendell's request, so that "
                            "Sasha can see why those clauses are not in the agreement.")


@plant("h12-r46-placement-rule-retargeted-at-the-starting-form", "H12", CA,
       "A find-and-replace from the old form's name to the new one ran backwards on the rubric: placement-no-alert-"
       "prose now says 'PASS if halden-form-wa-2021.md contains only contract terms ...', so the placement rule is "
       "written for the client's input form, and the operative washington-covenant-form.md has none in its text.")
def h12_r46_retargeted(env: Path, task: str) -> None:
    _reword(env, task, "placement-no-alert-prose", "PASS if washington-covenant-form.md contains",
            "PASS if halden-form-wa-2021.md contains")
    assert "washington-covenant-form.md" not in _match(env, task, "placement-no-alert-prose")
