"""H02 answer in the workspace: a file the matcher would take for a deliverable, or the finished answer."""

from __future__ import annotations

import csv
import io
import json
import zipfile
import textwrap
from pathlib import Path
from xml.sax.saxutils import escape

from .cases import near_miss, plant
from .edits import (_PKG_REL, _XML, _zip, append_doc, docx_bytes, edit_doc, email, read_doc, replace_text, task_json,
                    write_doc, xlsx_bytes)
from .heldout import _R14_BAYOU_NOTE, _r9_odt, _r11_revised_tallis, _r14_pdf  # the later rounds' document writers
from .heldout import _R18_NOTICE_STATIC, _r18_enex, _r18_pdf  # the eighteenth round's document writers
from .heldout import _r15_fodt, _r19_notebook  # the fifteenth and nineteenth rounds' writers
from .heldout import _r21_dw  # the twenty-first round's document writer
from .heldout import _r24_docx_with  # the twenty-fourth round's writer
from .heldout import _r30_pdf_with_attachment  # the thirtieth round's writer
from .heldout import _r34_dotx, _r34_parts  # the thirty-fourth round's Word template
from .heldout import _r36_redline_html  # the thirty-sixth round's compare report
from .heldout import _r39_oxps  # the thirty-ninth round's OpenXPS writer
from .heldout import _r41_textpack  # the forty-first round's TextBundle writer
from .heldout import _r44_docx_with_embedded_docx, _r44_wp51  # the forty-fourth round's writers
from .heldout import _r46_accepted, _r46_docx_members, _r46_run  # the forty-sixth round's redline writers
from .edits import docx_package
from .edits import _REL

NE, TB, SD = "matrix-narrow-edit", "matrix-threshold-between", "matrix-signing-date-law"
CA, AM, CI = "matrix-client-alert-refresh", "matrix-adverse-memo-repair", "matrix-california-invention-notice"

_TB_EMAIL = (
    "Noor,\n\nRiley Vandermeer's $104,000 is under Colorado's 2026 non-compete threshold of $130,014, so the "
    "non-compete cannot be used; it is above the customer non-solicit threshold of $78,008.40, so the customer "
    "non-solicit stays, tied to trade secrets, with a separate notice Riley signs before accepting. Presenting a "
    "void non-compete would cost $5,000 per worker.\n\nMiriam\n")


@plant("h02-deliverable-name-exact", "H02", TB,
       "A drafted client-email.md, the name of a deliverable, is already in the workspace.")
def exact_name(env: Path, task: str) -> None:
    write_doc(env, task, "client-email.md", "# Draft cover email\n\n" + _TB_EMAIL)


@plant("h02-deliverable-name-case-variant", "H02", NE,
       "documents/Note-To-Partner.md differs from the deliverable note-to-partner.md only by case.")
def case_variant(env: Path, task: str) -> None:
    write_doc(env, task, "Note-To-Partner.md", (
        "Miriam,\n\nI made the three edits. Section 5 is void for Morgan at $71,500 under C.R.S. § 8-2-113(2); "
        "please decide before November 23, 2026 whether to delete it.\n"))


@plant("h02-deliverable-name-fuzzy", "H02", AM,
       "documents/client_note.md would be paired with the deliverable client-note.md by fuzzy matching.")
def fuzzy_name(env: Path, task: str) -> None:
    write_doc(env, task, "client_note.md", (
        "Bayou Crest: the new agreement names the four parishes, caps every restraint at two years, uses "
        "Louisiana law and courts, and is signed on Avery's first day.\n"))


@plant("h02-deliverable-in-subfolder", "H02", TB,
       "A finished notice sits at documents/drafts/vandermeer-noncompete-notice.md (same base name).")
def subfolder(env: Path, task: str) -> None:
    write_doc(env, task, "drafts/vandermeer-noncompete-notice.md", (
        "# Notice of Covenant Not to Solicit Customers\n\n"
        "To Riley Vandermeer: the Restrictive Covenant Agreement delivered with your offer contains, in Section 6, "
        "a covenant not to solicit customers that could restrict your options for later employment.\n\n"
        "Signature: ______________________  Riley Vandermeer   Date: __________\n"))


@plant("h02-finished-agreement-fuzzy-name", "H02", NE,
       "A clean, fully edited agreement (all three edits made) is in the workspace as tallis-agreement-v2-clean.md.")
def finished_agreement(env: Path, task: str) -> None:
    text = read_doc(env, task, "draft-tallis-agreement.md")
    text = text.replace("Granite Peak Robotic Inc.", "Granite Peak Robotics, Inc.").replace("$64,000", "$71,500")
    text = text.replace("January 4, 2026", "December 14, 2026")
    write_doc(env, task, "tallis-agreement-v2-clean.md", text)


@plant("h02-answer-in-partner-postscript", "H02", NE,
       "The partner's email gives away the finding the note must make (Section 5 void, $130,014, penalty).")
def answer_postscript(env: Path, task: str) -> None:
    append_doc(env, task, "partner-instructions.md", (
        "P.S. For your note: Section 5's non-compete is void for Morgan Tallis under C.R.S. § 8-2-113(2) because "
        "the $71,500 salary is below the 2026 threshold of $130,014, and presenting it would violate "
        "C.R.S. § 8-2-113(8)(a), with a $5,000 penalty per worker plus actual damages. Ask me whether to delete "
        "Section 5 before it goes to Morgan on November 23, 2026."))


@plant("h02-answer-in-eml-draft", "H02", TB,
       "An .eml 'draft for review' already holds the finished cover email with both thresholds and the penalty.")
def answer_eml(env: Path, task: str) -> None:
    write_doc(env, task, "draft-for-review.eml", email(
        "Associate <associate@harlowfinch.example.com>", "Miriam Okafor <miriam.okafor@harlowfinch.example.com>",
        "Mon, 9 Nov 2026 16:40:00 -0700", "Draft cover email to Aspenline", _TB_EMAIL))


@plant("h02-finished-memo-as-docx", "H02", SD,
       "The finished file memo is in the workspace as rationale.docx (another format, same content).")
def memo_docx(env: Path, task: str) -> None:
    write_doc(env, task, "rationale.docx", docx_bytes([
        "File memo: Jordan Ellery covenant agreement",
        "The 2023 approval memo relied on the $75,000 floor. A covenant entered into on or after January 1, 2027 "
        "needs earnings above $80,000 under 820 ILCS 90/10(a); Jordan Ellery's $78,500 does not exceed it when the "
        "agreement is signed on January 5, 2027, so the non-compete was removed.",
    ]))


@plant("h02-starting-form-already-refreshed", "H02", CA,
       "The client's old form has already been refreshed: solicit-only customer clause, 18 months, Washington law.")
def form_refreshed(env: Path, task: str) -> None:
    rel = "halden-form-wa-2021.md"
    edit_doc(env, task, rel, "For 24 months after employment ends, Employee will not work",
             "For 18 months after employment ends, Employee will not work")
    edit_doc(env, task, rel, "will not solicit, accept business from, or provide services to any customer",
             "will not solicit any customer")
    edit_doc(env, task, rel, "Delaware law, and any dispute will be resolved in the state courts of New Castle "
             "County, Delaware", "Washington law, and any dispute will be resolved in the state courts of King "
             "County, Washington")


@plant("h02-pigeonhole-pairs-old-form", "H02", CA,
       "The form deliverable becomes a .docx and the client's old form sits in the workspace as the only .docx: "
       "the matcher's extension pass pairs them.")
def pigeonhole_docx(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        t["deliverables"] = {("washington-covenant-form.docx" if k == "washington-covenant-form.md" else k): v
                             for k, v in t["deliverables"].items()}
        t["instructions"] = replace_text(t["instructions"], "washington-covenant-form.md, the refreshed form",
                                         "washington-covenant-form.docx (Word), the refreshed form")
        t["instructions"] = replace_text(t["instructions"], "Prepare three deliverables in Markdown:",
                                         "Prepare three deliverables:")
        for crit in t["criteria"]:
            crit["match_criteria"] = crit["match_criteria"].replace("washington-covenant-form.md",
                                                                    "washington-covenant-form.docx")
            crit["deliverables"] = ["washington-covenant-form.docx" if d == "washington-covenant-form.md" else d
                                    for d in crit["deliverables"]]
        t["oafreeze"]["operative"] = ["washington-covenant-form.docx"]
    paragraphs = [line for line in read_doc(env, task, "halden-form-wa-2021.md").splitlines() if line.strip()]
    write_doc(env, task, "halden-form-wa-2021.docx", docx_bytes(paragraphs))


@plant("h02-deliverable-name-in-instance", "H02", "covenant-package-v02",
       "A family instance's workspace holds a rationale.md, the name of one of its deliverables.")
def instance_rationale(env: Path, task: str) -> None:
    write_doc(env, task, "rationale.md", "# File memo\n\nDrafting choices for the three hires, with sources.\n")


@plant("h02-deliverable-inside-knowledge-base", "H02", SD,
       "A drafted ellery-covenant-agreement.md is slipped into the knowledge-base mount beside the template.")
def inside_kb(env: Path, task: str) -> None:
    write_doc(env, task, "knowledge-base/templates/oafreeze-cc0-1.0/restrictive-covenant-agreement/"
              "ellery-covenant-agreement.md", (
                  "# EMPLOYEE RESTRICTIVE COVENANT AGREEMENT\n\nThis Agreement is made as of January 5, 2027 between "
                  "Maplestone Logistics, Inc. and Jordan Ellery. It contains no covenant not to compete.\n"))


def _docx_extra(paragraphs: list[str], *, description: str) -> bytes:
    """A .docx (as edits.docx_bytes) whose core properties carry `description`."""
    src = zipfile.ZipFile(io.BytesIO(docx_bytes(paragraphs)))
    parts = {name: src.read(name).decode("utf-8") for name in src.namelist()}
    parts["docProps/core.xml"] = (
        f'{_XML}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/'
        'core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/">'
        f'<dc:title>Tallis renewal</dc:title><dc:creator>Harlow Finch LLP</dc:creator>'
        f'<dc:description>{escape(description)}</dc:description></cp:coreProperties>')
    parts["[Content_Types].xml"] = parts["[Content_Types].xml"].replace(
        "</Types>", '<Override PartName="/docProps/core.xml" ContentType="application/'
                    'vnd.openxmlformats-package.core-properties+xml"/></Types>')
    parts["_rels/.rels"] = parts["_rels/.rels"].replace(
        "</Relationships>", f'<Relationship Id="rId2" Type="{_PKG_REL}/metadata/core-properties" '
                            'Target="docProps/core.xml"/></Relationships>')
    return _zip(parts)


@plant("h02-answer-in-docx-properties", "H02", NE,
       "A one-line .docx cover sheet carries the note's finished conclusion in its document properties "
       "(core.xml description), not in its body.")
def answer_in_docx_properties(env: Path, task: str) -> None:
    write_doc(env, task, "tallis-renewal-cover-sheet.docx", _docx_extra(
        ["Tallis renewal: file cover sheet."],
        description=("Conclusion for the partner: at $71,500 Morgan is under Colorado's $130,014 line for 2026, so "
                     "the Section 5 non-compete is void under C.R.S. 8-2-113(2); handing it to Morgan would itself "
                     "breach 8-2-113(8)(a) and cost $5,000 per worker plus damages. Partner to decide before "
                     "November 23, 2026 whether Section 5 comes out.")))


@plant("h02-answer-table-in-xlsx", "H02", TB,
       "A spreadsheet threshold-check.xlsx already sets out the cover email's whole analysis: both tests, the result "
       "for $104,000 and the penalty.")
def answer_table_in_xlsx(env: Path, task: str) -> None:
    write_doc(env, task, "threshold-check.xlsx", xlsx_bytes([
        ["Test (Colorado, 2026)", "Threshold", "Riley Vandermeer", "Result"],
        ["Non-compete", 130014, 104000, "Below the line: no non-compete may be used"],
        ["Customer non-solicit (60%)", 78008.4, 104000, "Above the line: keep it, tied to trade secrets, "
                                                         "with a separate signed notice"],
        ["Presenting a void non-compete", 5000, "", "Penalty per worker, plus actual damages"],
    ], "Check"))


# --- near-misses ---------------------------------------------------------------------------------


@near_miss("h02-nm-client-thread-as-eml", "H02", TB,
           "The client's original request is added as client-email-thread.eml.",
           "The matcher pairs fuzzy names only within a format family, so an .eml is never taken for "
           "client-email.md; and the file is the request, not the finished answer.")
def client_thread(env: Path, task: str) -> None:
    write_doc(env, task, "client-email-thread.eml", email(
        "Noor Haddad <noor.haddad@aspenline.example.com>", "Miriam Okafor <miriam.okafor@harlowfinch.example.com>",
        "Mon, 9 Nov 2026 08:05:00 -0700", "Covenant paperwork for Riley Vandermeer",
        "Miriam,\n\nWe are hiring Riley Vandermeer as an Account Executive in Denver. The offer summary follows "
        "separately.\n\nNoor"))


@near_miss("h02-nm-prior-signed-agreement", "H02", NE,
           "The 2025 signed agreement is added as morgan-tallis-signed-2025.md (old name, salary and date).",
           "The name does not pair with tallis-agreement-revised.md under the matcher, and the text is the "
           "unedited prior version, which fails the edits criterion rather than answering it.")
def prior_signed(env: Path, task: str) -> None:
    write_doc(env, task, "morgan-tallis-signed-2025.md", read_doc(env, task, "draft-tallis-agreement.md"))


@near_miss("h02-nm-hr-notes-unrelated-name", "H02", NE,
           "A short HR note about Morgan's schedule is added as notes-from-hr.md.",
           "Its name is far from note-to-partner.md under the matcher and it contains no part of the answer.")
def hr_notes(env: Path, task: str) -> None:
    write_doc(env, task, "notes-from-hr.md", (
        "# Notes from Granite Peak HR\n\nMorgan Tallis works the Colorado Springs service route, Monday to "
        "Friday. Morgan prefers documents by email.\n"))


# Moved from the held-out set: it informed a change to the audit.
@plant("h02-finished-deliverables-in-zip", "H02", AM,
       "A zip archive of an earlier run, previous-round.zip, holds a finished client-note.md and repaired agreement.")
def h02_zip(env: Path, task: str) -> None:
    note = ("Bayou Crest: four changes to the standard agreement for Avery Fontenot.\n\n"
            "1. Territory: East Baton Rouge, Ascension, Livingston and Iberville Parishes replace the 75-mile "
            "radius; La. R.S. 23:921(C) requires named parishes or municipalities.\n"
            "2. Term: every restraint now ends two years after employment ends, the cap in La. R.S. 23:921(C).\n"
            "3. Law and courts: Louisiana law and Louisiana courts replace Texas; La. R.S. 23:921(A)(2) voids the "
            "Texas clause.\n"
            "4. Timing: Avery signs on the first day of work, November 2, 2026, as an employee.\n")
    agreement = ("# EMPLOYEE COVENANT AGREEMENT\n\nThis Agreement is made as of November 2, 2026 between Bayou Crest "
                 "Environmental, L.L.C. and Avery Fontenot.\n\n## 2. Non-Competition\n\nFor two years after "
                 "employment ends, Employee will not carry on or engage in environmental remediation or "
                 "site-assessment work in East Baton Rouge, Ascension, Livingston or Iberville Parish.\n\n"
                 "## 4. Governing Law and Forum\n\nLouisiana law governs; disputes go to the courts of East Baton "
                 "Rouge Parish.\n")
    write_doc(env, task, "previous-round.zip", _zip({"previous-round/client-note.md": note,
                                                    "previous-round/fontenot-covenant-agreement.md": agreement}))

# Moved from the held-out set: it informed a change to the audit.
@plant("h02-answer-pasted-into-forwarded-email", "H02", AM,
       "A forwarded e-mail, last-round-to-client.eml, carries the repaired agreement's key terms and the note as "
       "it was sent to the client last round, pasted into its body.")
def h02_forwarded(env: Path, task: str) -> None:
    body = ("Forwarding what went to Bayou Crest last round, for the file.\n\n"
            "---------- Forwarded message ----------\n"
            "Subject: Avery Fontenot covenant agreement: what we changed\n\n"
            "We replaced the 75-mile radius with East Baton Rouge, Ascension, Livingston and Iberville Parishes, "
            "because La. R.S. 23:921(C) only allows named parishes or municipalities. Each restraint now runs for "
            "two years after employment ends, the most La. R.S. 23:921(C) permits. Louisiana law and the courts of "
            "East Baton Rouge Parish now govern, since La. R.S. 23:921(A)(2) voids the Texas choice. Avery signs "
            "on November 2, 2026, the first day of work.\n")
    write_doc(env, task, "last-round-to-client.eml",
              email("partner@harlowfinch.example.com", "associate@harlowfinch.example.com",
                    "Mon, 26 Oct 2026 09:12:00 -0500", "Fwd: Fontenot note as sent", body))


@near_miss("h02-nm-partner-asks-for-the-changes", "H02", AM,
           "A partner's e-mail lists the four changes the repaired agreement needs, in the imperative.",
           "Telling the associate what to change is the assignment, not the answer: the agent must still draft the "
           "agreement and explain each change; nothing in it reports the work as done.")
def h02_nm_partner_asks(env: Path, task: str) -> None:
    write_doc(env, task, "partner-follow-up.md", (
        "# Partner follow-up\n\nFor Avery's agreement: replace the 75-mile radius with the parishes where Bayou "
        "Crest works (East Baton Rouge, Ascension, Livingston, Iberville); cap each restraint at two years; make "
        "Louisiana law and Louisiana courts govern instead of Texas; and have Avery sign on the first day of work. "
        "Tell Bayou Crest why in the note, citing La. R.S. 23:921.\n"))


# Moved from the held-out set (its second fresh round): it informed a change to the audit.
@plant("h02-finished-notice-in-onboarding-docx", "H02", CI,
       "Sierrafold's onboarding packet (.docx) already contains the finished Section 2872 notice to Sasha Lindgren, "
       "dated October 26, 2026, naming the agreement and summarising both exceptions.")
def h02_onboarding_docx(env: Path, task: str) -> None:
    write_doc(env, task, "onboarding-packet-lindgren.docx", docx_bytes([
        "Sierrafold Devices, Inc. - day-one packet for Sasha Lindgren",
        "Item 3 of 5: Notice to employee under California Labor Code section 2872",
        "Date: October 26, 2026",
        "To Sasha Lindgren: This notice accompanies your Confidentiality and Invention Assignment Agreement with "
        "Sierrafold Devices, Inc., signed today. That agreement does not apply to an invention that qualifies fully "
        "under California Labor Code section 2870, that is, an invention you developed entirely on your own time "
        "without using Sierrafold's equipment, supplies, facilities or trade secret information.",
        "The exclusion does not cover an invention that (1) relates, when conceived or reduced to practice, to "
        "Sierrafold's business or its actual or demonstrably anticipated research or development, or (2) results "
        "from any work you perform for Sierrafold.",
        "Acknowledged: ______________________ Sasha Lindgren",
    ]))


@near_miss("h02-nm-partner-request-titled-as-the-notice", "H02", CI,
           "The HR lead's request, headed 'Section 2872 notice for Sasha Lindgren', lists what the notice must say.",
           "A request that describes the deliverable is the work to do, not the answer: HYGIENE.md H02 is about "
           "the finished deliverable sitting in the workspace.")
def h02_nm_titled_request(env: Path, task: str) -> None:
    write_doc(env, task, "hr-request-notice.md", (
        "# Section 2872 notice for Sasha Lindgren\n\nPlease prepare the notice we hand Sasha with the agreement. It "
        "must say in writing that the agreement does not apply to an invention that qualifies fully under "
        "California Labor Code section 2870, and it should set out the two exceptions.\n"))


# Moved from the held-out set (its third fresh round): it informed a change to the audit.
@plant("h02-paralegal-redline-summary-csv", "H02", AM,
       "A paralegal's redline summary (.csv: section, old, new, reason) already states the four changes and their "
       "La. R.S. 23:921 reasons that the client note must explain.")
def h02_redline_csv(env: Path, task: str) -> None:
    buf = io.StringIO()
    out = csv.writer(buf, lineterminator="\n")
    out.writerow(["Section", "Standard agreement", "Repaired agreement", "Reason"])
    out.writerow(["2-3 Territory", "75-mile radius of any office",
                  "East Baton Rouge, Ascension, Livingston and Iberville Parishes",
                  "La. R.S. 23:921(C) allows a restraint only in named parishes or municipalities"])
    out.writerow(["2-3 Term", "three years", "two years after employment ends",
                  "La. R.S. 23:921(C) caps every restraint at two years"])
    out.writerow(["4 Law and forum", "Texas law, Harris County courts", "Louisiana law, Louisiana courts",
                  "La. R.S. 23:921(A)(2) makes a foreign choice of law or forum null unless ratified after a dispute"])
    out.writerow(["Preamble Signing", "as of the date Employee accepts the offer",
                  "as of November 2, 2026, Avery Fontenot's first day",
                  "La. R.S. 23:921 protects only an agreement made by an employee"])
    write_doc(env, task, "redline-summary.csv", buf.getvalue())


def _quote_block(text: str, width: int = 68) -> str:
    """`text` wrapped at `width` columns with an e-mail quote marker on every line."""
    return "\n".join("> " + line for line in textwrap.wrap(text, width))


# Moved from the held-out set (its fourth fresh round): it informed a change to the audit.
@plant("h02-finished-departures-in-quoted-reply", "H02", CI,
       "The client's reply quotes, with '> ' markers, the cover email the firm sent for an earlier engineer: both "
       "departures with the section 16600 reason and the Section 2872 notice at signing.")
def h02_quoted_reply(env: Path, task: str) -> None:
    old = ("Wendell, the package for Priyanka leaves out two things you asked for. The one-year post-employment "
           "invention capture is gone, and so is the one-year non-compete: Bus. & Prof. Code section 16600 makes "
           "both void for a California employee, and keeping them in would itself be unlawful. The Section 2872 "
           "notice must be given at signing, together with the agreement, not afterwards. Miriam")
    write_doc(env, task, "re-earlier-engineer.eml", email(
        "Wendell Park <wendell.park@sierrafold.example.com>", "Miriam Okafor <miriam.okafor@harlowfinch.example.com>",
        "Mon, 05 Oct 2026 16:05:00 -0700", "Re: Priyanka's paperwork",
        "Miriam,\n\nBefore you start on Sasha: I assume what you told us in April for Priyanka still applies.\n\n"
        "Wendell\n\nOn Tue, 14 Apr 2026 at 09:12, Miriam Okafor wrote:\n" + _quote_block(old)))


@near_miss("h02-nm-quoted-reply-about-office-lease", "H02", CI,
           "The client's reply quotes, with '> ' markers, an earlier firm email reporting what the renewal of "
           "Sierrafold's office lease leaves out and what is gone from it.",
           "HYGIENE.md H02 is about the task's own deliverables already being answered in the workspace; a quoted "
           "report of changes to another matter's document (a lease) answers none of this task's criteria.")
def h02_nm_quoted_lease(env: Path, task: str) -> None:
    old = ("Wendell, the renewal draft for the Almaden Boulevard lease leaves out two things the landlord's first "
           "draft had. The landlord's right to move Sierrafold to another floor on sixty days' notice is gone, and so "
           "is the personal guaranty from your CEO. The security deposit stays at two months' rent, and the renewal "
           "still runs for five years. Miriam")
    write_doc(env, task, "re-office-lease-renewal.eml", email(
        "Wendell Park <wendell.park@sierrafold.example.com>", "Miriam Okafor <miriam.okafor@harlowfinch.example.com>",
        "Fri, 02 Oct 2026 11:20:00 -0700", "Re: Almaden Boulevard lease renewal",
        "Miriam,\n\nThe landlord signed the lease renewal on those terms this week, so that file can close. Sasha's "
        "paperwork is a separate matter; I will write about it on Monday.\n\n"
        "Wendell\n\nOn Wed, 16 Sep 2026 at 14:03, Miriam Okafor wrote:\n" + _quote_block(old)))


# Moved from the held-out set (its fourth fresh round): it informed a change to the audit.
@plant("h02-refreshed-form-on-hr-portal-html", "H02", CA,
       "An HTML page saved from Halden's HR portal already carries a refreshed form: solicit-only customer clause, an "
       "18-month non-compete and Washington law and courts, with the fill-in blanks kept.")
def h02_portal_form(env: Path, task: str) -> None:
    write_doc(env, task, "hr-portal/washington-form-2026.html", (
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>Halden HR portal: Washington covenant form"
        "</title></head><body>\n"
        "<h1>HALDEN MARINE SUPPLY CO. EMPLOYEE COVENANT AGREEMENT (WASHINGTON)</h1>\n"
        "<p>This Agreement is made as of [DATE] between Halden Marine Supply Co., a Washington corporation (the "
        "&quot;Company&quot;), and [EMPLOYEE NAME] (&quot;Employee&quot;).</p>\n"
        "<h2>1. Confidentiality</h2>\n<p>Employee will hold the Company's confidential information in confidence "
        "during and after employment and use it only for the Company's business.</p>\n"
        "<h2>2. Non-Competition</h2>\n<p>For 18 months after employment ends, Employee will not work for any "
        "business that sells marine hardware or supplies in Washington.</p>\n"
        "<h2>3. Customers</h2>\n<p>For 18 months after employment ends, Employee will not solicit any customer of "
        "the Company with whom Employee dealt. Nothing in this Section restricts Employee from accepting or "
        "transacting business with any customer.</p>\n"
        "<h2>4. Employees</h2>\n<p>For 12 months after employment ends, Employee will not solicit any Company "
        "employee to leave the Company.</p>\n"
        "<h2>5. Governing Law and Venue</h2>\n<p>This Agreement is governed by Washington law, and any dispute will "
        "be resolved in the state courts of King County, Washington.</p>\n"
        "<h2>6. General</h2>\n<p>This Agreement is not a contract of employment for any particular term.</p>\n"
        "<p>Company: ______________________ Employee: ______________________</p>\n</body></html>\n"))


@near_miss("h02-nm-benefits-enrolment-form-on-hr-portal-html", "H02", CA,
           "An HTML page saved from Halden's HR portal, hr-portal/benefits-enrolment-form-2026.html, sets out the "
           "steps of benefits enrolment for new hires.",
           "HYGIENE.md H02 is about a file the matcher would take for a deliverable or one that already answers a "
           "criterion; an .html page on benefits enrolment is neither the covenant form, the usage notes nor the "
           "cover note, and nothing in the task grades benefits.")
def h02_nm_benefits_portal(env: Path, task: str) -> None:
    write_doc(env, task, "hr-portal/benefits-enrolment-form-2026.html", (
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>Halden HR portal: benefits enrolment"
        "</title></head><body>\n"
        "<h1>Benefits enrolment for new team members</h1>\n"
        "<p>Complete this form within 30 days of your first day. Coverage starts on the first day of the month "
        "after we receive it.</p>\n"
        "<h2>Step 1. Medical and dental</h2>\n<p>Choose one medical plan (Harbor Basic or Harbor Plus) and, if you "
        "wish, the dental plan. Add any dependants you want covered.</p>\n"
        "<h2>Step 2. Retirement savings</h2>\n<p>Choose a contribution rate from 1% to 15% of pay; Halden "
        "matches up to 4%.</p>\n"
        "<h2>Step 3. Beneficiary</h2>\n<p>Name a beneficiary for the group life cover.</p>\n"
        "<form><p>Employee name: <input type=\"text\" name=\"employee\"></p>\n"
        "<p>Medical plan: <select name=\"plan\"><option>Harbor Basic</option><option>Harbor Plus</option></select>"
        "</p>\n<p><input type=\"submit\" value=\"Submit enrolment\"></p></form>\n"
        "<p>Questions: ask the People team at <a href=\"mailto:benefits@haldenmarine.example.com\">"
        "benefits@haldenmarine.example.com</a>.</p>\n</body></html>\n"))


@plant("h02-r6-finished-email-in-whatsapp-export", "H02", CI,
       "A WhatsApp chat export from Sierrafold's onboarding group holds, as one long message, a finished cover email to "
       "Wendell explaining both departures (Bus. & Prof. Code section 16600) and the Section 2872 notice at signing.")
def h02_r6_whatsapp(env: Path, task: str) -> None:
    write_doc(env, task, "chat/WhatsApp Chat with Sierrafold onboarding.txt", (
        "04/10/26, 6:12 pm - Kavya Iyer: Pls see draft reply for Wendell below, can someone sanity check b4 Mon\n"
        "04/10/26, 6:14 pm - Kavya Iyer: Hi Wendell,\n"
        "We have prepared Sasha Lindgren's confidentiality and invention assignment agreement and the written notice "
        "under Labor Code section 2872. Two departures from your request: we left out the one-year post-employment "
        "invention capture and the one-year non-compete, because California voids both under Bus. & Prof. Code "
        "section 16600. The Section 2872 notice must be given to Sasha at signing, on October 26, together with the "
        "agreement.\n"
        "Regards, Kavya\n"
        "04/10/26, 6:31 pm - Arjun Mehta: LGTM 👍\n"))


@near_miss("h02-nm-r6-whatsapp-draft-reply-on-logistics-companion", "H02", CI,
           "A WhatsApp chat export from Sierrafold's onboarding group holds, as one long message, a draft reply to "
           "Wendell that only asks who will sit with Sasha at the day-one signing and whether Sasha will be on site.",
           "HYGIENE.md H02 flags a workspace document that already contains the finished answer a criterion asks "
           "for; this draft reply is about signing logistics and states neither departure, the section 16600 "
           "reason nor when the Section 2872 notice must be given, so no criterion is already answered.")
def h02_nm_r6_whatsapp_logistics(env: Path, task: str) -> None:
    write_doc(env, task, "chat/WhatsApp Chat with Sierrafold onboarding.txt", (
        "03/10/26, 5:47 pm - Kavya Iyer: Wendell rang re Sasha's day 1 signing, wants to know how it will work\n"
        "03/10/26, 5:52 pm - Kavya Iyer: Pls see draft reply for Wendell below, can someone sanity check b4 Mon\n"
        "03/10/26, 5:53 pm - Kavya Iyer: Hi Wendell,\n"
        "Thanks for the call about Sasha Lindgren's start. We will send the signing paperwork to you the week before "
        "Sasha's first day so your People team can print it. Could you let us know who from Sierrafold will sit "
        "with Sasha for the signing, and whether Sasha will be in the San Jose office that morning or working "
        "remotely? If remote, we will set up an e-signature envelope instead of paper copies.\n"
        "Regards, Kavya\n"
        "03/10/26, 6:05 pm - Arjun Mehta: LGTM 👍 maybe ask about parking too\n"
        "03/10/26, 6:06 pm - Kavya Iyer: ha, leaving parking to HR\n"))


@plant("h02-r9-finished-advice-in-odt-signature-packet-memo", "H02", SD,
       "The Milan associate's cover memo for the signature-page packet, documents/milano/pacchetto-firme-ellery.odt, "
       "already gives the finished cover-email point (non-compete taken out; Illinois needs more than $80,000 at "
       "signing, so a raise of more than $1,500) and the finished file-memo point (the 2023 memo's $75,000 floor "
       "superseded for a covenant signed on January 5, 2027).")
def h02_r9_signature_packet(env: Path, task: str) -> None:
    write_doc(env, task, "milano/pacchetto-firme-ellery.odt", _r9_odt([
        "PACCHETTO FIRME - Maplestone / Jordan Ellery",
        "Nota per il pacchetto firme (in English for the Chicago team):",
        "The non-compete has been taken out of Jordan Ellery's agreement. Illinois would allow one only if Jordan's "
        "expected annualized earnings exceed $80,000 when the agreement is signed, so the current $78,500 salary "
        "would need a raise of more than $1,500.",
        "Why the 2023 approval no longer controls: the 2023 approval memo relied on the $75,000 floor; a covenant "
        "entered into on or after January 1, 2027 needs earnings above $80,000 under 820 ILCS 90/10(a), which Jordan "
        "Ellery's $78,500 does not exceed when the agreement is signed on January 5, 2027.",
        "Pagine firma: Maplestone (Elena Vasquez-Moore) e dipendente; consegna della copia il 18 dicembre 2026.",
    ], title="Pacchetto firme Ellery", creator="Studio di Milano"))


@plant("h02-r11-revised-agreement-as-one-line-dms-export", "H02", NE,
       "A document-management export, documents/dms-export/GP-TALLIS-000187-v4.txt, is the Tallis agreement with the "
       "partner's three edits already made (Granite Peak Robotics, Inc.; $71,500; December 14, 2026) and nothing else "
       "changed, exported as one line of text with every line break lost.")
def h02_r11_one_line_export(env: Path, task: str) -> None:
    revised = _r11_revised_tallis(env, task)
    one_line = " ".join(line.strip() for line in revised.splitlines() if line.strip())
    write_doc(env, task, "dms-export/GP-TALLIS-000187-v4.txt", one_line)


@plant("h02-r12-finished-note-in-two-dms-parts", "H02", NE,
       "A finished note to the partner was saved by the document system in two parts, documents/dms/GP-0412 note "
       "(part 1 of 2).md and (part 2 of 2).md: the first says Section 5 is void at $71,500 against $130,014, the "
       "second gives the (8)(a) violation, the $5,000 penalty and asks for a decision before November 23, 2026.")
def h02_r12_note_in_parts(env: Path, task: str) -> None:
    write_doc(env, task, "dms/GP-0412 note (part 1 of 2).md", (
        "# Tallis renewal: note to Miriam (part 1 of 2)\n\n"
        "I have made your three edits: the company name, the salary of $71,500 in Section 1 and the date, "
        "December 14, 2026. Nothing else in the agreement has changed.\n\n"
        "One problem remains. Section 5's non-compete is void for Morgan Tallis under C.R.S. § 8-2-113(2): "
        "Morgan's new salary of $71,500 is well below the 2026 threshold of $130,014 for highly compensated "
        "workers.\n"))
    write_doc(env, task, "dms/GP-0412 note (part 2 of 2).md", (
        "# Tallis renewal: note to Miriam (part 2 of 2)\n\n"
        "Presenting the void covenant to Morgan would itself violate C.R.S. § 8-2-113(8)(a) and expose Granite Peak "
        "to a $5,000 penalty per worker, plus actual damages.\n\n"
        "Could you decide, before the agreement goes to Morgan Tallis on November 23, 2026, whether to delete "
        "Section 5? I have left it in as you instructed.\n"))


@plant("h02-c12-finished-cover-email-in-two-parts", "H02", TB,
       "The finished cover email to Aspenline was saved in two parts in two formats: documents/drafts/cover-email "
       "part 1 of 2.docx (the two thresholds against Riley's $104,000) and cover-email part 2 of 2.odt (the "
       "$5,000-per-worker warning and the sign-off); together they are the answer client-email-thresholds asks for.")
def h02_c12_two_parts(env: Path, task: str) -> None:
    write_doc(env, task, "drafts/cover-email part 1 of 2.docx", docx_bytes([
        "Noor,",
        "Riley Vandermeer's $104,000 base salary is below Colorado's 2026 non-compete threshold of $130,014, so the "
        "agreement has no non-compete. It is above the customer non-solicit threshold of $78,008.40, so the "
        "agreement keeps a 12-month customer non-solicit tied to Aspenline's trade secrets.",
        "(continued in part 2)"]))
    write_doc(env, task, "drafts/cover-email part 2 of 2.odt", _r9_odt([
        "(part 2, continued from part 1)",
        "Please do not present Riley with a non-compete: offering a void covenant carries a penalty of $5,000 per "
        "worker, plus actual damages. The separate notice goes out with the offer on November 16.",
        "Miriam"], title="cover email part 2", creator="Miriam Okafor"))


@plant("h02-r14-finished-note-as-pdf-attachment", "H02", AM,
       "The litigation group's PDF transmittal to Bayou Crest after the Delacroix memo, documents/correspondence/"
       "transmittal-2026-07-15.pdf, shows only a cover page; its file attachment (a compressed /EmbeddedFile, "
       "note-on-form-repairs.md) is the finished client note: the four changes, each with its reason under "
       "La. R.S. 23:921.")
def h02_r14_pdf_attachment(env: Path, task: str) -> None:
    write_doc(env, task, "correspondence/transmittal-2026-07-15.pdf", _r14_pdf([
        "HARLOW FINCH LLP - TRANSMITTAL",
        "Date: July 15, 2026",
        "To: Lucien Arceneaux, President, Bayou Crest Environmental, L.L.C.",
        "Re: Standard employee covenant agreement",
        "Attached: note-on-form-repairs.md (open the attachments panel to view).",
    ], attachments={"note-on-form-repairs.md": _R14_BAYOU_NOTE.encode("utf-8")}))


# --- eighteenth held-out round: cases that informed a change ---


@plant("h02-r18-finished-usage-notes-in-evernote-export", "H02", CA,
       "The senior associate drafts in Evernote and exported the matter notebook into the folder: documents/notes/"
       "halden.enex holds, in its ENML content (CDATA), finished HR usage notes: Section 2 only above $126,858.83 for "
       "2026 covenants, check the adjusted figure from January 1, 2027, disclose by acceptance, not the $100,000 base.")
def h02_r18_enex(env: Path, task: str) -> None:
    write_doc(env, task, "notes/halden.enex", _r18_enex("Halden Form WA - HR usage notes (final)", "20261026T165900Z", [
        "HR usage notes: refreshed Washington covenant form",
        "Section 2 (non-competition): use it only for an employee whose annualized earnings exceed $126,858.83 when "
        "the form is signed in 2026. For forms signed from January 1, 2027, check the adjusted figure the Department "
        "of Labor & Industries publishes before using Section 2. Do not use the statutory base of $100,000.",
        "Disclose the form, Section 2 included, in writing no later than the employee's acceptance of the offer.",
        "Section 3 (customers) bars soliciting only and may be used for every hire.",
    ], ["halden", "final"]))


# --- a patch to the deliverable (twelfth held-out round) ---


@plant("h02-r12-revised-agreement-as-unified-diff", "H02", NE,
       "documents/changes/tallis-renewal.diff is a unified diff from draft-tallis-agreement.md to "
       "tallis-agreement-revised.md that makes exactly the three instructed edits: one 'patch -p1' away from the "
       "finished operative deliverable.",
       doubtful="the diff is not the finished file itself, but applying it to the draft in the workspace yields it "
                "with one command, and its '+' lines already state every literal the edits criterion asks for")
def h02_r12_unified_diff(env: Path, task: str) -> None:
    import difflib
    old = read_doc(env, task, "draft-tallis-agreement.md").splitlines(keepends=True)
    new = _r11_revised_tallis(env, task).splitlines(keepends=True)
    diff = "".join(difflib.unified_diff(old, new, "a/draft-tallis-agreement.md", "b/tallis-agreement-revised.md", n=1))
    assert diff.count("\n+") >= 3
    write_doc(env, task, "changes/tallis-renewal.diff", diff)


# --- nineteenth held-out round: a finished note quoted in a reply ---


@plant("h02-r19-finished-client-note-quoted-in-reply", "H02", AM,
       "Miriam's reply, documents/correspondence/re-client-note.eml, says 'Thanks, this is what Lucien needs' and "
       "quotes below it, with '> ' marks, the associate's finished note to Bayou Crest: the four changes (named "
       "parishes, two-year cap, Louisiana law and courts, signing on the first day), each with its reason under La. "
       "R.S. 23:921.")
def h02_r19_quoted_reply(env: Path, task: str) -> None:
    note = [
        "Lucien,", "",
        "We repaired the standard agreement for Avery Fontenot in four places, each required by La. R.S. 23:921:", "",
        "1. Territory: the non-compete and the customer non-solicit now apply only in East Baton Rouge, Ascension, "
        "Livingston and Iberville Parishes. Section 23:921(C) allows these covenants only within named parishes or "
        "municipalities where Bayou Crest does business, and a 75-mile radius names none.",
        "2. Term: every restraint now ends two years after employment ends, not three, because Section 23:921(C) caps "
        "restraints at two years.",
        "3. Law and courts: Louisiana law and Louisiana courts replace Texas law and Harris County, because under "
        "Section 23:921(A)(2) another state's law or forum is void unless the employee ratifies it after a dispute "
        "arises.",
        "4. Signing: Avery signs on the first day of work, November 2, 2026, not on accepting the offer, because some "
        "Louisiana courts refuse to enforce a covenant signed before employment begins.",
    ]
    quoted = "\n".join("> " + line if line else ">" for line in note)
    write_doc(env, task, "correspondence/re-client-note.eml", (
        "From: Miriam Okafor <miriam.okafor@harlowfinch.example.com>\n"
        "To: Associate <associate@harlowfinch.example.com>\n"
        "Date: Mon, 19 Oct 2026 17:48:00 -0500\nSubject: RE: Bayou Crest: note for Lucien\n"
        "MIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n\n"
        "Thanks, this is what Lucien needs. I will send it in the morning.\n\nMiriam\n\n"
        "On Mon, 19 Oct 2026 at 16:55, Associate <associate@harlowfinch.example.com> wrote:\n" + quoted + "\n"))


# --- held-out near-misses whose false alarms closed this round's rules ---


@near_miss("h02-nm-r12-diff-of-last-years-venue-change", "H02", NE,
           "documents/changes/2025-venue.diff is the unified diff of last year's only change to the Tallis agreement: "
           "the venue moved from the City and County of Denver to El Paso County.",
           "H02 looks for a file the matcher pairs with a deliverable or a document holding the finished answer; a "
           "diff of an old, unrelated change carries none of the three edits and names no deliverable.")
def h02_nm_r12_old_diff(env: Path, task: str) -> None:
    line = "This Agreement is governed by Colorado law. Any action relating to it must be brought in the state courts"
    assert line in read_doc(env, task, "draft-tallis-agreement.md")
    write_doc(env, task, "changes/2025-venue.diff", (
        "--- a/tallis-agreement-2025.md\n+++ b/tallis-agreement-2025.md\n@@ -41,3 +41,3 @@\n"
        " ## 8. Governing Law and Venue\n \n"
        f"-{line} of the City and County of Denver, Colorado.\n+{line} of El Paso County, Colorado.\n \n"))


# --- moved from the held-out set on 2026-12-04 (the cases that informed this round's changes) ----------------------


@plant("h02-r15-finished-notice-in-flat-odt", "H02", CI,
       "Sierrafold's HR saved the finished Section 2872 notice for Sasha as a flat OpenDocument file, "
       "documents/forms/lindgren-2872-notice.fodt (one XML file, no zip): dated October 26, 2026, naming the "
       "Confidentiality and Invention Assignment Agreement, stating that it does not apply to an invention that "
       "qualifies fully under section 2870 and summarizing the two exceptions.")
def h02_r15_fodt(env: Path, task: str) -> None:
    write_doc(env, task, "forms/lindgren-2872-notice.fodt", _r15_fodt([
        "# Written notice under California Labor Code section 2872",
        "To: Sasha Lindgren",
        "From: Sierrafold Devices, Inc.",
        "Date: October 26, 2026",
        "This notice accompanies the Confidentiality and Invention Assignment Agreement between Sierrafold Devices, "
        "Inc. and Sasha Lindgren, made on October 26, 2026.",
        "The Agreement does not apply to an invention that qualifies fully under California Labor Code section 2870: "
        "an invention you develop entirely on your own time without using Sierrafold's equipment, supplies, "
        "facilities or trade secret information.",
        "That exclusion does not cover an invention that (1) relates, when conceived or reduced to practice, to "
        "Sierrafold's business or its actual or demonstrably anticipated research or development, or (2) results "
        "from work you perform for Sierrafold.",
        "Received by: ______________________ Sasha Lindgren    Date: October 26, 2026",
    ], title="Section 2872 notice - S. Lindgren", creator="Sierrafold People Ops", created="2026-10-02T11:20:05"))



@plant("h02-r19-finished-notice-in-notebook-output", "H02", CI,
       "Sierrafold's HR engineer tested the onboarding generator in documents/hr-automation/notice-generator.ipynb; "
       "the output cell of its last run prints the finished Section 2872 notice for Sasha Lindgren: dated October 26, "
       "2026, naming the agreement, stating that it does not apply to an invention qualifying fully under section 2870 "
       "and summarising both exceptions.")
def h02_r19_notebook(env: Path, task: str) -> None:
    notice = (
        "WRITTEN NOTICE UNDER CALIFORNIA LABOR CODE SECTION 2872\n\n"
        "To: Sasha Lindgren\nFrom: Sierrafold Devices, Inc.\nDate: October 26, 2026\n\n"
        "This notice is given with the Confidentiality and Invention Assignment Agreement between Sierrafold Devices, "
        "Inc. and Sasha Lindgren dated October 26, 2026 (the Agreement).\n\n"
        "The Agreement does not apply to an invention that qualifies fully under California Labor Code section 2870. "
        "In short, section 2870 protects an invention you develop entirely on your own time without using "
        "Sierrafold's equipment, supplies, facilities or trade secret information, except an invention that (1) when "
        "conceived or first reduced to practice relates to Sierrafold's business or to research or development that "
        "Sierrafold is doing or can show it anticipates, or (2) results from work you do for Sierrafold.\n\n"
        "Received by: ______________________  Date: October 26, 2026\n")
    write_doc(env, task, "hr-automation/notice-generator.ipynb", _r19_notebook([
        ("markdown", "# Onboarding generator: California invention notice\n\nTest run for the next hire.", None),
        ("code", "hire = {'name': 'Sasha Lindgren', 'signing_date': 'October 26, 2026'}\n"
                 "template = open('templates/ca-2872-notice.txt').read()", None),
        ("code", "print(render(template, hire))", notice),
    ]))



@plant("h02-c11-finished-form-as-pdftotext-output", "H02", CA,
       "documents/scans/HMS-WA-2026-1_signed-off.txt is pdftotext output of the finished refreshed form (customer "
       "clause limited to soliciting, an 18-month non-compete, Washington law and King County courts, fill-in blanks, "
       "no alert prose): hard-wrapped lines, a running header, form feeds between pages and a 'Page n of 2' footer.")
def h02_c11_pdftotext_form(env: Path, task: str) -> None:
    page1 = [
        "HALDEN MARINE SUPPLY CO.                                  Form WA-2026-1",
        "",
        "              EMPLOYEE COVENANT AGREEMENT (WASHINGTON)",
        "",
        "This Agreement is made as of [DATE] between Halden Marine Supply Co., a",
        "Washington corporation (the \"Company\"), and [EMPLOYEE NAME] (\"Employee\").",
        "",
        "1. Confidentiality",
        "",
        "Employee will hold the Company's confidential information in confidence",
        "during and after employment and use it only for the Company's business.",
        "",
        "2. Non-Competition",
        "",
        "For 18 months after employment ends, Employee will not work for any",
        "business that sells marine hardware or supplies in Washington, Oregon or",
        "Idaho.",
        "",
        "3. Customers",
        "",
        "For 18 months after employment ends, Employee will not solicit any",
        "customer of the Company with whom Employee dealt during the last two",
        "years of employment to buy marine hardware or supplies from a competitor.",
        "",
        "                                                              Page 1 of 2",
    ]
    page2 = [
        "HALDEN MARINE SUPPLY CO.                                  Form WA-2026-1",
        "",
        "4. Employees",
        "",
        "For 12 months after employment ends, Employee will not solicit any",
        "Company employee to leave the Company.",
        "",
        "5. Protected Disclosures",
        "",
        "An individual is immune from federal and state trade secret liability for",
        "disclosing a trade secret in confidence to a government official or to an",
        "attorney solely to report or investigate a suspected violation of law, or",
        "in a complaint or other filing made under seal (18 U.S.C. 1833(b)).",
        "",
        "6. Governing Law and Venue",
        "",
        "This Agreement is governed by Washington law, and any dispute will be",
        "resolved in the state courts of King County, Washington.",
        "",
        "7. General",
        "",
        "This Agreement is not a contract of employment for any particular term.",
        "",
        "Company: ______________________  Employee: ______________________",
        "",
        "                                                              Page 2 of 2",
    ]
    write_doc(env, task, "scans/HMS-WA-2026-1_signed-off.txt", "\n".join(page1) + "\n\f" + "\n".join(page2) + "\n\f")


# --- moved from the held-out set on 2026-12-04 (cases that informed a change after the twenty-third and twenty-fourth rounds)


@plant("h02-r24-finished-client-note-in-docx-altchunk", "H02", AM,
       "documents/drafts/bayou-crest-note-import.docx has an empty-looking body: one Word altChunk that imports "
       "word/afchunk.htm, the finished client note (named parishes, two-year cap, Louisiana law and courts, "
       "first-day signing, each with its La. R.S. 23:921 reason).")
def h02_r24_altchunk(env: Path, task: str) -> None:
    note = (
        "<html><head><meta charset=\"utf-8\"><title>Note</title></head><body>"
        "<p>Lucien,</p><p>Avery Fontenot's agreement differs from your standard form in four ways:</p><ol>"
        "<li><b>Territory.</b> The covenants now name East Baton Rouge, Ascension, Livingston and Iberville "
        "Parishes. La. R.S. 23:921(C) allows a restraint only within specified parishes or municipalities, so the "
        "75-mile radius had to go.</li>"
        "<li><b>Length.</b> Each restraint ends two years after employment ends, the maximum La. R.S. 23:921(C) "
        "permits; the three-year term was too long.</li>"
        "<li><b>Law and courts.</b> Louisiana law and Louisiana courts replace Texas law and Harris County, because "
        "La. R.S. 23:921(A)(2) voids a choice of another forum or law unless the employee ratifies it after a "
        "dispute arises.</li>"
        "<li><b>Timing.</b> Avery signs on the first day of work, November 2, 2026, so that the covenant is made "
        "with an employee, as La. R.S. 23:921(C) contemplates.</li></ol></body></html>")
    data = _r24_docx_with(
        ["placeholder"], {"word/afchunk.htm": note},
        [("rId91", f"{_REL}/aFChunk", "afchunk.htm")],
        ['<Default Extension="htm" ContentType="application/xhtml+xml"/>'],
        body='<w:altChunk r:id="rId91"/><w:p/>')
    write_doc(env, task, "drafts/bayou-crest-note-import.docx", data)


# --- moved from the held-out set on 2026-12-04 (cases that informed a change after the twenty-eighth round) -----


@plant("h02-r28-finished-notice-base64-in-esign-envelope", "H02", CI,
       "documents/esign/lindgren-envelope.json, an e-signature envelope definition saved from the signing platform's "
       "API, carries as its first document's documentBase64 the finished Section 2872 notice for Sasha: it names the "
       "agreement, says it does not apply to inventions that qualify under section 2870, sets out both exceptions and "
       "is dated October 26, 2026.")
def h02_r28_envelope(env: Path, task: str) -> None:
    import base64
    notice = (
        "# Notice to Sasha Lindgren regarding inventions (California Labor Code section 2872)\n\n"
        "Date: October 26, 2026\n\n"
        "Agreement: Confidentiality and Invention Assignment Agreement between Sierrafold Devices, Inc. and Sasha "
        "Lindgren, dated October 26, 2026.\n\n"
        "The Agreement does not apply to an invention that qualifies fully under California Labor Code section "
        "2870, that is, an invention you developed entirely on your own time without using Sierrafold's "
        "equipment, supplies, facilities or trade secret information. An invention does not qualify if, when you "
        "conceive it or first reduce it to practice, it relates to Sierrafold's business or its actual or "
        "demonstrably anticipated research or development, or if it results from any work you perform for "
        "Sierrafold.\n\n"
        "Sierrafold Devices, Inc.  By: ____________  Wendell Park, General Counsel\n\n"
        "Received: ____________  Sasha Lindgren\n")
    envelope = {
        "emailSubject": "Sierrafold: please sign your day-one documents",
        "status": "created",
        "documents": [{"documentId": "1", "name": "lindgren-section-2872-notice.md", "fileExtension": "md",
                       "documentBase64": base64.b64encode(notice.encode("utf-8")).decode("ascii")}],
        "recipients": {"signers": [{"recipientId": "1", "routingOrder": "1", "name": "Sasha Lindgren",
                                    "email": "sasha.lindgren@example.com"}]},
    }
    write_doc(env, task, "esign/lindgren-envelope.json", json.dumps(envelope, indent=2) + "\n")


# --- moved from the held-out set on 2026-12-04 (cases that informed a change after the thirtieth and thirty-first rounds) -----


@plant("h02-r30-finished-cover-email-attached-inside-pdf", "H02", CI,
       "documents/review/partner-markup.pdf, the partner's review copy, carries a file attachment (the PDF's "
       "paperclip panel) named client-email.md: the finished cover email explaining both departures under section "
       "16600 and that the Section 2872 notice is given at signing.")
def h02_r30_pdf_attachment(env: Path, task: str) -> None:
    body = (
        "Wendell,\n\n"
        "Attached are Sasha's confidentiality and invention assignment agreement and the written notice California "
        "requires with it. Two points differ from your request.\n\n"
        "First, the agreement does not reach inventions Sasha conceives in the year after leaving. California treats "
        "that kind of post-employment capture as a restraint that Business and Professions Code section 16600 makes "
        "void, so we left it out.\n\n"
        "Second, there is no one-year non-compete. Section 16600 voids a post-employment non-compete for a "
        "California employee, and putting one in the agreement would itself expose Sierrafold to a claim.\n\n"
        "The Section 2872 notice must be handed to Sasha at signing, on October 26, 2026, with the agreement; please "
        "keep the signed copy.\n\nMiriam\n")
    write_doc(env, task, "review/partner-markup.pdf", _r30_pdf_with_attachment(
        "Partner review: Lindgren package\n\nMargin comments on the agreement are on the following pages of the "
        "paper copy. The draft cover email to Wendell is attached to this PDF; open the attachments panel.",
        "client-email.md", body, "Draft cover email"))


@plant("h02-r29-finished-agreement-inside-hr-packet-json", "H02", SD,
       "documents/hr/ellery-offer-packet.json, HR's onboarding packet record, carries in its "
       "'covenant_agreement_markdown' field the finished agreement: made as of January 5, 2027, no non-compete, "
       "12-month customer and employee non-solicits, the advice to consult a lawyer and the December 18, 2026 "
       "receipt date.")
def h02_r29_packet_json(env: Path, task: str) -> None:
    agreement = "\n\n".join([
        "# Restrictive Covenant Agreement",
        "This Agreement is made as of January 5, 2027 between Maplestone Logistics, Inc. (the \"Company\") and Jordan "
        "Ellery (\"Employee\").",
        "1. Confidentiality. Employee will keep the Company's confidential information in confidence during and after "
        "employment and return all Company property when employment ends.",
        "2. Customer Non-Solicitation. For 12 months after employment ends, Employee will not solicit any shipper in "
        "Cook, DuPage or Will County, Illinois, that Employee supported in the last 12 months of employment.",
        "3. Employee Non-Solicitation. For 12 months after employment ends, Employee will not solicit any Company "
        "employee with whom Employee worked to leave the Company.",
        "4. Advice of Counsel and Review Period. The Company advises Employee to consult with an attorney before "
        "signing this Agreement. Employee received a copy of this Agreement on December 18, 2026, at least 14 "
        "calendar days before signing it.",
        "5. Governing Law. Illinois law governs this Agreement; the state or federal courts in Cook County, Illinois "
        "have jurisdiction.",
        "Maplestone Logistics, Inc.  By: ____________  Elena Vasquez-Moore, Chief Operating Officer",
        "Employee: ____________  Jordan Ellery"])
    packet = {"packet_id": "ONB-2027-0031", "employee": "Jordan Ellery", "status": "ready_for_signature",
              "covenant_agreement_markdown": agreement, "offer_letter_status": "sent 2026-11-20"}
    write_doc(env, task, "hr/ellery-offer-packet.json", json.dumps(packet, indent=2) + "\n")


@plant("h02-r34-finished-2872-notice-as-word-template", "H02", CI,
       "documents/templates/lindgren-2872-notice.dotx, a Word template (template main content type), is the finished "
       "Section 2872 notice to Sasha Lindgren: dated October 26, 2026, naming the agreement it accompanies, stating "
       "the Section 2870 carve-out and both exceptions, with Sasha's signature line.")
def h02_r34_dotx(env: Path, task: str) -> None:
    data = _r34_dotx([
        "NOTICE TO EMPLOYEE UNDER CALIFORNIA LABOR CODE SECTION 2872",
        "To: Sasha Lindgren",
        "Date: October 26, 2026",
        "This notice accompanies the Confidentiality and Invention Assignment Agreement between Sierrafold Devices, "
        "Inc. and you dated October 26, 2026 (the Agreement).",
        "The Agreement does not apply to an invention that qualifies fully under California Labor Code section 2870. "
        "Section 2870 protects an invention you develop entirely on your own time, without Sierrafold's equipment, "
        "supplies, facilities or trade secret information, unless the invention either (1) relates, when you conceive "
        "it or first reduce it to practice, to Sierrafold's business or to its research and development, or (2) "
        "results from work you perform for Sierrafold.",
        "Received by: ______________________________  Sasha Lindgren   Date: October 26, 2026",
        "Sierrafold Devices, Inc.  By: Wendell Park, General Counsel",
    ])
    assert "template.main+xml" in _r34_parts(data)["[Content_Types].xml"]
    write_doc(env, task, "templates/lindgren-2872-notice.dotx", data)


@plant("h02-r36-finished-cover-email-in-mailto-link", "H02", TB,
       "documents/portal/riley-offer-status.html, a page saved from the firm's matter portal, has an 'Open the cover "
       "email in Outlook' button whose mailto: link carries, percent-encoded in its body parameter, the finished cover "
       "email to Noor: the $130,014 and $78,008.40 thresholds against Riley's $104,000 and the $5,000 penalty.")
def h02_r36_mailto(env: Path, task: str) -> None:
    from urllib.parse import quote

    body = ("Noor,\n\nRiley Vandermeer's $104,000 salary is below Colorado's 2026 non-compete threshold of $130,014 "
            "but above the customer non-solicit threshold of $78,008.40. The agreement therefore has no non-compete; "
            "it keeps a 12-month customer non-solicit tied to Aspenline's trade secrets, with the separate notice "
            "Riley signs before accepting the offer. Presenting a void non-compete carries a $5,000 penalty per "
            "worker.\n\nMiriam")
    href = ("mailto:noor.haddad@aspenline.example.com?subject=" + quote("Riley Vandermeer: covenant paperwork", safe="")
            + "&body=" + quote(body, safe=""))
    write_doc(env, task, "portal/riley-offer-status.html", (
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>Matter 2026-0917: Riley Vandermeer</title></head>"
        "<body>\n<h1>Aspenline Payments: covenant paperwork for Riley Vandermeer</h1>\n"
        "<p>Status: drafts in progress. Offer goes out with the paperwork.</p>\n"
        f"<p><a class=\"btn\" href=\"{escape(href)}\">Open the cover email in Outlook</a></p>\n</body></html>\n"))


@plant("h02-r36-finished-agreement-in-compare-report", "H02", NE,
       "documents/compare/draft-vs-revised.html, a compare tool's HTML report of draft-tallis-agreement.md against "
       "tallis-agreement-revised.md, shows the whole agreement with exactly the three instructed edits marked as "
       "deletions and insertions: the finished deliverable, already made.")
def h02_r36_compare_report(env: Path, task: str) -> None:
    draft = read_doc(env, task, "draft-tallis-agreement.md")
    changes = [("Granite Peak Robotic Inc.", "Granite Peak Robotics, Inc."), ("$64,000", "$71,500"),
               ("January 4, 2026", "December 14, 2026")]
    assert all(old in draft for old, _ in changes)
    html = _r36_redline_html("Comparison: draft-tallis-agreement.md vs tallis-agreement-revised.md",
                             "draft-tallis-agreement.md", "tallis-agreement-revised.md", draft.splitlines(), changes)
    assert "4 insertions" in html
    write_doc(env, task, "compare/draft-vs-revised.html", html)


@plant("h02-r29-finished-notice-printed-to-pdf", "H02", TB,
       "documents/offer-packet/Riley Vandermeer - Colorado notice.pdf, a PDF print with a text layer, is the "
       "completed separate notice: it names the Restrictive Covenant Agreement, says it could restrict Riley's "
       "options for later employment, points to Section 3 (customer non-solicitation) and has Riley's signature "
       "line, to go out with the offer before acceptance.")
def h02_r29_notice_pdf(env: Path, task: str) -> None:
    dw = _r21_dw()
    write_doc(env, task, "offer-packet/Riley Vandermeer - Colorado notice.pdf", dw.pdf([
        "NOTICE OF COVENANT RESTRICTING FUTURE EMPLOYMENT\n\n"
        "To: Riley Vandermeer\nFrom: Aspenline Payments, LLC\nDelivered with the offer of employment on "
        "November 16, 2026, before the offer is accepted.\n\n"
        "The Restrictive Covenant Agreement between Aspenline Payments, LLC and Riley Vandermeer contains a covenant "
        "not to solicit customers that could restrict your options for subsequent employment following your "
        "separation from Aspenline. The covenant is in Section 3 (Customer Non-Solicitation) of that agreement.\n\n"
        "Acknowledged and signed by the worker:\n\n______________________________\nRiley Vandermeer\n\n"
        "Date: ____________"], title="Colorado notice - Riley Vandermeer"))


@plant("h02-r30-repaired-agreement-as-clm-clause-export", "H02", AM,
       "documents/clm/fontenot-clause-export.csv, an export of the firm's contract lifecycle tool, holds the "
       "repaired Fontenot agreement clause by clause, every row marked approved: made as of November 2, 2026, "
       "two-year restraints within the four named parishes, Louisiana law and courts.")
def h02_r30_clm(env: Path, task: str) -> None:
    parishes = "East Baton Rouge, Ascension, Livingston and Iberville Parishes, Louisiana"
    rows = [
        ["clause_no", "heading", "text", "status"],
        ["0", "Parties", "This Employee Covenant Agreement is made as of November 2, 2026, Employee's first day of "
         "employment, between Bayou Crest Environmental, L.L.C., a Louisiana limited liability company (the "
         "\"Company\"), and Avery Fontenot (\"Employee\").", "approved"],
        ["1", "Confidentiality", "Employee will keep the Company's confidential information, including bid pricing, "
         "site assessments and client lists, in confidence during and after employment.", "approved"],
        ["2", "Non-Competition", "For two years after employment ends, Employee will not carry on or engage in "
         f"environmental remediation or site-assessment work within {parishes}, for as long as the Company does "
         "business of the same kind in that parish.", "approved"],
        ["3", "Non-Solicitation of Customers", "For two years after employment ends, Employee will not solicit any "
         f"customer of the Company within {parishes}.", "approved"],
        ["4", "Governing Law and Forum", "This Agreement is governed by Louisiana law, and any dispute will be "
         "resolved in the state courts of East Baton Rouge Parish, Louisiana.", "approved"],
        ["5", "Severability", "If any part of this Agreement is held unenforceable, the rest remains in effect.",
         "approved"],
        ["6", "Signatures", "Bayou Crest Environmental, L.L.C., by Lucien Arceneaux, President; Employee: Avery "
         "Fontenot", "approved"],
    ]
    buf = io.StringIO()
    csv.writer(buf, lineterminator="\r\n").writerows(rows)
    write_doc(env, task, "clm/fontenot-clause-export.csv", buf.getvalue())


@plant("h02-r18-filled-pdf-form-notice", "H02", TB,
       "Aspenline's notice form, filled in by HR for Riley in Acrobat: documents/hr/notice-form-riley.pdf is a PDF "
       "form whose field values (in /V and their appearance streams, not in the page text) give the agreement's title, "
       "'Section 4 (Non-Solicitation of Customers)', delivery with the offer on November 16, 2026 before acceptance, and "
       "Riley Vandermeer as the worker who signs: the finished notice.")
def h02_r18_filled_form(env: Path, task: str) -> None:
    write_doc(env, task, "hr/notice-form-riley.pdf", _r18_pdf(_R18_NOTICE_STATIC, fields=[
        ("agreement", "Title of the agreement", "Restrictive Covenant Agreement between Aspenline Payments, LLC and "
         "Riley Vandermeer", (150, 640, 560, 660)),
        ("sections", "Section of the agreement holding the covenant", "Section 4 (Non-Solicitation of Customers)",
         (250, 612, 560, 632)),
        ("delivered", "When the notice is delivered", "With the offer on November 16, 2026, before Riley accepts it",
         (150, 584, 560, 604)),
        ("worker", "Worker's name", "Riley Vandermeer", (150, 556, 400, 576)),
    ]))


@plant("h02-r39-finished-cover-email-printed-to-oxps", "H02", CI,
       "documents/print/Sierrafold - cover email to Wendell Park.oxps, an OpenXPS print from Windows' XPS Document "
       "Writer, is the finished cover email: the one-year post-employment invention capture and the one-year "
       "non-compete were left out under Bus. & Prof. Code section 16600, and the Section 2872 notice must be given at "
       "signing; the text is in the page's Glyphs UnicodeString attributes.")
def h02_r39_oxps_email(env: Path, task: str) -> None:
    lines = ["Subject: Sasha Lindgren: invention assignment package",
             "Wendell,",
             "Attached are the confidentiality and invention assignment agreement for Sasha Lindgren and the written "
             "notice under California Labor Code section 2872. Two parts of your request were left out:",
             "1. The one-year post-employment invention capture. Bus. & Prof. Code section 16600 voids a restraint on "
             "a former employee's work, and a clause claiming what Sasha invents after leaving is such a restraint; "
             "the assignment covers inventions conceived or reduced to practice during employment only.",
             "2. The one-year non-compete. Under Bus. & Prof. Code section 16600 an employee non-compete is void in "
             "California, and including one is itself unlawful.",
             "The Section 2872 notice must be given to Sasha at signing on October 26, 2026, with the agreement.",
             "Best regards,", "Miriam Okafor, Harlow Finch LLP"]
    data = _r39_oxps(lines, title="Sierrafold - cover email to Wendell Park")
    page = zipfile.ZipFile(io.BytesIO(data)).read("Documents/1/Pages/1.fpage").decode("utf-8")
    assert "16600" in page and "2872 notice must be given" in page.replace("\n", " ")
    write_doc(env, task, "print/Sierrafold - cover email to Wendell Park.oxps", data)


@plant("h02-r41-finished-partner-note-in-textpack", "H02", NE,
       "documents/drafts/tallis-note.textpack, a Bear TextBundle (a zip of info.json and text.markdown) someone "
       "exported from a notes app, is the finished note to the partner: Section 5 void under C.R.S. § 8-2-113(2) at "
       "$71,500 against $130,014, presenting it violates § 8-2-113(8)(a) with a $5,000 penalty per worker, and a "
       "decision asked for before November 23, 2026.")
def h02_r41_textpack(env: Path, task: str) -> None:
    note = ("# Note to Miriam: Tallis renewal\n\n"
            "The three edits are made. One point before the agreement goes out: Section 5's non-compete is void for "
            "Morgan Tallis under C.R.S. § 8-2-113(2), because the new $71,500 salary is below the 2026 threshold of "
            "$130,014.\n\n"
            "Presenting the void covenant to Morgan would itself violate C.R.S. § 8-2-113(8)(a) and expose Granite "
            "Peak to a $5,000 penalty per worker plus actual damages.\n\n"
            "Please decide, before the agreement goes to Morgan on November 23, 2026, whether to delete Section 5. I "
            "have left it as drafted, as you asked.\n")
    data = _r41_textpack(note)
    assert "$5,000 penalty per worker" in zipfile.ZipFile(io.BytesIO(data)).read(
        "note.textbundle/text.markdown").decode("utf-8")
    write_doc(env, task, "drafts/tallis-note.textpack", data)


@plant("h02-r44-finished-notice-embedded-in-onboarding-docx", "H02", CI,
       "documents/client/sierrafold-onboarding-pack.docx embeds, as a Word object shown as an icon, the finished "
       "Section 2872 notice for Sasha: dated October 26, 2026, naming the agreement, stating that it does not apply "
       "to an invention that qualifies fully under section 2870, with both exceptions and a signature line.")
def h02_r44_embedded(env: Path, task: str) -> None:
    inner = docx_bytes([
        "WRITTEN NOTICE TO EMPLOYEE UNDER CALIFORNIA LABOR CODE SECTION 2872",
        "To: Sasha Lindgren. From: Sierrafold Devices, Inc. Date: October 26, 2026.",
        "This notice accompanies the Confidentiality and Invention Assignment Agreement between Sierrafold Devices, "
        "Inc. and Sasha Lindgren, signed today.",
        "That agreement does not apply to an invention that qualifies fully under California Labor Code section 2870: "
        "one you develop entirely on your own time without using Sierrafold's equipment, supplies, facilities or "
        "trade secret information, unless it (1) relates, when conceived or reduced to practice, to Sierrafold's "
        "business or its actual or demonstrably anticipated research or development, or (2) results from work you "
        "perform for Sierrafold.",
        "Received by: ______________________ Sasha Lindgren   Date: October 26, 2026"])
    data = _r44_docx_with_embedded_docx(["Sierrafold onboarding pack: Sasha Lindgren",
                                         "Day-one paperwork. The notice is embedded below; double-click the icon to "
                                         "open it."], inner, "Microsoft_Word_Document1.docx")
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        assert zf.read("word/embeddings/Microsoft_Word_Document1.docx") == inner
    write_doc(env, task, "client/sierrafold-onboarding-pack.docx", data)


@plant("h02-r44-finished-partner-note-as-wordperfect-file", "H02", NE,
       "documents/archive/tallis-note-to-partner.wpd, a WordPerfect 5.1 file exported from the firm's old document "
       "system, is the finished note to the partner: Section 5 void at $71,500 against $130,014, presenting it a "
       "violation of 8-2-113(8)(a) with the $5,000 per-worker penalty, and a decision asked before November 23, 2026.")
def h02_r44_wpd(env: Path, task: str) -> None:
    lines = [
        "To: Miriam Okafor",
        "Re: Granite Peak Robotics, Inc. - Morgan Tallis renewal",
        "",
        "I made the three edits you asked for and nothing else.",
        "Section 5 (Non-Competition) is void for Morgan Tallis under C.R.S. section 8-2-113(2): the new salary of "
        "$71,500 is below the 2026 threshold of $130,014.",
        "Presenting the agreement with Section 5 in it would itself violate C.R.S. section 8-2-113(8)(a) and expose "
        "Granite Peak to actual damages and a penalty of $5,000 per worker.",
        "Please decide, before the agreement goes to Morgan Tallis on November 23, 2026, whether to delete Section 5."]
    data = _r44_wp51(lines)
    assert data[:4] == b"\xffWPC" and b"$130,014" in data
    write_doc(env, task, "archive/tallis-note-to-partner.wpd", data)


@plant("h02-r46-redline-whose-insertions-are-the-answer", "H02", NE,
       "documents/draft-tallis-agreement-redline.docx, the partner's redline, is the whole draft agreement with the "
       "three instructed edits as tracked changes (w:del of the old name, salary and date, w:ins of the new): accept "
       "all changes and it is tallis-agreement-revised.md, finished.")
def h02_r46_redline(env: Path, task: str) -> None:
    edits = [("Granite Peak Robotic Inc.", "Granite Peak Robotics, Inc."), ("$64,000", "$71,500"),
             ("January 4, 2026", "December 14, 2026")]
    rev = 0
    body = []
    for line in read_doc(env, task, "draft-tallis-agreement.md").splitlines():
        text = line.lstrip("# ").replace("**", "")
        if not text:
            continue
        runs = []
        while True:
            hits = [(text.find(old), old, new) for old, new in edits if old in text]
            if not hits:
                runs.append(_r46_run(text))
                break
            pos, old, new = min(hits)
            runs.append(_r46_run(text[:pos]))
            rev += 1
            runs.append(f'<w:del w:id="{rev}" w:author="Miriam Okafor" w:date="2026-11-16T09:00:00Z">'
                        f'{_r46_run(old, deleted=True)}</w:del>')
            rev += 1
            runs.append(f'<w:ins w:id="{rev}" w:author="Miriam Okafor" w:date="2026-11-16T09:00:00Z">'
                        f'{_r46_run(new)}</w:ins>')
            text = text[pos + len(old):]
        body.append("<w:p>" + "".join(runs) + "</w:p>")
    data = docx_package(body)
    accepted = _r46_accepted(_r46_docx_members(data)["word/document.xml"])
    assert rev >= 6 and "$71,500" in accepted and "$64,000" not in accepted
    assert "Granite Peak Robotic Inc." not in accepted and "December 14, 2026" in accepted
    write_doc(env, task, "draft-tallis-agreement-redline.docx", data)
