"""H06 deliverable matching: graded, named in the instructions, no collisions, safe names."""

from __future__ import annotations

import json
from pathlib import Path

from .cases import near_miss, plant
from .edits import (add_criterion, add_deliverable, criterion, instructions_add, load_task, replace_text, save_task,
                    task_dir, task_json)
from .heldout import _r10_rename_deliverable, _rename_deliverable  # the held-out set's deliverable renamers

NE, TB, SD = "matrix-narrow-edit", "matrix-threshold-between", "matrix-signing-date-law"
CA, AM, CI = "matrix-client-alert-refresh", "matrix-adverse-memo-repair", "matrix-california-invention-notice"


def _add_full(t: dict, name: str, description: str, placement: str, sentence: str, cid: str, match: str) -> None:
    """A deliverable that is declared, classified, named in the instructions and graded."""
    add_deliverable(t, name, description, placement=placement)
    instructions_add(t, sentence)
    add_criterion(t, cid, description, match, [name])


@plant("h06-deliverable-never-graded", "H06", NE,
       "A new deliverable edit-log.md is declared and named in the instructions but no criterion grades it.")
def never_graded(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        add_deliverable(t, "edit-log.md", "A list of every change made to the draft.", placement="advisory")
        instructions_add(t, "Also write edit-log.md, listing every change you made to the draft.")


@plant("h06-only-criterion-moved-away", "H06", TB,
       "The only criterion of rationale.md is pointed at client-email.md, leaving rationale.md ungraded.")
def criterion_moved(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        criterion(t, "rationale-sources")["deliverables"] = ["client-email.md"]


@plant("h06-deliverable-never-named", "H06", SD,
       "A new graded deliverable signing-checklist.md is never mentioned in the instructions.")
def never_named(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        add_deliverable(t, "signing-checklist.md", "Checklist for the signing day.", placement="advisory")
        add_criterion(t, "checklist-signing-day", "Checklist sets the signing day",
                      "PASS if signing-checklist.md tells Maplestone to have Jordan Ellery sign on the first day of "
                      "work and to keep the record of the earlier delivery. FAIL if it allows signing before "
                      "employment begins.", ["signing-checklist.md"])


@plant("h06-instructions-keep-old-name", "H06", AM,
       "client-note.md is renamed client-summary.md everywhere except the instructions, which keep the old name.")
def old_name(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        t["deliverables"] = {("client-summary.md" if k == "client-note.md" else k): v
                             for k, v in t["deliverables"].items()}
        for crit in t["criteria"]:
            crit["deliverables"] = ["client-summary.md" if d == "client-note.md" else d for d in crit["deliverables"]]
            crit["match_criteria"] = crit["match_criteria"].replace("client-note.md", "client-summary.md")
        t["oafreeze"]["advisory"] = ["client-summary.md"]


@plant("h06-names-collide-fuzzy", "H06", NE,
       "A second deliverable notes-to-partner.md collides with note-to-partner.md under fuzzy matching.")
def collide_fuzzy(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        _add_full(t, "notes-to-partner.md", "Separate notes on the non-compete for the partner.", "advisory",
                  "Put your notes on Section 5 in notes-to-partner.md.", "notes-section-5",
                  "PASS if notes-to-partner.md identifies Section 5 as the non-compete. FAIL if it does not.")


@plant("h06-names-collide-case", "H06", SD,
       "A second deliverable Rationale.md differs from rationale.md only by case.")
def collide_case(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        _add_full(t, "Rationale.md", "Short rationale for the client's HR director.", "advisory",
                  "Write Rationale.md, a short rationale for the HR director.", "short-rationale",
                  "PASS if Rationale.md tells the HR director why the non-compete was removed. FAIL if it does not.")


@plant("h06-names-collide-format-twin", "H06", TB,
       "A deliverable rationale.txt is added beside rationale.md (same stem, same text family).")
def collide_twin(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        _add_full(t, "rationale.txt", "Plain-text copy of the file memo for the records system.", "advisory",
                  "Also save a plain-text copy of the memo as rationale.txt.", "rationale-text-copy",
                  "PASS if rationale.txt cites C.R.S. § 8-2-113(2)(d). FAIL if it cites no statute.")


@plant("h06-names-collide-redline-and-clean", "H06", NE,
       "A redline deliverable tallis-agreement-redline.md collides with tallis-agreement-revised.md.")
def collide_redline(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        _add_full(t, "tallis-agreement-redline.md", "Redline of the agreement against the draft.", "advisory",
                  "Also save a redline against the draft as tallis-agreement-redline.md.", "redline-shows-edits",
                  "PASS if tallis-agreement-redline.md marks the three edits against the draft. FAIL if any edit is "
                  "not marked.")


@plant("h06-unsafe-name-parent-directory", "H06", CI,
       "A deliverable is named '../client-email-copy.md', a path that escapes the output folder.")
def unsafe_parent(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        _add_full(t, "../client-email-copy.md", "A copy of the cover email.", "advisory",
                  "Save a copy of the email as ../client-email-copy.md.", "email-copy",
                  "PASS if ../client-email-copy.md names Sasha Lindgren. FAIL if it does not.")


@plant("h06-unsafe-name-absolute", "H06", CA,
       "A deliverable is named with an absolute path, '/tmp/washington-covenant-form-final.md'.")
def unsafe_absolute(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        _add_full(t, "/tmp/washington-covenant-form-final.md", "Final copy of the form.", "operative",
                  "Save the final copy as /tmp/washington-covenant-form-final.md.", "final-copy",
                  "PASS if /tmp/washington-covenant-form-final.md selects Washington law. FAIL if it does not.")


@plant("h06-unsafe-name-colon", "H06", AM,
       "A deliverable is named 'signing-summary:v2.md'; the colon is not a portable file-name character.",
       doubtful="A colon is legal on Linux and macOS; it is unsafe on Windows (a stream separator) and in "
                "many archive tools, which is why we count it.")
def unsafe_colon(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        _add_full(t, "signing-summary:v2.md", "Signing-day summary for Bayou Crest.", "advisory",
                  "Also write signing-summary:v2.md, a signing-day summary for Bayou Crest.", "signing-summary",
                  "PASS if signing-summary:v2.md tells Bayou Crest to have Avery Fontenot sign on the first day of "
                  "work. FAIL if it does not.")


@plant("h06-deliverable-extension-changed", "H06", CA,
       "The form deliverable becomes washington-covenant-form.docx while instructions and criteria keep '.md'.")
def extension_changed(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        t["deliverables"] = {("washington-covenant-form.docx" if k == "washington-covenant-form.md" else k): v
                             for k, v in t["deliverables"].items()}
        t["oafreeze"]["operative"] = ["washington-covenant-form.docx"]


@plant("h06-instance-deliverable-unnamed", "H06", "covenant-package-v07",
       "A family instance's instructions stop naming client-email.md (the deliverable stays).")
def instance_unnamed(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        t["instructions"] = replace_text(t["instructions"], "Also write client-email.md, the cover email",
                                         "Also write the cover email")


@plant("h06-named-only-inside-longer-name", "H06", TB,
       "A new graded deliverable summary.md appears in the instructions only as the tail of documents/offer-summary.md.")
def named_inside_longer_name(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        assert "offer-summary.md" in t["instructions"]
        add_deliverable(t, "summary.md", "One-page summary of the package for Aspenline's Head of People.",
                        placement="advisory")
        add_criterion(t, "summary-lists-package", "Summary lists the package and who signs what",
                      "PASS if summary.md lists the four documents of the package and says which of them Riley "
                      "Vandermeer signs. FAIL if it leaves out the separate notice.", ["summary.md"])


# --- near-misses ---------------------------------------------------------------------------------


@near_miss("h06-nm-new-deliverable-complete", "H06", AM,
           "A new advisory deliverable signing-checklist.md is declared, named, classified and graded.",
           "Every H06 condition holds: graded, named in the instructions, no collision with fontenot-covenant-"
           "agreement.md or client-note.md, a safe relative name.")
def new_complete(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        _add_full(t, "signing-checklist.md", "Checklist for Bayou Crest for the signing day.", "advisory",
                  "Also write signing-checklist.md, a checklist for Bayou Crest for the signing day.",
                  "checklist-first-day",
                  "PASS if signing-checklist.md tells Bayou Crest to have Avery Fontenot sign the agreement on the "
                  "first day of work and to keep the signed original. FAIL if it allows signing before employment "
                  "begins.")


@near_miss("h06-nm-same-stem-other-format", "H06", NE,
           "A Word copy tallis-agreement-revised.docx is added beside tallis-agreement-revised.md, fully wired.",
           "The matcher pairs fuzzy names only within a compatible format family and exact names by full "
           "name, so .md and .docx with one stem do not collide; the copy is named, graded, operative and "
           "under the placement criterion.")
def same_stem_other_format(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        add_deliverable(t, "tallis-agreement-revised.docx", "Word copy of the renewed agreement, ready for the client.",
                        placement="operative")
        t["instructions"] = replace_text(t["instructions"], "Both deliverables are Markdown.",
                                         "Save a Word copy of the agreement as tallis-agreement-revised.docx as well; "
                                         "the other files are Markdown.")
        for cid in ("instructed-edits-made", "placement-agreement-text"):
            criterion(t, cid)["deliverables"].append("tallis-agreement-revised.docx")


@near_miss("h06-nm-deliverable-named-in-backticks", "H06", AM,
           "The instructions write the deliverable names in Markdown backticks.",
           "The names are still in the instructions verbatim; code formatting does not unname them.")
def backticks(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        text = replace_text(t["instructions"], "fontenot-covenant-agreement.md,", "`fontenot-covenant-agreement.md`,")
        t["instructions"] = replace_text(text, "client-note.md,", "`client-note.md`,")


@near_miss("h06-nm-named-beside-a-longer-name", "H06", TB,
           "A new advisory deliverable summary.md is named on its own, while documents/offer-summary.md also "
           "contains its name.",
           "The instructions name summary.md as a whole name in a sentence of its own; that a workspace file's "
           "longer name also ends in it does not unname it, and the deliverable is graded and classified.")
def named_beside_longer_name(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        assert "offer-summary.md" in t["instructions"]
        _add_full(t, "summary.md", "One-page summary of the package for Aspenline's Head of People.", "advisory",
                  "Also write summary.md, a one-page summary of the package for Aspenline's Head of People.",
                  "summary-lists-package",
                  "PASS if summary.md lists the four documents of the package and says which of them Riley "
                  "Vandermeer signs. FAIL if it leaves out the separate notice.")


# Moved from the held-out set (its second fresh round): it informed a change to the audit.
@near_miss("h06-nm-deliverable-name-with-spaces", "H06", SD,
           "A new advisory deliverable named 'Jordan Ellery – signing timeline.md' (spaces, an en dash) is declared, "
           "named, classified and graded.",
           "TASKS.md defines a safe name as one without '..', an absolute path, a backslash or a control character; "
           "HYGIENE.md H06 is met because the name is graded, named and collides with nothing.")
def h06_nm_spaces(env: Path, task: str) -> None:
    name = "Jordan Ellery \u2013 signing timeline.md"
    with task_json(env, task) as t:
        add_deliverable(t, name, "Timeline for Maplestone's HR director: each step from delivery to signing.",
                        placement="advisory")
        instructions_add(t, f"Also write {name}, a short timeline for Maplestone's HR director of each step from "
                            "delivering the agreement to signing it.")
        add_criterion(t, "signing-timeline-steps", "Timeline gives the steps in order",
                      f"PASS if {name} lists, in order, delivery of the agreement with the written advice to consult "
                      "a lawyer, the review period of at least 14 calendar days, and signing on the first day of work. "
                      "FAIL if a step is missing or out of order.", [name])


@plant("h06-r12-docx-and-odt-twins", "H06", CI,
       "Two advisory deliverables, hr-onboarding-summary.docx (for Sierrafold HR) and hr-onboarding-summary.odt (for "
       "the Lisbon office, which uses LibreOffice), share one stem in the word-processing family; each is named and "
       "graded.")
def h06_r12_docx_odt(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        for ext, who in (("docx", "Sierrafold HR in San Jose"), ("odt", "Sierrafold's Lisbon office")):
            name = f"hr-onboarding-summary.{ext}"
            add_deliverable(t, name, f"One-page onboarding summary for {who}.", placement="advisory")
            add_criterion(t, f"hr-summary-{ext}", f"Onboarding summary for {who} explains the notice",
                          f"PASS if {name} tells {who} that the written notice is handed to Sasha Lindgren together "
                          f"with the agreement. FAIL if it does not mention the notice.", [name])
        instructions_add(t, "Also prepare hr-onboarding-summary.docx for Sierrafold HR in San Jose and "
                            "hr-onboarding-summary.odt for the Lisbon office: a one-page summary of the package.")


@near_miss("h06-nm-r12-short-thai-advisory-name", "H06", CA,
           "An advisory deliverable with a short Thai name, บันทึกสำหรับฝ่ายบุคคล.md ('memo for HR', 67 bytes), is "
           "declared, named in the instructions, classified and graded.",
           "H06 wants every deliverable graded, named and safe, and no two names the matcher can confuse; a short "
           "Thai name in NFC is a safe relative path and resembles no other deliverable.")
def h06_nm_r12_thai_short(env: Path, task: str) -> None:
    name = "บันทึกสำหรับฝ่ายบุคคล.md"
    with task_json(env, task) as t:
        add_deliverable(t, name, "Thai summary of the form's changes for Halden's HR coordinator.", placement="advisory")
        add_criterion(t, "thai-hr-summary", "Thai summary lists the three changes",
                      f"PASS if {name} summarises, in Thai, the three changes made to Form WA-2021-3: the customer "
                      "clause, the non-compete period and the governing law and forum. FAIL if it omits any of them.",
                      [name])
        instructions_add(t, f"Halden's HR coordinator reads Thai: also write {name}, a short Thai summary of the "
                            "changes.")


@plant("h06-r13-json-and-jsonl-twin-deliverables", "H06", NE,
       "Two new advisory deliverables, edit-log.json (a summary) and edit-log.jsonl (one line per edit), share a stem "
       "in one format family; each is named and graded, but the matcher can pair an agent's file with either.")
def h06_r13_json_twins(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        add_deliverable(t, "edit-log.json", "Summary of the edits as one JSON object.", placement="advisory")
        add_deliverable(t, "edit-log.jsonl", "The edits as JSON Lines, one line per edit.", placement="advisory")
        instructions_add(t, "For the firm's tracker, also write edit-log.json, one JSON object summarising the edits, "
                            "and edit-log.jsonl, one JSON line per edit.")
        add_criterion(t, "edit-log-summary", "Edit summary counts three edits",
                      "PASS if edit-log.json records that three edits were made and names the sections changed. FAIL "
                      "if it records another number of edits.", ["edit-log.json"])
        add_criterion(t, "edit-log-lines", "One line per instructed edit",
                      "PASS if edit-log.jsonl has one line for each of the three instructed edits, giving the section "
                      "changed. FAIL if an edit is missing or an unrequested edit is listed.", ["edit-log.jsonl"])


@near_miss("h06-nm-r14-ampersand-in-deliverable-name", "H06", CA,
           "A new advisory deliverable, hr-q&a.md (a Q&A for the warehouse team), is declared, named in the "
           "instructions, graded by its own criterion and listed as advisory.",
           "HYGIENE.md H06 requires safe relative names, each named and graded; an ampersand is an ordinary file-name "
           "character (no '..', no absolute path, no backslash, no control character), and the name is unique.")
def h06_nm_r14_ampersand(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        add_deliverable(t, "hr-q&a.md", "Q&A for HR on using the non-competition section for warehouse staff.",
                        placement="advisory")
        add_criterion(t, "hr-qa-warehouse-lead", "Q&A answers the warehouse lead question with the weekly figure",
                      "PASS if hr-q&a.md answers that the non-competition section may not be used for a warehouse "
                      "lead paid $62,000 a year in 2026 and gives the 2026 threshold as a weekly figure, $2,439.59 "
                      "(the annual $126,858.83 divided by 52). FAIL if it says the section may be used for that lead "
                      "or gives no weekly figure.", ["hr-q&a.md"])
        instructions_add(t, "Also prepare hr-q&a.md, a Q&A for HR answering the warehouse team's question: may "
                            "Section 2 (Non-Competition) be used for a warehouse lead paid $62,000 a year? Give the "
                            "2026 threshold as a weekly figure too.")


# --- eighteenth held-out round: cases that informed a change ---


@plant("h06-r18-deliverable-key-written-twice", "H06", NE,
       "The authoring sheet had two rows for the note, and the exporter wrote both: task.json's deliverables object "
       "holds the key 'note-to-partner.md' twice, with two descriptions; a JSON reader keeps one silently.")
def h06_r18_duplicate_key(env: Path, task: str) -> None:
    save_task(env, task, load_task(env, task))
    path = task_dir(env, task) / "task.json"
    text = path.read_text("utf-8")
    desc = json.dumps(load_task(env, task)["deliverables"]["note-to-partner.md"], ensure_ascii=False)
    old = f'    "note-to-partner.md": {desc}\n  }},'
    assert text.count(old) == 1
    new = (f'    "note-to-partner.md": {desc},\n    "note-to-partner.md": "One-page note to the partner: the edits '
           'made and the decision she must take on Section 5."\n  },')
    path.write_text(text.replace(old, new), "utf-8")


# --- nineteenth held-out round: cases that informed a change ---


@plant("h06-r19-instructions-say-not-to-write-a-deliverable", "H06", SD,
       "A late edit to the instructions says 'This time, do not write rationale.md: Miriam will keep the file note "
       "herself.', while rationale.md stays declared, advisory and graded by rationale-memo-superseded; the only "
       "place the instructions name it tells the agent not to produce it.")
def h06_r19_negated(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        t["instructions"] = replace_text(
            t["instructions"],
            "Prepare three deliverables in Markdown: ellery-covenant-agreement.md, the agreement ready for the employee "
            "to sign; client-email.md, the cover email to the client's HR director; and rationale.md, a file memo "
            "explaining your drafting choices and the sources relied on.",
            "Prepare two deliverables in Markdown: ellery-covenant-agreement.md, the agreement ready for the employee "
            "to sign; and client-email.md, the cover email to the client's HR director. This time, do not write "
            "rationale.md: Miriam will keep the file note herself.")
        assert "rationale.md" in t["deliverables"]


@near_miss("h06-nm-r19-instructions-rule-out-an-undeclared-file", "H06", TB,
           "The instructions add 'Do not write a separate vandermeer-offer-letter.md; Aspenline's HR system produces "
           "the offer letter.'; no such deliverable is declared.",
           "HYGIENE.md H06 wants every declared deliverable named and graded; the sentence rules out a file that is not "
           "a deliverable, and every declared deliverable is still asked for by name.")
def h06_nm_r19_rule_out(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        assert "vandermeer-offer-letter.md" not in t["deliverables"]
        instructions_add(t, "Do not write a separate vandermeer-offer-letter.md; Aspenline's HR system produces the "
                            "offer letter.")


# --- held-out near-misses whose false alarms closed this round's rules ---


@near_miss("h06-nm-r19-do-not-send-a-deliverable-yourself", "H06", CA,
           "The instructions add 'Do not send washington-covenant-form.md to any employee yourself; HR fills in the "
           "blanks and sends it.'",
           "HYGIENE.md H06 wants each deliverable named in the instructions; the new sentence limits who sends the "
           "form, not whether the agent writes it, and the form is still asked for by name in the paragraph above.")
def h06_nm_r19_do_not_send(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        instructions_add(t, "Do not send washington-covenant-form.md to any employee yourself; HR fills in the blanks "
                            "and sends it.")


# --- moved from the held-out set on 2026-12-04 (the cases that informed this round's changes) ----------------------


@plant("h06-r21-word-order-twin-deliverable", "H06", NE,
       "A second advisory deliverable, partner-note.md (a three-line status for the matter file), is added beside "
       "note-to-partner.md, named in the instructions and graded: the two names hold the same words in another order, "
       "so a fuzzy matcher can give the agent's one note to either.")
def h06_r21_word_order_twin(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        add_deliverable(t, "partner-note.md", "A three-line status for the matter file.", placement="advisory")
        instructions_add(t, "Also write partner-note.md, a three-line status for the matter file.")
        add_criterion(t, "partner-note-status", "Status records the pending decision",
                      "PASS if partner-note.md records that a decision on Section 5 is pending. FAIL if it does not "
                      "mention the pending decision.", ["partner-note.md"])



@plant("h06-r21-deliverable-listed-under-sources", "H06", SD,
       "rationale-memo-superseded was keyed by hand: rationale.md went under 'sources' instead of 'deliverables', "
       "which the criterion no longer has, so no criterion grades the file memo.")
def h06_r21_under_sources(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        crit = criterion(t, "rationale-memo-superseded")
        rebuilt = {k: v for k, v in crit.items() if k != "deliverables"}
        rebuilt = {**{k: rebuilt[k] for k in ("id", "title", "match_criteria")}, "sources": ["rationale.md"],
                   **{k: v for k, v in rebuilt.items() if k not in ("id", "title", "match_criteria")}}
        t["criteria"][t["criteria"].index(crit)] = rebuilt


# --- moved from the held-out set on 2026-12-04 (the twenty-second round's cases that informed a change) ------------


@plant("h06-r22-no-break-space-in-deliverable-name", "H06", CI,
       "The cover email deliverable is keyed 'client\u00a0email.md' with a no-break space (pasted from a Word table) "
       "in the deliverables, the criterion and the advisory list; the instructions name 'client email.md' with an "
       "ordinary space, so the name the agent reads is not the deliverable's.")
def h06_r22_nbsp(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        _rename_deliverable(t, "client-email.md", "client\u00a0email.md")
        t["instructions"] = replace_text(t["instructions"], "client\u00a0email.md", "client email.md", count=0)


# --- moved from the held-out set on 2026-12-04 (cases that informed a change after the twenty-third and twenty-fourth rounds)


@plant("h06-r23-deliverable-path-nested-under-another", "H06", AM,
       "A new deliverable, client-note.md/parish-list.md, needs client-note.md to be a folder, while client-note.md is "
       "itself a deliverable file: the two names cannot both exist.")
def h06_r23_nested(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        add_deliverable(t, "client-note.md/parish-list.md", "One-page list of the parishes, attached to the client note.",
                        placement="advisory")
        instructions_add(t, "Attach to the client note a one-page list of the parishes the covenants name, saved as "
                            "client-note.md/parish-list.md.")
        add_criterion(t, "parish-list-complete", "Parish list matches the agreement",
                      "PASS if client-note.md/parish-list.md lists each parish named in fontenot-covenant-agreement.md. "
                      "FAIL if a parish named in the agreement is missing from the list.",
                      ["client-note.md/parish-list.md"])


@plant("h06-r24-mdx-twin-of-client-note", "H06", AM,
       "A second deliverable, client-note.mdx (the same note for the firm's Docusaurus client portal), sits beside "
       "client-note.md; both are Markdown-family names with one stem.")
def h06_r24_mdx(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        add_deliverable(t, "client-note.mdx", "The client note as an MDX page for the client portal.",
                        placement="advisory")
        instructions_add(t, "Also save the note as client-note.mdx for the client portal.")
        add_criterion(t, "portal-note-matches", "Portal page carries the same note",
                      "PASS if client-note.mdx states the same four changes as client-note.md. FAIL if it omits any "
                      "of them.", ["client-note.mdx"])


# --- moved from the held-out set on 2026-12-04 (cases that informed a change after the thirtieth and thirty-first rounds) -----


@plant("h06-r31-adoc-twin-of-usage-notes", "H06", CA,
       "A new advisory deliverable, hr-usage-notes.adoc (the usage notes as an AsciiDoc page for Halden's HR wiki), "
       "sits beside hr-usage-notes.md: same stem, two lightweight markup formats of the same family.")
def h06_r31_adoc(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        add_deliverable(t, "hr-usage-notes.adoc", "The usage notes as an AsciiDoc page for Halden's HR wiki.",
                        placement="advisory")
        instructions_add(t, "Also save the usage notes as hr-usage-notes.adoc, an AsciiDoc page for Halden's HR "
                            "wiki.")
        add_criterion(t, "wiki-usage-timing", "Wiki page keeps the disclosure timing",
                      "PASS if hr-usage-notes.adoc tells HR to disclose the non-competition covenant in writing no "
                      "later than the employee's acceptance of the offer. FAIL if it omits the timing.",
                      ["hr-usage-notes.adoc"])


@plant("h06-r26-md-and-rst-twins", "H06", NE,
       "A second deliverable, note-to-partner.rst (the note in reStructuredText for the matter wiki), sits beside "
       "note-to-partner.md; both are named and graded, two text formats with one stem.",
       doubtful="HYGIENE.md pairs fuzzy names only within a compatible format family; this assumes Markdown and "
                "reStructuredText, both plain-text markup, are one family, as the r25 .md/.txt twins assumed.")
def h06_r26_rst(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        add_deliverable(t, "note-to-partner.rst", "The same note in reStructuredText for the firm's matter wiki.",
                        placement="advisory")
        instructions_add(t, "Also save the note as note-to-partner.rst for the matter wiki.")
        add_criterion(t, "note-rst-void", "Wiki copy of the note flags Section 5",
                      "PASS if note-to-partner.rst states that Section 5 is void for Morgan Tallis at a $71,500 salary. "
                      "FAIL if it does not.", ["note-to-partner.rst"])


@plant("h06-r35-eml-and-msg-twin-deliverables", "H06", CI,
       "Two new advisory deliverables, signing-reminder.eml (for the onboarding portal) and signing-reminder.msg (for "
       "Outlook), are declared, named and graded: one stem in two e-mail formats, which a name matcher cannot tell "
       "apart.")
def h06_r35_eml_msg(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        add_deliverable(t, "signing-reminder.eml", "Reminder to Sierrafold's HR team, as an e-mail file for the "
                                                   "onboarding portal.", placement="advisory")
        add_deliverable(t, "signing-reminder.msg", "The same reminder as an Outlook message for Wendell Park.",
                        placement="advisory")
        instructions_add(t, "Also send Sierrafold's HR team a short reminder to hand Sasha the written notice when the "
                            "agreement is signed: save it as signing-reminder.eml for the onboarding portal and as "
                            "signing-reminder.msg for Wendell's Outlook.")
        add_criterion(t, "reminder-asks-for-notice", "Reminder asks HR to hand over the notice at signing",
                      "PASS if signing-reminder.eml asks Sierrafold's HR team to give Sasha Lindgren the written "
                      "notice about inventions Sasha keeps when the agreement is signed. FAIL if it does not mention "
                      "the notice.", ["signing-reminder.eml"])
        add_criterion(t, "reminder-copies-agree", "Outlook copy of the reminder matches",
                      "PASS if signing-reminder.msg carries the same reminder as signing-reminder.eml. FAIL if the two "
                      "reminders differ in substance.", ["signing-reminder.msg"])


@plant("h06-r38-instructions-offer-a-word-alternative", "H06", NE,
       "The instructions now ask for 'note-to-partner.md (or note-to-partner.docx, if you would rather work in Word)' "
       "and say only the agreement must be Markdown: the task invites a file the deliverables map does not declare, "
       "so which name the note arrives under, and whether the matcher pairs a .docx with note-to-partner.md, is left "
       "open.")
def h06_r38_word_alternative(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        t["instructions"] = replace_text(
            t["instructions"], "Write note-to-partner.md, your note to the partner. Both deliverables are Markdown.",
            "Write note-to-partner.md (or note-to-partner.docx, if you would rather work in Word), your note to the "
            "partner. The agreement must be Markdown.")
        assert "note-to-partner.docx" not in t["deliverables"]


@plant("h06-r38-instructions-give-cover-email-a-second-name", "H06", CI,
       "The instructions keep asking for client-email.md, then add 'When you have finished, upload cover-email.md to "
       "Sierrafold's matter ticket so that Wendell's team can find it.': one deliverable under two names, only one of "
       "them declared.")
def h06_r38_second_name(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        assert "client-email.md" in t["instructions"] and "cover-email.md" not in t["instructions"]
        instructions_add(t, "When you have finished, upload cover-email.md to Sierrafold's matter ticket so that "
                            "Wendell's team can find it.")
        assert "cover-email.md" not in t["deliverables"]


@plant("h06-r39-instructions-rule-out-a-graded-deliverable", "H06", TB,
       "The instructions gain 'No separate client-email.md is needed this time: Noor reads the file memo directly.', "
       "while client-email.md stays declared and graded by client-email-thresholds: the only other mention of the "
       "deliverable now tells the agent not to produce it.")
def h06_r39_ruled_out(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        assert "client-email.md" in t["deliverables"]
        assert criterion(t, "client-email-thresholds")["deliverables"] == ["client-email.md"]
        instructions_add(t, "No separate client-email.md is needed this time: Noor reads the file memo directly.")


@plant("h06-r39-deliverable-name-is-a-suffix-of-another", "H06", AM,
       "A new advisory deliverable, note.md (a note to file on when and by whom the agreement is handed to Avery), is "
       "declared, named in the instructions and graded beside client-note.md: one name is the tail of the other, so "
       "an output such as 'fontenot-note.md' or 'client_note.md' could be paired with either.")
def h06_r39_suffix(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        assert "client-note.md" in t["deliverables"]
        add_deliverable(t, "note.md", "Note to file: when and by whom the agreement is handed to Avery Fontenot.",
                        placement="advisory")
        instructions_add(t, "Also write note.md, a note to file recording when and by whom the agreement will be "
                            "handed to Avery for signature.")
        add_criterion(t, "note-to-file-delivery", "Note to file records the hand-over",
                      "PASS if note.md records the day Avery Fontenot is to receive and sign the agreement and who signs "
                      "for Bayou Crest. FAIL if either is missing.", ["note.md"])
        assert "client-note.md".endswith("-" + "note.md")


@near_miss("h06-nm-r40-section-sign-in-deliverable-name", "H06", CI,
           "The notice deliverable is renamed lindgren-§2872-notice.md everywhere: the deliverables map, the "
           "instructions, every criterion that grades or names it, and the operative list.",
           "HYGIENE.md H06 and TASKS.md require names that are safe relative paths (no '..', absolute path, backslash "
           "or control character), named in the instructions and graded; a section sign is an ordinary printable "
           "character, and the name is used the same way everywhere.")
def h06_nm_r40_section_sign(env: Path, task: str) -> None:
    old, new = "lindgren-section-2872-notice.md", "lindgren-§2872-notice.md"
    with task_json(env, task) as t:
        _rename_deliverable(t, old, new)
        assert old not in json.dumps(t, ensure_ascii=False)
        assert new in t["instructions"] and new in t["oafreeze"]["operative"]


@plant("h06-r42-deliverable-key-under-documents", "H06", AM,
       "The client note's deliverable key became 'documents/client-note.md' (the author typed it as the inputs are "
       "written, from the task folder; the criterion and the advisory list follow) while the instructions still ask "
       "for client-note.md: the declared name is never named, and it points the output into the inputs' folder.")
def h06_r42_under_documents(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        _r10_rename_deliverable(t, "client-note.md", "documents/client-note.md", instructions=False)
        assert "documents/client-note.md" not in t["instructions"]


@plant("h06-r43-rename-asked-for-after-saving", "H06", NE,
       "The instructions now add that, once saved, tallis-agreement-revised.md is to be renamed 'Tallis RCA 2026 "
       "(execution version).md', the name Granite Peak's HR system expects: the file the agent finally hands in "
       "carries a name that is not the declared deliverable.")
def h06_r43_rename_after(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        instructions_add(t, "Once the agreement is saved, rename tallis-agreement-revised.md to \"Tallis RCA 2026 "
                            "(execution version).md\", the name Granite Peak's HR system expects.")


@plant("h06-r45-outputs-sent-to-a-folder-the-keys-lack", "H06", NE,
       "The instructions now end: 'Save both files in a folder named granite-peak-tallis/ so that the partner's "
       "review tool picks them up.' The deliverables and criteria still name the bare files, which the agent is told "
       "not to leave at the top.")
def h06_r45_folder(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        assert "granite-peak-tallis/" not in json.dumps(t)
        instructions_add(t, "Save both files in a folder named granite-peak-tallis/ (granite-peak-tallis/"
                            "tallis-agreement-revised.md and granite-peak-tallis/note-to-partner.md) so that the "
                            "partner's review tool picks them up.")


@near_miss("h06-nm-r44-date-prefixed-client-note", "H06", AM,
           "The client note is named 2026-10-19-bayou-crest-client-note.md everywhere (deliverables map, instructions, "
           "criteria, advisory list), the firm's date-first naming for correspondence.",
           "HYGIENE.md H06 wants every deliverable graded, named in the instructions and not confusable with another; "
           "the renamed note is all three, and a date prefix is part of one name, not a second version.")
def h06_nm_r44_date_prefix(env: Path, task: str) -> None:
    old, new = "client-note.md", "2026-10-19-bayou-crest-client-note.md"
    with task_json(env, task) as t:
        _r10_rename_deliverable(t, old, new, instructions=True)
        for c in t["criteria"]:
            c["match_criteria"] = c["match_criteria"].replace(old, new)
        assert old not in json.dumps(t).replace(new, "")


@plant("h06-r47-criterion-deliverables-shifted-down-a-row", "H06", SD,
       "The generator wrote the criteria's deliverables column one row low: each criterion grades the previous row's "
       "files and the first grades none, so client-email.md, the last row's file, is graded by no criterion.")
def h06_r47_shifted(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        cols = [c["deliverables"] for c in t["criteria"]]
        assert cols[-1] == ["client-email.md"] and sum(c == ["client-email.md"] for c in cols) == 1
        for crit, col in zip(t["criteria"], [[]] + cols[:-1]):
            crit["deliverables"] = col
        assert not any("client-email.md" in c["deliverables"] for c in t["criteria"])
