"""H10 temporal consistency: as_of, the instructions' and documents' dates, seeded law's effective dates
and the knowledge base's review dates tell one story; no as-of date after the freeze."""

from __future__ import annotations

import datetime as dt
import json
import uuid
from pathlib import Path

from .cases import near_miss, plant
from .edits import (append_doc, criterion, docx_bytes, edit_doc, email, instructions_add, kb, load_task, read_doc, replace_text, reword, seeded,
                    task_json, write_doc, xlsx_bytes)
from .heldout import _C11_FULL_WIDTH, _r9_odt, _C12_PERSIAN_DIGITS, _R10_ARABIC_DIGITS, _R12_THAI_DIGITS, _r11_ics, _r11_ics_escape, _r14_epoch_ms, _r16_xlsx_with_dates  # the later rounds' document writers
from .heldout import _match, _r14_docx, _r21_dw, _reword  # the later rounds' writers and criterion editors
from .heldout import _r9_docx, _r33_docx_text, _r42_vcs  # the ninth, thirty-third and forty-second rounds' writers
from .heldout import _r44_ledes, _r44_xmp, _r45_eml  # the forty-fourth and forty-fifth rounds' writers

NE, TB, SD = "matrix-narrow-edit", "matrix-threshold-between", "matrix-signing-date-law"
CA, AM, CI = "matrix-client-alert-refresh", "matrix-adverse-memo-repair", "matrix-california-invention-notice"


def _set_as_of(env: Path, task: str, value: str | None) -> None:
    with task_json(env, task) as t:
        if value is None:
            del t["oafreeze"]["as_of"]
        else:
            t["oafreeze"]["as_of"] = value


def _days_from_today(days: int) -> str:
    return (dt.date.today() + dt.timedelta(days=days)).isoformat()


@plant("h10-as-of-far-future", "H10", NE, "as_of is 2031-06-01, years after the freeze.")
def as_of_far_future(env: Path, task: str) -> None:
    _set_as_of(env, task, "2031-06-01")


@plant("h10-as-of-after-today", "H10", TB, "as_of is 45 days after today, so after any freeze made now.")
def as_of_after_today(env: Path, task: str) -> None:
    _set_as_of(env, task, _days_from_today(45))


@plant("h10-as-of-after-today-in-instance", "H10", "covenant-package-v09",
       "A family instance's as_of is 90 days after today.")
def instance_as_of_future(env: Path, task: str) -> None:
    _set_as_of(env, task, _days_from_today(90))


@plant("h10-as-of-malformed", "H10", CI, "as_of is written '10/05/2026' instead of an ISO date.")
def as_of_malformed(env: Path, task: str) -> None:
    _set_as_of(env, task, "10/05/2026")


@plant("h10-as-of-missing", "H10", AM, "A drafting task with seeded law has no as_of date.")
def as_of_missing(env: Path, task: str) -> None:
    _set_as_of(env, task, None)


@plant("h10-as-of-before-documents-and-guides", "H10", SD,
       "as_of moves to 2026-06-01, before the partner's email and before the knowledge base's review dates.")
def as_of_too_early(env: Path, task: str) -> None:
    _set_as_of(env, task, "2026-06-01")


@plant("h10-instructions-state-another-today", "H10", CI,
       "The instructions say 'Today is March 2, 2026' while as_of is 2026-10-05.")
def instructions_today(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        instructions_add(t, "Today is March 2, 2026.")


@plant("h10-instructions-other-as-of-in-instance", "H10", "covenant-package-v08",
       "A family instance's instructions ask for the work as of January 15, 2027; its as_of is 2026-10-15.")
def instance_instructions_date(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        instructions_add(t, "Prepare everything as of January 15, 2027, when the letters go out.")


@plant("h10-instructions-conflicting-signing-date", "H10", SD,
       "The instructions say the agreement is signed on December 28, 2026; the hire details say January 5, 2027.")
def conflicting_signing(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        instructions_add(t, "Jordan will sign the agreement on December 28, 2026.")


@plant("h10-instructions-current-date-ordinal", "H10", TB,
       "The instructions say 'The current date for this matter is December 1st, 2026'; as_of is 2026-11-09.")
def h10_instructions(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        instructions_add(t, "The current date for this matter is December 1st, 2026.")


@plant("h10-instructions-today-day-of-month", "H10", CA,
       "The instructions say 'Assume it is the 2nd day of November, 2026'; as_of is 2026-10-26.")
def instructions_day_of_month(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        instructions_add(t, "Assume it is the 2nd day of November, 2026, when the form goes to HR.")


@plant("h10-document-dated-after-as-of", "H10", NE, "The partner's email is dated 2026-11-27, after as_of 2026-11-16.")
def doc_after_as_of(env: Path, task: str) -> None:
    edit_doc(env, task, "partner-instructions.md", "Date: 2026-11-16", "Date: 2026-11-27")


@plant("h10-document-dated-numeric-after-as-of", "H10", NE,
       "The partner's email is dated '11/27/2026' (US numeric, one reading only), after as_of 2026-11-16.")
def doc_numeric_after_as_of(env: Path, task: str) -> None:
    edit_doc(env, task, "partner-instructions.md", "Date: 2026-11-16", "Date: 11/27/2026")


@plant("h10-eml-dated-after-as-of", "H10", SD, "A new .eml carries a Date header three weeks after as_of.")
def eml_after_as_of(env: Path, task: str) -> None:
    write_doc(env, task, "hr-follow-up.eml", email(
        "Elena Vasquez-Moore <elena.vasquez-moore@maplestone.example.com>",
        "Miriam Okafor <miriam.okafor@harlowfinch.example.com>", "Tue, 24 Nov 2026 11:02:00 -0600",
        "Jordan Ellery paperwork", "Miriam,\n\nJust checking where the paperwork stands.\n\nElena"))


@plant("h10-document-long-form-date-after-as-of", "H10", CA,
       "A CEO memo dated 'November 12, 2026' is added; as_of is 2026-10-26.")
def long_form_date(env: Path, task: str) -> None:
    write_doc(env, task, "ceo-memo.md", (
        "# Memorandum\n\nFrom: Chief Executive Officer, Halden Marine Supply Co.\nDate: November 12, 2026\n\n"
        "Please make sure the new Washington form is used for every hire from now on.\n"))


@plant("h10-seeded-law-effective-after-as-of", "H10", TB,
       "A seeded statute relied on as in force has an effective_date after as_of, and the trap does not say so.")
def law_after_as_of(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        seeded(t, "C.R.S. § 8-2-113(2)(b)")["effective_date"] = "2026-12-01"


@plant("h10-seeded-law-effective-years-later", "H10", AM,
       "A seeded statute relied on as in force takes effect in 2031.")
def law_years_later(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        seeded(t, "La. R.S. 23:921(C)")["effective_date"] = "2031-08-01"


# --- near-misses ---------------------------------------------------------------------------------


@near_miss("h10-nm-old-document", "H10", TB, "A 2024 handbook excerpt, dated 2024-03-01, is added.",
           "Documents dated before as_of are the normal record of a matter; nothing is cited as in force early.")
def old_document(env: Path, task: str) -> None:
    write_doc(env, task, "aspenline-handbook-2024.md", (
        "# Aspenline employee handbook (excerpt)\n\nIssued 2024-03-01\n\n"
        "Employees keep customer lists and pricing models confidential during and after employment.\n"))


@near_miss("h10-nm-future-events-mentioned", "H10", NE,
           "The partner's email mentions two planned events after as_of (the raise date and a 2027 review).",
           "Future events are facts of the matter, not document dates or law applied early; the task already "
           "plans a December 14, 2026 effective date.")
def future_events(env: Path, task: str) -> None:
    append_doc(env, task, "partner-instructions.md",
               "For your diary: the raise takes effect on December 14, 2026, and Morgan's next review is in June 2027.")


@near_miss("h10-nm-future-law-declared-by-trap", "H10", SD,
           "A seeded entry for the 2027 step-up takes effect after as_of; the effective-date trap is built on it.",
           "H10 allows law in force after as_of when the trap says so; this trap's description says the "
           "agreement is signed on January 5, 2027, when the $80,000 floor applies.")
def future_law_trap(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        t["oafreeze"]["seeded_law"].append({
            "file": "documents/illinois-statute-excerpt.md", "citation": "820 ILCS 90/10(a)",
            "quote": "This amount shall increase to $80,000 per year beginning on January 1, 2027",
            "effective_date": "2027-01-01", "verified_on": "2026-10-01",
            "verified_against": "820 ILCS 90/10(a) as amended by P.A. 102-358, the schedule in the same subsection"})


@near_miss("h10-nm-instructions-restate-as-of", "H10", CI, "The instructions add 'Today is October 5, 2026.'",
           "H10 wants the instructions' dates to agree with as_of; the stated date equals as_of "
           "(2026-10-05).")
def restate_as_of(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        instructions_add(t, "Today is October 5, 2026.")


@near_miss("h10-nm-document-dated-as-of-numeric", "H10", CI,
           "The client's email is dated '10/05/2026', the as_of day in US numeric form.",
           "H10 wants document dates on or before as_of; 10/05/2026 is 2026-10-05 (US) or 10 May 2026 "
           "(day first), and neither reading is after as_of.")
def doc_dated_as_of_numeric(env: Path, task: str) -> None:
    edit_doc(env, task, "client-request.md", "Date: 2026-10-05", "Date: 10/05/2026")


# Moved from the held-out set (its fresh round): it informed a change to the audit.
@plant("h10-handover-date-disagrees", "H10", NE,
       "The instructions say the renewal goes to Morgan on November 30, 2026; the partner's email (and a criterion) "
       "say November 23.")
def h10_event_date(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        instructions_add(t, "The client will hand the renewed agreement to Morgan Tallis on November 30, 2026.")


@near_miss("h10-nm-notice-and-agreement-handed-over-on-two-days", "H10", NE,
           "The instructions add that a short cover letter goes to Morgan on November 16, 2026, a week before the "
           "agreement itself.",
           "Two different things handed over on two days are one story, not two dates for one event (HYGIENE.md "
           "H10 asks for a consistent story).")
def h10_nm_two_handovers(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        instructions_add(t, "A short cover letter goes to Morgan Tallis on November 16, 2026, a week ahead.")


# Moved from the held-out set (its second fresh round): it informed a change to the audit.
@plant("h10-offer-date-instructions-vs-summary", "H10", TB,
       "The instructions say the offer goes out on November 18, 2026; the HR email and the offer summary say "
       "November 16.")
def h10_offer_date(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        instructions_add(t, "Aspenline will send the offer, with all of the Colorado paperwork, on November 18, 2026.")


@plant("h10-criterion-first-day-disagrees", "H10", AM,
       "The first-day criterion gives Avery's first day as November 9, 2026; the partner's email says November 2.")
def h10_criterion_date(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        crit = criterion(t, "effective-first-day")
        crit["match_criteria"] = replace_text(crit["match_criteria"], "November 2, 2026", "November 9, 2026", count=0)


# Moved from the held-out set (its third fresh round): it informed a change to the audit.
@plant("h10-criterion-gives-another-offer-day", "H10", TB,
       "The notice criterion says the notice is delivered with the offer on November 23, 2026; the offer summary and "
       "HR's email say November 16.")
def h10_criterion_offer_day(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        reword(t, "notice-signed-before-acceptance", "is to be delivered with the offer, before Riley accepts it",
               "is to be delivered with the offer on November 23, 2026, before Riley accepts it")


@plant("h10-tracker-prepared-after-as-of", "H10", CI,
       "An onboarding tracker workbook says it was prepared on 2026-10-19 and records counsel's draft as received; "
       "as_of is 2026-10-05.")
def h10_tracker(env: Path, task: str) -> None:
    write_doc(env, task, "onboarding-tracker.xlsx", xlsx_bytes([
        ["Field", "Value"], ["Prepared by", "Wendell Park"], ["Prepared on", "2026-10-19"],
        ["Employee", "Sasha Lindgren"], ["Start and signing date", "2026-10-26"],
        ["Status on 2026-10-19", "Invention agreement received from Harlow Finch; notice received"]], sheet="Tracker"))


# Moved from the held-out set (its fourth fresh round): it informed a change to the audit.
@plant("h10-picking-up-date-in-british-order", "H10", SD,
       "The instructions say 'You are picking this matter up on Monday 16 November 2026.' while as_of and the "
       "partner's email say 2026-11-02.")
def h10_picking_up(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        t["instructions"] = replace_text(t["instructions"], "You are an associate at Harlow Finch LLP.",
                                         "You are an associate at Harlow Finch LLP. You are picking this matter up on "
                                         "Monday 16 November 2026.")


@near_miss("h10-nm-picking-up-on-as-of-in-british-order", "H10", SD,
           "The instructions say 'You are picking this matter up on Monday 2 November 2026.', the task's as_of "
           "written day-month-year.",
           "HYGIENE.md H10 wants the instructions' dates to agree with as_of; 2 November 2026 is 2026-11-02, the "
           "as_of date and the date of the partner's email, in British order.")
def h10_nm_picking_up(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        assert t["oafreeze"]["as_of"] == "2026-11-02"
        t["instructions"] = replace_text(t["instructions"], "You are an associate at Harlow Finch LLP.",
                                         "You are an associate at Harlow Finch LLP. You are picking this matter up on "
                                         "Monday 2 November 2026.")


# Moved from the held-out set (its fourth fresh round): it informed a change to the audit.
@plant("h10-start-date-differs-between-documents", "H10", CI,
       "The client's email says Sasha joins on October 19, while the hire details (and the criteria) give October 26, "
       "2026.",
       doubtful="Noted after the first scoring: HYGIENE.md's H10 line and TASKS.md list as_of, the instructions, "
                "criteria, seeded law and knowledge-base dates; a conflict between two workspace documents is a broken "
                "story but is not named there.")
def h10_start_differs(env: Path, task: str) -> None:
    edit_doc(env, task, "client-request.md", "Sasha Lindgren joins us on October 26 as",
             "Sasha Lindgren joins us on October 19 as")


@near_miss("h10-nm-second-hire-starts-another-day", "H10", CI,
           "The client's email adds that a second hire, Devon Marsh, joins the test lab on November 9, a different "
           "day from Sasha's October 26 start.",
           "Two people starting on two days is one consistent story, not two dates for one event; Sasha's start date "
           "still agrees everywhere, and a planned future event is a fact of the matter, not a document date.")
def h10_nm_second_hire(env: Path, task: str) -> None:
    edit_doc(env, task, "client-request.md", "as a Firmware Engineer in San Jose.",
             "as a Firmware Engineer in San Jose. A second hire, Devon Marsh, joins our test lab on November 9 as a "
             "Test Technician; our in-house team is handling Devon's paperwork.")


# Moved from the held-out set (its fourth fresh round): it informed a change to the audit.
@plant("h10-tracker-records-events-after-as-of", "H10", TB,
       "An HR offer tracker (.xlsx) records the offer sent, the notice signed and the offer accepted as done on "
       "16 to 18 November 2026, after as_of 2026-11-09.")
def h10_done_tracker(env: Path, task: str) -> None:
    write_doc(env, task, "offer-tracker.xlsx", xlsx_bytes([
        ["Step", "Date", "Status"],
        ["Offer and covenant papers sent to Riley Vandermeer", "2026-11-16", "Done"],
        ["Colorado notice signed by Riley", "2026-11-17", "Done"],
        ["Offer accepted", "2026-11-18", "Done"],
    ], sheet="Tracker"))


@near_miss("h10-nm-tracker-future-rows-scheduled", "H10", TB,
           "An HR offer tracker (.xlsx) marks the steps done on or before as_of 2026-11-09 as 'Done', and the offer "
           "on November 16 and the December 7 start as 'Scheduled' or 'Not started'.",
           "HYGIENE.md H10 wants one consistent story as of as_of; a plan that records only past steps as done and "
           "lists later steps as scheduled, on the same dates as the offer summary, tells that story.")
def h10_nm_planned_tracker(env: Path, task: str) -> None:
    write_doc(env, task, "offer-tracker.xlsx", xlsx_bytes([
        ["Step", "Date", "Status"],
        ["Offer approved by the Head of People", "2026-11-04", "Done"],
        ["Covenant paperwork requested from Harlow Finch", "2026-11-09", "Done"],
        ["Offer and covenant papers sent to Riley Vandermeer", "2026-11-16", "Scheduled"],
        ["Colorado notice signed by Riley", "2026-11-16", "Not started"],
        ["Riley's first day", "2026-12-07", "Scheduled"],
    ], sheet="Tracker"))


# Moved from the held-out set (its fifth fresh round): it informed a change to the audit.
@plant("h10-weekday-contradicts-date", "H10", CI,
       "The instructions add 'Today is Tuesday 5 October 2026.'; 5 October 2026 (the as_of day) is a Monday, so the "
       "day and the date disagree.",
       doubtful="The date itself equals as_of; the defect is the weekday, which points at 6 October.")
def h10_r5_weekday(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        instructions_add(t, "Today is Tuesday 5 October 2026.")


@near_miss("h10-nm-weekday-matches-date", "H10", CI,
           "The instructions add 'Today is Monday 5 October 2026.'; 5 October 2026, the as_of day, is a Monday.",
           "HYGIENE.md H10 asks for one consistent story; the weekday and the date agree and both match as_of.")
def h10_nm_r5_weekday(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        instructions_add(t, "Today is Monday 5 October 2026.")


# Moved from the held-out set (its fifth fresh round): it informed a change to the audit.
@plant("h10-quoted-reply-dated-after-the-email", "H10", AM,
       "The partner's email (dated 2026-10-19, the as_of day) quotes below its sign-off a client message 'On Wed, 21 "
       "Oct 2026', two days after the email that quotes it.")
def h10_r5_quoted_reply(env: Path, task: str) -> None:
    append_doc(env, task, "partner-email.md", (
        "> On Wed, 21 Oct 2026 at 09:12, Lucien Arceneaux wrote:\n"
        "> Miriam, Avery has confirmed the November 2 start. Please send the paperwork once it is ready.\n"
        "> Lucien"))


@near_miss("h10-nm-quoted-reply-dated-before-the-email", "H10", AM,
           "The partner's email (dated 2026-10-19, the as_of day) quotes below its sign-off a client message 'On Wed, 14 "
           "Oct 2026', five days before the email that quotes it.",
           "HYGIENE.md H10 asks that dates tell one consistent story; a quoted earlier message dated before the email "
           "and before as_of is the ordinary order of a thread.")
def h10_nm_r5_quoted_reply(env: Path, task: str) -> None:
    append_doc(env, task, "partner-email.md", (
        "> On Wed, 14 Oct 2026 at 16:40, Lucien Arceneaux wrote:\n"
        "> Miriam, Avery has accepted our offer. Could your team prepare the covenant paperwork for the first day?\n"
        "> Lucien"))


@plant("h10-r6-today-dotted-european-date", "H10", AM,
       "The instructions add 'Today: 26.10.2026 - pls turn around by EOD', a week after as_of 2026-10-19 and the "
       "partner's email of that day.")
def h10_r6_dotted(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        instructions_add(t, "Today: 26.10.2026 - pls turn around by EOD.")


@near_miss("h10-nm-r6-today-dotted-date-agrees-companion", "H10", AM,
           "The instructions add 'Today: 19.10.2026 - pls turn around by EOD', the as_of date 2026-10-19 written "
           "day-first with dots.",
           "HYGIENE.md H10 asks that as_of and the dates in the instructions tell one story; 19.10.2026 can only be "
           "read as 19 October 2026 (there is no month 19), which is as_of and the date of the partner's email.")
def h10_nm_r6_dotted_agrees(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        instructions_add(t, "Today: 19.10.2026 - pls turn around by EOD.")


@plant("h10-r6-request-ticket-opened-after-as-of", "H10", CI,
       "The client's ServiceNow request for Sasha's paperwork, added to the workspace, was opened on 2026-11-05 (a "
       "month typo in the export): after as_of 2026-10-05 and after Sasha's start on October 26.")
def h10_r6_ticket_after(env: Path, task: str) -> None:
    write_doc(env, task, "tickets/RITM0051120.json", json.dumps({"result": [{
        "number": "RITM0051120",
        "short_description": "IP paperwork - Sasha Lindgren (signs day 1, 26 Oct)",
        "opened_at": "2026-11-05 09:12:44",
        "opened_by": "Wendell Park",
        "state": "Open",
        "assignment_group": "Legal Ops - Employment",
        "description": "Pls arrange invention assignment agmt + whatever CA requires, for Sasha's first day.",
    }]}, indent=2) + "\n")


@near_miss("h10-nm-r6-ticket-opened-before-as-of-due-after-companion", "H10", CI,
           "The client's ServiceNow request for Sasha's paperwork, added to the workspace, was opened on 2026-10-02 "
           "and last updated on as_of 2026-10-05; its due date is Sasha's first day, 2026-10-26.",
           "HYGIENE.md H10 asks that the dates tell one consistent story; the ticket was opened and updated on or "
           "before as_of, and its due date after as_of is a scheduled event (the signing on October 26, as in "
           "hire-details.md), not a record of something that already happened.")
def h10_nm_r6_ticket_before(env: Path, task: str) -> None:
    write_doc(env, task, "tickets/RITM0050987.json", json.dumps({"result": [{
        "number": "RITM0050987",
        "short_description": "IP paperwork - Sasha Lindgren (signs day 1, 26 Oct)",
        "opened_at": "2026-10-02 16:40:03",
        "sys_updated_on": "2026-10-05 08:55:17",
        "due_date": "2026-10-26 09:00:00",
        "opened_by": "Wendell Park",
        "state": "Work in Progress",
        "assignment_group": "Legal Ops - Employment",
        "description": "Outside counsel engaged 5 Oct. Agreement + any CA paperwork needed for Sasha's first day.",
    }]}, indent=2) + "\n")


@plant("h10-r7-spanish-letter-dated-after-as-of", "H10", CI,
       "A letter from the Madrid affiliate's HR about Sasha's onboarding, documents/es/carta-sierrafold-iberia.md, is "
       "dated 'Madrid, 23 de octubre de 2026', after as_of 2026-10-05 when the work is done.")
def h10_r7_spanish_letter(env: Path, task: str) -> None:
    write_doc(env, task, "es/carta-sierrafold-iberia.md", (
        "Madrid, 23 de octubre de 2026\n\n"
        "Sr. Wendell Park\nSierrafold Devices, Inc.\n\n"
        "Asunto: incorporación de Sasha Lindgren\n\n"
        "Estimado Wendell:\n\n"
        "Como acordamos en la llamada de ayer, el equipo de Madrid impartirá la formación de bienvenida de Sasha por "
        "videoconferencia la semana de su incorporación. Quedamos pendientes de la documentación de propiedad "
        "intelectual que firmará el primer día.\n\n"
        "Un saludo,\nLucía Benítez\nRecursos Humanos, Sierrafold Iberia, S.L.\n"))


@near_miss("h10-nm-r7-spanish-letter-dated-after-as-of-companion", "H10", CI,
           "A letter from the Munich affiliate's HR about Sasha's onboarding, documents/de/schreiben-sierrafold-gmbh.md, "
           "is dated 'München, 5. Oktober 2026', the as_of day itself, and gives the start date as 26. Oktober 2026.",
           "HYGIENE.md H10 asks that as_of and the documents' dates tell one consistent story; a letter written on the "
           "day the work is done, naming the same start date as documents/hire-details.md, is consistent.")
def h10_nm_r7_german_letter(env: Path, task: str) -> None:
    write_doc(env, task, "de/schreiben-sierrafold-gmbh.md", (
        "München, 5. Oktober 2026\n\n"
        "Herrn Wendell Park\nSierrafold Devices, Inc.\n\n"
        "Betreff: Einarbeitung von Sasha Lindgren\n\n"
        "Sehr geehrter Herr Park,\n\n"
        "wie heute Vormittag besprochen, übernimmt unser Team in München die Schulung zu den Sensormodulen per "
        "Videokonferenz in Sashas erster Woche, also ab dem Arbeitsbeginn am 26. Oktober 2026. Die Unterlagen zum "
        "geistigen Eigentum, die Sasha am ersten Tag unterschreibt, erwarten wir von Ihnen.\n\n"
        "Mit freundlichen Grüßen\nJonas Albrecht\nPersonalabteilung, Sierrafold Devices GmbH\n"))


@plant("h10-r7-signing-calendar-csv-date-typo", "H10", SD,
       "HR's signing calendar export, documents/hr/signing-calendar.csv, gives the agreement's signing as 2027-01-15, "
       "ten days after Jordan's first day (2027-01-05), when the hire details and the criteria have Jordan sign on the "
       "first day, January 5, 2027.")
def h10_r7_calendar(env: Path, task: str) -> None:
    write_doc(env, task, "hr/signing-calendar.csv", (
        "employee,event,date,owner\n"
        "Jordan Ellery,deliver_agreement_copy,2026-12-18,HR\n"
        "Jordan Ellery,first_day,2027-01-05,Operations\n"
        "Jordan Ellery,sign_agreement,2027-01-15,HR\n"))


@plant("h10-r8-japanese-signing-date-disagrees", "H10", CI,
       "The instructions gain the Tokyo parent's line '署名日：2026年10月27日' for Sasha Lindgren's signing, while "
       "hire-details.md gives October 26, 2026 as the start and signing date.")
def h10_r8_ja_signing(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        instructions_add(t, "Sasha Lindgren の署名日：2026年10月27日（親会社人事部確認済み）。")


@plant("h10-r8-korean-letter-dated-after-as-of-companion", "H10", CI,
       "A Korean secondment letter from Sierrafold's Seoul office, documents/seoul/pagyeon-gongmun.md, is dated "
       "'2026년 10월 19일' (October 19, 2026), two weeks after as_of 2026-10-05.")
def _c8_korean_letter_after_as_of(env: Path, task: str) -> None:
    write_doc(env, task, "seoul/pagyeon-gongmun.md", (
        "# 파견 안내 공문\n\n발신: 시에라폴드 코리아 인사팀\n수신: Sasha Lindgren\n"
        "발신일: 2026년 10월 19일\n\n입사 후 서울 사무소 단기 파견 일정은 추후 안내드리겠습니다.\n"))


@plant("h10-r9-polish-today-after-as-of", "H10", TB,
       "The Warsaw team's line added to the instructions says, in Polish, that today is 12 November 2026 ('dziś jest "
       "12 listopada 2026 r.'), while as_of and the HR request say 2026-11-09.")
def h10_r9_polish_today(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        instructions_add(t, "Uwaga od zespołu w Warszawie: dziś jest 12 listopada 2026 r., a oferta dla Riley "
                            "Vandermeer wychodzi 16 listopada.")


@plant("h10-r9-italian-signing-date-disagrees", "H10", SD,
       "The Milan team's note added to the instructions puts Jordan Ellery's signing on 12 gennaio 2027; the hire "
       "details and the criteria say January 5, 2027.")
def h10_r9_italian_signing(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        instructions_add(t, "Nota dal team di Milano: la firma dell'accordo con Jordan Ellery è fissata per il "
                            "12 gennaio 2027.")


@plant("h10-r9-dutch-numeric-date-after-as-of", "H10", NE,
       "A Dutch message from Granite Peak's Amsterdam subsidiary, documents/amsterdam/bericht-tallis.md, is dated "
       "'Datum: 05-12-2026' (5 December 2026 in Dutch day-month order) and reports the hand-over to Morgan as done: "
       "after as_of 2026-11-16.")
def h10_r9_dutch_date(env: Path, task: str) -> None:
    write_doc(env, task, "amsterdam/bericht-tallis.md", (
        "Van: HR Granite Peak Robotics B.V. <hr.amsterdam@granitepeak.example.com>\n"
        "Aan: Miriam Okafor <miriam.okafor@harlowfinch.example.com>\n"
        "Datum: 05-12-2026\n"
        "Onderwerp: Tallis \u2013 verlenging\n\n"
        "Beste Miriam,\n\n"
        "De verlenging is aan Morgan Tallis overhandigd; Morgan heeft de overeenkomst ondertekend teruggestuurd. "
        "Wij archiveren het origineel in Amsterdam.\n\n"
        "Met vriendelijke groet,\nHR Granite Peak Robotics B.V.\n"))


@plant("h10-c9-dutch-signing-date-disagrees", "H10", AM,
       "The Amsterdam office's note added to the instructions puts Avery Fontenot's signing of the agreement on "
       "9 november 2026; the partner's email and the criteria say November 2, 2026, the first day of work.")
def h10_c9_dutch_signing(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        instructions_add(t, "Opmerking van het kantoor in Amsterdam: Avery Fontenot ondertekent de overeenkomst op "
                            "9 november 2026.")


@plant("h10-r10-arabic-letter-dated-after-as-of", "H10", AM,
       "A letter from Bayou Crest's Dubai liaison, documents/dubai/risala.md, is dated 'دبي في ٢٠٢٦/١٠/٣٠' (30 October "
       "2026 in Arabic-Indic digits), eleven days after as_of 2026-10-19, and reports that the repaired agreement "
       "has already reached the office.")
def h10_r10_arabic_letter(env: Path, task: str) -> None:
    date = "2026/10/30".translate(_R10_ARABIC_DIGITS)
    write_doc(env, task, "dubai/risala.md", (
        f"# رسالة\n\nدبي في {date}\n\n"
        "السيدة ميريام أوكافور المحترمة،\n\n"
        "نؤكد أننا استلمنا اليوم نسخة من الاتفاقية المعدلة الخاصة بالسيد أفيري فونتينو، وسنحفظها في ملف الموظف.\n\n"
        "مع التحية،\nمكتب الاتصال، بايو كريست\n"))


@plant("h10-r10-hindi-letter-devanagari-date-after-as-of", "H10", NE,
       "A Hindi letter from Granite Peak's Pune support office, documents/pune/patra.md, is dated 'पुणे, २० नवंबर २०२६' "
       "(20 November 2026, Devanagari digits), after as_of 2026-11-16, and says Morgan signed the renewal the day "
       "before.")
def h10_r10_hindi_letter(env: Path, task: str) -> None:
    write_doc(env, task, "pune/patra.md", (
        "# पत्र\n\nपुणे, २० नवंबर २०२६\n\n"
        "प्रिय मिरियम जी,\n\n"
        "सूचित किया जाता है कि मॉर्गन टैलिस ने कल, १९ नवंबर २०२६ को, नवीनीकृत समझौते पर हस्ताक्षर कर दिए हैं। "
        "हस्ताक्षरित प्रति हमारे पास सुरक्षित है।\n\n"
        "सादर,\nसहायता कार्यालय, ग्रेनाइट पीक रोबोटिक्स, पुणे\n"))


@plant("h10-r10-vietnamese-today-in-instructions", "H10", TB,
       "A line from the Hanoi office added to the instructions says, in Vietnamese, 'Hôm nay là ngày 12 tháng 11 năm "
       "2026' (today is 12 November 2026), while as_of and the HR request say 2026-11-09.")
def h10_r10_vietnamese_today(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        instructions_add(t, "Ghi chú của văn phòng Hà Nội: Hôm nay là ngày 12 tháng 11 năm 2026.")


@plant("h10-r11-ics-reports-signing-after-as-of", "H10", NE,
       "A calendar entry in documents/calendar/tallis-signed.ics, created 2026-11-24, records as done that Morgan "
       "Tallis signed the renewal that day ('Morgan signed the renewal at the Colorado Springs office today'): an "
       "event after as_of 2026-11-16 reported as past.")
def h10_r11_ics_after(env: Path, task: str) -> None:
    write_doc(env, task, "calendar/tallis-signed.ics", _r11_ics([[
        ("UID", "gp-tallis-signed-20261124@harlowfinch.example.com"),
        ("CREATED", "20261124T231500Z"),
        ("DTSTAMP", "20261124T231500Z"),
        ("DTSTART;VALUE=DATE", "20261124"),
        ("SUMMARY", _r11_ics_escape("Tallis renewal signed; countersigned copy to file")),
        ("DESCRIPTION", _r11_ics_escape("Morgan signed the renewal at the Colorado Springs office today. Original in "
                                        "the HR safe, scan to follow.")),
        ("STATUS", "CONFIRMED"),
    ]], prodid="-//Harlow Finch LLP//Docketing Calendar 4.2//EN"))


@plant("h10-r11-minguo-calendar-date-after-as-of", "H10", CI,
       "A letter from Sierrafold's Taipei office, documents/taipei/letter.md, is dated in the Minguo calendar, "
       "'中華民國115年10月20日' (20 October 2026), after as_of 2026-10-05, and confirms receipt of Sasha's signed "
       "agreement.")
def h10_r11_minguo(env: Path, task: str) -> None:
    write_doc(env, task, "taipei/letter.md", (
        "# 函\n\n中華民國115年10月20日\n\n受文者：Sierrafold Devices, Inc. 法務長 Wendell Park\n\n"
        "主旨：已收到 Sasha Lindgren 簽署之保密及發明讓與協議影本，存檔備查。\n\n"
        "Sierrafold 台北辦公室\n"))


@plant("h10-r11-ics-offer-delivery-date-disagrees", "H10", TB,
       "HR's calendar entry for sending the offer, documents/calendar/offer-delivery.ics, puts 'Send offer and "
       "covenant paperwork to Riley Vandermeer' on 2026-11-23, while the HR request and the offer summary say the "
       "offer goes out on November 16, 2026.")
def h10_r11_ics_disagrees(env: Path, task: str) -> None:
    write_doc(env, task, "calendar/offer-delivery.ics", _r11_ics([[
        ("UID", "aspenline-offer-vandermeer@aspenline.example.com"),
        ("DTSTAMP", "20261109T161000Z"),
        ("DTSTART;VALUE=DATE", "20261123"),
        ("DTEND;VALUE=DATE", "20261124"),
        ("SUMMARY", _r11_ics_escape("Send offer and covenant paperwork to Riley Vandermeer")),
        ("ORGANIZER;CN=Noor Haddad", "mailto:noor.haddad@aspenline.example.com"),
        ("STATUS", "CONFIRMED"),
    ]], prodid="-//Aspenline Payments//People Calendar//EN"))


@plant("h10-c11-vtodo-completed-after-as-of", "H10", TB,
       "HR's task list, documents/calendar/vandermeer-onboarding-tasks.ics, holds a VTODO (not an event) with "
       "STATUS:COMPLETED, PERCENT-COMPLETE:100 and COMPLETED:20261118T221400Z: 'Riley Vandermeer accepted the offer; "
       "signed Colorado notice and agreement returned', reported as done nine days after as_of 2026-11-09.")
def h10_c11_vtodo_completed(env: Path, task: str) -> None:
    write_doc(env, task, "calendar/vandermeer-onboarding-tasks.ics", _r11_ics([[
        ("UID", "aspenline-todo-vandermeer-paperwork@aspenline.example.com"),
        ("CREATED", "20261104T153000Z"),
        ("DTSTAMP", "20261118T221400Z"),
        ("LAST-MODIFIED", "20261118T221400Z"),
        ("DUE;VALUE=DATE", "20261120"),
        ("SUMMARY", _r11_ics_escape("Collect Riley Vandermeer's signed covenant paperwork")),
        ("DESCRIPTION", _r11_ics_escape("Riley Vandermeer accepted the offer; signed Colorado notice and agreement "
                                        "returned, both scanned to the personnel file. Closing this task.")),
        ("STATUS", "COMPLETED"),
        ("PERCENT-COMPLETE", "100"),
        ("COMPLETED", "20261118T221400Z"),
    ]], prodid="-//Aspenline Payments//People Tasks 2.3//EN").replace(b"BEGIN:VEVENT", b"BEGIN:VTODO")
        .replace(b"END:VEVENT", b"END:VTODO"))


@plant("h10-c11-reiwa-kanji-numerals-after-as-of", "H10", NE,
       "A confirmation from Granite Peak's Osaka distributor, documents/osaka/confirmation.md, is dated "
       "'令和八年十一月二十日' (Reiwa 8, in kanji numerals: 20 November 2026), after as_of 2026-11-16, and confirms "
       "that Morgan Tallis has signed the renewed agreement.")
def h10_c11_reiwa_kanji(env: Path, task: str) -> None:
    write_doc(env, task, "osaka/confirmation.md", (
        "# 確認書\n\n令和八年十一月二十日\n\nGranite Peak Robotics, Inc.\nDale Whitford 様\n\n"
        "拝啓　貴社ますますご清栄のこととお慶び申し上げます。\n\n"
        "貴社の技術者モーガン・タリス様が更新後の制限条項契約に署名されたことを確認いたしました。"
        "同様の昇給を反映した保守契約の担当者変更は不要と理解しております。\n\n敬具\n\n"
        "株式会社なにわ搬送システム　営業部\n"))


@plant("h10-c11-minguo-full-width-signing-date-contradicts", "H10", CI,
       "The Taipei office's onboarding schedule, documents/taipei/onboarding-schedule.md (dated before as_of), "
       "schedules Sasha Lindgren's first day and signing of the invention agreement for 民國１１５年１０月１９日 "
       "(full-width digits: 19 October 2026), while the hire details say October 26, 2026.")
def h10_c11_minguo_full_width(env: Path, task: str) -> None:
    date = "民國115年10月19日".translate(_C11_FULL_WIDTH)
    write_doc(env, task, "taipei/onboarding-schedule.md", (
        "# 新進人員報到排程\n\n製表日期：民國115年10月1日\n\n"
        "| 項目 | 日期 | 負責人 |\n|---|---|---|\n"
        f"| Sasha Lindgren 到職（聖荷西）並簽署保密及發明讓與協議 | {date} | Wendell Park |\n"
        "| 台北辦公室遠端設備設定 | 到職後一週內 | IT |\n\n"
        "備註：協議簽署當日須一併交付加州勞動法第2872條之書面通知。\n"))


@plant("h10-r12-thai-buddhist-era-dateline-after-as-of", "H10", AM,
       "A letter from the Bangkok laboratory that analyses Bayou Crest's soil samples, documents/bangkok/letter.md, "
       "is dated 'กรุงเทพฯ, ๒๘ ตุลาคม ๒๕๖๙' (28 October 2569 BE, Thai digits: 28 October 2026), after as_of "
       "2026-10-19.")
def h10_r12_thai_after(env: Path, task: str) -> None:
    write_doc(env, task, "bangkok/letter.md", (
        "# จดหมายจากห้องปฏิบัติการ\n\n" + "กรุงเทพฯ, ๒๘ ตุลาคม ๒๕๖๙\n\n".translate(_R12_THAI_DIGITS) +
        "เรียน บริษัท Bayou Crest Environmental\n\n"
        "ห้องปฏิบัติการของเราได้รับตัวอย่างดินจากโครงการที่เมืองแบตันรูชครบทุกตัวอย่างแล้ว "
        "ผลการวิเคราะห์จะส่งให้ภายในสองสัปดาห์\n\nขอแสดงความนับถือ\n\nฝ่ายบริการลูกค้า\n"))


@plant("h10-r12-vietnamese-dateline-after-as-of", "H10", CI,
       "A letter from Sierrafold's Hanoi design centre, documents/hanoi/thu-xac-nhan.md, is dated 'Hà Nội, ngày 12 "
       "tháng 10 năm 2026' (12 October 2026), a week after as_of 2026-10-05.")
def h10_r12_vietnamese_after(env: Path, task: str) -> None:
    write_doc(env, task, "hanoi/thu-xac-nhan.md", (
        "# Thư xác nhận\n\nHà Nội, ngày 12 tháng 10 năm 2026\n\n"
        "Kính gửi: Ông Wendell Park, Tổng cố vấn pháp lý, Sierrafold Devices, Inc.\n\n"
        "Trung tâm thiết kế Hà Nội xác nhận rằng các kỹ sư của chúng tôi sẽ dùng cùng mẫu khai báo sáng chế "
        "với văn phòng San Jose.\n\nTrân trọng,\n\nTrần Thị Thu Hà\nGiám đốc Trung tâm thiết kế Hà Nội\n"))


@plant("h10-r12-today-as-iso-week-date", "H10", NE,
       "The instructions gain 'Today is 2026-W48-1 (ISO week date).', which is Monday November 23, 2026, a week "
       "after as_of 2026-11-16 and the partner's email.")
def h10_r12_iso_week(env: Path, task: str) -> None:
    import datetime
    assert datetime.date.fromisocalendar(2026, 48, 1) == datetime.date(2026, 11, 23)
    with task_json(env, task) as t:
        assert t["oafreeze"]["as_of"] == "2026-11-16"
        instructions_add(t, "Today is 2026-W48-1 (ISO week date).")


@plant("h10-r12-org-closed-timestamp-after-as-of", "H10", TB,
       "The paralegal's Org-mode matter file, documents/paralegal/aspenline.org, records 'Send offer pack to Noor' as "
       "DONE with 'CLOSED: [2026-11-16 Mon 17:40]': an event a week after as_of 2026-11-09 logged as already done.")
def h10_r12_org_closed(env: Path, task: str) -> None:
    write_doc(env, task, "paralegal/aspenline.org", (
        "#+TITLE: Aspenline / Riley Vandermeer\n#+STARTUP: overview\n\n"
        "* DONE Open the file and run conflicts\n  CLOSED: [2026-11-09 Mon 09:05]\n"
        "* DONE Send offer pack to Noor\n  CLOSED: [2026-11-16 Mon 17:40]\n"
        "  Agreement, notice and offer letter sent; Noor confirmed receipt.\n"))


@plant("h10-c12-taskpaper-done-stamp-after-as-of", "H10", NE,
       "The paralegal's TaskPaper list, documents/paralegal/tallis.taskpaper, marks 'Hand the renewal to Morgan' "
       "@done(2026-11-23): an event recorded as done a week after as_of 2026-11-16, the day the work is done.")
def h10_c12_taskpaper(env: Path, task: str) -> None:
    write_doc(env, task, "paralegal/tallis.taskpaper", (
        "Tallis renewal:\n"
        "\t- Client approved last year's wording @done(2025-12-02)\n"
        "\t- Receive the partner's three edits @done(2026-11-16)\n"
        "\t- Hand the renewal to Morgan @done(2026-11-23)\n"
        "\t- File the signed copy @due(2026-12-14)\n"))


@plant("h10-c12-solar-hijri-dateline-after-as-of", "H10", CA,
       "A Persian certificate from the translator of Halden's form, documents/hr/translation-certificate-fa.md, is "
       "dated 'سیاتل، ۲۰ آبان ۱۴۰۵' (20 Aban 1405 in the Solar Hijri calendar = 11 November 2026), after as_of "
       "2026-10-26.")
def h10_c12_solar_hijri(env: Path, task: str) -> None:
    write_doc(env, task, "hr/translation-certificate-fa.md", (
        "# گواهی ترجمه\n\nاینجانب، مترجم رسمی زبان فارسی، گواهی می‌کنم که فرم WA-2021-3 شرکت Halden Marine Supply "
        "را برای کارکنان فارسی‌زبان انبار به فارسی ترجمه کرده‌ام و ترجمه با متن انگلیسی مطابقت دارد.\n\n"
        + "سیاتل، 20 آبان 1405\n".translate(_C12_PERSIAN_DIGITS) + "\nدفتر ترجمه پارس‌نو\n"))


@near_miss("h10-nm-r13-utc-timestamp-is-evening-in-colorado", "H10", NE,
           "documents/mail/from-dale.eml is dated 'Tue, 17 Nov 2026 02:10:00 +0000': 7:10 p.m. on November 16 in "
           "Colorado Springs, the task's as_of day, as its body says.",
           "H10 wants one consistent story; the UTC timestamp's calendar date is the next day, but the instant is the "
           "evening of as_of in Colorado (UTC-7), so nothing is dated after as_of.")
def h10_nm_r13_utc(env: Path, task: str) -> None:
    write_doc(env, task, "mail/from-dale.eml", email(
        "Dale Whitford <dale.whitford@granitepeak.example.com>", "Miriam Okafor <miriam.okafor@harlowfinch.example.com>",
        "Tue, 17 Nov 2026 02:10:00 +0000", "Tallis renewal",
        "Miriam,\n\nWriting at 7:10 this evening from Colorado Springs: we are ready to hand Morgan the renewal on "
        "November 23 as planned.\n\nDale"))


@plant("h10-r13-hungarian-dateline-after-as-of", "H10", TB,
       "A letter from Aspenline's Budapest sister company, documents/budapest/level.md, is dated '2026. november 12.' "
       "(Hungarian year-first form), three days after the task's as_of of 2026-11-09.")
def h10_r13_hungarian(env: Path, task: str) -> None:
    write_doc(env, task, "budapest/level.md", (
        "# Levél az Aspenline budapesti csoportjától\n\nBudapest, 2026. november 12.\n\n"
        "Kedves Miriam!\n\nRiley Vandermeer a decemberi budapesti képzésen is részt vesz. Kérjük, jelezze, ha ehhez "
        "bármilyen további dokumentum szükséges.\n\nÜdvözlettel:\nKovács Eszter\n"))


@plant("h10-r13-tomorrow-is-not-the-handover-day", "H10", NE,
       "The instructions add 'The client hands the renewal to Morgan tomorrow': with as_of 2026-11-16 that is "
       "November 17, while the partner's email and note-asks-decision say November 23.")
def h10_r13_tomorrow(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        instructions_add(t, "The client hands the renewal to Morgan tomorrow, so the note must reach the partner "
                            "today.")


@plant("h10-r13-start-a-week-from-today", "H10", AM,
       "The instructions add 'Avery Fontenot starts work a week from today': with as_of 2026-10-19 that is October "
       "26, while the partner's email and effective-first-day say November 2, 2026.")
def h10_r13_week_from_today(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        instructions_add(t, "Avery Fontenot starts work a week from today and signs on the first day.")


@plant("h10-r5-relative-start-contradicts-offer-summary", "H10", TB,
       "The instructions add that Riley 'starts next Monday' (November 16 from as_of 2026-11-09); the offer summary "
       "gives a start date of December 7, 2026.")
def h10_r5_relative(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        instructions_add(t, "Riley starts next Monday, so everything must be ready to go out with the offer this week.")


@plant("h10-r14-esign-audit-epoch-after-as-of", "H10", CI,
       "An e-signature audit trail, documents/esign/envelope-lindgren-audit.json, records in epoch milliseconds that "
       "the envelope with Sasha's agreement and notice was sent on October 19 and completed on October 26, 2026: "
       "events after as_of 2026-10-05, presented as past.")
def h10_r14_epoch_future(env: Path, task: str) -> None:
    events = [("sent", "2026-10-19T16:02:11Z"), ("delivered", "2026-10-19T16:02:14Z"),
              ("signed", "2026-10-26T16:48:03Z"), ("completed", "2026-10-26T17:05:40Z")]
    write_doc(env, task, "esign/envelope-lindgren-audit.json", json.dumps({
        "envelopeId": "7f3c1a9e-2b64-4d0a-9c11-5e8f0b2d6a37", "status": "completed",
        "documents": ["Confidentiality and Invention Assignment Agreement", "Section 2872 Notice"],
        "signer": {"name": "Sasha Lindgren", "email": "sasha.lindgren@example.com"},
        "events": [{"type": kind, "timestamp": _r14_epoch_ms(when)} for kind, when in events],
    }, indent=2) + "\n")


@plant("h10-r14-trap-description-gives-another-signing-day", "H10", SD,
       "The trap's description says the agreement will be signed on January 4, 2027; the hire details, the criteria "
       "and the seeded step-up all turn on January 5, 2027.")
def h10_r14_trap_date(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        trap = t["oafreeze"]["trap"]
        trap["description"] = replace_text(trap["description"], "will be signed on January 5, 2027",
                                           "will be signed on January 4, 2027")


@plant("h10-r14-deliverable-description-gives-another-offer-day", "H10", TB,
       "The notice's deliverable description says it goes out with the offer on November 18, 2026; the HR request, "
       "the offer summary and the criteria say the offer is delivered on November 16, 2026.")
def h10_r14_description_date(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        name = "vandermeer-noncompete-notice.md"
        assert t["deliverables"][name] == "The separate Colorado notice for Riley Vandermeer, ready to deliver and sign."
        t["deliverables"][name] = ("The separate Colorado notice for Riley Vandermeer, ready to deliver with the offer "
                                   "on November 18, 2026 and sign.")


# --- from the fifteenth held-out round ---


@plant("h10-r15-yesterday-names-the-as-of-day", "H10", NE,
       "The instructions add 'Miriam's email came in yesterday, November 16, 2026': if yesterday was the 16th, the "
       "work is done on November 17, not on as_of 2026-11-16 (the day the email itself is dated).")
def h10_r15_yesterday(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        assert t["oafreeze"]["as_of"] == "2026-11-16"
        instructions_add(t, "Miriam's email came in yesterday, November 16, 2026; she is out today and will read "
                            "your note tomorrow morning.")


@plant("h10-r15-odt-letter-dated-after-as-of", "H10", CA,
       "A letter from Halden's HRIS vendor, documents/vendor/workline-letter.odt (OpenDocument), confirming that Form "
       "WA-2021-3 is loaded for the next hiring cycle, is dated 'Seattle, November 3, 2026': after as_of "
       "2026-10-26, a letter the client cannot yet have.")
def h10_r15_odt_late(env: Path, task: str) -> None:
    write_doc(env, task, "vendor/workline-letter.odt", _r9_odt([
        "Workline HRIS, Inc.", "Seattle, November 3, 2026", "Petra Lindahl, Director of Human Resources, Halden Marine "
        "Supply Co.", "Dear Ms. Lindahl,", "As discussed on our call, Form WA-2021-3 is loaded in your offer workflow "
        "for the next hiring cycle. Tell us when a refreshed form is ready and we will swap it in within two "
        "business days.", "Kind regards,", "Support team, Workline HRIS"], title="Form load confirmation",
        creator="Workline Support"))


@near_miss("h10-nm-r15-yesterday-consistent", "H10", NE,
           "The instructions add 'Miriam's email came in this morning, November 16, 2026; the client confirmed "
           "yesterday, November 15, 2026, that the hand-over on November 23 stands.'",
           "HYGIENE.md H10 wants the instructions' dates to agree with as_of; 'this morning' is November 16 and "
           "'yesterday' November 15, both consistent with as_of 2026-11-16 and with the partner's email.")
def h10_nm_r15_yesterday(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        instructions_add(t, "Miriam's email came in this morning, November 16, 2026; the client confirmed yesterday, "
                            "November 15, 2026, that the hand-over on November 23 stands.")


# --- from the sixteenth held-out round ---


@plant("h10-r16-deadline-weekday-contradicts-date", "H10", NE,
       "The instructions add that the partner needs the note 'by Thursday, November 20, 2026'; November 20, 2026 is "
       "a Friday, so the deadline names two different days.")
def h10_r16_weekday(env: Path, task: str) -> None:
    import datetime

    assert datetime.date(2026, 11, 20).strftime("%A") == "Friday"
    with task_json(env, task) as t:
        instructions_add(t, "Miriam needs the note by Thursday, November 20, 2026, before her call with Granite Peak.")


@plant("h10-r16-tracker-records-future-events-as-done", "H10", TB,
       "Aspenline's offer tracker, documents/hr/offer-tracker.xlsx, records 'Offer package delivered to Riley' on "
       "2026-11-16 and 'Riley accepted the offer' on 2026-11-18 as Done, dates Excel stores as day serials: events "
       "after as_of 2026-11-09 reported as past.")
def h10_r16_tracker(env: Path, task: str) -> None:
    write_doc(env, task, "hr/offer-tracker.xlsx", _r16_xlsx_with_dates([
        ["Step", "Date", "Status"],
        ["Offer approved by Finance", ("date", "2026-11-04"), "Done"],
        ["Offer package delivered to Riley", ("date", "2026-11-16"), "Done"],
        ["Riley accepted the offer", ("date", "2026-11-18"), "Done"],
        ["First day", ("date", "2026-12-07"), "Planned"],
    ], sheet="Riley Vandermeer"))


# --- from the seventeenth held-out round ---


@plant("h10-r17-hire-details-report-finished-onboarding", "H10", CI,
       "The hire details gain a status line saying Sasha's onboarding was completed on October 28, 2026 (badge, "
       "laptop and payroll record): a past-tense report of an event after as_of 2026-10-05 and after the start date "
       "the client still awaits.")
def h10_r17_future_past(env: Path, task: str) -> None:
    append_doc(env, task, "hire-details.md",
               "- Onboarding status: completed on October 28, 2026 (badge issued, laptop imaged, payroll record "
               "created)")


@plant("h10-r17-excerpt-heading-moves-effective-year", "H10", SD,
       "The Illinois excerpt's heading now says the amended Act applies to covenants entered into on or after "
       "January 1, 2028, while the seeded entries give it effective 2022-01-01 and the task turns on a January 2027 "
       "signing.")
def h10_r17_heading(env: Path, task: str) -> None:
    edit_doc(env, task, "illinois-statute-excerpt.md", "entered into on or after January 1, 2022",
             "entered into on or after January 1, 2028")


# --- eighteenth held-out round: cases that informed a change ---


@plant("h10-r18-email-body-today-disagrees-with-date", "H10", TB,
       "Noor's email, dated 2026-11-09 like as_of, now says 'We confirmed Riley's references today, Thursday, "
       "November 12': the body's today is three days after its Date line and the day the work is done.")
def h10_r18_body_today(env: Path, task: str) -> None:
    edit_doc(env, task, "hr-request.md", "Offer details are in the summary I attached.",
             "Offer details are in the summary I attached. We confirmed Riley's references today, Thursday, November "
             "12.")


# --- nineteenth held-out round: a reply older than its message, a placement rule narrowed in its text ---


@plant("h10-r19-reply-dated-before-the-message-it-answers", "H10", SD,
       "An email thread, documents/correspondence/ellery-timing.eml: Maplestone's HR director answers on Thursday, "
       "29 October 2026 a question that the quoted original from Miriam is dated Friday, 30 October 2026, a day "
       "later.")
def h10_r19_reply_before(env: Path, task: str) -> None:
    import datetime

    assert datetime.date(2026, 10, 29).strftime("%a") == "Thu" and datetime.date(2026, 10, 30).strftime("%a") == "Fri"
    write_doc(env, task, "correspondence/ellery-timing.eml", (
        "From: Dana Pruitt <dana.pruitt@maplestone.example.com>\n"
        "To: Miriam Okafor <miriam.okafor@harlowfinch.example.com>\n"
        "Date: Thu, 29 Oct 2026 10:12:00 -0500\nSubject: RE: Jordan Ellery: timing of the agreement\n"
        "In-Reply-To: <20261030094000.okafor@harlowfinch.example.com>\n"
        "MIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n\n"
        "Miriam,\n\nYes: we hand Jordan the agreement on December 18 and Jordan signs on the first day, January 5.\n\n"
        "Dana Pruitt, HR Director\n\n"
        "On Fri, 30 Oct 2026 at 09:40, Miriam Okafor <miriam.okafor@harlowfinch.example.com> wrote:\n"
        "> Dana, can you confirm when Jordan receives the agreement and when Jordan signs it?\n> Miriam\n"))


# --- Moved from the held-out set (twentieth round and older misses), 2026-12-04 ---


@plant("h10-r20-today-is-friday-on-a-monday", "H10", NE,
       "The instructions add 'It is Friday afternoon, and Miriam wants your note before she leaves for the weekend.'; "
       "as_of 2026-11-16, the day of the partner's email, is a Monday.")
def h10_r20_friday(env: Path, task: str) -> None:
    import datetime

    assert datetime.date(2026, 11, 16).strftime("%A") == "Monday"
    with task_json(env, task) as t:
        assert t["oafreeze"]["as_of"] == "2026-11-16"
        instructions_add(t, "It is Friday afternoon, and Miriam wants your note before she leaves for the weekend.")


@plant("h10-r20-seeded-effective-date-is-the-enactment-date", "H10", SD,
       "The seeded entry for 820 ILCS 90/20 gives effective_date 2021-08-13, the day Public Act 102-358 was approved; "
       "the excerpt it declares says the amended Act applies to covenants entered into on or after January 1, 2022.")
def h10_r20_enactment_date(env: Path, task: str) -> None:
    assert "on or after January 1, 2022" in read_doc(env, task, "illinois-statute-excerpt.md")
    with task_json(env, task) as t:
        entry = seeded(t, "820 ILCS 90/20")
        assert entry["effective_date"] == "2022-01-01"
        entry["effective_date"] = "2021-08-13"


@plant("h10-r20-past-memo-given-another-date", "H10", AM,
       "The instructions add that 'our litigation group's memo of July 14, 2026' explains the defects; the memo in the "
       "workspace is dated 2026-06-30.")
def h10_r20_memo_date(env: Path, task: str) -> None:
    assert "Date: 2026-06-30" in read_doc(env, task, "litigation-memo.md")
    with task_json(env, task) as t:
        instructions_add(t, "Our litigation group's memo of July 14, 2026 explains why the standard agreement would "
                            "not hold up; use its conclusions, not its wording.")


@near_miss("h10-nm-r20-today-is-monday", "H10", NE,
           "The instructions add 'It is Monday; Miriam wants your note before her four o'clock client call today.'",
           "HYGIENE.md H10 wants 'today' to agree with as_of; as_of 2026-11-16 is a Monday, the day of the partner's "
           "email.")
def h10_nm_r20_monday(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        assert t["oafreeze"]["as_of"] == "2026-11-16"
        instructions_add(t, "It is Monday; Miriam wants your note before her four o'clock client call today.")


# --- moved from the held-out set on 2026-12-04 (the cases that informed this round's changes) ----------------------


@plant("h10-r21-time-entry-after-as-of", "H10", NE,
       "The matter's time entries, documents/billing/tallis-time.xlsx (dates as Excel date cells), record as done "
       "on November 18, 2026 a call with Dale Whitford confirming the hand-over; as_of is November 16, 2026.")
def h10_r21_time_entries(env: Path, task: str) -> None:
    import datetime as dt

    write_doc(env, task, "billing/tallis-time.xlsx", _r21_dw().xlsx({"Time": [
        ["Date", "Timekeeper", "Hours", "Narrative"],
        [dt.date(2026, 11, 12), "MO", 0.3, "Review client's renewal request and Morgan Tallis raise."],
        [dt.date(2026, 11, 16), "MO", 0.2, "Instructions to associate: three edits to the Tallis agreement."],
        [dt.date(2026, 11, 18), "MO", 0.4, "Call with Dale Whitford; confirmed hand-over of the renewal to Morgan "
                                           "Tallis on November 23."],
    ]}))



@plant("h10-r21-criterion-day-count-contradicts-dates", "H10", SD,
       "illinois-review-and-counsel now says Jordan received the agreement on December 18, 2026, 'three weeks "
       "before signing on January 5, 2027': the two dates are 18 days apart, and three weeks before January 5 is "
       "December 15.")
def h10_r21_three_weeks(env: Path, task: str) -> None:
    _reword(env, task, "illinois-review-and-counsel",
            "records the date Jordan received the agreement, at least 14 calendar days before signing.",
            "records that Jordan received the agreement on December 18, 2026, three weeks before signing on "
            "January 5, 2027.")



@plant("h10-r19-note-recalls-a-call-still-to-come", "H10", TB,
       "Noor's note to file, documents/hr/call-note-riley.md, written on 2026-11-04, reports in the past tense what "
       "Riley said 'on our call on November 12', a call after both the note's date and as_of 2026-11-09.")
def h10_r19_future_call(env: Path, task: str) -> None:
    write_doc(env, task, "hr/call-note-riley.md", (
        "# Note to file: Riley Vandermeer\n\nWritten by Noor Haddad, 2026-11-04.\n\n"
        "On our call on November 12, Riley confirmed the December 7 start date and asked to receive the covenant "
        "paperwork together with the offer rather than after it. Riley also asked whether the Denver office has "
        "parking; I said it does.\n"))



@near_miss("h10-nm-r5-relative-date-that-agrees", "H10", NE,
           "The partner's instructions gain a postscript: Morgan gets the agreement 'a week today, on Monday 23 "
           "November'.",
           "as_of 2026-11-16 is a Monday and a week later is Monday 23 November 2026, the hand-over day the email "
           "already gives, so the relative date, the weekday and the documents agree.")
def h10_nm_r5_relative_ok(env: Path, task: str) -> None:
    append_doc(env, task, "partner-instructions.md",
               "P.S. Morgan gets the agreement a week today, on Monday 23 November, so I would like your note first.")


# --- moved from the held-out set on 2026-12-04 (cases that informed a change after the twenty-third and twenty-fourth rounds)


@plant("h10-r23-title-gives-another-signing-month", "H10", SD,
       "The task's title says Jordan 'signs in February 2027'; the hire details, the criteria and the trap say the "
       "agreement is signed on January 5, 2027.")
def h10_r23_title(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        t["title"] = replace_text(t["title"], "signs in January 2027", "signs in February 2027")


@plant("h10-r23-screenshot-created-after-as-of", "H10", NE,
       "A screenshot of Granite Peak's HR portal, documents/client/portal-status.png, carries a PNG 'Creation Time' "
       "of November 19, 2026, three days after the task's as_of (2026-11-16).")
def h10_r23_png_late(env: Path, task: str) -> None:
    write_doc(env, task, "client/portal-status.png", _r21_dw().png(text={
        "Title": "Granite Peak HR portal: Tallis renewal status",
        "Creation Time": "Thu, 19 Nov 2026 14:02:11 -0700",
        "Software": "Screenshot tool"}))


@plant("h10-r16-docx-created-after-as-of", "H10", CI,
       "Sasha's prior-invention disclosure, documents/sierrafold/lindgren-prior-invention-disclosure.docx, is the "
       "signed copy: its core properties say it was created and last saved by Sasha Lindgren on 2026-10-26, the "
       "first day of work, three weeks after as_of 2026-10-05.")
def h10_r16_core_dates(env: Path, task: str) -> None:
    write_doc(env, task, "sierrafold/lindgren-prior-invention-disclosure.docx", _r14_docx(
        ["Prior invention disclosure", "Employee: Sasha Lindgren", "Invention kept by the employee: soil-moisture "
         "sensor calibration method (2024)", "Signed: Sasha Lindgren"],
        core={"dc:title": "Prior invention disclosure - S. Lindgren", "dc:creator": "Sasha Lindgren",
              "cp:lastModifiedBy": "Sasha Lindgren", "dcterms:created": "2026-10-26T16:40:00Z",
              "dcterms:modified": "2026-10-26T16:52:00Z"}))


@near_miss("h10-nm-r23-screenshot-created-before-as-of", "H10", CI,
           "A screenshot of Sierrafold's onboarding portal, documents/hr/portal-start-date.png, carries a PNG "
           "'Creation Time' of October 2, 2026, three days before as_of (2026-10-05).",
           "HYGIENE.md H10: a document made before as_of fits the story; the screenshot shows the October 26 start "
           "date that the request and the hire details give.")
def h10_nm_r23_png(env: Path, task: str) -> None:
    write_doc(env, task, "hr/portal-start-date.png", _r21_dw().png(text={
        "Title": "Onboarding portal: Sasha Lindgren, start date October 26, 2026",
        "Creation Time": "Fri, 02 Oct 2026 09:41:07 -0700",
        "Software": "Screenshot tool"}))


@plant("h10-r24-tracker-date-cell-records-offer-as-sent", "H10", TB,
       "HR's offer tracker, documents/hr/offer-tracker.xlsx, records Riley's offer as 'Sent' on a date cell of "
       "2026-11-16 (an Excel date serial), a week after as_of 2026-11-09, the day the papers are being drafted.")
def h10_r24_tracker(env: Path, task: str) -> None:
    import datetime as dt
    write_doc(env, task, "hr/offer-tracker.xlsx", _r21_dw().xlsx({"Offers": [
        ["Candidate", "Role", "Offer sent", "Status"],
        ["Riley Vandermeer", "Account Executive", dt.date(2026, 11, 16), "Sent with covenant papers; awaiting "
                                                                         "signature"]]}))


# --- moved from the held-out set on 2026-12-04 (cases that informed a change after the twenty-sixth round) -------


@plant("h10-r25-instructions-year-behind", "H10", CI,
       "The instructions add 'Sasha signs on the start date, October 26, 2025', a year before as_of and the hire "
       "details.")
def h10_r25_year_behind(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        instructions_add(t, "Sasha signs the agreement and the notice on the start date, October 26, 2025.")


@plant("h10-r25-board-minutes-after-as-of", "H10", CA,
       "documents/hr/board-minutes.docx records that on November 9, 2026 Halden's board approved the refreshed form "
       "and it went into use; as_of is 2026-10-26.")
def h10_r25_minutes(env: Path, task: str) -> None:
    write_doc(env, task, "hr/board-minutes.docx", docx_bytes([
        "Halden Marine Supply Co.: minutes of the board meeting of November 9, 2026",
        "The board approved the refreshed Washington covenant form, which HR began using on November 10, 2026."]))


# --- moved from the held-out set on 2026-12-04 (cases that informed a change after the twenty-eighth round) -----


@plant("h10-r28-alert-called-last-months", "H10", CA,
       "The instructions add 'The client alert came out last month, so its figures are current.'; the alert is "
       "dated 2026-02-09 and as_of is 2026-10-26, so last month would be September 2026.")
def h10_r28_last_month(env: Path, task: str) -> None:
    assert "Published 2026-02-09" in read_doc(env, task, "client-alert.md")
    with task_json(env, task) as t:
        assert t["oafreeze"]["as_of"] == "2026-10-26"
        instructions_add(t, "The client alert came out last month, so its figures are current.")


@plant("h10-r28-trap-dates-the-step-up-to-mid-2026", "H10", SD,
       "The trap description now says the $80,000 Illinois floor 'took effect on July 1, 2026'; the statute excerpt "
       "and the seeded quote give January 1, 2027, and on the task's as_of (2026-11-02) the floor would already apply.")
def h10_r28_trap_july(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        trap = t["oafreeze"]["trap"]
        trap["description"] = replace_text(trap["description"], "when the floor is $80,000,",
                                           "when the floor is $80,000 (the step-up took effect on July 1, 2026),")


@plant("h10-r28-effective-date-before-the-amendment-it-names", "H10", TB,
       "The seeded_law entry for C.R.S. § 8-2-113(2)(b) gives effective_date 2022-08-10, while its verified_against "
       "says the quoted text is as amended by SB 25-083, in force from August 6, 2025.")
def h10_r28_amendment(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        entry = seeded(t, "C.R.S. § 8-2-113(2)(b)")
        assert entry["effective_date"] == "2025-08-06" and "SB 25-083" in entry["verified_against"]
        entry["effective_date"] = "2022-08-10"


@plant("h10-r27-today-defined-as-signing-day", "H10", CI,
       "The instructions add 'Work as of Sasha's first day: today is the day Sasha signs the agreement.', which the "
       "hire details put on October 26, 2026; as_of is 2026-10-05.")
def h10_r27_today(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        assert t["oafreeze"]["as_of"] == "2026-10-05"
        instructions_add(t, "Work as of Sasha's first day: today is the day Sasha signs the agreement.")


# --- moved from the held-out set on 2026-12-04 (cases that informed a change after the thirtieth and thirty-first rounds) -----


@near_miss("h10-nm-r30-copy-goes-out-46-days-from-today", "H10", SD,
           "The instructions add: 'Jordan's copy of the agreement goes out 46 days from today, on December 18, "
           "2026.'; as_of is 2026-11-02.",
           "HYGIENE.md H10 asks the instructions' dates to agree with as_of and the documents; November 2, 2026 plus "
           "46 days is December 18, 2026, the delivery date in the hire details.")
def h10_nm_r30_46_days(env: Path, task: str) -> None:
    import datetime as dt
    with task_json(env, task) as t:
        assert t["oafreeze"]["as_of"] == "2026-11-02"
        assert dt.date(2026, 11, 2) + dt.timedelta(days=46) == dt.date(2026, 12, 18)
        instructions_add(t, "Jordan's copy of the agreement goes out 46 days from today, on December 18, 2026.")


@plant("h10-r29-today-as-monday-before-thanksgiving", "H10", TB,
       "The instructions add 'Today is the Monday before Thanksgiving, 2026.', which is November 23, 2026; as_of is "
       "2026-11-09.")
def h10_r29_thanksgiving(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        assert t["oafreeze"]["as_of"] == "2026-11-09"
        instructions_add(t, "Today is the Monday before Thanksgiving, 2026.")


@plant("h10-r31-ethiopian-calendar-letter-after-as-of", "H10", CA,
       "documents/suppliers/addis-marine-letter.md, an Amharic letter from a Seattle chandlery, is dated ኅዳር 3 ቀን "
       "2019 ዓ.ም. in the Ethiopian calendar, that is November 12, 2026, after the task's as_of (2026-10-26).")
def h10_r31_ethiopian(env: Path, task: str) -> None:
    import datetime as dt
    with task_json(env, task) as t:
        assert t["oafreeze"]["as_of"] == "2026-10-26"
    # 1 Meskerem 2019 E.C. is September 11, 2026; Meskerem and Tikimt have 30 days each, so 3 Hidar is day 63.
    assert dt.date(2026, 9, 11) + dt.timedelta(days=62) == dt.date(2026, 11, 12)
    write_doc(env, task, "suppliers/addis-marine-letter.md", (
        "# አዲስ ማሪን ሰፕላይ\n\n"
        "ቀን፦ ኅዳር 3 ቀን 2019 ዓ.ም.\n\n"
        "ለሃልደን ማሪን ሰፕላይ ኩባንያ፣ የሰው ሀብት ክፍል\n\n"
        "የላካችሁልንን የትዕዛዝ ደብዳቤ ተቀብለናል። ዕቃዎቹን በሚቀጥለው ሳምንት እንልካለን።\n\n"
        "ከሰላምታ ጋር፣\nአዲስ ማሪን ሰፕላይ\n"))


@plant("h10-r32-handover-this-friday", "H10", NE,
       "The partner's email of Monday, November 16, 2026 now says the client hands the renewal to Morgan 'this "
       "Friday', that is November 20, 2026; note-asks-decision gives November 23, 2026.")
def h10_r32_this_friday(env: Path, task: str) -> None:
    import datetime as dt
    assert dt.date(2026, 11, 16).weekday() == 0 and dt.date(2026, 11, 20).weekday() == 4
    assert "November 23, 2026" in _match(env, task, "note-asks-decision")
    edit_doc(env, task, "partner-instructions.md", "hand the renewal to Morgan on November 23 so that",
             "hand the renewal to Morgan this Friday so that")


@plant("h10-r32-instructions-say-guide-reviewed-last-week", "H10", TB,
       "The instructions add that the firm's Colorado practice guide 'was reviewed last week', that is in the week of "
       "November 2, 2026 (as_of is November 9); the mounted guide's front matter gives its review date as "
       "2026-09-24.")
def h10_r32_last_week(env: Path, task: str) -> None:
    guide = kb(env, task, "practice-guides/non-compete/us/colorado.md").read_text("utf-8")
    assert "timestamp: '2026-09-24'" in guide
    with task_json(env, task) as t:
        assert t["oafreeze"]["as_of"] == "2026-11-09"
        instructions_add(t, "Use the firm's Colorado practice guide for the figures: it was reviewed last week and is "
                            "current.")


@plant("h10-r33-request-sent-last-friday", "H10", CA,
       "The instructions now say Petra sent her request 'last Friday'; today, per the instructions and as_of, is "
       "Monday, October 26, 2026, and client-request.md is dated 2026-10-26, not Friday, October 23.")
def h10_r33_last_friday(env: Path, task: str) -> None:
    import datetime as dt
    assert dt.date(2026, 10, 26).weekday() == 0
    assert "Date: 2026-10-26" in read_doc(env, task, "client-request.md")
    with task_json(env, task) as t:
        assert t["oafreeze"]["as_of"] == "2026-10-26"
        instructions_add(t, "Today is Monday, October 26, 2026. Petra sent her request last Friday, and she would like "
                            "the refreshed form this week.")


@plant("h10-r33-tracked-change-dated-after-as-of", "H10", AM,
       "documents/client/standard-agreement-lucien-edits.docx, Lucien's marked-up copy of the standard agreement, "
       "carries a tracked insertion dated 2026-10-28 (w:date=\"2026-10-28T15:40:00Z\"), nine days after the task's "
       "as_of of October 19, 2026.")
def h10_r33_tracked_after(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        assert t["oafreeze"]["as_of"] == "2026-10-19"
    data = _r9_docx([
        "BAYOU CREST ENVIRONMENTAL, L.L.C. EMPLOYEE COVENANT AGREEMENT",
        [("", "Employee will keep the Company's confidential information, including bid pricing, site assessments"),
         ("ins", ", equipment rental rates"), ("", " and client lists, in confidence during and after employment.")],
    ], author="Lucien Arceneaux", date="2026-10-28T15:40:00Z")
    assert 'w:date="2026-10-28T15:40:00Z"' in _r33_docx_text(data, "word/document.xml")
    write_doc(env, task, "client/standard-agreement-lucien-edits.docx", data)


@plant("h10-r35-reply-quotes-a-later-message", "H10", TB,
       "documents/hr/notice-signed-thread.eml is Noor's reply dated Mon, 9 Nov 2026 (the as_of day), yet it quotes "
       "'On Tue, Nov 17, 2026 ... Miriam Okafor wrote:' reporting that Riley signed the Colorado notice that morning: "
       "a message from after as_of, describing the signing as done.")
def h10_r35_later_quote(env: Path, task: str) -> None:
    assert load_task(env, task)["oafreeze"]["as_of"] == "2026-11-09"
    write_doc(env, task, "hr/notice-signed-thread.eml", email(
        "Noor Haddad <noor.haddad@aspenline.example.com>", "Miriam Okafor <miriam.okafor@harlowfinch.example.com>",
        "Mon, 9 Nov 2026 16:40:00 -0700", "Re: Riley Vandermeer: notice signed",
        "Miriam,\n\nThanks. I have filed the signed notice with Riley's offer papers.\n\nNoor\n\n"
        "On Tue, Nov 17, 2026 at 9:05 AM Miriam Okafor <miriam.okafor@harlowfinch.example.com> wrote:\n"
        "> Noor, Riley signed the Colorado notice this morning, before accepting the offer. Please keep the signed\n"
        "> copy with the agreement.\n"))


@plant("h10-r35-instructions-date-the-library-review-after-as-of", "H10", NE,
       "The instructions now say the practice guides 'were last reviewed on December 1, 2026': after the task's as_of "
       "of November 16, 2026, and against the guides' own review dates in September 2026.")
def h10_r35_review_date(env: Path, task: str) -> None:
    guide = kb(env, task, "practice-guides/non-compete/us/colorado.md").read_text("utf-8")
    assert "timestamp: '2026-09-24'" in guide
    with task_json(env, task) as t:
        t["instructions"] = replace_text(t["instructions"], "are in documents/knowledge-base/.",
                                         "are in documents/knowledge-base/; the practice guides were last reviewed on "
                                         "December 1, 2026.")


@plant("h10-r34-last-monday-of-this-month", "H10", NE,
       "The instructions add that the client hands the renewal to Morgan 'on the last Monday of this month': in "
       "November 2026 that is November 30, while the partner's email and the criteria say November 23.")
def h10_r34_last_monday(env: Path, task: str) -> None:
    import datetime

    assert datetime.date(2026, 11, 30).weekday() == 0 and load_task(env, task)["oafreeze"]["as_of"] == "2026-11-16"
    assert "on November 23" in read_doc(env, task, "partner-instructions.md")
    with task_json(env, task) as t:
        instructions_add(t, "The client hands the renewal to Morgan on the last Monday of this month.")


@plant("h10-r34-memo-approved-eighteen-months-ago", "H10", SD,
       "The partner's email (dated 2026-11-02) now says former counsel approved the form 'eighteen months ago', that "
       "is about May 2025; the approval memo it attaches is dated 2023-02-01.")
def h10_r34_eighteen_months(env: Path, task: str) -> None:
    assert "Date: 2023-02-01" in read_doc(env, task, "form-approval-memo-2023.md")
    edit_doc(env, task, "partner-email.md", "approved this form for Illinois in 2023 (their memo is attached)",
             "approved this form for Illinois eighteen months ago (their memo is attached)")


@plant("h10-r36-note-gives-later-kb-review-date", "H10", NE,
       "documents/research/threshold-check.md says it relied on the firm's twelve-state survey 'current as of December "
       "1, 2026': the survey in the knowledge base is current as of October 1, 2026, and December 1 is after the task's "
       "as_of of November 16, 2026.")
def h10_r36_kb_review_date(env: Path, task: str) -> None:
    survey = kb(env, task, "surveys/non-compete/us.md").read_text("utf-8")
    assert "current as of October 1, 2026" in survey.replace("\n  ", " ")
    write_doc(env, task, "research/threshold-check.md", (
        "# Threshold check for the Tallis renewal\n\n"
        "Source: the firm's twelve-state survey (documents/knowledge-base/surveys/non-compete/us.md), current as of "
        "December 1, 2026.\n\n"
        "I compared the survey's Colorado row with the Colorado law file on the matter; they agree.\n"))


@plant("h10-r22-start-date-year-slip-in-offer-summary", "H10", TB,
       "The offer summary gives Riley's start date as December 7, 2025, eleven months before the request (2026-11-09) "
       "that says Riley is being hired now and the offer goes out November 16, 2026.")
def h10_r22_year_slip(env: Path, task: str) -> None:
    edit_doc(env, task, "offer-summary.md", "Start date: December 7, 2026", "Start date: December 7, 2025")


@plant("h10-r37-excerpt-current-as-of-after-as-of", "H10", SD,
       "documents/illinois-statute-excerpt.md now ends 'Text current as of November 24, 2026 (firm statute "
       "service).': a workspace excerpt claims to be current at a date three weeks after the task's as_of of "
       "November 2, 2026.")
def h10_r37_current_after(env: Path, task: str) -> None:
    assert load_task(env, task)["oafreeze"]["as_of"] == "2026-11-02"
    append_doc(env, task, "illinois-statute-excerpt.md", "Text current as of November 24, 2026 (firm statute service).")


@plant("h10-r38-memo-narrates-event-after-its-own-date", "H10", AM,
       "The litigation memo, dated 2026-06-30, now opens its Exposure section with 'Mr. Delacroix joined Pelican Site "
       "Services on August 17, 2026 and has since called on two of our Ascension Parish customers.': a memo reporting "
       "as past an event seven weeks after its own date.")
def h10_r38_memo_anachronism(env: Path, task: str) -> None:
    assert "Date: 2026-06-30" in read_doc(env, task, "litigation-memo.md")
    edit_doc(env, task, "litigation-memo.md", "## Exposure\n\nIf we press the claim",
             "## Exposure\n\nMr. Delacroix joined Pelican Site Services on August 17, 2026 and has since called on two "
             "of our Ascension Parish customers. If we press the claim")


@plant("h10-r38-offer-expires-before-it-is-delivered", "H10", TB,
       "The offer summary gains '- Offer expires: November 6, 2026', ten days before the offer is to be delivered "
       "(November 16, 2026) and three days before the task's as_of (2026-11-09): the documents' dates no longer tell "
       "one story.")
def h10_r38_expires_early(env: Path, task: str) -> None:
    edit_doc(env, task, "offer-summary.md",
             "- Offer to be delivered: November 16, 2026; the covenant agreement goes out with the offer\n",
             "- Offer to be delivered: November 16, 2026; the covenant agreement goes out with the offer\n"
             "- Offer expires: November 6, 2026\n")


@plant("h10-r39-record-dated-in-words-a-year-late", "H10", CI,
       "The hire details end with 'Prepared by Sierrafold People Operations this fifth day of October, two thousand "
       "twenty-seven.': a year after the task's as_of (2026-10-05) and the client's email of that day, while the "
       "record lists the October 26, 2026 start as still to come.")
def h10_r39_words_date(env: Path, task: str) -> None:
    assert load_task(env, task)["oafreeze"]["as_of"] == "2026-10-05"
    append_doc(env, task, "hire-details.md",
               "Prepared by Sierrafold People Operations this fifth day of October, two thousand twenty-seven.")


@plant("h10-r39-memo-said-to-be-from-last-year", "H10", AM,
       "Miriam's email now calls the litigation memo the one 'written in June of last year', i.e. June 2025, while the "
       "memo is dated 2026-06-30 and the email 2026-10-19.")
def h10_r39_last_year(env: Path, task: str) -> None:
    assert "Date: 2026-06-30" in read_doc(env, task, "litigation-memo.md")
    edit_doc(env, task, "partner-email.md", "Our litigation group's memo from the Delacroix dispute explains",
             "Our litigation group's memo from the Delacroix dispute, written in June of last year, explains")


@plant("h10-r40-today-defined-by-the-offer-day", "H10", TB,
       "The instructions add 'Today is the day Noor asked us to send everything with the offer.': Noor's email and "
       "the offer summary put that day on November 16, 2026, a week after the task's as_of of 2026-11-09.")
def h10_r40_today_by_event(env: Path, task: str) -> None:
    assert "offer on November 16" in read_doc(env, task, "hr-request.md")
    with task_json(env, task) as t:
        assert t["oafreeze"]["as_of"] == "2026-11-09"
        instructions_add(t, "Today is the day Noor asked us to send everything with the offer, so the package must "
                            "be final when you hand it in.")


@plant("h10-r40-approval-memo-predates-the-form-it-approves", "H10", SD,
       "The 2023 approval memo is now dated 2022-12-20, weeks before the form revision it approves ('form revised "
       "2023-01-15'), while its file name, the instructions and the trap still call it the 2023 memo.")
def h10_r40_memo_before_form(env: Path, task: str) -> None:
    text = read_doc(env, task, "form-approval-memo-2023.md")
    assert "form revised 2023-01-15" in text
    edit_doc(env, task, "form-approval-memo-2023.md", "Date: 2023-02-01", "Date: 2022-12-20")


@plant("h10-r41-client-email-gives-another-handover-date", "H10", NE,
       "documents/granite-peak-handover.eml, Granite Peak's HR confirming the plan, says Morgan receives the renewal "
       "on Monday, November 30, 2026; the partner's email and note-asks-decision say November 23, 2026.")
def h10_r41_handover(env: Path, task: str) -> None:
    body = ("Miriam,\n\nConfirming our plan: we will hand Morgan Tallis the renewed agreement on Monday, November 30, "
            "2026, and the raise starts on December 14, 2026.\n\nDale Whitford\nPresident, Granite Peak Robotics, Inc.")
    write_doc(env, task, "granite-peak-handover.eml",
              email("Dale Whitford <dale.whitford@granitepeak.example.com>",
                    "Miriam Okafor <miriam.okafor@harlowfinch.example.com>", "Mon, 16 Nov 2026 08:40:00 -0700",
                    "Tallis renewal: handover date", body))
    assert "November 23, 2026" in _match(env, task, "note-asks-decision")


@plant("h10-r42-criterion-dates-the-notice-a-day-late", "H10", CI,
       "notice-at-signing now passes a notice 'dated October 27, 2026, the day the agreement is signed', while the "
       "hire details and the client's email put Sasha's start and signing on October 26, 2026.")
def h10_r42_notice_date(env: Path, task: str) -> None:
    assert "Start date and signing date: October 26, 2026" in read_doc(env, task, "hire-details.md")
    _reword(env, task, "notice-at-signing", "is dated the day the agreement is signed and names",
            "is dated October 27, 2026, the day the agreement is signed, and names")


@plant("h10-r42-gpx-track-of-a-later-site-walk", "H10", AM,
       "documents/site/fontenot-site-walk.gpx, a GPX track from Bayou Crest's field app titled 'Site walk with Avery "
       "Fontenot, Ascension Parish', was recorded on October 28, 2026: the workspace holds the record of an event "
       "nine days after the task's as_of (2026-10-19).")
def h10_r42_gpx(env: Path, task: str) -> None:
    assert load_task(env, task)["oafreeze"]["as_of"] == "2026-10-19"
    pts = [(30.2388, -90.9201, "2026-10-28T14:05:00Z"), (30.2401, -90.9174, "2026-10-28T14:12:30Z"),
           (30.2419, -90.9150, "2026-10-28T14:21:10Z")]
    trk = "".join(f'      <trkpt lat="{lat}" lon="{lon}"><time>{t}</time></trkpt>\n' for lat, lon, t in pts)
    gpx = ('<?xml version="1.0" encoding="UTF-8"?>\n'
           '<gpx version="1.1" creator="Bayou Crest Field App" xmlns="http://www.topografix.com/GPX/1/1">\n'
           '  <metadata><name>Site walk with Avery Fontenot, Ascension Parish</name>'
           '<time>2026-10-28T14:05:00Z</time></metadata>\n'
           f'  <trk><name>Gonzales remediation site</name>\n    <trkseg>\n{trk}    </trkseg>\n  </trk>\n</gpx>\n')
    write_doc(env, task, "site/fontenot-site-walk.gpx", gpx)


@plant("h10-r42-vcalendar-signing-a-week-late", "H10", SD,
       "documents/calendar/ellery-first-day.vcs, Maplestone's Outlook export (vCalendar 1.0) of Jordan's first day and "
       "signing, is set for January 12, 2027 (DTSTART:20270112T150000Z); the hire details and the criteria say "
       "January 5, 2027.")
def h10_r42_vcs(env: Path, task: str) -> None:
    assert "January 5, 2027" in read_doc(env, task, "hire-details.md")
    write_doc(env, task, "calendar/ellery-first-day.vcs", _r42_vcs(
        "040000008200E00074C5B7101A82E00800000000R42ELLERY", "20270112T150000Z", "20270112T160000Z",
        "Jordan Ellery: first day, sign covenant agreement", "20261030T141500Z", "Chicago office, 4th floor"))


@plant("h10-r43-2026-figure-labelled-the-2025-threshold", "H10", TB,
       "client-email-thresholds now calls $130,014 'the 2025 non-compete threshold'; the seeded law and the "
       "excerpt date that figure to the 2026 PAY CALC Order, in force from January 1, 2026.")
def h10_r43_year_label(env: Path, task: str) -> None:
    assert seeded(load_task(env, task), "7 CCR 1103-14 (Temporary 2026 PAY CALC Order), Rule 1.2.1(G)")[
        "effective_date"] == "2026-01-01"
    _reword(env, task, "client-email-thresholds", "below the 2026 non-compete threshold of $130,014",
            "below the 2025 non-compete threshold of $130,014")


@plant("h10-r43-bills-signing-day-as-effective-date", "H10", CA,
       "The seeded-law entry for RCW 49.62.010(4) gives effective_date 2024-03-13, the day SSB 5935 was signed, while "
       "the client alert in the same workspace says the amendment took effect on June 6, 2024.")
def h10_r43_signing_day(env: Path, task: str) -> None:
    assert "effective June 6, 2024" in read_doc(env, task, "client-alert.md")
    with task_json(env, task) as t:
        entry = seeded(t, "RCW 49.62.010(4)")
        assert entry["effective_date"] == "2024-06-06"
        entry["effective_date"] = "2024-03-13"


@plant("h10-r45-today-as-an-ordinal-in-words", "H10", NE,
       "The instructions add 'Today is the sixteenth of December, and the partner's email came in this morning.'; "
       "as_of and the email's date are November 16, 2026.")
def h10_r45_ordinal_words(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        assert t["oafreeze"]["as_of"] == "2026-11-16"
        instructions_add(t, "Today is the sixteenth of December, and the partner's email came in this morning.")


@plant("h10-r45-this-friday-in-a-dated-email", "H10", TB,
       "documents/hr/re-offer-timing.eml, Noor's email of Monday, November 9, 2026, says the offer and the covenant "
       "paperwork go out 'this Friday', that is November 13; the offer summary and the hr-request put the offer on "
       "November 16.")
def h10_r45_this_friday(env: Path, task: str) -> None:
    import datetime

    assert datetime.date(2026, 11, 9).strftime("%A") == "Monday"
    assert "Offer to be delivered: November 16, 2026" in read_doc(env, task, "offer-summary.md")
    body = ("Miriam,\n\nQuick update on timing: we will send Riley the offer, with the covenant paperwork, this Friday. "
            "Riley's start date stays as in the summary.\n\nNoor\n")
    write_doc(env, task, "hr/re-offer-timing.eml", _r45_eml(
        [("From", "Noor Haddad <noor.haddad@aspenline.example.com>"),
         ("To", "Miriam Okafor <miriam.okafor@harlowfinch.example.com>"),
         ("Date", "Mon, 9 Nov 2026 11:20:00 -0700"), ("Subject", "Re: Covenant paperwork for Riley Vandermeer")], body))


@plant("h10-r44-xmp-of-a-scan-made-after-as-of", "H10", CI,
       "documents/client/lindgren-signed-agreement.xmp, the XMP sidecar of a scan, records the signed agreement of "
       "Sasha Lindgren as created on 2026-10-26, three weeks after as_of (2026-10-05), before any agreement is "
       "drafted.")
def h10_r44_xmp(env: Path, task: str) -> None:
    assert load_task(env, task)["oafreeze"]["as_of"] == "2026-10-05"
    write_doc(env, task, "client/lindgren-signed-agreement.xmp", _r44_xmp(
        "", {"xmp:CreateDate": "2026-10-26T10:14:32-07:00", "xmp:ModifyDate": "2026-10-26T10:15:02-07:00",
             "xmp:CreatorTool": "ScanSnap Home 2.22", "pdf:Producer": "ScanSnap Home",
             "xmpMM:DocumentID": "uuid:" + str(uuid.uuid5(uuid.NAMESPACE_URL, "r44:lindgren-scan"))},
        "Signed Confidentiality and Invention Assignment Agreement, Sasha Lindgren, with Section 2872 notice"))


@plant("h10-r44-ledes-invoice-bills-a-future-hand-over", "H10", NE,
       "documents/billing/granite-peak-2026-11.ledes.txt, the firm's LEDES 1998B invoice for November, bills on "
       "20261120 for attending the hand-over of the renewal to Morgan Tallis: the partner's email sets the hand-over "
       "for November 23, and as_of is 2026-11-16.")
def h10_r44_ledes(env: Path, task: str) -> None:
    assert "hand the renewal to Morgan on November 23" in read_doc(env, task, "partner-instructions.md")
    invoice = {"INVOICE_DATE": "20261130", "INVOICE_NUMBER": "HF-26-11-0412", "CLIENT_ID": "GPR01",
               "LAW_FIRM_MATTER_ID": "GPR01-0007", "BILLING_START_DATE": "20261101", "BILLING_END_DATE": "20261130",
               "INVOICE_DESCRIPTION": "Tallis renewal", "LAW_FIRM_ID": "HARLOWFINCH", "CLIENT_MATTER_ID": "EMP-2026-31"}
    text = _r44_ledes(invoice, [
        ("20261116", "L120", 1.2, 395.0, "MO01P", "Okafor, Miriam", "Review renewal draft and instruct associate"),
        ("20261120", "L120", 0.8, 395.0, "MO01P", "Okafor, Miriam",
         "Attend hand-over of renewal agreement to M. Tallis at client's Colorado Springs office")])
    assert text.startswith("LEDES1998B[]") and "20261120" in text
    write_doc(env, task, "billing/granite-peak-2026-11.ledes.txt", text)


@plant("h10-r47-offer-day-given-as-a-calendar-week", "H10", TB,
       "documents/notes/offer-timeline.md, from Aspenline's Munich office, says the offer goes to Riley 'on the Monday "
       "of calendar week 46 (KW 46)', which is November 9, 2026; the offer summary and the HR email say November 16.")
def h10_r47_kw(env: Path, task: str) -> None:
    import datetime

    assert datetime.date(2026, 11, 9).isocalendar()[1:] == (46, 1)
    write_doc(env, task, "notes/offer-timeline.md", (
        "# Riley Vandermeer: offer timeline\n\n- Offer and covenant paperwork go to Riley on the Monday of calendar "
        "week 46 (KW 46).\n- Start: first week of December.\n"))


@plant("h10-r46-eighteenth-instant", "H10", TB,
       "documents/hr/noor-letter.md, Noor's letter dated 9 November 2026, says the offer and the covenant paperwork "
       "will go out 'on the 18th inst.' (the 18th of this month, November 18); the offer summary, the HR email and "
       "the criteria put the offer on November 16.")
def h10_r46_instant(env: Path, task: str) -> None:
    assert "November 16, 2026" in read_doc(env, task, "offer-summary.md")
    write_doc(env, task, "hr/noor-letter.md",
              "# Letter from Aspenline\n\n9 November 2026\n\nDear Ms Okafor,\n\nFurther to my email of today's date, "
              "we shall send Mr Vandermeer's offer, together with the covenant paperwork, on the 18th inst. Kindly let "
              "us have the documents in good time.\n\nYours sincerely,\n\nNoor Haddad\nHead of People\n")
