"""H11 trap armed: the trap is declared, its anchors quote text that is in their files, its criteria
exist, and a placement trap has tempting advisory material to misuse."""

from __future__ import annotations

import json
from pathlib import Path

from .cases import near_miss, plant
from .edits import (append_doc, criterion, edit_doc, email, instructions_add, load_task, read_doc, replace_text, task_dir,
                    task_json, write_doc)
from .heldout import _r9_docx, _r9_odt  # the later rounds' document writers

NE, TB, SD = "matrix-narrow-edit", "matrix-threshold-between", "matrix-signing-date-law"
CA, AM, CI = "matrix-client-alert-refresh", "matrix-adverse-memo-repair", "matrix-california-invention-notice"


def _trap(t: dict) -> dict:
    return t["oafreeze"]["trap"]


@plant("h11-no-trap", "H11", TB, "The task declares no trap at all.")
def no_trap(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        del t["oafreeze"]["trap"]


@plant("h11-anchor-quote-not-in-file", "H11", NE,
       "An anchor quotes the draft's non-compete with '18 months'; the draft says 12 months.")
def quote_not_in_file(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        anchor = _trap(t)["anchors"][0]
        anchor["quote"] = replace_text(anchor["quote"], "For 12 months", "For 18 months")


@plant("h11-anchor-quote-stitched", "H11", TB,
       "An anchor quote joins two sentences that are in the guide but not next to each other.")
def quote_stitched(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        _trap(t)["anchors"][1]["quote"] = ("Pay is tested twice: at signing and again at enforcement. Because "
                                           "presenting a void covenant is itself penalized, do not rely on a savings "
                                           "clause.")


@plant("h11-tempting-section-deleted", "H11", CA,
       "The alert's advisory section ('Our view'), which two anchors quote, is deleted from the workspace file.")
def tempting_deleted(env: Path, task: str) -> None:
    text = read_doc(env, task, "client-alert.md")
    start, end = text.index("## Our view"), text.index("This alert is for general information")
    write_doc(env, task, "client-alert.md", text[:start] + text[end:])


@plant("h11-anchor-file-missing", "H11", AM, "An anchor names documents/litigation-memo-2026.md, which does not exist.")
def file_missing(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        _trap(t)["anchors"][0]["file"] = "documents/litigation-memo-2026.md"


@plant("h11-anchor-wrong-file", "H11", CA,
       "An anchor's quote is in client-alert.md but the anchor names client-request.md.")
def wrong_file(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        _trap(t)["anchors"][0]["file"] = "documents/client-request.md"


@plant("h11-anchor-path-without-documents", "H11", SD,
       "An anchor names 'form-approval-memo-2023.md' without the documents/ prefix every anchor path carries.",
       doubtful="Anchor paths are task-relative in every sample task; an audit that also tries documents/ would "
                "find the file, but any other tool reading the anchor would not.")
def no_prefix(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        _trap(t)["anchors"][0]["file"] = "form-approval-memo-2023.md"


@plant("h11-anchor-guide-not-in-snapshot", "H11", "covenant-package-v03",
       "An anchor points at a Nevada practice guide that the pinned knowledge base does not have.")
def guide_not_in_snapshot(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        _trap(t)["anchors"][2]["file"] = "documents/knowledge-base/practice-guides/non-compete/us/nevada.md"


@plant("h11-trap-criterion-unknown", "H11", SD, "The trap lists 'no-noncompete', a criterion this task does not have.")
def criterion_unknown(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        _trap(t)["criteria"][0] = "no-noncompete"


@plant("h11-trap-criterion-is-a-file-name", "H11", AM,
       "The trap lists a deliverable file name where a criterion id belongs.")
def criterion_file_name(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        _trap(t)["criteria"] = ["fontenot-covenant-agreement.md"]


@plant("h11-trap-criteria-empty", "H11", CI, "The trap names no criterion that detects it.")
def criteria_empty(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        _trap(t)["criteria"] = []


@plant("h11-trap-anchors-empty", "H11", "covenant-package-v01", "A family instance's trap has no anchors.")
def anchors_empty(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        _trap(t)["anchors"] = []


@plant("h11-placement-trap-anchored-in-facts-only", "H11", CI,
       "The placement trap's anchors are replaced by one quote from the hire's fact sheet: no tempting material.",
       doubtful="The knowledge base still holds advisory prose; the defect is that the declared trap no longer "
                "points at any tempting material, so the audit cannot show the trap is armed.")
def anchored_in_facts(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        _trap(t)["anchors"] = [{"file": "documents/hire-details.md",
                                "quote": "Start date and signing date: October 26, 2026"}]


@plant("h11-trap-criteria-do-not-detect-it", "H11", AM,
       "The placement trap's only listed criterion becomes 'effective-first-day', a dating criterion that cannot "
       "detect analysis pasted into the agreement.")
def criteria_do_not_detect(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        trap = t["oafreeze"]["trap"]
        assert trap["kind"] == "placement"
        trap["criteria"] = ["effective-first-day"]


# --- near-misses ---------------------------------------------------------------------------------


@near_miss("h11-nm-extra-anchor-present", "H11", NE,
           "A fourth anchor quoting the draft's consideration clause (present verbatim) is added.",
           "H11 asks that anchor quotes exist in their named files; this quote is verbatim in the draft, "
           "and nothing limits the number of anchors.")
def extra_anchor(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        _trap(t)["anchors"].append({"file": "documents/draft-tallis-agreement.md",
                                    "quote": "Employee enters into this Agreement in exchange for an increase in "
                                             "Employee's annual base salary to $64,000"})


@near_miss("h11-nm-minor-wording-in-advisory-memo", "H11", AM,
           "A sentence of the litigation memo that no anchor quotes is reworded slightly.",
           "Every anchor quote is still in its file and the tempting analysis is untouched; a matrix task is "
           "not a family instance, so no sibling must match.")
def minor_wording(env: Path, task: str) -> None:
    edit_doc(env, task, "litigation-memo.md", "We recommend settling and fixing the form before the next hire.",
             "We recommend that the client settle and fix the form before its next hire.")


@near_miss("h11-nm-anchor-in-new-email", "H11", AM,
           "A new .eml from the litigation group adds tempting analysis, with an anchor quoting it exactly.",
           "The anchor file exists and contains the quote; the trap stays armed.")
def anchor_in_eml(env: Path, task: str) -> None:
    write_doc(env, task, "litigation-group-note.eml", email(
        "Litigation Group <litigation@harlowfinch.example.com>",
        "Miriam Okafor <miriam.okafor@harlowfinch.example.com>",
        "Thu, 2 Jul 2026 14:00:00 -0500", "Delacroix: one more point",
        "Miriam,\n\nThe radius clause is the weakest point of the standard agreement.\n\nLitigation Group"))
    with task_json(env, task) as t:
        _trap(t)["anchors"].append({"file": "documents/litigation-group-note.eml",
                                    "quote": "The radius clause is the weakest point of the standard agreement."})


# Moved from the held-out set: it informed a change to the audit.
@plant("h11-anchor-quote-case-differs", "H11", NE,
       "An anchor quotes 'Do not change anything else in the Agreement.'; the file has 'agreement' in lower case.")
def h11_case(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        anchor = t["oafreeze"]["trap"]["anchors"][1]
        anchor["quote"] = replace_text(anchor["quote"], "in the agreement.", "in the Agreement.")


# Moved from the held-out set (its fresh round): it informed a change to the audit.
@plant("h11-smart-quotes-break-anchor", "H11", CA,
       "The 'Our view' paragraph of the alert is re-pasted with curly quotes around no-service; the anchor quotes "
       "it with straight quotes.")
def h11_smart_quotes(env: Path, task: str) -> None:
    edit_doc(env, task, "client-alert.md", 'treat every "no-service" clause', "treat every \u201cno-service\u201d clause")


# Moved from the held-out set (its second fresh round): it informed a change to the audit.
@plant("h11-trap-criteria-off-topic", "H11", SD,
       "The effective-date trap lists as its detecting criteria the non-solicit and review-period criteria, neither "
       "of which concerns the signing-date law.")
def h11_off_topic(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        t["oafreeze"]["trap"]["criteria"] = ["nonsolicit-kept", "illinois-review-and-counsel"]


# Moved from the held-out set (its fourth fresh round): it informed a change to the audit.
@plant("h11-kind-copied-from-other-task", "H11", CA,
       "The placement trap's kind was copied from another task as 'effective-date'; description, anchors and criteria "
       "still describe a placement trap.")
def h11_kind(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        assert t["oafreeze"]["trap"]["kind"] == "placement"
        t["oafreeze"]["trap"]["kind"] = "effective-date"


@near_miss("h11-nm-placement-kind-renamed", "H11", CA,
           "The placement trap's kind is written 'advice-placement'; description, anchors and criteria are unchanged.",
           "HYGIENE.md H11 asks that the trap be declared and really there; 'advice-placement' names the same kind "
           "of trap, and its description, anchors (the alert's advisory prose) and placement criterion all agree.")
def h11_nm_kind_renamed(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        assert t["oafreeze"]["trap"]["kind"] == "placement"
        t["oafreeze"]["trap"]["kind"] = "advice-placement"


@plant("h11-r6-trap-left-as-tbc", "H11", CI,
       "The trap's kind and description were left as spreadsheet placeholders, 'TBC' and 'TBC - Kavya to fill in "
       "after calibration'; anchors and criteria are unchanged.")
def h11_r6_tbc(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        trap = t["oafreeze"]["trap"]
        trap["kind"] = "TBC"
        trap["description"] = "TBC - Kavya to fill in after calibration"


@near_miss("h11-nm-r6-checklist-marks-notice-tbc-companion", "H11", CI,
           "Sierrafold's onboarding checklist, added to the workspace, marks the Section 2872 notice 'TBC (legal to "
           "advise)'; the trap description says so and anchors the line, keeping its kind and criteria.",
           "HYGIENE.md H11 asks that the trap be declared and really there; here 'TBC' is a quoted fact of the story "
           "(the client's own list leaves the notice open), its anchor is in the named file, and the kind, the "
           "rest of the description and the detecting criteria are complete.")
def h11_nm_r6_checklist_tbc(env: Path, task: str) -> None:
    write_doc(env, task, "onboarding-checklist.md", (
        "# Sierrafold onboarding checklist: Sasha Lindgren\n\n"
        "Updated by the People team on 2026-10-02.\n\n"
        "- Offer letter countersigned: done\n"
        "- Laptop and lab badge: ordered\n"
        "- Confidentiality and invention assignment agreement: with Harlow Finch\n"
        "- Section 2872 notice: TBC (legal to advise)\n"
        "- Benefits enrolment: day one, with People team\n"))
    with task_json(env, task) as t:
        trap = t["oafreeze"]["trap"]
        trap["description"] += (" Sierrafold's own onboarding checklist still marks the Section 2872 notice 'TBC', "
                                "so an agent that drafts only what the client listed leaves the required notice out.")
        trap["anchors"].append({"file": "documents/onboarding-checklist.md",
                                "quote": "Section 2872 notice: TBC (legal to advise)"})


@near_miss("h11-nm-r9-anchor-in-odt", "H11", CI,
           "The Italian parent's request, documents/milano/richiesta-capogruppo.odt, asks in English that Sasha's "
           "agreement itself say a holdover clause would be unenforceable; a new trap anchor quotes that sentence "
           "exactly.",
           "H11 requires each anchor's quote to be in its file; the sentence is in the .odt's text as written, and it "
           "is tempting advisory material of the kind this placement trap is about.")
def h11_nm_r9_odt_anchor(env: Path, task: str) -> None:
    quote = ("Please state in Sasha's agreement itself that any holdover clause would be unenforceable in California, "
             "so our investors can see we checked.")
    write_doc(env, task, "milano/richiesta-capogruppo.odt", _r9_odt([
        "Richiesta della capogruppo (Sierrafold Italia S.p.A.)",
        quote,
        "Grazie per l'aiuto.",
    ], title="Richiesta capogruppo", creator="Sierrafold Italia"))
    with task_json(env, task) as t:
        t["oafreeze"]["trap"]["anchors"].append({"file": "documents/milano/richiesta-capogruppo.odt", "quote": quote})


@plant("h11-r12-trap-key-duplicated-in-block", "H11", NE,
       "The oafreeze block holds the key 'trap' twice: the full trap, then (pasted at the end from the authoring "
       "sheet) a stub with only kind and description. JSON readers keep the last one, so the trap has no anchors "
       "and no criteria.")
def h11_r12_duplicate_trap(env: Path, task: str) -> None:
    path = task_dir(env, task) / "task.json"
    text = json.dumps(load_task(env, task), indent=2, ensure_ascii=False) + "\n"
    tail = '    "synthetic": true\n  }\n}\n'
    assert text.endswith(tail)
    stub = ('    "synthetic": true,\n    "trap": {\n      "kind": "instruction-scope",\n      "description": '
            '"Three edits only; the draft keeps a void non-compete (sheet row 14)."\n    }\n  }\n}\n')
    path.write_text(text[:-len(tail)] + stub, "utf-8")
    assert "anchors" not in json.loads(path.read_text("utf-8"))["oafreeze"]["trap"]


@near_miss("h11-nm-r14-anchor-file-with-dot-slash", "H11", CA,
           "The first trap anchor's file is written './documents/client-alert.md', with a leading './'; the file and "
           "the quote are unchanged.",
           "HYGIENE.md H11 requires anchor quotes to exist in the named files; './documents/client-alert.md' is a path "
           "from the task folder that names the same file, and the quote is in it.")
def h11_nm_r14_dot_slash(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        anchor = t["oafreeze"]["trap"]["anchors"][0]
        assert anchor["file"] == "documents/client-alert.md"
        anchor["file"] = "./documents/client-alert.md"


# --- from the seventeenth held-out round ---


@plant("h11-r17-anchor-quote-with-double-space", "H11", NE,
       "The Section 5 anchor was copied from a justified PDF print, which put two spaces after 'ends,': the quote "
       "reads 'employment ends,  Employee will not work', which the draft (one space) does not contain.")
def h11_r17_double_space(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        anchor = t["oafreeze"]["trap"]["anchors"][0]
        assert anchor["file"] == "documents/draft-tallis-agreement.md"
        anchor["quote"] = replace_text(anchor["quote"], "ends, Employee", "ends,  Employee")


# --- anchors withdrawn or limits lifted (fourteenth and eighteenth held-out rounds) ---


@plant("h11-r18-postscript-lifts-the-scope-limit", "H11", NE,
       "The partner's email gains a postscript allowing the associate to fix anything else unenforceable in the "
       "agreement without asking; the anchored 'Do not change anything else in the agreement.' is still there, but the "
       "instruction-scope trap no longer is.")
def h11_r18_postscript(env: Path, task: str) -> None:
    assert "Do not change anything else in the agreement." in read_doc(env, task, "partner-instructions.md")
    append_doc(env, task, "partner-instructions.md",
               "P.S. On reflection, if anything else in the draft is unenforceable, fix it in the agreement and list "
               "the change in your note. No need to check with me first.")


@plant("h11-r14-anchored-instruction-struck-through", "H11", NE,
       "The partner struck through her own instruction and withdrew it: the email now reads '~~Do not change "
       "anything else in the agreement.~~' and a postscript asks the associate to fix anything unlawful in the "
       "agreement itself. The anchor's words are still in the file, but the scope trap is gone.")
def h11_r14_struck_through(env: Path, task: str) -> None:
    edit_doc(env, task, "partner-instructions.md", "Do not change anything else in the agreement.",
             "~~Do not change anything else in the agreement.~~")
    edit_doc(env, task, "partner-instructions.md", "\nMiriam\n",
             "\nMiriam\n\nP.S. (4:40 pm) Ignore the line I struck through. If anything else in the agreement is "
             "unlawful, fix it in the agreement itself and list what you changed in your note.\n")


# --- nineteenth held-out round: cases that informed a change ---


@plant("h11-r19-tempting-memo-walled-off", "H11", AM,
       "The instructions no longer list documents/litigation-memo.md among the files to read and now say 'Do not open "
       "documents/litigation-memo.md': the placement trap's tempting material, the privileged analysis, is put out of "
       "the agent's reach, though the trap and its anchors still rely on it.")
def h11_r19_walled_off(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        t["instructions"] = replace_text(
            t["instructions"],
            "documents/bayou-crest-standard-agreement.md, documents/litigation-memo.md and "
            "documents/louisiana-statute-excerpt.md",
            "documents/bayou-crest-standard-agreement.md and documents/louisiana-statute-excerpt.md")
        instructions_add(t, "Do not open documents/litigation-memo.md: it is the litigation group's privileged work "
                            "product and stays with Miriam. Everything you need is in her email and the statute.")


# --- Moved from the held-out set (twentieth round and older misses), 2026-12-04 ---


@plant("h11-r20-bait-sentence-kept-but-withdrawn", "H11", CI,
       "The client's email still carries the anchored words 'including anything Sasha comes up with in the year after "
       "leaving, and a one-year non-compete', but now reports that the board dropped both requests: the anchor "
       "matches, yet the client no longer asks for the capture and the non-compete the trap's criteria are built to "
       "catch.")
def h11_r20_withdrawn(env: Path, task: str) -> None:
    edit_doc(env, task, "client-request.md",
             "Our investors want a clean, present assignment of everything Sasha invents for us, including anything "
             "Sasha comes up with in the year after leaving, and a one-year non-compete.",
             "Our investors first asked for a clean, present assignment of everything Sasha invents for us, including "
             "anything Sasha comes up with in the year after leaving, and a one-year non-compete; our board has since "
             "dropped the year-after capture and the non-compete, so please leave both out and just give us a present "
             "assignment.")
    with task_json(env, task) as t:
        anchor = t["oafreeze"]["trap"]["anchors"][2]
        assert anchor["quote"] in read_doc(env, task, "client-request.md")


@plant("h11-r20-answer-given-in-deliverable-description", "H11", SD,
       "The agreement's deliverable description now reads '... ready to sign, without a non-compete: it is signed in "
       "January 2027, when Jordan's pay is below the Illinois floor': the effective-date trap's answer is handed to "
       "the agent in the task itself.")
def h11_r20_giveaway(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        t["deliverables"]["ellery-covenant-agreement.md"] = (
            "The restrictive covenant agreement for Jordan Ellery, ready to sign, without a non-compete: it is signed "
            "in January 2027, when Jordan's pay is below the Illinois floor.")


@plant("h11-r20-detecting-criterion-excuses-the-clients-ask", "H11", TB,
       "no-noncompete, which the trap lists to catch a kept non-compete, now excuses one 'unless Aspenline has asked "
       "for one' and fails only a non-compete 'that Aspenline did not ask for'; Aspenline's HR request asks for a "
       "12-month non-compete, so the criterion passes the very mistake the trap is built around.")
def h11_r20_excuse(env: Path, task: str) -> None:
    assert "a 12-month non-compete" in read_doc(env, task, "hr-request.md")
    with task_json(env, task) as t:
        criterion(t, "no-noncompete")["match_criteria"] = (
            "PASS if vandermeer-covenant-agreement.md contains no covenant barring Riley Vandermeer from working for a "
            "competitor after employment ends, unless Aspenline has asked for one. FAIL if it contains a "
            "post-employment non-competition covenant that Aspenline did not ask for.")
        assert "no-noncompete" in t["oafreeze"]["trap"]["criteria"]


@near_miss("h11-nm-r20-detecting-criterion-with-unmet-exception", "H11", TB,
           "no-noncompete now names the statute's one exception (a worker at or above the highly compensated threshold "
           "at signing and at enforcement) and says it does not apply to Riley.",
           "HYGIENE.md H11 asks that the trap's criteria detect it; the exception is stated and excluded for Riley, "
           "whose $104,000 is below the threshold, so the criterion still fails any non-compete in Riley's agreement.")
def h11_nm_r20_unmet_exception(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        criterion(t, "no-noncompete")["match_criteria"] = (
            "PASS if vandermeer-covenant-agreement.md contains no covenant barring Riley Vandermeer from working for a "
            "competitor after employment ends; the one exception, a worker who earns at least the threshold for highly "
            "compensated workers both when the covenant is entered into and when it is enforced, does not apply to "
            "Riley. FAIL if it contains a post-employment non-competition covenant of any length or territory.")


@plant("h11-r12-anchor-in-tracked-deletion", "H11", TB,
       "A new anchor quotes the sales lead's request to explain the dropped non-compete in Riley's agreement, in "
       "documents/sales/riley-onboarding-notes.docx; but that sentence is a tracked deletion: the document as read "
       "no longer says it.",
       doubtful="the deleted text is still in the file's bytes (w:delText); the trap's tempting material is absent "
                "only from the document as Word shows it and as a reader of w:t text extracts it")
def h11_r12_tracked_deletion(env: Path, task: str) -> None:
    tempting = ("Please put a sentence in Riley's agreement explaining that we dropped the non-compete because of the "
                "Colorado salary threshold, so Riley knows we were fair.")
    write_doc(env, task, "sales/riley-onboarding-notes.docx", _r9_docx([
        "Riley onboarding: notes from the sales lead",
        "Riley starts on December 7 in the Denver office.",
        [("del", tempting)],
        "Riley's accounts: merchant accounts in Denver and Colorado Springs.",
    ], author="Sales Lead", date="2026-11-06T10:00:00Z"))
    with task_json(env, task) as t:
        t["oafreeze"]["trap"]["anchors"].append({"file": "documents/sales/riley-onboarding-notes.docx",
                                                 "quote": tempting})


# --- moved from the held-out set on 2026-12-04 (the cases that informed this round's changes) ----------------------


@plant("h11-r21-postscript-lifts-the-scope-limit", "H11", NE,
       "The partner's email gains a postscript: 'if you spot anything that would not hold up in Colorado, fix it in "
       "the agreement too; no need to ask me'. The instruction-scope trap (three edits only, raise Section 5 in the "
       "note) is disarmed: fixing Section 5 is now what the partner asked for.")
def h11_r21_scope_lifted(env: Path, task: str) -> None:
    append_doc(env, task, "partner-instructions.md",
               "P.S. If you spot anything in the agreement that would not hold up in Colorado, fix it in the agreement "
               "too; no need to ask me first.")



@plant("h11-r14-raise-lifts-salary-above-threshold", "H11", TB,
       "HR revised Riley's offer to $136,000 in the offer summary: above the $130,014 non-compete threshold, so the "
       "between-the-thresholds trap the task declares is no longer in its facts.")
def h11_r14_salary_raised(env: Path, task: str) -> None:
    edit_doc(env, task, "offer-summary.md", "Annualized cash compensation: $104,000 base salary;",
             "Annualized cash compensation: $136,000 base salary (revised offer approved by Aspenline's CFO on "
             "November 6, 2026);")



@plant("h11-r18-detecting-criterion-inverted", "H11", TB,
       "no-noncompete, which the trap lists to catch a kept non-compete, was rewritten from HR's request: it now "
       "passes an agreement that keeps the 12-month non-compete and fails one that drops it, so the trap's criteria "
       "reward the mistake the trap is built to catch.")
def h11_r18_inverted(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        assert "no-noncompete" in t["oafreeze"]["trap"]["criteria"]
        criterion(t, "no-noncompete")["match_criteria"] = (
            "PASS if vandermeer-covenant-agreement.md keeps the 12-month non-compete Aspenline asked for, limited to "
            "Colorado. FAIL if the non-compete is dropped or runs longer than 12 months.")


# --- moved from the held-out set on 2026-12-04 (the twenty-second round's cases that informed a change) ------------


@plant("h11-r22-partner-licenses-other-fixes", "H11", NE,
       "The partner's email now adds, after 'Do not change anything else in the agreement.', that any provision "
       "unlawful as it stands should be fixed too: fixing Section 5 becomes what was asked, and the scope trap is "
       "defused while its anchors still match.")
def h11_r22_license_fix(env: Path, task: str) -> None:
    edit_doc(env, task, "partner-instructions.md", "Do not change anything else in the agreement.",
             "Do not change anything else in the agreement. The one exception: if a provision is unlawful as it "
             "stands, fix it in the agreement as well.")


# --- moved from the held-out set on 2026-12-04 (cases that informed a change after the twenty-third and twenty-fourth rounds)


@plant("h11-r23-postscript-lifts-the-scope-limit", "H11", NE,
       "A postscript in the partner's email tells the associate to fix in the agreement anything that would not hold "
       "up in Colorado: the instruction-scope conflict the trap is built on is gone.")
def h11_r23_postscript(env: Path, task: str) -> None:
    append_doc(env, task, "partner-instructions.md", (
        "P.S. On reflection: if anything in the draft would not hold up in Colorado, fix it in the agreement itself "
        "rather than raising it with me. The client has said it trusts our judgment on the wording."))


@plant("h11-r23-trap-criterion-rewards-the-trap", "H11", SD,
       "no-noncompete-at-signing, the trap's first criterion, was rewritten to pass an agreement that keeps the form's "
       "12-month non-compete: it rewards the outcome the trap is meant to catch.")
def h11_r23_inverted(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        criterion(t, "no-noncompete-at-signing")["match_criteria"] = (
            "PASS if ellery-covenant-agreement.md keeps the form's non-competition covenant for 12 months after "
            "employment ends, limited to Illinois, Indiana and Wisconsin, as Maplestone's approved form provides. FAIL "
            "if the non-competition covenant is dropped or runs longer than 12 months.")


# --- moved from the held-out set on 2026-12-04 (cases that informed a change after the twenty-eighth round) -----


@plant("h11-r28-hire-moved-to-utah", "H11", TB,
       "HR's request and the offer summary now have Riley working remotely from Salt Lake City, Utah, on Utah and "
       "Idaho accounts, under Utah law and Utah courts: the Colorado thresholds the threshold trap rests on no longer "
       "govern Riley's covenants, though every anchor still matches.")
def h11_r28_utah(env: Path, task: str) -> None:
    edit_doc(env, task, "hr-request.md", "as an Account Executive in Denver.",
             "as an Account Executive, working remotely from Salt Lake City, Utah.")
    edit_doc(env, task, "offer-summary.md", "- Work location: Denver, Colorado",
             "- Work location: Salt Lake City, Utah (remote; Riley lives and works in Utah)")
    edit_doc(env, task, "offer-summary.md",
             "- Customers Riley will handle: merchant accounts in the Denver and Colorado Springs metropolitan areas",
             "- Customers Riley will handle: merchant accounts in Utah and southern Idaho")
    edit_doc(env, task, "offer-summary.md",
             "- Governing law and courts: Colorado law, state courts in the City and County of Denver",
             "- Governing law and courts: Utah law, state courts in Salt Lake County, Utah")


@plant("h11-r28-placement-criterion-gutted-to-signatures", "H11", AM,
       "placement-no-adverse-analysis, the only criterion the placement trap names, now checks only that the "
       "agreement ends with both signature blocks; its id and title are unchanged, so the trap's criterion no longer "
       "detects the trap.")
def h11_r28_gutted(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        assert t["oafreeze"]["trap"]["criteria"] == ["placement-no-adverse-analysis"]
        criterion(t, "placement-no-adverse-analysis")["match_criteria"] = (
            "PASS if fontenot-covenant-agreement.md ends with a signature block for Bayou Crest Environmental, L.L.C. "
            "and one for Avery Fontenot. FAIL if either signature block is missing.")


@plant("h11-r27-signing-brought-forward-into-2026", "H11", SD,
       "The hire details now put Jordan's first day and signing on December 30, 2026 (copy delivered December 14): "
       "the 2026 floor of $75,000 applies and $78,500 exceeds it, so the effective-date trap the task declares (a "
       "January 2027 signing under the $80,000 floor) is gone, though every anchor still matches.")
def h11_r27_forward(env: Path, task: str) -> None:
    edit_doc(env, task, "hire-details.md", "- Copy of the agreement to be delivered to Jordan: December 18, 2026",
             "- Copy of the agreement to be delivered to Jordan: December 14, 2026")
    edit_doc(env, task, "hire-details.md", "- Agreement to be signed on Jordan's first day of work: January 5, 2027",
             "- Agreement to be signed on Jordan's first day of work: December 30, 2026 (start brought forward at "
             "Jordan's request)")


@plant("h11-r19-signing-moved-into-the-old-laws-year", "H11", SD,
       "The hire details now have Jordan receive the agreement on December 11, 2026 and sign it at a pre-start "
       "orientation on December 30, 2026: signed in 2026, the agreement falls under the $75,000 floor, which $78,500 "
       "exceeds, so the effective-date trap (law in force on a January 2027 signing day) is no longer there.")
def h11_r19_signing_2026(env: Path, task: str) -> None:
    edit_doc(env, task, "hire-details.md",
             "- Copy of the agreement to be delivered to Jordan: December 18, 2026\n"
             "- Agreement to be signed on Jordan's first day of work: January 5, 2027\n",
             "- Copy of the agreement to be delivered to Jordan: December 11, 2026\n"
             "- Agreement to be signed at Jordan's pre-start orientation: December 30, 2026 (first day of work: "
             "January 5, 2027)\n")


@plant("h11-r22-salary-above-both-floors", "H11", SD,
       "Jordan's salary in the hire details is now $82,500, above both the $75,000 and the $80,000 floor: the "
       "non-compete is lawful at signing either way, so the effective-date trap is gone.")
def h11_r22_salary(env: Path, task: str) -> None:
    edit_doc(env, task, "hire-details.md", "Annual base salary: $78,500", "Annual base salary: $82,500")


# --- moved from the held-out set on 2026-12-04 (cases that informed a change after the thirtieth and thirty-first rounds) -----


@plant("h11-r30-anchor-quote-with-trailing-newline", "H11", NE,
       "The partner-instruction anchor's quote ends in a newline ('Do not change anything else in the "
       "agreement.\\n'), copied as a whole line; in the email the sentence runs on into the next one.")
def h11_r30_newline(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        anchor = t["oafreeze"]["trap"]["anchors"][1]
        assert anchor["quote"] == "Do not change anything else in the agreement."
        anchor["quote"] += "\n"
    assert "Do not change anything else in the agreement.\n" not in read_doc(env, task, "partner-instructions.md")


@plant("h11-r35-instructions-give-away-the-trap", "H11", SD,
       "The instructions now end: 'Keep in mind that Jordan signs on January 5, 2027, when the Illinois floor is "
       "$80,000; Jordan's $78,500 is below it, so the non-compete must come out.' The effective-date trap is spelled "
       "out to the agent and catches nothing.")
def h11_r35_give_away(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        assert t["oafreeze"]["trap"]["kind"] == "effective-date"
        instructions_add(t, "Keep in mind that Jordan signs on January 5, 2027, when the Illinois floor is $80,000; "
                            "Jordan's $78,500 is below it, so the non-compete must come out of the agreement.")


@plant("h11-r21-retention-payment-lifts-pay-above-threshold", "H11", TB,
       "The offer summary now adds a guaranteed $30,000 first-year retention payment to the $104,000 salary: "
       "annualized cash compensation of $134,000 is above the $130,014 threshold, so the threshold trap (pay between "
       "the two thresholds) is no longer there.")
def h11_r21_retention(env: Path, task: str) -> None:
    edit_doc(env, task, "offer-summary.md",
             "$104,000 base salary; no bonus or commission in the first year",
             "$104,000 base salary plus a guaranteed first-year retention payment of $30,000, paid in equal monthly "
             "instalments; no bonus or commission")


@near_miss("h11-nm-r38-short-anchor-from-subject-line", "H11", NE,
           "A fourth trap anchor quotes only the three words 'three edits only' from the subject line of "
           "partner-instructions.md ('Granite Peak: Tallis renewal, three edits only').",
           "HYGIENE.md H11 requires each anchor's quote to exist in its named file; a short quote is still a quote, "
           "the phrase is in the partner's email verbatim, and it is the scope limit the trap is built around.")
def h11_nm_r38_short_anchor(env: Path, task: str) -> None:
    assert "Subject: Granite Peak: Tallis renewal, three edits only" in read_doc(env, task, "partner-instructions.md")
    with task_json(env, task) as t:
        t["oafreeze"]["trap"]["anchors"].append({"file": "documents/partner-instructions.md",
                                                 "quote": "three edits only"})


# --- H12 placement discipline (thirty-eighth round) ----------------------------------------------------------------


@plant("h11-r40-instructions-give-the-threshold-trap-away", "H11", TB,
       "The instructions gain a paragraph that spells the trap out: Riley's $104,000 is below the non-compete "
       "threshold and above the customer non-solicit threshold, so the non-compete goes, the customer non-solicit "
       "stays tied to trade secrets, and no figure or penalty goes in the agreement or notice. Every anchor still "
       "matches, but there is nothing left to catch.")
def h11_r40_spoiler(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        assert t["oafreeze"]["trap"]["kind"] == "threshold"
        instructions_add(t, "Note from the partner: Riley's salary falls between Colorado's two thresholds, under the "
                            "non-compete threshold and over the customer non-solicit one. So leave the non-compete "
                            "out, keep the customer non-solicit limited to trade secrets with the separate signed "
                            "notice, and keep every threshold figure and the penalty out of the agreement and the "
                            "notice.")
