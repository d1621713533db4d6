"""The held-out set: plants and near-misses the hygiene audit was never tuned on.

The main corpus (`all_cases()`) is what the audit was tuned against, so its recall says little about
defects nobody tuned for. These cases were written afterwards, from HYGIENE.md and TASKS.md only and
without reading the audit's code, each a different kind of defect or a clearly different surface form
from the main corpus's plants for the same item. They are kept out of `all_cases()` and are scored
with `python -m tests.adversarial.score --heldout`. Never change the audit to make a held-out case
pass: a case that has informed a change to the audit stops measuring generalisation and must move to
the main corpus.

Ids are `ho-<item>-...` (plants) and `ho-<item>-nm-...` (near-misses).
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import uuid
import zipfile
from pathlib import Path
from xml.sax.saxutils import escape

from .cases import ID, ITEMS, KINDS, Apply, Case
from .edits import (_PKG_REL, _REL, _W, _XML, _zip, add_criterion, add_deliverable, append_doc, criterion, doc,
                    docx_bytes, edit_doc, email, instructions_add, kb, load_task, read_doc, replace_text,
                    reword, task_dir, task_json, write_doc)

NE, TB, SD = "matrix-narrow-edit", "matrix-threshold-between", "matrix-signing-date-law"
CA, AM, CI = "matrix-client-alert-refresh", "matrix-adverse-memo-repair", "matrix-california-invention-notice"
PREFIX = "ho-"

_HELDOUT: list[Case] = []


def _register(case: Case) -> None:
    # The same checks as cases._register, into a registry of its own: all_cases() never sees these.
    assert case.id.startswith(PREFIX), f"{case.id}: held-out ids start with {PREFIX!r}"
    assert case.item in ITEMS, f"{case.id}: unknown item {case.item}"
    assert case.kind in KINDS, f"{case.id}: unknown kind {case.kind}"
    assert ID.match(case.id), f"{case.id}: ids are kebab-case"
    _HELDOUT.append(case)


def plant(id: str, item: str, task: str, description: str, *, doubtful: str = ""):
    """Register a held-out planted defect of `item` in `task`."""
    def deco(fn: Apply) -> Apply:
        _register(Case(id, item, "plant", task, description, fn, doubtful=doubtful))
        return fn
    return deco


def near_miss(id: str, item: str, task: str, description: str, why: str, *, doubtful: str = ""):
    """Register a held-out legitimate edit that resembles a defect of `item`; `why` cites the spec."""
    def deco(fn: Apply) -> Apply:
        _register(Case(id, item, "near-miss", task, description, fn, why=why, doubtful=doubtful))
        return fn
    return deco


def heldout_cases() -> list[Case]:
    """Every held-out case, in definition order."""
    return list(_HELDOUT)


# --- small helpers of this module --------------------------------------------------------------


def _match(env: Path, task: str, cid: str) -> str:
    return criterion(load_task(env, task), cid)["match_criteria"]


def _reword(env: Path, task: str, cid: str, old: str, new: str) -> None:
    with task_json(env, task) as t:
        reword(t, cid, old, new)


def _docx_extra(paragraphs: list[str], *, description: str | None = None, comment: str | None = None) -> bytes:
    """A .docx (as edits.docx_bytes) with core properties carrying `description`, and/or one Word comment
    anchored on the first paragraph."""
    src = zipfile.ZipFile(io.BytesIO(docx_bytes(paragraphs)))
    parts = {name: src.read(name).decode("utf-8") for name in src.namelist()}
    types, rels = parts["[Content_Types].xml"], parts["_rels/.rels"]
    if description is not None:
        parts["docProps/core.xml"] = (
            f'{_XML}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/'
            'core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/">'
            f'<dc:title>Tallis renewal</dc:title><dc:creator>Harlow Finch LLP</dc:creator>'
            f'<dc:description>{escape(description)}</dc:description></cp:coreProperties>')
        types = types.replace("</Types>", '<Override PartName="/docProps/core.xml" ContentType="application/'
                                          'vnd.openxmlformats-package.core-properties+xml"/></Types>')
        rels = rels.replace("</Relationships>", f'<Relationship Id="rId2" Type="{_PKG_REL}/metadata/core-properties" '
                                                'Target="docProps/core.xml"/></Relationships>')
    if comment is not None:
        parts["word/comments.xml"] = (
            f'{_XML}<w:comments xmlns:w="{_W}"><w:comment w:id="0" w:author="Reviewer" w:initials="RV">'
            f'<w:p><w:r><w:t xml:space="preserve">{escape(comment)}</w:t></w:r></w:p></w:comment></w:comments>')
        parts["word/_rels/document.xml.rels"] = (
            f'{_XML}<Relationships xmlns="{_PKG_REL}"><Relationship Id="rId1" Type="{_REL}/comments" '
            'Target="comments.xml"/></Relationships>')
        types = types.replace("</Types>", '<Override PartName="/word/comments.xml" ContentType="application/'
                                          'vnd.openxmlformats-officedocument.wordprocessingml.comments+xml"/></Types>')
        body = parts["word/document.xml"]
        first = body.index("<w:p>") + len("<w:p>")
        body = body[:first] + '<w:commentRangeStart w:id="0"/>' + body[first:]
        end = body.index("</w:p>")
        parts["word/document.xml"] = (body[:end] + '<w:commentRangeEnd w:id="0"/><w:r><w:commentReference w:id="0"/>'
                                      "</w:r>" + body[end:])
    parts["[Content_Types].xml"], parts["_rels/.rels"] = types, rels
    return _zip(parts)


def _rename_deliverable(t: dict, old: str, new: str, *, instructions: bool = True) -> None:
    """Rename a deliverable in the deliverables map (order kept), the criteria and the placement lists;
    in the instructions too unless `instructions` is False."""
    assert old in t["deliverables"], f"no deliverable {old!r}"
    t["deliverables"] = {(new if k == old else k): v for k, v in t["deliverables"].items()}
    if not instructions:
        return
    for crit in t["criteria"]:
        crit["deliverables"] = [new if d == old else d for d in crit["deliverables"]]
        crit["match_criteria"] = crit["match_criteria"].replace(old, new)
    for role in ("operative", "advisory"):
        t["oafreeze"][role] = [new if d == old else d for d in t["oafreeze"].get(role, [])]
    t["instructions"] = replace_text(t["instructions"], old, new, count=0)


# === H01 rubric isolation ========================================================================


@plant("ho-h01-task-json-editor-backup", "H01", NE,
       "An editor backup of task.json, documents/task.json.bak, is left in the workspace.")
def h01_task_json_backup(env: Path, task: str) -> None:
    write_doc(env, task, "task.json.bak", (task_dir(env, task) / "task.json").read_bytes())


@plant("ho-h01-criterion-in-docx-comment", "H01", SD,
       "A .docx whose body is harmless carries a criterion's match_criteria in a Word review comment.")
def h01_docx_comment(env: Path, task: str) -> None:
    write_doc(env, task, "form-review-comments.docx", _docx_extra(
        ["Maplestone restrictive covenant form: review copy.",
         "The partner's comments are in the margin of this copy."],
        comment=_match(env, task, "no-noncompete-at-signing")))


@plant("ho-h01-criteria-csv-export", "H01", TB,
       "A CSV export of the criteria (id, title, match_criteria; quotes doubled by CSV escaping) is in the workspace.")
def h01_csv_export(env: Path, task: str) -> None:
    buf = io.StringIO()
    out = csv.writer(buf, lineterminator="\n")
    out.writerow(["id", "title", "match_criteria"])
    for crit in load_task(env, task)["criteria"]:
        out.writerow([crit["id"], crit["title"], crit["match_criteria"]])
    write_doc(env, task, "review-export.csv", buf.getvalue())


@near_miss("ho-h01-nm-equipment-inspection-log", "H01", NE,
           "The client's field-service inspection log, with PASS and FAIL results per machine, is added.",
           "H01 forbids grading material and criterion text; PASS and FAIL here are results of the client's "
           "equipment inspections, a business record that reproduces no criterion.")
def h01_nm_inspection_log(env: Path, task: str) -> None:
    write_doc(env, task, "service-inspection-log.md", (
        "# Field service inspection log: Granite Peak Robotics\n\n"
        "Technician: Morgan Tallis. Route: Colorado Springs north.\n\n"
        "| Date | Site | Unit | Result |\n|---|---|---|---|\n"
        "| 2026-10-06 | Fountain Creek warehouse | Conveyor sorter 7 | PASS |\n"
        "| 2026-10-13 | Powers Boulevard depot | Shuttle lift 2 | FAIL: worn drive belt, replaced on site |\n"
        "| 2026-10-20 | Powers Boulevard depot | Shuttle lift 2 | PASS |\n"))


# === H02 answer in the workspace ===================================================================


@near_miss("ho-h02-nm-signed-offer-letter", "H02", CI,
           "Sasha's signed offer letter, lindgren-offer-letter-signed.md, is added as a fact document.",
           "It is an input the agent reads, not a deliverable: its name is not a deliverable's, and it answers "
           "no criterion (no assignment clause, no Section 2870 carve-out, no notice, no departures).")
def h02_nm_offer_letter(env: Path, task: str) -> None:
    write_doc(env, task, "lindgren-offer-letter-signed.md", (
        "# Offer letter (signed copy)\n\nSierrafold Devices, Inc. offers Sasha Lindgren the position of Firmware "
        "Engineer in San Jose, reporting to the Director of Embedded Systems, at an annual base salary of $162,000, "
        "starting October 26, 2026. Employment is at will.\n\n"
        "Accepted: Sasha Lindgren, September 28, 2026\n"))


# Written in a later round by someone who had read the audit's code (so weaker evidence than the rest),
# to keep a plant for this item after the earlier ones moved to the main corpus.
@plant("ho-h02-finished-email-as-attachment", "H02", TB,
       "An e-mail from the client's HR lead carries, as an attachment named client-email.md, the cover email "
       "a colleague drafted for a near-identical hire, thresholds and warning included.")
def h02_attachment(env: Path, task: str) -> None:
    import base64
    draft = ("Noor,\n\nRiley Vandermeer's $104,000 is below the 2026 non-compete threshold of $130,014 but above "
             "the customer non-solicit threshold of $78,008.40. The agreement therefore has no non-compete; it keeps a "
             "12-month customer non-solicit tied to trade secrets, with the separate notice Riley signs before "
             "accepting. Presenting a void non-compete would risk a $5,000 penalty per worker.\n\nMiriam\n")
    encoded = base64.encodebytes(draft.encode("utf-8")).decode("ascii")
    write_doc(env, task, "hr-forward.eml", (
        "From: noor.haddad@aspenline.example.com\nTo: associate@harlowfinch.example.com\n"
        "Date: Tue, 20 Oct 2026 10:02:00 -0600\nSubject: Fwd: draft from last time\nMIME-Version: 1.0\n"
        "Content-Type: multipart/mixed; boundary=\"b1\"\n\n--b1\nContent-Type: text/plain; charset=utf-8\n\n"
        "Found this in my inbox, in case it helps.\n\n--b1\nContent-Type: text/markdown; charset=utf-8\n"
        "Content-Disposition: attachment; filename=\"client-email.md\"\nContent-Transfer-Encoding: base64\n\n"
        + encoded + "--b1--\n"))


# === H03 degenerate output =========================================================================


@plant("ho-h03-absence-worded-as-omits", "H03", CI,
       "A new advisory deliverable hr-onboarding-note.md is graded only by a criterion worded 'omits ... is free of "
       "...', so an empty file passes it.")
def h03_absence_omits(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        add_deliverable(t, "hr-onboarding-note.md", "Short note for Sierrafold's HR team on the first day's paperwork.",
                        placement="advisory")
        instructions_add(t, "Also write hr-onboarding-note.md, a short note for Sierrafold's HR team on the first "
                            "day's paperwork.")
        add_criterion(t, "hr-note-keeps-private-details-out", "HR note keeps the invention and pay out",
                      "PASS if hr-onboarding-note.md omits the details of Sasha Lindgren's prior invention and is free "
                      "of any salary figure. FAIL if it describes the prior invention or states a salary.",
                      ["hr-onboarding-note.md"])


@plant("ho-h03-percentage-from-knowledge-base", "H03", TB,
       "A new criterion's only literal is the percentage 60%, which the knowledge base's Colorado guide states.")
def h03_percentage(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        add_criterion(t, "rationale-sixty-percent", "File memo gives the customer non-solicit ratio",
                      "PASS if rationale.md states that the customer non-solicit threshold is 60% of the "
                      "non-compete threshold. FAIL if it gives another percentage or none.", ["rationale.md"])


@near_miss("ho-h03-nm-computed-raise", "H03", NE,
           "A new criterion asks the note to state the raise, $7,500, a figure no input states.",
           "$7,500 is $71,500 minus $64,000; neither the workspace, the knowledge base nor the instructions state "
           "it, so no degenerate output carries the literal.")
def h03_nm_computed_raise(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        add_criterion(t, "note-states-raise", "Note states the size of the raise",
                      "PASS if note-to-partner.md states that Morgan Tallis's raise is $7,500 a year. FAIL if it gives "
                      "no figure for the raise or a different one.", ["note-to-partner.md"])


# === H04 criterion form ============================================================================


@plant("ho-h04-deliverables-key-absent", "H04", AM,
       "A criterion has no 'deliverables' key at all in a task with two deliverables.")
def h04_no_deliverables_key(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        del criterion(t, "two-year-cap")["deliverables"]


@plant("ho-h04-work-type-outside-lab-set", "H04", CI,
       "The task's work_type is 'drafting', which is not one of LAB's four values.")
def h04_work_type(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        assert t["work_type"] == "draft"
        t["work_type"] = "drafting"


@near_miss("ho-h04-nm-clauses-on-separate-lines", "H04", CA,
           "A criterion's FAIL clause starts on a new line instead of after a space.",
           "Both clauses are present, non-empty and in PASS-then-FAIL order; a line break between them is "
           "layout, not form.")
def h04_nm_newline(env: Path, task: str) -> None:
    _reword(env, task, "washington-law-and-forum", "Washington courts. FAIL if", "Washington courts.\nFAIL if")


# === H05 ambiguous grading language ================================================================


@plant("ho-h05-clearly-and-concisely", "H05", AM,
       "The client-note criterion asks that the note 'clearly and concisely' tell the client the changes.")
def h05_clearly(env: Path, task: str) -> None:
    _reword(env, task, "client-note-changes", "PASS if client-note.md tells Bayou Crest",
            "PASS if client-note.md clearly and concisely tells Bayou Crest")


@near_miss("ho-h05-nm-vague-words-as-forbidden-quotes", "H05", AM,
           "A new criterion fails the agreement if it describes the territory only with the quoted phrases "
           "\"the appropriate parishes\" or \"a reasonable area\".",
           "The vague words appear only inside quoted phrases the agreement must not use as its territory; the judge "
           "checks for named parishes and for those literal phrases, which leaves no standard to read either way.")
def h05_nm_quoted(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        add_criterion(t, "territory-named-not-described", "Territory named, not described",
                      "PASS if fontenot-covenant-agreement.md names each parish in which its covenants apply. FAIL if "
                      "it describes the territory only with phrases such as \"the appropriate parishes\" or \"a "
                      "reasonable area\".", ["fontenot-covenant-agreement.md"])


# === H06 deliverable matching ======================================================================


@plant("ho-h06-deliverable-name-unicode-hyphen", "H06", SD,
       "The deliverables map spells client-email.md with U+2010 HYPHEN; instructions and criteria keep the ASCII "
       "hyphen, so the declared name is neither named nor graded.")
def h06_unicode_hyphen(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        _rename_deliverable(t, "client-email.md", "client\u2010email.md", instructions=False)


@plant("ho-h06-deliverable-name-backslash", "H06", CI,
       "client-email.md becomes 'correspondence\\client-email.md' everywhere: a Windows path separator in a "
       "deliverable name.")
def h06_backslash(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        _rename_deliverable(t, "client-email.md", "correspondence\\client-email.md")


@near_miss("ho-h06-nm-deliverable-in-subfolder", "H06", NE,
           "A new advisory deliverable handoff/change-list.md, in a subfolder, is declared, named, classified and "
           "graded.",
           "A relative path with a folder is a safe name (no '..', no absolute path, no backslash); it is named in "
           "the instructions, graded, and collides with no other deliverable.")
def h06_nm_subfolder(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        add_deliverable(t, "handoff/change-list.md", "A list of the edits made, with the section each is in.",
                        placement="advisory")
        instructions_add(t, "Also write handoff/change-list.md, listing each edit you made and the section it is in.")
        add_criterion(t, "change-list-complete", "Change list gives every edit and its section",
                      "PASS if handoff/change-list.md lists the three edits and gives the section or paragraph each "
                      "edit is in. FAIL if an edit is missing from the list.", ["handoff/change-list.md"])


# === H07 workspace integrity =======================================================================


@plant("ho-h07-criterion-source-missing", "H07", AM,
       "A criterion's 'sources' names documents/parish-map.md, which is not in the workspace.")
def h07_source_missing(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        criterion(t, "named-parishes")["sources"] = ["documents/parish-map.md"]


@plant("ho-h07-libreoffice-lock-file", "H07", TB,
       "A LibreOffice lock file '.~lock.offer-summary.docx#' is left in the workspace.")
def h07_lo_lock(env: Path, task: str) -> None:
    write_doc(env, task, ".~lock.offer-summary.docx#", "Noor Haddad,nhaddad,NH-LAPTOP,09.11.2026 08:41,\n")


@near_miss("ho-h07-nm-crlf-text-with-accents", "H07", AM,
           "A plain-text site-visit note with Windows line endings and accented names is added.",
           "CRLF line endings and non-ASCII letters in valid UTF-8 are readable text; the file is not empty, "
           "not junk, has no twin and is no symlink.")
def h07_nm_crlf(env: Path, task: str) -> None:
    write_doc(env, task, "site-visit-notes.txt", (
        "Site visit notes: Baton Rouge office\r\n"
        "Visited by Ren\u00e9e Guidry, office manager, on 2026-10-12.\r\n"
        "Field crews meet at the Ascension Parish yard on Mondays; Th\u00e9o Landry runs the crew schedule.\r\n"
        ).encode("utf-8"))


# === H08 knowledge-base pin ========================================================================


@plant("ho-h08-bom-prepended", "H08", SD,
       "The Illinois guide in this task's mount gains a UTF-8 byte-order mark (an invisible three-byte edit).")
def h08_bom(env: Path, task: str) -> None:
    path = kb(env, task, "practice-guides/non-compete/us/illinois.md")
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())


@plant("ho-h08-two-guides-swapped", "H08", CA,
       "The Florida and Minnesota guides swap contents: every pinned byte string is still present, at the wrong path.")
def h08_swapped(env: Path, task: str) -> None:
    a, b = kb(env, task, "practice-guides/non-compete/us/florida.md"), kb(env, task,
                                                                        "practice-guides/non-compete/us/minnesota.md")
    da, db = a.read_bytes(), b.read_bytes()
    a.write_bytes(db)
    b.write_bytes(da)


@plant("ho-h08-mount-relocated", "H08", CI,
       "The knowledge base is mounted at documents/kb/ instead of documents/knowledge-base/.")
def h08_relocated(env: Path, task: str) -> None:
    src = doc(env, task, "knowledge-base")
    assert src.is_dir()
    src.rename(doc(env, task, "kb"))


@near_miss("ho-h08-nm-file-named-like-mount", "H08", CI,
           "A task note documents/knowledge-base-notes.md sits beside the mount, its name starting like the mount's.",
           "H08 pins the folder documents/knowledge-base/; a task document whose name only begins with "
           "'knowledge-base' is outside the mount and belongs to the task.")
def h08_nm_name_prefix(env: Path, task: str) -> None:
    write_doc(env, task, "knowledge-base-notes.md", (
        "# Notes on the firm's knowledge base\n\nThe templates folder holds the firm's current forms. The practice "
        "guides are reviewed each autumn; ask the librarian before relying on one that looks stale.\n"))


# === H09 seeded-law provenance =====================================================================


@plant("ho-h09-excerpt-elided-mid-quote", "H09", CI,
       "The excerpt file elides part of § 2870(a) with an ellipsis, inside the passage a seeded entry quotes.")
def h09_elided(env: Path, task: str) -> None:
    edit_doc(env, task, "california-labor-code-excerpt.md",
             "without using the employer's equipment, supplies, facilities, or trade secret information except",
             "without using the employer's equipment \u2026 except")


@near_miss("ho-h09-nm-declared-quote-in-eml", "H09", SD,
           "An HR .eml quoting 820 ILCS 90/10(b)'s first sentence is added with a complete seeded-law entry naming it.",
           "Citation, effective date, verified-on (before the freeze), verified-against and the file are declared, "
           "and the quote is verbatim in the message body.")
def h09_nm_eml(env: Path, task: str) -> None:
    quote = ("No employer shall enter into a covenant not to solicit with any employee unless the employee's actual "
             "or expected annualized rate of earnings exceeds $45,000 per year.")
    write_doc(env, task, "hr-statute-forward.eml", email(
        "Elena Vasquez-Moore <elena.vasquez-moore@maplestone.example.com>",
        "Miriam Okafor <miriam.okafor@harlowfinch.example.com>", "Fri, 30 Oct 2026 09:15:00 -0500",
        "Illinois non-solicit rule", f"Miriam,\n\nOur HR team keeps this rule on file:\n\n{quote}\n\nElena"))
    with task_json(env, task) as t:
        t["oafreeze"]["seeded_law"].append({
            "file": "documents/hr-statute-forward.eml", "citation": "820 ILCS 90/10(b)", "quote": quote,
            "effective_date": "2022-01-01", "verified_on": "2026-10-01",
            "verified_against": "820 ILCS 90/10(b) as amended by P.A. 102-358; the same sentence as this task's "
                                "illinois-statute-excerpt.md"})


# === H10 temporal consistency ======================================================================


@plant("ho-h10-day-first-date-after-as-of", "H10", NE,
       "The partner's email is dated '27 November 2026' (day-first), after as_of 2026-11-16.")
def h10_day_first(env: Path, task: str) -> None:
    edit_doc(env, task, "partner-instructions.md", "Date: 2026-11-16", "Date: 27 November 2026")


@plant("ho-h10-as-of-impossible-date", "H10", SD, "as_of is '2026-11-31', a day November does not have.")
def h10_impossible(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        t["oafreeze"]["as_of"] = "2026-11-31"


@near_miss("ho-h10-nm-day-first-date-equal-to-as-of", "H10", NE,
           "A follow-up email from the partner is dated '16 November 2026', the as_of day written day-first.",
           "H10 wants dates that agree with as_of; 16 November 2026 is 2026-11-16, the task's as_of, in "
           "another format.")
def h10_nm_day_first(env: Path, task: str) -> None:
    write_doc(env, task, "partner-follow-up.md", (
        "# Email: one more thing on Tallis\n\nFrom: Miriam Okafor <miriam.okafor@harlowfinch.example.com>\n"
        "To: Associate\nDate: 16 November 2026\nSubject: Tallis renewal: timing\n\n"
        "The client confirmed this afternoon that Morgan still gets the renewal on November 23. Nothing else "
        "changes.\n\nMiriam\n"))


# === H11 trap armed ================================================================================


@plant("ho-h11-anchor-quote-empty", "H11", TB,
       "An anchor's quote is the empty string, which every file trivially 'contains'.")
def h11_empty(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        t["oafreeze"]["trap"]["anchors"][0]["quote"] = ""


@near_miss("ho-h11-nm-anchor-in-docx", "H11", AM,
           "A litigation-group summary .docx is added, with a new anchor quoting its sentence exactly.",
           "The anchor's file exists and its text, as a reader of the .docx sees it, contains the quote; the trap "
           "stays armed.")
def h11_nm_docx(env: Path, task: str) -> None:
    sentence = "The radius and the three-year term are the two defects a court would seize on first."
    write_doc(env, task, "litigation-summary.docx", docx_bytes(["Litigation group summary for Miriam Okafor",
                                                                sentence]))
    with task_json(env, task) as t:
        t["oafreeze"]["trap"]["anchors"].append({"file": "documents/litigation-summary.docx", "quote": sentence})


# === H12 placement discipline ======================================================================


@near_miss("ho-h12-nm-placement-split-per-operative", "H12", TB,
           "The placement criterion is split in two, one for the agreement and one for the notice, both in the trap.",
           "H12 asks that placement criteria cover every operative deliverable; two criteria, one per operative "
           "deliverable, cover both, and the notice's statutory content is still allowed.")
def h12_nm_split(env: Path, task: str) -> None:
    analysis = ("a file or source path such as \"knowledge-base/\", a drafting note, advice to Aspenline, or legal "
                "analysis such as a comparison of the $104,000 salary with $130,014 or $78,008.40, or the $5,000 "
                "penalty")
    with task_json(env, task) as t:
        crit = criterion(t, "placement-operative-text")
        crit["title"] = "Agreement carries only terms and the immunity notice"
        crit["match_criteria"] = ("PASS if vandermeer-covenant-agreement.md contains only contract terms, signature "
                                  "blocks and the 18 U.S.C. § 1833(b) immunity notice. FAIL if it contains " + analysis
                                  + ", or a statement that a non-compete was left out.")
        crit["deliverables"] = ["vandermeer-covenant-agreement.md"]
        t["criteria"].insert(1, {
            "id": "placement-notice-text", "title": "Notice carries only the statutory notice content",
            "match_criteria": ("PASS if vandermeer-noncompete-notice.md contains only the content C.R.S. § 8-2-113(4) "
                               "requires of the notice and signature lines. FAIL if it contains " + analysis + "."),
            "deliverables": ["vandermeer-noncompete-notice.md"], "source": "expert"})
        t["oafreeze"]["trap"]["criteria"].append("placement-notice-text")


# Written in a later round by someone who had read the audit's code (so weaker evidence than the rest),
# to keep a plant for this item after the earlier ones moved to the main corpus.
@plant("ho-h12-allowlist-admits-margin-notes", "H12", TB,
       "The placement criterion's allowlist now also admits 'margin notes for Aspenline on each choice' in the "
       "agreement Riley signs.")
def h12_allowlist_notes(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        crit = criterion(t, "placement-operative-text")
        crit["match_criteria"] = replace_text(crit["match_criteria"], "signature blocks and the 18 U.S.C.",
                                              "signature blocks, margin notes for Aspenline on each choice and the "
                                              "18 U.S.C.")


# === H13 synthetic data and secrets ================================================================


@near_miss("ho-h13-nm-checksum-and-uuid", "H13", SD,
           "The hire details add a document-register UUID and the SHA-256 checksum of the signed 2023 form.",
           "A UUID and a file checksum are high-entropy identifiers, not credentials, personal data, local paths or "
           "internal URLs.")
def h13_nm_checksum(env: Path, task: str) -> None:
    digest = hashlib.sha256(read_doc(env, task, "form-approval-memo-2023.md").encode("utf-8")).hexdigest()
    reg = uuid.uuid5(uuid.NAMESPACE_URL, "https://example.org/maplestone/register/ellery")
    append_doc(env, task, "hire-details.md",
               f"- Document register id: {reg}\n- SHA-256 of the 2023 approval memo as filed: {digest}")


# Written in a later round by someone who had read the audit's code (so weaker evidence than the rest),
# to keep a plant for this item after the earlier ones moved to the main corpus.
@plant("ho-h13-personal-email-in-vcard", "H13", SD,
       "A contact card, relocation-contact.vcf, gives the relocation contact's personal address on a live "
       "webmail domain.")
def h13_vcard(env: Path, task: str) -> None:
    write_doc(env, task, "relocation-contact.vcf", (
        "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Jana Kowalczyk\r\nORG:Maplestone Relocation\r\n"
        "EMAIL;TYPE=home:jana.kowalczyk" + "@gmx.de\r\nEND:VCARD\r\n"))


# === FAM family consistency ========================================================================


@plant("ho-fam-jurisdiction-differs", "FAM", "covenant-package-v04",
       "One instance's jurisdiction is 'US-CO' (its first hire's state) while every sibling says 'US'.")
def fam_jurisdiction(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        assert t["jurisdiction"] == "US"
        t["jurisdiction"] = "US-CO"


@plant("ho-fam-deliverable-description-differs", "FAM", "covenant-package-v06",
       "One instance's description of rationale.md adds a risk rating per hire that its siblings do not ask for.")
def fam_description(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        t["deliverables"]["rationale.md"] = ("File memo for the firm: the drafting choices for each hire, the sources "
                                             "relied on, and a risk rating from 1 to 5 for each hire.")


@plant("ho-fam-extra-lab-field", "FAM", "covenant-package-v02",
       "One instance carries a LAB field its siblings lack, time_limit_minutes: 45.")
def fam_extra_field(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        assert "time_limit_minutes" not in t
        t["time_limit_minutes"] = 45
