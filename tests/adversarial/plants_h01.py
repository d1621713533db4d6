"""H01 rubric isolation: grading material that reaches the agent, by name or by text."""

from __future__ import annotations

import gzip
import io
import json
import re
import textwrap
import zipfile
from pathlib import Path
from xml.sax.saxutils import escape

from .cases import near_miss, plant
from .edits import (add_criterion, append_doc, criterion, docx_bytes, email, kb, load_task, task_dir,
                    task_json, write_doc, xlsx_bytes)
from .heldout import _r10_notepad_utf16, _r9_ods, _r9_pdf, _r16_pdf_with_notes, _r16_docx_with_quick_parts, _r17_zip_with_comment, _r17_xlsx_with_prompt  # the later rounds' document writers
from .heldout import _r14_sqlite, _r18_pdf, _r18_xmp, _r19_fold  # the fourteenth to nineteenth rounds' writers
from .heldout import _r20_png  # the twentieth round's writer
from .heldout import _r23_epub, _r23_pdf_with_outline  # the twenty-third round's writers
from .heldout import _r21_dw, _r23_xlsx_edit, _r24_docx_with  # the twenty-first to twenty-fourth rounds' writers
from .edits import _PKG_REL, _REL, _XML  # the package parts the twenty-fourth round's writers add
from .edits import _zip, replace_text
from .heldout import _r28_split_words  # the twenty-eighth round's writer
from .heldout import _r30_reg_export  # the thirtieth round's writer
from .heldout import _r33_docx, _r33_docx_text, _r33_xlsx_with_formula_column  # the thirty-third round's writers
from .heldout import _r39_field_paragraph, _r39_plain_paragraph  # the thirty-ninth round's Word field writer
from .edits import docx_package
from .heldout import _r43_sylk, _r43_text_clipping  # the forty-third round's sheet and clipping writers
from .heldout import _r47_msg  # the forty-seventh round's Outlook message writer

NE, TB, SD = "matrix-narrow-edit", "matrix-threshold-between", "matrix-signing-date-law"
CA, AM, CI = "matrix-client-alert-refresh", "matrix-adverse-memo-repair", "matrix-california-invention-notice"


def _match(env: Path, task: str, cid: str) -> str:
    return criterion(load_task(env, task), cid)["match_criteria"]


# --- grading files by name -------------------------------------------------------------------


@plant("h01-task-json-in-workspace", "H01", NE, "A verbatim copy of task.json sits at documents/task.json.")
def task_json_in_workspace(env: Path, task: str) -> None:
    write_doc(env, task, "task.json", (task_dir(env, task) / "task.json").read_bytes())


@plant("h01-task-json-in-hidden-folder", "H01", SD,
       "task.json is copied into a hidden folder of the workspace (documents/.eval/task.json).")
def task_json_hidden(env: Path, task: str) -> None:
    write_doc(env, task, ".eval/task.json", (task_dir(env, task) / "task.json").read_bytes())


@plant("h01-rubric-file-paraphrased", "H01", TB,
       "documents/rubric.md lists what the judge will check, paraphrased rather than copied.")
def rubric_paraphrased(env: Path, task: str) -> None:
    write_doc(env, task, "rubric.md", (
        "# Rubric: Vandermeer package\n\n"
        "1. No non-compete anywhere in the agreement (pay is under the Colorado line).\n"
        "2. Keep the 12-month customer non-solicit, but tie it to trade secrets.\n"
        "3. The notice is its own document, names the agreement and gives the section number.\n"
        "4. The email must mention both thresholds and the per-worker penalty.\n"
        "5. The memo must cite subsections (2)(b), (2)(d) and (8).\n"))


@plant("h01-grader-script", "H01", SD,
       "A grader script (documents/tools/grader.py) encodes the checks the judge applies.")
def grader_script(env: Path, task: str) -> None:
    write_doc(env, task, "tools/grader.py", (
        '"""Grade an Ellery package."""\n\n'
        "def grade(files):\n"
        "    agreement = files['ellery-covenant-agreement.md']\n"
        "    checks = {\n"
        "        'no-noncompete-at-signing': 'Non-Competition' not in agreement,\n"
        "        'signing-date': 'January 5, 2027' in agreement,\n"
        "        'rationale': '$80,000' in files['rationale.md'],\n"
        "    }\n"
        "    return {name: ('PASS' if ok else 'FAIL') for name, ok in checks.items()}\n"))


@plant("h01-expected-output-file", "H01", CA,
       "documents/expected_output.md holds the model answer the graders compare against.")
def expected_output(env: Path, task: str) -> None:
    write_doc(env, task, "expected_output.md", (
        "# Expected output: hr-usage-notes.md\n\n"
        "- Use Section 2 only when annualized earnings are above $126,858.83 (2026 covenants).\n"
        "- From January 1, 2027, look up the new adjusted figure first.\n"
        "- Tell the candidate about the covenant in writing no later than acceptance of the offer.\n"))


@plant("h01-judge-prompt-file", "H01", AM,
       "documents/judge-prompt.txt is the judge's instruction, with the criteria in paraphrase.")
def judge_prompt(env: Path, task: str) -> None:
    write_doc(env, task, "judge-prompt.txt", (
        "You are the judge for the Fontenot repair task. Read the agent's files and answer PASS or FAIL "
        "for each check, reasoning first.\n"
        "- Territory given by parish names, not a mileage radius.\n"
        "- Every restraint ends within two years.\n"
        "- Louisiana law and Louisiana courts.\n"
        "- Dated on or after the first day of work.\n"))


@plant("h01-grading-sheet-xlsx", "H01", CI,
       "A spreadsheet named grading-sheet.xlsx lists each criterion id and title with a score column.")
def grading_sheet(env: Path, task: str) -> None:
    data = load_task(env, task)
    rows: list[list] = [["criterion", "title", "score"]]
    rows += [[c["id"], c["title"], 0] for c in data["criteria"]]
    write_doc(env, task, "grading-sheet.xlsx", xlsx_bytes(rows, "Scores"))


# --- criterion text reproduced ----------------------------------------------------------------


@plant("h01-criterion-verbatim-in-email", "H01", AM,
       "A criterion's match_criteria is pasted word for word at the end of the partner's email.")
def criterion_verbatim(env: Path, task: str) -> None:
    append_doc(env, task, "partner-email.md",
               "P.S. The reviewers will use this test:\n\n" + _match(env, task, "placement-no-adverse-analysis"))


@plant("h01-criterion-near-verbatim", "H01", TB,
       "A criterion is reworded slightly (a few words swapped) and added to the client's request.")
def criterion_near_verbatim(env: Path, task: str) -> None:
    text = _match(env, task, "client-email-thresholds")
    for old, new in (("PASS if", "It passes when"), ("explains that", "says that"), ("warns that", "cautions that"),
                     ("FAIL if", "It fails when"), ("omits", "leaves out")):
        text = text.replace(old, new)
    append_doc(env, task, "hr-request.md", "What our board will look for: " + text)


@plant("h01-criterion-reflowed", "H01", CI,
       "A criterion is reflowed across short quoted lines (> markers) inside the client's email.")
def criterion_reflowed(env: Path, task: str) -> None:
    lines = textwrap.wrap(_match(env, task, "client-email-departures"), 58)
    quoted = "\n".join("> " + ln for ln in lines)
    append_doc(env, task, "client-request.md", "Our outside reviewer's note:\n\n" + quoted)


@plant("h01-criterion-in-docx-split-runs", "H01", SD,
       "A .docx memo carries a criterion's text split over several Word runs, one break mid-word.")
def criterion_docx(env: Path, task: str) -> None:
    text = _match(env, task, "rationale-memo-superseded")
    cut1, cut2 = len(text) // 3, 2 * len(text) // 3 + 3
    write_doc(env, task, "hr-director-notes.docx", docx_bytes([
        "Notes from Maplestone's HR director",
        "Before you send anything, make sure of the following:",
        [text[:cut1], text[cut1:cut2], text[cut2:]],
    ]))


@plant("h01-criterion-in-xlsx", "H01", CA,
       "A review matrix .xlsx has one row per criterion with its full match_criteria in a cell.")
def criterion_xlsx(env: Path, task: str) -> None:
    data = load_task(env, task)
    rows: list[list] = [["Check", "Standard"]]
    rows += [[c["title"], c["match_criteria"]] for c in data["criteria"][:3]]
    write_doc(env, task, "review-matrix.xlsx", xlsx_bytes(rows, "Review"))


@plant("h01-criterion-in-eml", "H01", NE,
       "An .eml forward in the workspace quotes two criteria in its body.")
def criterion_eml(env: Path, task: str) -> None:
    body = ("Forwarding the review standard for the Tallis renewal so you have it.\n\n"
            + _match(env, task, "scope-of-edits") + "\n\n" + _match(env, task, "note-flags-penalty"))
    write_doc(env, task, "fwd-review-standard.eml", email(
        "Miriam Okafor <miriam.okafor@harlowfinch.example.com>", "Associate <associate@harlowfinch.example.com>",
        "Mon, 16 Nov 2026 09:12:00 -0700", "Fwd: review standard", body))


@plant("h01-criterion-in-json", "H01", TB,
       "A JSON 'QA checks' file carries a criterion's text as a string value.")
def criterion_json(env: Path, task: str) -> None:
    checks = {"matter": "Aspenline / Vandermeer", "checks": [
        {"name": "notice", "text": _match(env, task, "notice-points-to-section")}]}
    write_doc(env, task, "qa-checks.json", json.dumps(checks, indent=2) + "\n")


@plant("h01-fail-clause-only", "H01", CA,
       "Only the FAIL clause of the placement criterion is copied into the client's request.")
def fail_clause_only(env: Path, task: str) -> None:
    text = _match(env, task, "placement-no-alert-prose")
    fail = text[text.index("FAIL if"):]
    append_doc(env, task, "client-request.md", "Our CEO's red lines for the form: " + fail)


@plant("h01-criterion-uppercased-no-punctuation", "H01", NE,
       "A criterion is copied in capitals with its punctuation stripped into a plain-text checklist.")
def criterion_shouted(env: Path, task: str) -> None:
    text = re.sub(r"[^\w\s$]", " ", _match(env, task, "instructed-edits-made")).upper()
    write_doc(env, task, "partner-checklist.txt", re.sub(r"\s+", " ", text).strip() + "\n")


@plant("h01-criterion-in-family-instance", "H01", "covenant-package-v05",
       "The placement criterion of a family instance is appended to its standing instructions.")
def criterion_in_instance(env: Path, task: str) -> None:
    append_doc(env, task, "standing-instructions.md",
               "9. **Review standard.** " + _match(env, task, "placement-operative-text"))


@plant("h01-criterion-inside-knowledge-base", "H01", "covenant-package-v02",
       "A criterion's text is written as an extra note inside the knowledge-base mount.")
def criterion_in_kb(env: Path, task: str) -> None:
    path = kb(env, task, "checklists/employment/review-notes.md")
    path.write_text("# Review notes\n\n" + _match(env, task, "rationale-sources") + "\n", "utf-8")


# --- near-misses ---------------------------------------------------------------------------------


@near_miss("h01-nm-business-scoring-document", "H01", TB,
           "A client document about Aspenline's merchant-risk scoring (a business process) is added.",
           "H01 forbids grading material (task.json, rubric, grader, expected output, criterion text); "
           "'scoring' here is the client's line of business and the file reproduces no criterion.")
def business_scoring(env: Path, task: str) -> None:
    write_doc(env, task, "merchant-risk-scoring-overview.md", (
        "# Merchant-risk scoring: overview for new account executives\n\n"
        "Aspenline rates each merchant from 1 to 5 on chargeback history, time in business and industry. "
        "Account executives see the rating and the reasons behind it, never the weights, which stay with "
        "the risk team.\n"))


@near_miss("h01-nm-expected-start-dates", "H01", SD,
           "An HR schedule named expected-start-dates.md lists the hire's expected dates.",
           "The file is a fact schedule, not an expected-output file: it answers no criterion and its name "
           "only shares the everyday word 'expected'.")
def expected_start_dates(env: Path, task: str) -> None:
    write_doc(env, task, "expected-start-dates.md", (
        "# Expected start dates, Chicago office\n\n"
        "| Hire | Position | Expected start |\n|---|---|---|\n"
        "| Jordan Ellery | Operations Analytics Manager | January 5, 2027 |\n"))


@near_miss("h01-nm-short-phrase-shared-with-criterion", "H01", TB,
           "The client asks to keep the federal immunity notice, a short phrase a criterion also uses.",
           "H01 looks for a workspace file that reproduces a criterion's match_criteria (exact or "
           "near-verbatim); a six-word phrase naming a statutory notice is context, not the criterion.")
def short_phrase(env: Path, task: str) -> None:
    append_doc(env, task, "hr-request.md",
               "P.S. Please keep the 18 U.S.C. § 1833(b) immunity notice we put in every agreement.")


@near_miss("h01-nm-criterion-cites-workspace-statute", "H01", SD,
           "A new criterion cites 820 ILCS 90/10(a), which the workspace carries as context, and asks for "
           "a computed shortfall.",
           "A citation shared by a criterion and a statute excerpt is not the criterion reproduced in the "
           "workspace; the computed $1,500 appears nowhere the agent can copy it from.")
def criterion_cites_statute(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        add_criterion(t, "rationale-shortfall", "File memo states the shortfall against the 2027 floor",
                      "PASS if rationale.md cites 820 ILCS 90/10(a) and states that Jordan Ellery's expected "
                      "earnings fall $1,500 short of the floor in force on the signing date. FAIL if it gives no "
                      "shortfall or a different one.", ["rationale.md"])


# Moved from the held-out set (its second fresh round): it informed a change to the audit.
@near_miss("h01-nm-client-performance-rubric", "H01", TB,
           "The client's own quarterly performance rubric for Account Executives (measures, weights, ratings) is added "
           "as ae-performance-rubric-2026.xlsx.",
           "HYGIENE.md H01 keeps the eval's grading material away from the agent; a client's rubric for rating its "
           "salespeople is a business record that reproduces no criterion of this task.")
def h01_nm_rubric(env: Path, task: str) -> None:
    write_doc(env, task, "ae-performance-rubric-2026.xlsx", xlsx_bytes([
        ["Measure", "Weight", "Meets expectations", "Exceeds expectations"],
        ["New merchant accounts signed", "40%", "6 a quarter", "9 a quarter"],
        ["Processing volume retained", "35%", "95% of the book", "98% of the book"],
        ["Days from signed contract to first transaction", "25%", "21 days or fewer", "14 days or fewer"],
    ], sheet="Account Executive"))


# Moved from the held-out set (its third fresh round): it informed a change to the audit.
@near_miss("h01-nm-sales-scorecard-with-pass-marks", "H01", TB,
           "The client's first-year sales scorecard for the role (measures, weights, targets, pass marks) is added as "
           "a workbook.",
           "HYGIENE.md H01 forbids rubrics, graders and text reproducing a criterion's match_criteria; a sales "
           "scorecard with pass marks for merchant targets is the client's business record and quotes no criterion.")
def h01_nm_scorecard(env: Path, task: str) -> None:
    write_doc(env, task, "aspenline-ae-scorecard.xlsx", xlsx_bytes([
        ["Measure", "Weight", "First-year target", "Pass mark"],
        ["New merchant accounts signed", "40%", 24, 18],
        ["Processing volume onboarded (USD millions)", "35%", 12, 9],
        ["Merchants still active after 90 days", "25%", "90%", "80%"],
    ], sheet="AE scorecard"))


# Moved from the held-out set (its fourth fresh round): it informed a change to the audit.
@near_miss("h01-nm-client-acceptance-test-plan", "H01", NE,
           "The client's site-acceptance test plan for warehouse robots, written as 'PASS if ... FAIL if ...' lines, is "
           "added as background.",
           "HYGIENE.md H01 forbids grading material and text reproducing a criterion's match_criteria; the client's "
           "engineering test plan for conveyors and lifts uses the same clause shape but grades machines, not the "
           "task, and shares no wording with any criterion.")
def h01_nm_test_plan(env: Path, task: str) -> None:
    write_doc(env, task, "granite-peak-site-acceptance-tests.md", (
        "# Granite Peak Robotics: site acceptance tests (revision 3)\n\n"
        "Field technicians run these tests before a customer signs off an installation.\n\n"
        "1. Conveyor sorter, emergency stop. PASS if the belt halts within two seconds of either stop button being "
        "pressed. FAIL if it coasts longer or restarts without a manual reset.\n"
        "2. Shuttle lift, load cell. PASS if the reading stays within one percent of the reference weight across ten "
        "lifts. FAIL if any reading drifts further.\n"
        "3. Safety scanner, aisle entry. PASS if a person crossing the light curtain stops every shuttle in the aisle. "
        "FAIL if any shuttle keeps moving.\n"))


@plant("h01-internal-qa-checklist-paraphrases-criteria", "H01", NE,
       "An internal QA checklist, written in 'PASS if ... FAIL if ...' lines, restates each of this task's six "
       "criteria in other words (same subject, no sentence copied).")
def h01_qa_checklist(env: Path, task: str) -> None:
    write_doc(env, task, "tallis-renewal-qa-checklist.md", (
        "# Harlow Finch: QA checklist, Tallis renewal\n\n"
        "The reviewer ticks each line before anything leaves the firm.\n\n"
        "1. Edits. PASS if the revised agreement spells the client Granite Peak Robotics, Inc. in every place, shows "
        "the raise to $71,500 and carries December 14, 2026 as its date. FAIL if the misspelt company name, the "
        "$64,000 figure or the January date survives anywhere in it.\n"
        "2. Scope. PASS if nothing else in the revised agreement moves, Section 5 included, so that Miriam decides "
        "its fate. FAIL if any other clause has been cut, redrafted or added.\n"
        "3. Clean text. PASS if the revised agreement holds nothing but its terms and the signature blocks. FAIL if "
        "a comment, a bracket, a footnote, a file name or any discussion of whether Section 5 is void finds its way "
        "in.\n"
        "4. Void covenant. PASS if the note to Miriam says Section 5's non-compete cannot bind Morgan at the new "
        "salary, measured against Colorado's line for 2026. FAIL if the note never calls Section 5 void.\n"
        "5. Penalty. PASS if the note warns that merely handing Morgan the covenant breaks subsection (8)(a) and "
        "costs the client the per-worker penalty plus damages. FAIL if it says no more than that the covenant "
        "might not be enforced.\n"
        "6. Decision. PASS if the note asks Miriam to choose, before the renewal reaches Morgan, whether Section 5 "
        "stays. FAIL if no decision is asked for.\n"))


# Moved from the held-out set (its fifth fresh round): it informed a change to the audit.
@near_miss("h01-nm-job-grading-matrix", "H01", CA,
           "Halden's HR job-grading matrix (pay grades and bands per role family) is added as "
           "documents/halden-job-grading-matrix.md.",
           "HYGIENE.md H01 forbids grading material and text reproducing a criterion; 'grading' here is the British HR "
           "sense (grading jobs into pay bands), and the table reproduces no criterion of the task.")
def h01_nm_r5_grading_matrix(env: Path, task: str) -> None:
    write_doc(env, task, "halden-job-grading-matrix.md", (
        "# Halden Marine Supply Co.: job grading matrix (Washington)\n\n"
        "Grades are reviewed by HR each spring. Bands are annual base pay.\n\n"
        "| Grade | Role family | Examples | Band |\n|---|---|---|---|\n"
        "| W1 | Warehouse | picker, packer | $36,500 to $44,000 |\n"
        "| W2 | Warehouse | forklift lead, inventory clerk | $44,000 to $55,000 |\n"
        "| S1 | Sales | inside sales representative | $68,000 to $92,000 |\n"
        "| S2 | Sales | account manager | $92,000 to $124,000 |\n"
        "| S3 | Sales | regional sales manager | $124,000 to $152,000 |\n"))


@plant("h01-grading-guide-in-workspace", "H01", CA,
       "A grading guide for this task's judge, documents/grading-guide.md, is left in the workspace: it tells the judge "
       "what to look for in the form, the HR notes and the cover note.")
def h01_r5_grading_guide(env: Path, task: str) -> None:
    write_doc(env, task, "grading-guide.md", (
        "# Grading guide: Halden Washington form refresh\n\n"
        "For the judge only. Mark each point met or not met.\n\n"
        "- Form: the customer covenant stops at soliciting; accepting business from a customer is allowed.\n"
        "- Form: the non-compete runs 18 months at most; Washington law and Washington courts replace Delaware.\n"
        "- Form: no alert prose (\"In our view\", recommendations, the $5,000 award) and no instructions to HR.\n"
        "- HR notes: the adjusted 2026 earnings figure, the yearly recheck and disclosure by offer acceptance.\n"
        "- Cover note: all three changes to Form WA-2021-3 listed.\n"))


@near_miss("h01-nm-r7-site-grading-acceptance-criteria", "H01", AM,
           "Bayou Crest's earthwork specification for the Ascension Parish yard remediation, documents/projects/"
           "ascension-yard-grading-spec.md, with 'acceptance criteria' stated as PASS/FAIL compaction tests, is added.",
           "HYGIENE.md H01 is about this task's grading material and its criteria's match_criteria text; a site grading "
           "specification is the client's engineering document and reproduces no criterion of the task.")
def h01_nm_r7_grading_spec(env: Path, task: str) -> None:
    write_doc(env, task, "projects/ascension-yard-grading-spec.md", (
        "# Section 31 22 00 - Grading (Ascension Parish yard remediation)\n\n"
        "Owner: Bayou Crest Environmental, L.L.C. Project no. BCE-ASC-14.\n\n"
        "## 3.4 Field quality control: acceptance criteria\n\n"
        "- Compaction: PASS if in-place dry density is at least 95% of maximum dry density (ASTM D698). "
        "FAIL if below; rework the lift and retest.\n"
        "- Finished grade: PASS if within 0.1 ft of the design elevation. FAIL if outside; regrade.\n"
        "- Erosion control: silt fence in place before any grading begins.\n"))


@plant("h01-r7-site-grading-acceptance-criteria-companion", "H01", AM,
       "A file named like project grading material, documents/projects/fontenot-grading-checklist.md, is really the "
       "reviewers' checklist for this task: each criterion id with its PASS/FAIL test restated in other words.")
def h01_r7_grading_checklist(env: Path, task: str) -> None:
    ids = [c["id"] for c in load_task(env, task)["criteria"]]
    for cid in ("named-parishes", "two-year-cap", "louisiana-law-forum", "effective-first-day",
                "placement-no-adverse-analysis", "client-note-changes"):
        assert cid in ids, cid
    write_doc(env, task, "projects/fontenot-grading-checklist.md", (
        "# Grading checklist: Fontenot covenant repair\n\n"
        "For reviewers scoring the associate's work. Mark each line met or not met.\n\n"
        "1. `named-parishes`: the non-compete and the customer non-solicit each reach only parishes where Bayou Crest "
        "operates (East Baton Rouge, Ascension, Livingston, Iberville, or a subset). Not met if either still runs by a "
        "mile radius or an area that no parish or town defines.\n"
        "2. `two-year-cap`: no restraint outlives Avery's employment by more than two years, tolling included. Not "
        "met if the old three-year term survives anywhere.\n"
        "3. `louisiana-law-forum`: Louisiana law governs and Louisiana courts hear disputes. Not met if Texas law, "
        "Harris County or any non-Louisiana forum is left in.\n"
        "4. `effective-first-day`: the agreement speaks from November 2, 2026 (day one) or later. Not met if it is "
        "dated earlier or keeps 'as of the date Employee accepts the Company's offer of employment'.\n"
        "5. `placement-no-adverse-analysis`: the agreement holds terms and signatures only. Not met if it mentions "
        "the litigation memo, Delacroix, what was wrong with the old form, injunction risk, case or statute "
        "discussion, or a file name.\n"
        "6. `client-note-changes`: the client note walks Bayou Crest through all four changes (parishes, two years, "
        "Louisiana law and courts, first-day signing), each tied to La. R.S. 23:921. Not met if one is missing.\n"))


@plant("h01-r9-criterion-in-ods-qa-log", "H01", CA,
       "The Milan office's data-room Q&A log, an OpenDocument spreadsheet documents/vdr/registro-domande.ods, has an "
       "'Acceptance standard (internal)' column; its open question on the customer clause holds the customer-clause "
       "criterion's match_criteria word for word.")
def h01_r9_ods_log(env: Path, task: str) -> None:
    crit = _match(env, task, "customer-clause-solicit-only")
    write_doc(env, task, "vdr/registro-domande.ods", _r9_ods([
        ["N.", "Indice VDR", "Domanda", "Stato", "Acceptance standard (internal)"],
        ["1", "4.2.1", "Copy of Form WA-2021-3 as currently used?", "Chiusa", "Form uploaded at 4.2.1."],
        ["2", "4.2.3", "Will the customer clause be revised before closing?", "Aperta", crit],
    ], sheet="Domande", title="Registro domande VDR", creator="G. Rossi"))


@plant("h01-r9-criterion-in-pdf-subject-property", "H01", SD,
       "A PDF exported from Word, documents/vdr/2.1.9 Ellery offer pack.pdf, shows a harmless index page, but the Word "
       "document's Subject property, carried into the PDF's document information (UTF-16 hex, as Word writes it), is "
       "the signing-date criterion's match_criteria.")
def h01_r9_pdf_subject(env: Path, task: str) -> None:
    crit = _match(env, task, "no-noncompete-at-signing")
    write_doc(env, task, "vdr/2.1.9 Ellery offer pack.pdf", _r9_pdf([
        "Maplestone Logistics, Inc. - offer pack for the Chicago operations hire",
        "1. Offer letter (to follow)",
        "2. Restrictive covenant agreement (to follow)",
        "3. Benefits summary (to follow)",
    ], info={"Title": "Ellery offer pack", "Author": "Harlow Finch LLP", "Subject": crit,
             "Creator": "Microsoft\u00ae Word for Microsoft 365", "Producer": "Microsoft\u00ae Word for Microsoft 365"}))


@plant("h01-r10-criterion-in-utf16-notepad-file", "H01", SD,
       "A reviewer's Notepad file, documents/qa/notes-for-judge.txt, saved as 'Unicode' (UTF-16 LE with a byte-order "
       "mark, CRLF), holds the file-memo criterion's match_criteria under the heading 'What the judge checks'.")
def h01_r10_utf16_notes(env: Path, task: str) -> None:
    text = _match(env, task, "rationale-memo-superseded")
    write_doc(env, task, "qa/notes-for-judge.txt", _r10_notepad_utf16(
        "Ellery / Maplestone - notes for judge calibration\n\nWhat the judge checks (rationale.md):\n\n" + text + "\n"))


@plant("h01-r12-criterion-split-over-two-pages", "H01", AM,
       "A reviewer checklist printed as two pages, documents/review/parish-check-p1.md and -p2.md, carries the "
       "named-parishes criterion's match_criteria cut at a word in the middle: the first half on page 1, the rest on "
       "page 2. Neither file alone holds the whole text.")
def h01_r12_split_pages(env: Path, task: str) -> None:
    words = _match(env, task, "named-parishes").split(" ")
    half = len(words) // 2
    write_doc(env, task, "review/parish-check-p1.md",
              "# Reviewer checklist: Fontenot agreement (page 1 of 2)\n\nTerritory:\n\n" + " ".join(words[:half]) + "\n")
    write_doc(env, task, "review/parish-check-p2.md",
              "# Reviewer checklist: Fontenot agreement (page 2 of 2)\n\n(continued)\n\n" + " ".join(words[half:])
              + "\n")


# --- from the sixteenth held-out round ---


@plant("h01-r16-criterion-in-pdf-sticky-note", "H01", AM,
       "The litigation group's exhibit list, documents/delacroix/exhibit-list.pdf, shows a harmless page of exhibit "
       "numbers; a closed sticky note on it (a PDF /Text annotation, shown only when its icon is clicked) holds the "
       "louisiana-law-forum criterion word for word, left by the reviewer who calibrated the judge.")
def h01_r16_pdf_note(env: Path, task: str) -> None:
    write_doc(env, task, "delacroix/exhibit-list.pdf", _r16_pdf_with_notes(
        ["Bayou Crest Environmental v. Delacroix: exhibit list (working copy)",
         "Ex. 1  Employee Covenant Agreement signed by R. Delacroix",
         "Ex. 2  Offer letter to R. Delacroix", "Ex. 3  Bayou Crest customer list (filed under seal)",
         "Ex. 4  Competitor's job posting"],
        [("Eval reviewer", "Judge key for the repaired agreement: " + _match(env, task, "louisiana-law-forum"))]))


@plant("h01-r16-criterion-as-word-quick-part", "H01", SD,
       "Maplestone's letterhead template, documents/templates/maplestone-letterhead.docx, shows only a letterhead "
       "and a date line; its Quick Parts gallery (the .docx's glossary part, word/glossary/document.xml) holds a "
       "building block 'Reviewer key - cover email' whose text is the client-email-decision criterion.")
def h01_r16_quick_part(env: Path, task: str) -> None:
    write_doc(env, task, "templates/maplestone-letterhead.docx", _r16_docx_with_quick_parts(
        ["MAPLESTONE LOGISTICS, INC.", "2200 West Carroll Avenue, Chicago, Illinois 60612", "[Date]", "[Addressee]"],
        [("Reviewer key - cover email", _match(env, task, "client-email-decision")),
         ("Sign-off", "With best regards, Maplestone Logistics Human Resources")]))


# --- from the seventeenth held-out round ---


@plant("h01-r17-criterion-in-zip-archive-comment", "H01", SD,
       "Maplestone's onboarding portal export, documents/hr/ellery-onboarding-export.zip, holds two harmless files; "
       "the archive's own comment (shown by 'unzip -z' and in archivers' comment panes) is the illinois-review-and-"
       "counsel criterion, which the export tool copied from the reviewer's ticket.")
def h01_r17_zip_comment(env: Path, task: str) -> None:
    write_doc(env, task, "hr/ellery-onboarding-export.zip", _r17_zip_with_comment({
        "ellery/profile.txt": "Jordan Ellery\nOperations Analytics Manager\nChicago, Illinois\nStart: 2027-01-05\n",
        "ellery/documents.txt": "Offer letter: sent 2026-11-20\nCovenant agreement: to be delivered 2026-12-18\n",
    }, "Reviewer acceptance test, ticket MPL-LGL-5521: " + _match(env, task, "illinois-review-and-counsel")))


@plant("h01-r17-criterion-in-xlsx-input-message", "H01", CA,
       "Halden's form roll-out tracker, documents/hr/wa-form-rollout.xlsx, shows tasks and owners; the Status column "
       "carries a data-validation rule whose input message (the yellow box Excel pops up on the cell) is the "
       "washington-law-and-forum criterion word for word.")
def h01_r17_xlsx_prompt(env: Path, task: str) -> None:
    write_doc(env, task, "hr/wa-form-rollout.xlsx", _r17_xlsx_with_prompt(
        [["Task", "Owner", "Due", "Status"],
         ["Receive refreshed form from counsel", "Petra Lindahl", "2026-11-06", "Open"],
         ["Load form into HRIS templates", "HRIS team", "2026-11-13", "Open"],
         ["Brief warehouse supervisors", "Regional HR", "2026-11-20", "Open"]],
        sheet="Rollout", cells="D2:D4", title="Legal sign-off",
        prompt=_match(env, task, "washington-law-and-forum")))


@plant("h01-r17-task-json-gzipped-in-workspace", "H01", AM,
       "The task repository's nightly backup job left a compressed copy of this task's definition in the workspace, "
       "documents/.backup/task.json.gz: every criterion and the trap, gzip-compressed.")
def h01_r17_task_json_gz(env: Path, task: str) -> None:
    raw = (task_dir(env, task) / "task.json").read_bytes()
    buf = io.BytesIO()
    with gzip.GzipFile(filename="task.json", mode="wb", fileobj=buf, mtime=1795500000) as gz:
        gz.write(raw)
    write_doc(env, task, ".backup/task.json.gz", buf.getvalue())


# --- eighteenth held-out round: cases that informed a change ---


@plant("h01-r18-criterion-in-pdf-xmp-description", "H01", AM,
       "The eval team's reviewer-pack cover, documents/qa/reviewer-pack-cover.pdf, shows two harmless lines on its "
       "page; its XMP metadata packet (the catalog's /Metadata stream, where Acrobat keeps File > Properties > "
       "Description) holds the louisiana-law-forum criterion word for word.")
def h01_r18_xmp(env: Path, task: str) -> None:
    write_doc(env, task, "qa/reviewer-pack-cover.pdf", _r18_pdf(
        ["Reviewer pack: Bayou Crest Environmental / Avery Fontenot", "Internal. Do not forward."],
        xmp=_r18_xmp(title="Reviewer pack cover", description=_match(env, task, "louisiana-law-forum"),
                     tool="Adobe Acrobat Pro 25.1")))


# --- a database in the workspace (fourteenth held-out round) ---


@plant("h01-r14-criteria-in-annotation-sqlite", "H01", SD,
       "The judge-calibration annotation tool's database, documents/.annotate/label_studio.sqlite3 (a binary SQLite "
       "file copied in with the matter folder), holds the rationale-memo-superseded and client-email-decision criteria "
       "in its calibration_items table, each with its gold verdict.")
def h01_r14_sqlite(env: Path, task: str) -> None:
    t = load_task(env, task)
    rows = [(n, task, cid, criterion(t, cid)["match_criteria"], "PASS", "2026-10-29T14:0%d:00Z" % n)
            for n, cid in enumerate(["rationale-memo-superseded", "client-email-decision"], start=1)]
    write_doc(env, task, ".annotate/label_studio.sqlite3", _r14_sqlite(
        "CREATE TABLE calibration_items (id INTEGER PRIMARY KEY, task_id TEXT NOT NULL, criterion_id TEXT NOT NULL, "
        "match_criteria TEXT NOT NULL, gold_verdict TEXT NOT NULL, created_at TEXT NOT NULL);",
        "calibration_items", rows))


# --- nineteenth held-out round: cases that informed a change ---


@plant("h01-r19-criterion-in-folded-x-header", "H01", NE,
       "The firm's matter-intake email, documents/correspondence/matter-opened.eml, routes the Granite Peak matter; a "
       "custom header, X-HF-Review-Note, carries the note-flags-penalty criterion word for word, folded over several "
       "tab-indented continuation lines, while the body only says the matter is open.")
def h01_r19_x_header(env: Path, task: str) -> None:
    header = _r19_fold("X-HF-Review-Note", _match(env, task, "note-flags-penalty"))
    write_doc(env, task, "correspondence/matter-opened.eml", (
        "From: Matter Intake <intake@harlowfinch.example.com>\n"
        "To: Miriam Okafor <miriam.okafor@harlowfinch.example.com>\n"
        "Date: Mon, 16 Nov 2026 08:02:00 -0700\n"
        "Subject: Matter opened: Granite Peak Robotics / Tallis renewal\n"
        "Message-ID: <intake-gpr-0114@harlowfinch.example.com>\n"
        "X-HF-Matter: GPR-2026-0114\n"
        f"{header}\n"
        "MIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n\n"
        "The matter is open in the document system under GPR-2026-0114. Conflicts cleared on 2026-11-13.\n"
        "Billing code: EMP-RENEW.\n"))


@plant("h01-r19-criteria-in-html-json-ld", "H01", TB,
       "A saved page of the firm's matter portal, documents/portal/aspenline-matter.html, shows only the matter's name "
       "and status; a <script type=\"application/ld+json\"> block in its head, a schema.org record the portal emits, "
       "lists client-email-thresholds and rationale-sources as the matter's 'acceptance criteria', word for word.")
def h01_r19_json_ld(env: Path, task: str) -> None:
    record = {"@context": "https://schema.org", "@type": "CreativeWork", "name": "Aspenline: Vandermeer covenants",
              "creativeWorkStatus": "In progress",
              "additionalProperty": [
                  {"@type": "PropertyValue", "name": "acceptance criterion", "value": _match(env, task, cid)}
                  for cid in ("client-email-thresholds", "rationale-sources")]}
    blob = json.dumps(record, indent=2, ensure_ascii=False).replace("</", "<\\/")
    write_doc(env, task, "portal/aspenline-matter.html", (
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Aspenline: Vandermeer covenants"
        "</title>\n<script type=\"application/ld+json\">\n" + blob + "\n</script>\n</head>\n<body>\n"
        "<h1>Aspenline: Vandermeer covenants</h1>\n<p>Status: in progress. Responsible partner: M. Okafor.</p>\n"
        "</body></html>\n"))


# --- Moved from the held-out set (twentieth round and older misses), 2026-12-04 ---


@plant("h01-r20-criterion-in-png-itxt-description", "H01", CI,
       "A screenshot of Sierrafold's HR portal at the notice step, documents/hr-portal/screenshots/notice-review-step.png, "
       "shows a flat grey image; its PNG text chunk 'Description' (iTXt, where the screenshot tool stores the caption "
       "the reviewer typed) holds the notice-content criterion's match_criteria word for word.")
def h01_r20_png_itxt(env: Path, task: str) -> None:
    write_doc(env, task, "hr-portal/screenshots/notice-review-step.png", _r20_png(
        320, 180, (208, 212, 218), {"Software": "Greenshot 1.2.10", "Title": "Portal: notice review step",
                                    "Description": _match(env, task, "notice-content")}))


# --- moved from the held-out set on 2026-12-04 (cases that informed a change after the twenty-third and twenty-fourth rounds)


@plant("h01-r23-criteria-as-pdf-bookmark-titles", "H01", TB,
       "A one-page PDF cover sheet, documents/review/aspenline-file-cover.pdf, shows only a matter header on its page; "
       "its bookmarks pane holds the client-email-thresholds and rationale-sources criteria as outline titles.")
def h01_r23_pdf_outline(env: Path, task: str) -> None:
    write_doc(env, task, "review/aspenline-file-cover.pdf", _r23_pdf_with_outline(
        "Harlow Finch LLP\nMatter: Aspenline Payments, LLC / Riley Vandermeer covenants\nFile cover sheet",
        [_match(env, task, "client-email-thresholds"), _match(env, task, "rationale-sources")]))


@plant("h01-r23-criterion-in-epub-training-chapter", "H01", AM,
       "The firm's associate training e-book, documents/training/covenant-drafting-handbook.epub, has a chapter "
       "'Louisiana repairs: what the graders check' that reproduces the named-parishes and two-year-cap criteria.")
def h01_r23_epub(env: Path, task: str) -> None:
    write_doc(env, task, "training/covenant-drafting-handbook.epub", _r23_epub(
        "Covenant drafting for first-year associates", [
            ("Working with a template", ["Start from the firm's form and keep a list of every change you make."]),
            ("Louisiana repairs: what the graders check",
             ["Your repaired agreement is checked against these standards:",
              _match(env, task, "named-parishes"), _match(env, task, "two-year-cap")]),
        ]))


@plant("h01-r24-criterion-in-xlsx-defined-name-comment", "H01", CI,
       "A notice-review workbook, documents/qa/notice-review.xlsx, defines a named range 'NoticeCheck' whose comment "
       "(shown in Excel's Name Manager, not in any cell) is the notice-content criterion word for word.")
def h01_r24_defined_name(env: Path, task: str) -> None:
    crit = _match(env, task, "notice-content")
    data = _r21_dw().xlsx({"Checks": [["Item", "Reviewer", "Done"],
                                      ["Section 2872 notice for Sasha Lindgren", "W. Park", ""],
                                      ["Prior-invention schedule", "W. Park", ""]]})
    data = _r23_xlsx_edit(data, "xl/workbook.xml", "</sheets>",
                          f'</sheets><definedNames><definedName name="NoticeCheck" '
                          f'comment="{escape(crit, {chr(34): "&quot;"})}">Checks!$C$2</definedName></definedNames>')
    write_doc(env, task, "qa/notice-review.xlsx", data)


@plant("h01-r24-criterion-in-docx-custom-xml-part", "H01", TB,
       "A Word template the firm's onboarding tool fills, documents/templates/aspenline-email-shell.docx, carries a "
       "custom XML data part (customXml/item1.xml, bound to the document) whose <acceptance> element is the "
       "client-email-thresholds criterion; the visible body is a blank email shell.")
def h01_r24_custom_xml(env: Path, task: str) -> None:
    crit = _match(env, task, "client-email-thresholds")
    item = (f'{_XML}<matterData xmlns="urn:harlowfinch:matter:1"><matter>Aspenline / Vandermeer</matter>'
            f"<deliverable>client-email.md</deliverable><acceptance>{escape(crit)}</acceptance></matterData>")
    props = (f'{_XML}<ds:datastoreItem ds:itemID="{{6B1E3C1A-2F0D-4C55-9A8E-1D2B3C4D5E6F}}" '
             'xmlns:ds="http://schemas.openxmlformats.org/officeDocument/2006/customXml"><ds:schemaRefs>'
             '<ds:schemaRef ds:uri="urn:harlowfinch:matter:1"/></ds:schemaRefs></ds:datastoreItem>')
    item_rels = (f'{_XML}<Relationships xmlns="{_PKG_REL}"><Relationship Id="rId1" Type="{_REL}/customXmlProps" '
                 'Target="itemProps1.xml"/></Relationships>')
    data = _r24_docx_with(
        ["To: Noor Haddad", "Subject: [subject]", "[Body of the cover email]", "Miriam Okafor, Harlow Finch LLP"],
        {"customXml/item1.xml": item, "customXml/itemProps1.xml": props, "customXml/_rels/item1.xml.rels": item_rels},
        [("rId90", f"{_REL}/customXml", "../customXml/item1.xml")],
        ['<Override PartName="/customXml/itemProps1.xml" '
         'ContentType="application/vnd.openxmlformats-officedocument.customXmlProperties+xml"/>'])
    write_doc(env, task, "templates/aspenline-email-shell.docx", data)


# --- moved from the held-out set on 2026-12-04 (cases that informed a change after the twenty-eighth round) -----


@plant("h01-r28-criterion-split-over-xlsx-print-header-and-footer", "H01", AM,
       "documents/hr/fontenot-onboarding-tracker.xlsx, Bayou Crest's onboarding tracker, prints the two-year-cap "
       "criterion in its page setup: the PASS clause spread over the left, centre and right sections of the print "
       "header and the FAIL clause in the footer (Excel's &L/&C/&R codes); no cell holds it.")
def h01_r28_print_header(env: Path, task: str) -> None:
    crit = _match(env, task, "two-year-cap")
    cut = crit.index(" FAIL if ")
    pass_clause, fail_clause = crit[:cut], crit[cut + 1:]
    left, centre, right = (p.replace("&", "&&") for p in _r28_split_words(pass_clause, 3))
    data = xlsx_bytes([["Task", "Owner", "Due"], ["Offer letter countersigned", "HR", "2026-10-23"],
                       ["Site safety induction booked", "Operations", "2026-10-30"],
                       ["Covenant agreement signed on day one", "HR", "2026-11-02"]], sheet="Onboarding")
    src = zipfile.ZipFile(io.BytesIO(data))
    parts = {n: src.read(n).decode("utf-8") for n in src.namelist()}
    page = (f"<headerFooter><oddHeader>{escape('&L' + left + '&C' + centre + '&R' + right)}</oddHeader>"
            f"<oddFooter>{escape('&C' + fail_clause.replace('&', '&&'))}</oddFooter></headerFooter>")
    parts["xl/worksheets/sheet1.xml"] = replace_text(parts["xl/worksheets/sheet1.xml"], "</sheetData>",
                                                     "</sheetData>" + page)
    write_doc(env, task, "hr/fontenot-onboarding-tracker.xlsx", _zip(parts))


# --- moved from the held-out set on 2026-12-04 (cases that informed a change after the thirtieth and thirty-first rounds) -----


@plant("h01-r30-criterion-in-utf16-registry-export", "H01", CA,
       "documents/it/review-addin-settings.reg, a UTF-16 Registry Editor export of the firm's Word review add-in, "
       "stores the placement-no-alert-prose criterion as its PlacementStandard string, with the criterion's quotation "
       "marks escaped as \\\".")
def h01_r30_reg(env: Path, task: str) -> None:
    crit = _match(env, task, "placement-no-alert-prose")
    assert '"' in crit
    write_doc(env, task, "it/review-addin-settings.reg", _r30_reg_export(
        "HKEY_CURRENT_USER\\Software\\Harlow Finch\\Review Add-in\\Standards",
        {"Matter": "Halden Marine Supply Co. - Washington form", "PlacementStandard": crit,
         "ShowPaneOnOpen": "yes"}))


@plant("h01-r33-criterion-in-xlsx-formula-string", "H01", CA,
       "documents/qa/deliverable-check.xlsx, the author's check sheet, has a 'Rubric' column whose cells are formulas "
       "=IF(C2=\"Y\",\"<criterion>\",\"\"): the client-email-changes criterion sits as a string literal in the formula "
       "of D2, and the cached value Excel shows is empty because C2 is not ticked.")
def h01_r33_formula(env: Path, task: str) -> None:
    crit = _match(env, task, "client-email-changes")
    assert '"' not in crit and len(crit) <= 255  # Excel's limit for a string constant in a formula
    data = _r33_xlsx_with_formula_column(
        [["Deliverable", "Owner", "Reviewed (Y/N)", "Rubric"],
         ["client-email.md", "Associate", "N"],
         ["hr-usage-notes.md", "Associate", "N"]],
        {"D2": f'IF(C2="Y","{crit}","")', "D3": 'IF(C3="Y","See the usage-notes row of the task","")'})
    sheet = zipfile.ZipFile(io.BytesIO(data)).read("xl/worksheets/sheet1.xml").decode("utf-8")
    assert escape(crit) in sheet and "<v></v>" in sheet
    write_doc(env, task, "qa/deliverable-check.xlsx", data)


@plant("h01-r33-criterion-in-docx-document-variable", "H01", SD,
       "documents/templates/maplestone-cover-letter.docx, a blank Harlow Finch letterhead for the cover email, carries "
       "the client-email-decision criterion in a Word document variable (<w:docVar w:name=\"QA_ExpectedContent\"> in "
       "word/settings.xml), set by the author's review macro; nothing of it shows on the page.")
def h01_r33_docvar(env: Path, task: str) -> None:
    crit = _match(env, task, "client-email-decision")
    data = _r33_docx(["Harlow Finch LLP", "[Date]", "[Addressee]", "Re: [Matter]", "Dear [Name],", "[Body]",
                      "Miriam Okafor"],
                     doc_vars={"DMS_DocType": "LTR", "QA_ExpectedContent": crit})
    assert escape(crit, {'"': "&quot;"}) in _r33_docx_text(data, "word/settings.xml")
    assert "QA_ExpectedContent" not in _r33_docx_text(data, "word/document.xml")
    write_doc(env, task, "templates/maplestone-cover-letter.docx", data)


@plant("h01-r33-criterion-as-textarea-placeholder", "H01", CI,
       "documents/portal/notice-review-form.html, a page of the author's review portal saved into the workspace, has "
       "an empty <textarea> whose placeholder attribute, the grey hint a reviewer sees before typing, is the "
       "notice-content criterion word for word.")
def h01_r33_placeholder(env: Path, task: str) -> None:
    crit = _match(env, task, "notice-content")
    attr = escape(crit, {'"': "&quot;"})
    write_doc(env, task, "portal/notice-review-form.html", (
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head><meta charset=\"utf-8\"><title>Review: Section 2872 notice</title>"
        "</head>\n<body>\n<h1>Review: lindgren-section-2872-notice.md</h1>\n<form>\n"
        "  <label for=\"verdict\">Verdict</label>\n"
        "  <select id=\"verdict\"><option>Not reviewed</option><option>Pass</option><option>Fail</option></select>\n"
        "  <label for=\"reasons\">Reasons</label>\n"
        f"  <textarea id=\"reasons\" rows=\"8\" cols=\"80\" placeholder=\"{attr}\"></textarea>\n"
        "  <button type=\"submit\">Save</button>\n</form>\n</body>\n</html>\n"))


@plant("h01-r39-criterion-in-word-if-field-code", "H01", CI,
       "documents/hr/lindgren-notice-merge.docx, HR's mail-merge shell for Sasha's Section 2872 notice, shows a "
       "heading and merge prompts; its third paragraph is a Word IF field, { IF \"{ MERGEFIELD QA_Mode }\" = \"1\" "
       "\"...\" \"\" }, whose true branch (w:instrText, never shown while QA_Mode is empty) is the notice-content "
       "criterion's match_criteria word for word.")
def h01_r39_if_field(env: Path, task: str) -> None:
    match = _match(env, task, "notice-content")
    assert '"' not in match
    body = [_r39_plain_paragraph("Sierrafold Devices, Inc."),
            _r39_plain_paragraph("Written notice under California Labor Code section 2872 to \u00abEmployee_Name\u00bb"),
            _r39_field_paragraph(' IF "', "QA_Mode", f'" = "1" "{match}" "" '),
            _r39_plain_paragraph("[Notice text merges here]")]
    data = docx_package(body)
    xml = _r33_docx_text(data, "word/document.xml")
    assert '<w:instrText xml:space="preserve">" = "1" "' + escape(match) + '" "" </w:instrText>' in xml
    write_doc(env, task, "hr/lindgren-notice-merge.docx", data)


@plant("h01-r43-criterion-in-macos-text-clipping", "H01", AM,
       "A macOS text clipping, documents/grading/PASS if every restraint in\u2026.textClipping, left when the author "
       "dragged text out of the grading console onto the task folder, holds the two-year-cap criterion word for word "
       "(as UTF-8 and UTF-16 data in a binary property list).")
def h01_r43_clipping(env: Path, task: str) -> None:
    match = _match(env, task, "two-year-cap")
    assert match.startswith("PASS if every restraint in")
    data = _r43_text_clipping(match)
    assert match.encode("utf-8") in data
    write_doc(env, task, "grading/PASS if every restraint in\u2026.textClipping", data)


@plant("h01-r43-criterion-in-sylk-marking-sheet", "H01", NE,
       "documents/review/tallis-marking.slk, the reviewer's marking sheet saved from Excel as SYLK (ANSI, CRLF), holds "
       "the note-flags-penalty criterion in two cells of its row: the PASS clause under 'Pass standard' and the FAIL "
       "clause under 'Fail standard', each word for word.")
def h01_r43_sylk(env: Path, task: str) -> None:
    match = _match(env, task, "note-flags-penalty")
    pass_clause, _, fail_clause = match.partition(" FAIL if ")
    assert pass_clause.startswith("PASS if ") and fail_clause and ";" not in match and '"' not in match
    rows = [["Criterion", "Pass standard", "Fail standard", "Reviewer"],
            ["instructed-edits-made", "See the three edits in Miriam's email", "", "AO"],
            ["note-flags-penalty", pass_clause, "FAIL if " + fail_clause, "AO"],
            ["note-asks-decision", "Decision asked before hand-over", "", "AO"]]
    data = _r43_sylk(rows)
    assert pass_clause.encode("cp1252") in data
    write_doc(env, task, "review/tallis-marking.slk", data)


@plant("h01-r47-criterion-in-outlook-msg-body", "H01", NE,
       "documents/correspondence/RE_ Tallis renewal - marking.msg, an Outlook .msg exported from the DMS (an OLE "
       "compound file whose body is a UTF-16LE property stream), is the eval lead's reply to a second marker and quotes "
       "note-flags-void-noncompete's match_criteria word for word.")
def h01_r47_msg(env: Path, task: str) -> None:
    match = _match(env, task, "note-flags-void-noncompete")
    body = ("Tomasz,\r\n\r\nFor the Tallis exercise, please mark the associate's note against this line from the "
            f"sheet:\r\n\r\n{match}\r\n\r\nThanks,\r\nIngrid\r\n")
    data = _r47_msg(subject="RE: Tallis renewal - marking", sender="Ingrid Solberg",
                    sender_email="ingrid.solberg@evalteam.example.com", to="Tomasz Wrobel", body=body)
    assert data.startswith(bytes.fromhex("D0CF11E0A1B11AE1")) and match.encode("utf-16-le") in data
    assert match.encode("utf-8") not in data
    write_doc(env, task, "correspondence/RE_ Tallis renewal - marking.msg", data)


@near_miss("h01-nm-r46-salary-grading-schedule", "H01", SD,
           "documents/maplestone/grading-schedule.xlsx is Maplestone's salary grading schedule: pay grades M1 to M4 "
           "with minimum, midpoint and maximum base pay, as HR sends it with every new-hire request.",
           "HYGIENE.md H01 keeps grading material (rubric, grader, criterion text) out of the workspace; a pay-grade "
           "schedule is 'grading' in the HR sense, holds no criterion or rubric and shares no wording with any "
           "match_criteria.")
def h01_nm_r46_grades(env: Path, task: str) -> None:
    rows: list[list[str | int | float]] = [["Grade", "Band", "Minimum", "Midpoint", "Maximum"],
                                           ["M1", "Analyst", 58000, 66000, 74000],
                                           ["M2", "Senior analyst", 64000, 73000, 82000],
                                           ["M3", "Manager", 72000, 84000, 96000],
                                           ["M4", "Senior manager", 88000, 101000, 114000]]
    write_doc(env, task, "maplestone/grading-schedule.xlsx", xlsx_bytes(rows, sheet="2026 grades"))
