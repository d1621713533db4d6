"""H03 degenerate output: criteria that an empty file, the template, the instructions echoed or the
workspace pasted would satisfy."""

from __future__ import annotations

from pathlib import Path

from .cases import near_miss, plant
from .edits import (add_criterion, add_deliverable, append_doc, criterion, doc, instructions_add, kb, load_task, read_doc,
                    replace_text, task_json, write_doc)

NE, TB, SD = "matrix-narrow-edit", "matrix-threshold-between", "matrix-signing-date-law"
CA, AM, CI = "matrix-client-alert-refresh", "matrix-adverse-memo-repair", "matrix-california-invention-notice"


@plant("h03-deliverable-graded-only-by-absence", "H03", TB,
       "A new deliverable hr-summary.md (named and classified) is graded only by a 'does not contain' criterion.")
def absence_only_deliverable(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        add_deliverable(t, "hr-summary.md", "One-page summary for Aspenline's HR team.", placement="advisory")
        instructions_add(t, "Also write hr-summary.md, a one-page summary for Aspenline's HR team.")
        add_criterion(t, "hr-summary-no-figures", "HR summary keeps pay figures out",
                      "PASS if hr-summary.md does not contain Riley Vandermeer's salary or the $5,000 penalty. "
                      "FAIL if it contains either.", ["hr-summary.md"])


@plant("h03-existing-deliverable-turned-absence-only", "H03", CA,
       "The only criterion of hr-usage-notes.md is rewritten to demand only the absence of a figure.")
def absence_only_retarget(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        criterion(t, "usage-notes-threshold")["match_criteria"] = (
            "PASS if hr-usage-notes.md does not give the unadjusted statutory base of $100,000 as the earnings "
            "test. FAIL if it gives $100,000 as the test.")


@plant("h03-every-criterion-absence-only", "H03", AM,
       "Every criterion of the task only forbids content, so an empty output passes all of them.")
def all_absence(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        for crit, forbidden in zip(t["criteria"], [
                "any mention of the litigation memo", "a mileage radius", "a three-year term",
                "Texas law or the Harris County forum", "the words \"as of the date Employee accepts\"",
                "the word \"Delacroix\""]):
            crit["match_criteria"] = (f"PASS if {crit['deliverables'][0]} does not contain {forbidden}. "
                                      f"FAIL if it contains {forbidden}.")


@plant("h03-criterion-passed-by-instructions-echo", "H03", SD,
       "A new criterion only asks the memo to name the form's path, which the instructions already spell out.")
def instructions_echo(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        add_criterion(t, "rationale-names-form", "File memo names the form used",
                      "PASS if rationale.md names the form it started from, documents/knowledge-base/templates/"
                      "oafreeze-cc0-1.0/restrictive-covenant-agreement/template.md. FAIL if the form is not named.",
                      ["rationale.md"])


@plant("h03-instructions-carry-every-literal", "H03", TB,
       "The instructions now state every figure the cover-email criterion requires, so an echo passes it.")
def instructions_literals(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        instructions_add(t, "For reference: Riley's salary is $104,000; the 2026 Colorado thresholds are $130,014 "
                            "(non-compete) and $78,008.40 (customer non-solicit); the penalty is $5,000 per worker.")


@plant("h03-criterion-passed-by-workspace-quote", "H03", NE,
       "A new criterion requires a statutory quotation and a date that the workspace already contains.")
def workspace_quote(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        add_criterion(t, "note-quotes-penalty", "Note quotes the penalty provision",
                      "PASS if note-to-partner.md quotes \"a penalty of five thousand dollars per worker or "
                      "prospective worker harmed by the conduct\" and mentions November 23. FAIL if the quotation "
                      "is missing.", ["note-to-partner.md"])


@plant("h03-criterion-passed-by-workspace-facts", "H03", AM,
       "A new criterion asks only for a date and an amount that the partner's email already states.")
def workspace_facts(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        add_criterion(t, "client-note-facts", "Client note restates the hire's facts",
                      "PASS if client-note.md gives Avery Fontenot's start date of November 2, 2026 and salary of "
                      "$92,000. FAIL if either is missing.", ["client-note.md"])


@plant("h03-criterion-passed-by-template-copy", "H03", SD,
       "A new criterion checks two passages the unfilled firm template already contains.")
def template_copy(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        add_criterion(t, "agreement-standard-sections", "Agreement keeps the immunity notice and acknowledgment",
                      "PASS if ellery-covenant-agreement.md contains the 18 U.S.C. § 1833(b) immunity notice and "
                      "a section headed \"Employee Acknowledgment\". FAIL if either is missing.",
                      ["ellery-covenant-agreement.md"])


@plant("h03-criterion-passed-by-knowledge-base-paste", "H03", CA,
       "A new criterion asks for two dates that appear only in the knowledge base's Washington guide.")
def kb_paste(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        add_criterion(t, "usage-notes-2027-ban", "Usage notes warn of the 2027 ban",
                      "PASS if hr-usage-notes.md warns HR that non-competes become void regardless of pay on "
                      "June 30, 2027 and that affected workers must be told by October 1, 2027. FAIL if the 2027 "
                      "ban is not mentioned.", ["hr-usage-notes.md"])


@plant("h03-criterion-passed-by-knowledge-base-date", "H03", TB,
       "A new criterion's only literal is a date that the knowledge base's Colorado guide supplies.")
def kb_date(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        add_criterion(t, "rationale-statute-date", "File memo dates the current statute",
                      "PASS if rationale.md states that the current Colorado statute governs covenants entered into "
                      "on or after August 10, 2022. FAIL if that date is missing.", ["rationale.md"])


@plant("h03-fail-clause-dropped-term-sheet-passes", "H03", "covenant-package-v06",
       "The offer-terms criterion loses its FAIL literals, so the pasted term sheet passes it.")
def fail_literals_dropped(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        crit = criterion(t, "terms-sales-director")
        text = crit["match_criteria"]
        crit["match_criteria"] = text[:text.index(", or if the letter shows")] + "."
        crit["match_criteria"] = replace_text(crit["match_criteria"], ", and discloses no other new hire's pay", "")


@plant("h03-whole-task-passed-by-workspace-paste", "H03", CI,
       "Every criterion is rewritten to require only literals the workspace holds: pasting it passes the task.")
def whole_task_paste(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        t["criteria"] = [
            {"id": "agreement-cites-2870", "title": "Agreement cites section 2870",
             "match_criteria": "PASS if lindgren-invention-agreement.md cites Cal. Lab. Code § 2870. FAIL if it "
                               "does not cite Cal. Lab. Code § 2870.",
             "deliverables": ["lindgren-invention-agreement.md"], "source": "expert"},
            {"id": "agreement-prior-invention", "title": "Prior invention named",
             "match_criteria": "PASS if lindgren-invention-agreement.md names the \"soil-moisture sensor "
                               "calibration method\". FAIL if it does not.",
             "deliverables": ["lindgren-invention-agreement.md"], "source": "expert"},
            {"id": "notice-cites-2872", "title": "Notice cites section 2872 and the start date",
             "match_criteria": "PASS if lindgren-section-2872-notice.md cites Cal. Lab. Code § 2872 and gives "
                               "October 26, 2026. FAIL if either is missing.",
             "deliverables": ["lindgren-section-2872-notice.md"], "source": "expert"},
            {"id": "email-names-hire", "title": "Email names the hire and the start date",
             "match_criteria": "PASS if client-email.md names Sasha Lindgren and October 26, 2026. FAIL if "
                               "either is missing.",
             "deliverables": ["client-email.md"], "source": "expert"},
        ]
        t["oafreeze"]["trap"]["criteria"] = ["agreement-cites-2870", "notice-cites-2872"]


@plant("h03-email-address-literal-from-workspace", "H03", TB,
       "A new criterion's only check is an email address that the client's request already contains.")
def h03_email_literal(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        add_criterion(t, "client-email-address", "Cover email gives Noor Haddad's address",
                      "PASS if client-email.md gives Noor Haddad's address, noor.haddad@aspenline.example.com. "
                      "FAIL if the address is missing.", ["client-email.md"])


@plant("h03-knowledge-base-url-literal", "H03", CA,
       "A new criterion's only check is the URL of the Washington practice guide, which the knowledge base states.")
def kb_url(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        add_criterion(t, "client-email-guide-link", "Cover email links the Washington guide",
                      "PASS if client-email.md links the Washington practice guide at "
                      "https://kb.example.org/practice-guides/non-compete/us/washington. FAIL if the link is missing.",
                      ["client-email.md"])


# --- near-misses ---------------------------------------------------------------------------------


@near_miss("h03-nm-absence-criterion-beside-positive", "H03", TB,
           "An absence-only criterion is added to client-email.md, which keeps its positive criterion.",
           "H03's major is for a deliverable whose criteria ONLY demand absence; client-email.md still has "
           "client-email-thresholds, which an empty file fails.")
def absence_beside_positive(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        add_criterion(t, "client-email-no-agreement-text", "Cover email does not paste the agreement",
                      "PASS if client-email.md does not reproduce the sections of the covenant agreement. FAIL if "
                      "it pastes the agreement's sections into the email.", ["client-email.md"])


@near_miss("h03-nm-computed-figure-criterion", "H03", NE,
           "A new criterion asks for the $58,514 shortfall, a figure no document, template or instruction states.",
           "A degenerate output (empty, the draft, the instructions, the workspace) lacks the computed "
           "literal, so none passes the criterion.")
def computed_figure(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        add_criterion(t, "note-gives-shortfall", "Note quantifies the shortfall",
                      "PASS if note-to-partner.md states that Morgan Tallis's salary falls $58,514 short of the 2026 "
                      "threshold. FAIL if it gives no shortfall or a different figure.", ["note-to-partner.md"])


@near_miss("h03-nm-criterion-without-literals", "H03", AM,
           "A new positive criterion asks for a recommendation and names no literal at all.",
           "The literal proxy finds nothing a degenerate output could satisfy; an empty note does not "
           "recommend anything, so the criterion carries signal.")
def no_literals(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        add_criterion(t, "client-note-current-staff", "Client note raises the current employees' agreements",
                      "PASS if client-note.md recommends that Bayou Crest review the covenant agreements its current "
                      "Louisiana employees signed on the standard form. FAIL if the note says nothing about current "
                      "employees.", ["client-note.md"])


@near_miss("h03-nm-address-beside-computed-figure", "H03", NE,
           "A new criterion names the partner's e-mail address and the $58,514 shortfall, which no input states.",
           "The address is in the workspace, but the shortfall is not in any input, so no degenerate output "
           "holds every literal the PASS clause requires.")
def address_and_figure(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        add_criterion(t, "note-shortfall-to-partner", "Note to the partner quantifies the shortfall",
                      "PASS if note-to-partner.md, addressed to miriam.okafor@harlowfinch.example.com, states that "
                      "Morgan Tallis's salary falls $58,514 short of the 2026 threshold. FAIL if it gives no "
                      "shortfall.",
                      ["note-to-partner.md"])


# Moved from the held-out set (its fresh round): it informed a change to the audit.
@plant("h03-criterion-only-needs-a-file-name", "H03", NE,
       "A new criterion passes the note if it names the revised agreement's file name, which the instructions "
       "already contain, so the instructions echoed pass it.")
def h03_file_name(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        add_criterion(t, "note-names-agreement-file", "Note identifies the revised agreement",
                      "PASS if note-to-partner.md refers to the revised agreement by its file name, "
                      "tallis-agreement-revised.md. FAIL if the note does not mention tallis-agreement-revised.md.",
                      ["note-to-partner.md"])


@near_miss("h03-nm-criterion-on-the-changes-made-in-the-agreement", "H03", NE,
           "A new criterion asks the note to explain each change made in tallis-agreement-revised.md and the reason "
           "the partner gave for it.",
           "The agreement's file name is the subject matter, not the content asked for: an echo of the instructions "
           "names the file but explains no change, so it does not pass (HYGIENE.md H03).")
def h03_nm_changes_in_agreement(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        add_criterion(t, "note-explains-each-change", "Note explains each change",
                      "PASS if note-to-partner.md explains each change made in tallis-agreement-revised.md and the "
                      "reason the partner gave for it. FAIL if a change is not explained.", ["note-to-partner.md"])


# Moved from the held-out set (its fifth fresh round): it informed a change to the audit.
@plant("h03-day-first-date-given-month-first-in-inputs", "H03", NE,
       "A new note criterion's only literal is '14 December 2026', which the partner's instructions give as "
       "'December 14, 2026': the pasted workspace carries the date.")
def h03_r5_day_first(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        add_criterion(t, "note-gives-raise-date", "Note gives the day the raise starts",
                      "PASS if note-to-partner.md states that Morgan Tallis's raise takes effect on 14 December 2026. "
                      "FAIL if it gives another date for the raise or none.", ["note-to-partner.md"])


@near_miss("h03-nm-worked-out-date-not-in-inputs", "H03", NE,
           "A new note criterion's only literal is '30 November 2026', the last day to hand Morgan Tallis the renewal "
           "14 days before it takes effect on December 14; no input carries that date in any form.",
           "HYGIENE.md H03 flags criteria a degenerate output passes; the date must be worked out from the effective "
           "date, so no empty, copied, echoed or pasted output contains it.")
def h03_nm_r5_worked_out_date(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        add_criterion(t, "note-gives-handover-deadline", "Note gives the last day to hand over the renewal",
                      "PASS if note-to-partner.md states that the renewal must reach Morgan Tallis no later than 30 "
                      "November 2026, 14 days before it takes effect. FAIL if it gives a later deadline or none.",
                      ["note-to-partner.md"])


# Moved from the held-out set (its fifth fresh round): it informed a change to the audit.
@plant("h03-absence-only-worded-nothing-in", "H03", AM,
       "A new advisory deliverable hr-file-note.md is graded only by a criterion worded 'nothing in ... quotes, "
       "summarises or refers to', so an empty file passes it.")
def h03_r5_nothing_in(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        add_deliverable(t, "hr-file-note.md", "A short note for Bayou Crest's HR file on Avery Fontenot's agreement.",
                        placement="advisory")
        instructions_add(t, "Also write hr-file-note.md, a short note for Bayou Crest's HR file on Avery's agreement.")
        add_criterion(t, "hr-file-note-keeps-memo-out", "HR file note keeps the litigation memo out",
                      "PASS if nothing in hr-file-note.md quotes, summarises or refers to the litigation memo. FAIL if "
                      "hr-file-note.md mentions the litigation memo or repeats any part of its analysis.",
                      ["hr-file-note.md"])


@near_miss("h03-nm-nothing-in-plus-content-criterion", "H03", AM,
           "A new advisory deliverable hr-file-note.md is graded by a 'nothing in ... refers to' criterion and by a "
           "second criterion requiring the end of Avery's 90-day introductory period, January 31, 2027, which the "
           "agent must work out from the November 2 start.",
           "HYGIENE.md H03 makes an absence-only deliverable a defect because it passes empty; here a second criterion "
           "demands a date no input contains, so an empty (or copied, echoed or pasted) file fails.")
def h03_nm_r5_nothing_in_plus_content(env: Path, task: str) -> None:
    append_doc(env, task, "partner-email.md",
               "P.S. Bayou Crest's HR file should also show when Avery's 90-day introductory period ends.")
    with task_json(env, task) as t:
        add_deliverable(t, "hr-file-note.md", "A short note for Bayou Crest's HR file on Avery Fontenot's agreement.",
                        placement="advisory")
        instructions_add(t, "Also write hr-file-note.md, a short note for Bayou Crest's HR file on Avery's agreement and "
                            "introductory period.")
        add_criterion(t, "hr-file-note-keeps-memo-out", "HR file note keeps the litigation memo out",
                      "PASS if nothing in hr-file-note.md quotes, summarises or refers to the litigation memo. FAIL if "
                      "hr-file-note.md mentions the litigation memo or repeats any part of its analysis.",
                      ["hr-file-note.md"])
        add_criterion(t, "hr-file-note-introductory-period", "HR file note gives the end of the introductory period",
                      "PASS if hr-file-note.md states that Avery Fontenot's 90-day introductory period ends on January 31, "
                      "2027. FAIL if it gives another date or none.", ["hr-file-note.md"])


@near_miss("h03-nm-r6-days-between-computed", "H03", NE,
           "A new note criterion asks the note to say Morgan will have 21 days with the agreement before it takes "
           "effect on December 14, 2026; the date is in the partner's email, the '21 days' is in no input.",
           "HYGIENE.md H03 flags a criterion whose required literals a degenerate output already carries; here one of "
           "the two literals (21 days, from November 23 to December 14) is stated nowhere, so the pasted workspace "
           "fails it.")
def h03_nm_r6_days(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        add_criterion(t, "note-review-window", "Note gives Morgan's review window",
                      "PASS if note-to-partner.md tells the partner that Morgan will have 21 days with the agreement "
                      "before it takes effect on December 14, 2026. FAIL if it gives another number of days or none.",
                      ["note-to-partner.md"])


@plant("h03-r6-raise-date-and-salary-from-email-companion", "H03", NE,
       "A new note criterion asks the note to say Morgan's raise to $71,500 starts on December 14, 2026, three "
       "weeks after hand-over; the partner's email already states the salary, the date and the three weeks, so "
       "the pasted workspace passes it.")
def h03_r6_raise_from_email(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        add_criterion(t, "note-raise-timing", "Note confirms when Morgan's raise starts",
                      "PASS if note-to-partner.md tells the partner that Morgan's raise to $71,500 starts on "
                      "December 14, 2026, three weeks after Morgan receives the agreement. FAIL if it gives another "
                      "salary or another start date.",
                      ["note-to-partner.md"])


@plant("h03-r7-vacuous-every-figure-criterion", "H03", SD,
       "A new advisory deliverable, relocation-tax-note.md (payroll withholding on a $6,000 relocation stipend), is named "
       "and graded only by 'PASS if every gross-up figure it gives is computed at the 22% rate': an empty note gives no "
       "figure and passes.")
def h03_r7_vacuous(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        add_deliverable(t, "relocation-tax-note.md",
                        "Short note for Maplestone payroll on federal withholding on Jordan's relocation stipend.",
                        placement="advisory")
        instructions_add(t, "Maplestone is also paying Jordan a $6,000 relocation stipend. Write relocation-tax-note.md, "
                            "a short note for Maplestone's payroll team on federal income tax withholding on it.")
        add_criterion(t, "tax-note-supplemental-rate", "Gross-up figures use the supplemental wage rate",
                      "PASS if every gross-up figure relocation-tax-note.md gives is computed at the 22% federal "
                      "supplemental wage rate. FAIL if any figure in it is computed at another rate.",
                      ["relocation-tax-note.md"])


@plant("h03-r8-yen-amount-from-japanese-document", "H03", CI,
       "A Japanese invention-reward rule of the Tokyo subsidiary is added (documents/tokyo/hoshokin-kitei.md, reward "
       "¥300,000 a patent), and a new criterion passes client-email.md if it states the ¥300,000 reward: the "
       "workspace pasted in as the output carries the amount.")
def h03_r8_yen(env: Path, task: str) -> None:
    write_doc(env, task, "tokyo/hoshokin-kitei.md", (
        "# 発明報奨金規程（抜粋）\n\n"
        "第5条　会社は、従業員の職務発明について特許権を取得したときは、当該従業員に報奨金として¥300,000（30万円）を支払う。\n"))
    with task_json(env, task) as t:
        add_criterion(t, "client-email-tokyo-reward", "The email mentions the Tokyo reward",
                      "PASS if client-email.md tells Sierrafold that its Tokyo subsidiary pays an invention reward of "
                      "¥300,000 a patent. FAIL if the email does not mention the reward.", ["client-email.md"])


@near_miss("h03-nm-r8-yen-total-agent-must-compute-companion", "H03", CI,
           "The Tokyo subsidiary's reward rule (documents/tokyo/hoshokin-kitei.md) gives 30万円 a granted patent and "
           "the hire details add that two of Sasha's Tokyo patents were granted; a new criterion passes "
           "client-email.md if it states the total reward of ¥600,000.",
           "HYGIENE.md H03 flags a criterion a degenerate output passes; the ¥600,000 total appears nowhere in the "
           "workspace, knowledge base or instructions (the rule says 30万円 a patent, the details say two), so "
           "the pasted workspace does not carry the literal and the agent must compute it: the criterion keeps "
           "its signal.")
def _c8_yen_total_computed(env: Path, task: str) -> None:
    write_doc(env, task, "tokyo/hoshokin-kitei.md", (
        "# 発明報奨金規程（抜粋）\n\n"
        "第5条　会社は、従業員の職務発明について特許権が登録されたときは、登録一件につき30万円を当該従業員に支払う。\n"))
    append_doc(env, task, "hire-details.md",
               "- Tokyo secondment (2025): two of Sasha's patents filed for the Tokyo subsidiary have been granted")
    with task_json(env, task) as t:
        add_criterion(t, "client-email-tokyo-reward-total", "The email states the Tokyo reward owed",
                      "PASS if client-email.md tells Sierrafold that its Tokyo subsidiary owes Sasha Lindgren an "
                      "invention reward of ¥600,000 in total for the two granted patents. FAIL if the email gives "
                      "another total or does not mention the reward.", ["client-email.md"])


@plant("h03-r11-notice-criteria-reworded-to-absence-only", "H03", CI,
       "A cautious reviewer reworded both notice criteria as prohibitions (notice-content: 'does not tell Sasha that "
       "the agreement reaches inventions made on Sasha's own time'; notice-at-signing: 'carries no date other than the "
       "signing day'): with the placement criterion, every criterion of lindgren-section-2872-notice.md now demands "
       "only absence, so an empty notice passes.")
def h03_r11_absence_only(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        criterion(t, "notice-content")["match_criteria"] = (
            "PASS if lindgren-section-2872-notice.md does not tell Sasha Lindgren that the agreement reaches "
            "inventions Sasha developed entirely on Sasha's own time without the employer's equipment, supplies, "
            "facilities or trade secret information. FAIL if it says the agreement reaches such inventions.")
        criterion(t, "notice-at-signing")["match_criteria"] = (
            "PASS if lindgren-section-2872-notice.md carries no date other than the day the agreement is signed. "
            "FAIL if it carries a date different from the agreement's.")


@plant("h03-r12-word-limit-only-criterion", "H03", CI,
       "A criterion client-email-length passes the cover email if it is no longer than 250 words and fails it only "
       "for running longer: an empty client-email.md passes it.")
def h03_r12_word_limit(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        add_criterion(t, "client-email-length", "Cover email is short enough for the General Counsel",
                      "PASS if client-email.md is no longer than 250 words. FAIL if it runs past 250 words.",
                      ["client-email.md"])


@plant("h03-r14-criterion-only-asks-for-english", "H03", TB,
       "A criterion added for multilingual runs, rationale-language, passes rationale.md if it 'is written in "
       "English': the instructions echoed back, or the workspace pasted in, are English and pass it.")
def h03_r14_english_only(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        add_criterion(t, "rationale-language", "File memo written in English",
                      "PASS if rationale.md is written in English. FAIL if it is written in another language.",
                      ["rationale.md"])


# --- from the fifteenth held-out round ---


@plant("h03-r15-deliverable-graded-only-on-existence", "H03", CI,
       "A new advisory deliverable, hr-filing-slip.md (the slip HR files with the signed package), is named in the "
       "instructions and graded by one criterion only, which passes it if the file is among the outputs: an empty "
       "file passes.")
def h03_r15_existence(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        add_deliverable(t, "hr-filing-slip.md", "The filing slip HR keeps with Sasha's signed package.",
                        placement="advisory")
        instructions_add(t, "Also save hr-filing-slip.md, the slip Sierrafold's HR files with the signed package.")
        add_criterion(t, "filing-slip-present", "Filing slip produced",
                      "PASS if hr-filing-slip.md is among the files the agent produces. FAIL if it is missing from "
                      "the outputs.", ["hr-filing-slip.md"])


@plant("h03-r15-deliverable-graded-only-by-pass-unless", "H03", AM,
       "A new advisory deliverable, board-summary.md (a summary for Bayou Crest's board), is graded by one criterion "
       "only, written 'PASS unless board-summary.md names Mr. Delacroix or refers to the Delacroix dispute. FAIL if "
       "it does either.': it demands only absence, so an empty file passes.")
def h03_r15_pass_unless(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        add_deliverable(t, "board-summary.md", "A short summary of the new agreement for Bayou Crest's board.",
                        placement="advisory")
        instructions_add(t, "Bayou Crest's board meets next week: also write board-summary.md, a short summary of the "
                            "new agreement for the board.")
        add_criterion(t, "board-summary-discreet", "Board summary keeps the dispute out",
                      "PASS unless board-summary.md names Mr. Delacroix or refers to the Delacroix dispute. FAIL if it "
                      "does either.", ["board-summary.md"])


# --- eighteenth held-out round: cases that informed a change ---


@plant("h03-r18-pass-clause-escape-by-silence", "H03", TB,
       "A new criterion on the file memo passes it if it cites C.R.S. § 8-2-113(8) for the $5,000 penalty 'or does not "
       "discuss the penalty at all': the second branch lets an empty rationale.md pass.")
def h03_r18_escape(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        add_criterion(t, "rationale-penalty-source", "File memo sources the penalty",
                      "PASS if rationale.md cites C.R.S. § 8-2-113(8) as the source of the $5,000 penalty, or does "
                      "not discuss the penalty at all. FAIL if it gives a penalty figure other than $5,000 per worker.",
                      ["rationale.md"])


# --- nineteenth held-out round: a list graded only item by item ---


@plant("h03-r19-new-log-graded-only-by-every-listed-change", "H03", NE,
       "A new advisory deliverable, change-log.md (each change made to the agreement), is named in the instructions "
       "and graded only by 'PASS if every change listed in change-log.md is one of the three edits': an empty file "
       "lists no change, so it passes.")
def h03_r19_universal_only(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        add_deliverable(t, "change-log.md", "List of each change made to the agreement, for the file.",
                        placement="advisory")
        instructions_add(t, "Also write change-log.md, a list of each change you made to the agreement, for the file.")
        add_criterion(t, "change-log-scope", "Change log records only the instructed edits",
                      "PASS if every change listed in change-log.md is one of the three edits Miriam asked for. FAIL if "
                      "change-log.md lists a change beyond those three edits.", ["change-log.md"])


# --- Moved from the held-out set (twentieth round and older misses), 2026-12-04 ---


@plant("h03-r20-delivered-as-its-own-file", "H03", AM,
       "A new criterion passes the client note if it is 'delivered as its own file, separate from' the agreement: "
       "any client-note.md, an empty one included, meets it.")
def h03_r20_own_file(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        add_criterion(t, "client-note-separate-file", "Client note kept apart from the agreement",
                      "PASS if client-note.md is delivered as its own file, separate from "
                      "fontenot-covenant-agreement.md. FAIL if there is no client-note.md or the note is folded into "
                      "fontenot-covenant-agreement.md.",
                      ["client-note.md", "fontenot-covenant-agreement.md"])


@plant("h03-r20-universal-claim-over-notice-dates", "H03", TB,
       "A new criterion passes the notice if 'every date' it gives is on or after the day the offer goes out: a "
       "claim about all the dates in the notice, true of an empty file (which gives none), with no word of absence "
       "in it.",
       doubtful="the deliverable has other criteria that demand content, beside which this is a limit on that content, "
                "of the same shape as the sample's own 'every restricted period it gives is two years or less'; the "
                "audit reports such rules only when they are all that grade a deliverable")
def h03_r20_every_date(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        add_criterion(t, "notice-dates-not-before-offer", "The notice gives no date before the offer goes out",
                      "PASS if every date that vandermeer-noncompete-notice.md gives is on or after the day the offer "
                      "goes out. FAIL if the notice gives a date before the day the offer goes out.",
                      ["vandermeer-noncompete-notice.md"])


@plant("h03-r20-consistent-with-the-other-deliverable", "H03", CA,
       "A new criterion passes the usage notes if they are 'consistent with' the refreshed form and fails them only "
       "if they contradict it: an empty hr-usage-notes.md contradicts nothing.",
       doubtful="the notes are graded by other criteria that demand content; beside them a consistency rule limits "
                "that content, and the audit reports it only when it is all that grades the deliverable")
def h03_r20_consistent(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        add_criterion(t, "usage-notes-consistent-with-form", "Usage notes agree with the form",
                      "PASS if hr-usage-notes.md is consistent with washington-covenant-form.md. FAIL if anything in "
                      "hr-usage-notes.md contradicts washington-covenant-form.md.",
                      ["hr-usage-notes.md", "washington-covenant-form.md"])


# --- moved from the held-out set on 2026-12-04 (the cases that informed this round's changes) ----------------------


@near_miss("h03-nm-r21-computed-decision-deadline", "H03", NE,
           "A new criterion asks the note to request the partner's decision by November 20, 2026, three days before "
           "the renewal goes to Morgan Tallis.",
           "HYGIENE.md H03 grades degenerate outputs by the literals a PASS clause requires; November 20, 2026 is "
           "computed by the agent and appears in no input, so no empty, echoed or pasted output passes.")
def h03_nm_r21_deadline(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        add_criterion(t, "note-decision-deadline", "Note gives the partner a date for the decision",
                      "PASS if note-to-partner.md asks for the partner's decision by November 20, 2026, three days "
                      "before the renewal goes to Morgan Tallis. FAIL if it gives no date for the decision.",
                      ["note-to-partner.md"])



@plant("h03-r21-only-criterion-of-email-is-silent-on", "H03", CA,
       "The only criterion grading client-email.md is rewritten to ask that the email 'is silent on' the alert's "
       "forecast of 2027 legislation: the deliverable's criteria now demand only an absence, which an empty email "
       "satisfies.")
def h03_r21_silent_on(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        criterion(t, "client-email-changes")["match_criteria"] = (
            "PASS if client-email.md is silent on the alert's forecast of further legislation in 2027. FAIL if it "
            "speculates about legislation that may pass in 2027.")



@plant("h03-r21-spelled-out-percentage-from-excerpt", "H03", TB,
       "A new criterion on rationale.md asks only that the memo state the customer non-solicit threshold is 'sixty "
       "percent' of the highly compensated threshold: the statute excerpt already says 'sixty percent of the "
       "threshold amount', so the pasted workspace passes and the criterion carries no signal.")
def h03_r21_sixty_percent(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        add_criterion(t, "rationale-nonsolicit-fraction", "File memo states the non-solicit fraction",
                      "PASS if rationale.md states that the customer non-solicit threshold is sixty percent of the "
                      "threshold amount for highly compensated workers. FAIL if it states a different fraction.",
                      ["rationale.md"])


# --- moved from the held-out set on 2026-12-04 (the twenty-second round's cases that informed a change) ------------


@plant("h03-r22-penalty-amount-in-words-from-law-file", "H03", NE,
       "A new criterion on note-to-partner.md passes when the note gives the penalty as 'five thousand dollars per "
       "worker or prospective worker harmed': the amount is written in words exactly as the colorado-law-file.md "
       "excerpt has it, so the pasted workspace passes.")
def h03_r22_words(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        add_criterion(t, "note-penalty-amount", "Note states the statutory penalty amount",
                      "PASS if note-to-partner.md gives the statutory penalty as five thousand dollars per worker or "
                      "prospective worker harmed. FAIL if it gives no penalty amount.", ["note-to-partner.md"])


# --- moved from the held-out set on 2026-12-04 (cases that informed a change after the twenty-third and twenty-fourth rounds)


@plant("h03-r24-signing-checklist-graded-only-by-devoid-of", "H03", AM,
       "A new advisory deliverable, signing-checklist.md (the client's signing-day checklist), is named in the "
       "instructions and graded by one criterion: it must be 'devoid of' any reference to the Delacroix dispute, the "
       "memo or the injunction risk. An empty file passes.")
def h03_r24_devoid(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        add_deliverable(t, "signing-checklist.md", "Checklist for Bayou Crest's HR on Avery's first day.",
                        placement="advisory")
        t["instructions"] = replace_text(t["instructions"], "Prepare two deliverables in Markdown:",
                                         "Prepare three deliverables in Markdown: signing-checklist.md, a checklist "
                                         "for Bayou Crest's HR to use on Avery's first day;")
        add_criterion(t, "checklist-stays-clean", "Signing checklist stays clear of the dispute",
                      "PASS if signing-checklist.md is devoid of any reference to the Delacroix dispute, the "
                      "litigation memo or the risk of losing an injunction. FAIL if it mentions any of them.",
                      ["signing-checklist.md"])


# --- moved from the held-out set on 2026-12-04 (cases that informed a change after the thirtieth and thirty-first rounds) -----


@plant("h03-r30-client-email-graded-by-zero-count", "H03", SD,
       "client-email-decision, the only criterion on client-email.md, now reads 'PASS if client-email.md contains "
       "zero file paths and zero quotations from the statute. FAIL if it contains one or more of either.', so an "
       "empty email passes.")
def h03_r30_zero_count(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        assert [c["id"] for c in t["criteria"] if "client-email.md" in c["deliverables"]] == ["client-email-decision"]
        criterion(t, "client-email-decision")["match_criteria"] = (
            "PASS if client-email.md contains zero file paths and zero quotations from the statute. FAIL if it "
            "contains one or more of either.")


@plant("h03-r32-deliverable-graded-only-by-its-format", "H03", NE,
       "A new advisory deliverable, time-entry.md, is graded by one criterion that passes it if it 'is delivered as a "
       "Markdown file under that name': an empty time-entry.md passes.")
def h03_r32_format_only(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        add_deliverable(t, "time-entry.md", "The associate's time entry for this work, for the firm's billing system.",
                        placement="advisory")
        instructions_add(t, "Also write time-entry.md, your time entry for this work.")
        add_criterion(t, "time-entry-delivered", "Time entry is delivered",
                      "PASS if time-entry.md is delivered as a Markdown file under that name. FAIL if it is missing "
                      "or saved in another format.", ["time-entry.md"])


@plant("h03-r32-cover-note-graded-only-as-shorter-than-form", "H03", CA,
       "A new criterion passes the cover note if it 'is shorter than washington-covenant-form.md': an empty "
       "client-email.md is shorter than any form and passes.")
def h03_r32_shorter(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        add_criterion(t, "client-email-shorter-than-form", "Cover note is shorter than the form",
                      "PASS if client-email.md is shorter than washington-covenant-form.md. FAIL if it is as long as "
                      "the form or longer.", ["client-email.md", "washington-covenant-form.md"])


@plant("h03-r36-criterion-grades-only-the-file-format", "H03", AM,
       "A new criterion grades client-note.md only on its format: 'PASS if client-note.md is a plain-text Markdown file "
       "... FAIL if it is a Word document, a PDF or another binary format.' An empty file, or the instructions echoed, "
       "passes it.")
def h03_r36_format_only(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        add_criterion(t, "client-note-format", "Client note is saved as Markdown",
                      "PASS if client-note.md is a plain-text Markdown file that opens in any text editor. FAIL if it "
                      "is a Word document, a PDF or another binary format.", ["client-note.md"])


@plant("h03-r37-minimum-word-count-only", "H03", CI,
       "A new criterion on client-email.md asks only that the email run to at least 250 words: any long text passes, "
       "so the whole workspace or knowledge base pasted in as the email passes it.")
def h03_r37_word_count(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        add_criterion(t, "client-email-length", "Cover email is at least 250 words long",
                      "PASS if client-email.md runs to at least 250 words. FAIL if client-email.md is shorter than 250 "
                      "words.", ["client-email.md"])


@plant("h03-r37-markdown-table-format-only", "H03", CA,
       "A new criterion on hr-usage-notes.md asks only for a Markdown table with a header row and at least three body "
       "rows: the knowledge base's twelve-state survey is such a table, so the pasted knowledge base passes it.")
def h03_r37_table_only(env: Path, task: str) -> None:
    survey = kb(env, task, "surveys/non-compete/us.md").read_text("utf-8")
    assert "|---|" in survey and survey.count("\n| [") >= 3
    with task_json(env, task) as t:
        add_criterion(t, "usage-notes-table", "Usage notes are set out as a table",
                      "PASS if hr-usage-notes.md sets out its guidance as a Markdown table with a header row and at "
                      "least three body rows. FAIL if hr-usage-notes.md contains no Markdown table.",
                      ["hr-usage-notes.md"])


@near_miss("h03-nm-r37-word-cap-guards-a-workspace-date", "H03", AM,
           "A new criterion asks client-note.md to tell Bayou Crest, in no more than 300 words, that Avery now signs on "
           "November 2, 2026, the first day of work; a longer note or another signing day fails.",
           "No degenerate output passes: the empty note and the echoed instructions lack the date, and the pasted "
           "workspace, which has it, runs far past the 300-word cap the criterion sets.")
def h03_nm_r37_word_cap(env: Path, task: str) -> None:
    t0 = load_task(env, task)
    assert "November 2, 2026" not in t0["instructions"]
    words = sum(len(p.read_text("utf-8").split()) for p in doc(env, task, "").glob("*.md"))
    assert words > 600
    with task_json(env, task) as t:
        add_criterion(t, "client-note-signing-day", "Client note gives the signing day in a short note",
                      "PASS if client-note.md, in no more than 300 words, tells Bayou Crest that Avery Fontenot now "
                      "signs the agreement on November 2, 2026, the first day of work. FAIL if client-note.md is "
                      "longer than 300 words or gives another signing day.", ["client-note.md"])


# --- H04 criterion form (thirty-seventh round) ---------------------------------------------------------------------


@plant("h03-r38-client-note-graded-on-layout-only", "H03", AM,
       "A new criterion, client-note-layout, passes client-note.md if it opens with a level-one Markdown heading and "
       "sets out the changes as a numbered or bulleted list: the pasted workspace (partner-email.md opens '# Email: "
       "...', the memo numbers its analysis) passes it whatever it says.")
def h03_r38_layout(env: Path, task: str) -> None:
    assert read_doc(env, task, "partner-email.md").startswith("# ")
    assert "\n1. **Territory.**" in read_doc(env, task, "litigation-memo.md")
    with task_json(env, task) as t:
        add_criterion(t, "client-note-layout", "Client note is laid out for Bayou Crest",
                      "PASS if client-note.md opens with a level-one Markdown heading (a line beginning '# ') and sets "
                      "out the changes as a numbered or bulleted list. FAIL if it has no such heading or no list.",
                      ["client-note.md"])


@plant("h03-r39-note-graded-on-iso-date-format", "H03", NE,
       "A new criterion, note-iso-dates, passes note-to-partner.md if it writes 'at least one date in ISO 8601 form "
       "(YYYY-MM-DD)' for the firm's docketing system: the partner's email carries 'Date: 2026-11-16', so the pasted "
       "workspace passes and the criterion carries no signal.")
def h03_r39_iso_date(env: Path, task: str) -> None:
    assert "Date: 2026-11-16" in read_doc(env, task, "partner-instructions.md")
    with task_json(env, task) as t:
        add_criterion(t, "note-iso-dates", "Note dates written for the docketing system",
                      "PASS if note-to-partner.md writes at least one date in ISO 8601 form (YYYY-MM-DD), as the "
                      "firm's docketing system requires. FAIL if no date in the note is written in that form.",
                      ["note-to-partner.md"])


@plant("h03-r39-cover-email-graded-on-having-a-table", "H03", CI,
       "A new criterion, client-email-table, passes client-email.md if it 'contains a Markdown table (a header row "
       "followed by a separator row such as |---|---|)' and fails it otherwise: the knowledge base's survey is a "
       "Markdown table, so the knowledge base pasted in as the email passes and the criterion says nothing about the "
       "email.")
def h03_r39_table(env: Path, task: str) -> None:
    survey = kb(env, task, "surveys/non-compete/us.md").read_text("utf-8")
    assert "\n|---|---|" in survey
    with task_json(env, task) as t:
        add_criterion(t, "client-email-table", "Cover email uses a table Wendell's mail app renders",
                      "PASS if client-email.md contains a Markdown table (a header row followed by a separator row "
                      "such as '|---|---|'), the layout Wendell's mail app renders. FAIL if client-email.md contains no "
                      "Markdown table.", ["client-email.md"])


@plant("h03-r39-agreement-graded-on-first-line-heading", "H03", AM,
       "A new criterion, agreement-heading, passes fontenot-covenant-agreement.md if its first line is a level-one "
       "Markdown heading (starts with '# '): Bayou Crest's standard agreement, copied unchanged, starts with '# BAYOU "
       "CREST ...', so the starting template passes and the criterion carries no signal.")
def h03_r39_heading(env: Path, task: str) -> None:
    assert read_doc(env, task, "bayou-crest-standard-agreement.md").startswith("# BAYOU CREST")
    with task_json(env, task) as t:
        add_criterion(t, "agreement-heading", "Agreement opens with its title as a heading",
                      "PASS if fontenot-covenant-agreement.md begins with a level-one Markdown heading (its first line "
                      "starts with '# '). FAIL if its first line is anything else.",
                      ["fontenot-covenant-agreement.md"])


@plant("h03-r40-only-literal-in-a-markdown-code-span", "H03", CA,
       "client-email-changes now reads 'PASS if client-email.md names the form it refreshes as `Form WA-2021-3`. "
       "FAIL if the email does not name the form.': its only literal, written as a Markdown code span, is the form "
       "number printed at the top of halden-form-wa-2021.md, so the workspace pasted in as the email passes.")
def h03_r40_code_span(env: Path, task: str) -> None:
    assert "Form WA-2021-3" in read_doc(env, task, "halden-form-wa-2021.md")
    with task_json(env, task) as t:
        criterion(t, "client-email-changes")["match_criteria"] = (
            "PASS if client-email.md names the form it refreshes as `Form WA-2021-3`. "
            "FAIL if the email does not name the form.")
        assert "WA-2021-3" not in t["instructions"]


@plant("h03-r43-only-literal-a-case-caption", "H03", AM,
       "A new criterion passes client-note.md if it names the earlier dispute by its caption, Bayou Crest "
       "Environmental v. Delacroix: the litigation memo's Re: line carries that caption, so the workspace pasted as "
       "the note passes.")
def h03_r43_caption(env: Path, task: str) -> None:
    assert "Bayou Crest Environmental v. Delacroix" in read_doc(env, task, "litigation-memo.md")
    with task_json(env, task) as t:
        add_criterion(t, "client-note-names-dispute", "Client note identifies the earlier dispute",
                      "PASS if client-note.md refers to the earlier dispute by its caption, Bayou Crest Environmental "
                      "v. Delacroix. FAIL if the note does not identify the dispute.", ["client-note.md"])


@plant("h03-r43-notice-graded-only-by-being-handed-in", "H03", CI,
       "notice-at-signing was cut down to a presence check: 'PASS if lindgren-section-2872-notice.md is among the files "
       "handed in. FAIL if the notice file is missing.' An empty file passes it.")
def h03_r43_presence(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        assert "notice-at-signing" not in t["oafreeze"]["trap"]["criteria"]
        crit = criterion(t, "notice-at-signing")
        crit["title"] = "Notice handed in"
        crit["match_criteria"] = ("PASS if lindgren-section-2872-notice.md is among the files handed in. FAIL if the "
                                  "notice file is missing.")


@plant("h03-r45-only-literal-a-citation-in-long-form", "H03", CI,
       "A new criterion passes the notice if it 'cites Section 2872 of the California Labor Code'; the excerpt file "
       "already cites Cal. Lab. Code \u00a7 2872, the same section in short form, so the workspace pasted in as the "
       "notice passes.")
def h03_r45_long_form(env: Path, task: str) -> None:
    assert "## Cal. Lab. Code \u00a7 2872" in read_doc(env, task, "california-labor-code-excerpt.md")
    with task_json(env, task) as t:
        add_criterion(t, "notice-cites-2872", "Notice cites the statute that requires it",
                      "PASS if lindgren-section-2872-notice.md cites Section 2872 of the California Labor Code. FAIL if "
                      "the notice cites no statute.", ["lindgren-section-2872-notice.md"])


@plant("h03-r46-required-literals-written-as-omissions", "H03", AM,
       "A new criterion's PASS clause names no literal ('gives the statutory basis for naming parishes'); its FAIL "
       "clause fails the note if it 'omits the citation La. R.S. 23:921(C) or the words \"specified parish or "
       "parishes\"', so both are required, and the statute excerpt in the workspace holds both: the workspace pasted "
       "in as the note passes.")
def h03_r46_omissions(env: Path, task: str) -> None:
    text = read_doc(env, task, "louisiana-statute-excerpt.md")
    assert "La. R.S. 23:921(C)" in text and "specified parish or parishes" in text
    with task_json(env, task) as t:
        add_criterion(t, "client-note-parish-basis", "Client note gives the basis for naming parishes",
                      "PASS if client-note.md gives the statutory basis for naming parishes in the covenants. FAIL if "
                      "it omits the citation La. R.S. 23:921(C) or the words \"specified parish or parishes\".",
                      ["client-note.md"])
