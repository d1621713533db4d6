"""H07 workspace integrity: named files exist, nothing empty or unreadable, formats parse, no junk,
no symlinks, no case or Unicode twins."""

from __future__ import annotations

import hashlib
import io
import json
import os
import struct
import unicodedata
import zipfile
from pathlib import Path
from xml.sax.saxutils import escape

from .cases import near_miss, plant
from .edits import (docx_bytes, doc, email, instructions_add, read_doc, remove_doc, replace_text, task_json,
                    write_doc, xlsx_bytes, zip_without)
from .heldout import _r11_xlsx, _r13_jsonl, _r9_docx, _r9_zip  # the later rounds' document writers
from .heldout import _r6_pptx, _r34_parts  # the sixth and thirty-fourth rounds' writers
from .edits import _REL, _W, _XML, _zip
from .heldout import _r20_docx_parts, _r20_zip_members  # the twentieth round's writers
from .heldout import _r37_docx_main_part_renamed, _r43_docx_with_document  # the thirty-seventh and forty-third rounds' writers
from .heldout import _r47_msg  # the forty-seventh round's Outlook message writer
from .heldout import _r28_docx_with_picture, _r39_zip_bytes  # the twenty-eighth and thirty-ninth rounds' writers

NE, TB, SD = "matrix-narrow-edit", "matrix-threshold-between", "matrix-signing-date-law"
CA, AM, CI = "matrix-client-alert-refresh", "matrix-adverse-memo-repair", "matrix-california-invention-notice"


# --- named files that are not there ----------------------------------------------------------


@plant("h07-instructions-name-missing-file", "H07", TB,
       "The instructions tell the agent to read documents/benefits-summary.md, which does not exist.")
def named_missing(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        t["instructions"] = replace_text(t["instructions"], "Read documents/hr-request.md,",
                                         "Read documents/hr-request.md, documents/benefits-summary.md,")


@plant("h07-named-file-deleted", "H07", CI, "documents/hire-details.md, named in the instructions, is deleted.")
def named_deleted(env: Path, task: str) -> None:
    remove_doc(env, task, "hire-details.md")


@plant("h07-named-file-wrong-case", "H07", AM,
       "The instructions name documents/Partner-Email.md; the file on disk is partner-email.md.")
def named_wrong_case(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        t["instructions"] = replace_text(t["instructions"], "documents/partner-email.md", "documents/Partner-Email.md")


@plant("h07-named-file-in-instance-deleted", "H07", "covenant-package-v08",
       "A family instance loses documents/term-sheet.md, which its instructions name.")
def instance_deleted(env: Path, task: str) -> None:
    remove_doc(env, task, "term-sheet.md")


# --- empty, unreadable, unparseable ------------------------------------------------------------


@plant("h07-empty-file", "H07", NE, "An empty file documents/exhibit-b.md (0 bytes) is added.")
def empty_file(env: Path, task: str) -> None:
    write_doc(env, task, "exhibit-b.md", b"")


@plant("h07-whitespace-only-file", "H07", SD, "documents/hire-details.md is emptied to blank lines and spaces.")
def whitespace_file(env: Path, task: str) -> None:
    write_doc(env, task, "hire-details.md", "\n   \n\n")


@plant("h07-invalid-utf8", "H07", CA, "documents/client-request.md is re-encoded with bytes that are not UTF-8.")
def invalid_utf8(env: Path, task: str) -> None:
    text = read_doc(env, task, "client-request.md").replace("Director", "Dir\u00e9ctor")
    write_doc(env, task, "client-request.md", text.encode("cp1252") + b"\x81\x8d\x9d")


@plant("h07-corrupt-docx-random-bytes", "H07", TB, "A .docx file holds bytes that are not a zip at all.")
def corrupt_docx(env: Path, task: str) -> None:
    write_doc(env, task, "offer-letter-scan.docx", b"This is not really a Word file.\x00\x01\x02" * 8)


@plant("h07-docx-without-document-part", "H07", SD, "A .docx is a valid zip but has no word/document.xml part.")
def docx_no_part(env: Path, task: str) -> None:
    write_doc(env, task, "signed-offer.docx", zip_without(docx_bytes(["Offer accepted."]), "word/document.xml"))


@plant("h07-truncated-xlsx", "H07", AM, "An .xlsx spreadsheet is cut off halfway through its zip.")
def truncated_xlsx(env: Path, task: str) -> None:
    data = xlsx_bytes([["Parish", "Office"], ["East Baton Rouge", "Baton Rouge"]])
    write_doc(env, task, "parish-offices.xlsx", data[: len(data) // 2])


@plant("h07-docx-malformed-xml", "H07", CI, "A .docx whose word/document.xml is not well-formed XML.")
def docx_bad_xml(env: Path, task: str) -> None:
    import io
    import zipfile

    good = docx_bytes(["Prior invention disclosure."])
    src = zipfile.ZipFile(io.BytesIO(good))
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        for name in src.namelist():
            body = src.read(name)
            if name == "word/document.xml":
                body = body.replace(b"</w:body>", b"<w:p><w:r><w:t>unclosed")
            zf.writestr(name, body)
    write_doc(env, task, "prior-invention-disclosure.docx", buf.getvalue())


@plant("h07-pptx-not-a-zip", "H07", NE, "A .pptx slide deck is really a plain-text file.")
def pptx_not_zip(env: Path, task: str) -> None:
    write_doc(env, task, "renewal-briefing.pptx", "Slide 1: Tallis renewal\nSlide 2: three edits\n")


@plant("h07-invalid-json", "H07", NE, "A .json file in the workspace has a trailing comma and an unclosed brace.")
def invalid_json(env: Path, task: str) -> None:
    write_doc(env, task, "payroll-export.json", '{"employee": "Morgan Tallis", "salary": 71500,\n')


@plant("h07-invalid-yaml", "H07", TB, "A .yaml file in the workspace does not parse (bad indentation and a tab).")
def invalid_yaml(env: Path, task: str) -> None:
    write_doc(env, task, "offer-config.yaml", "candidate: Riley Vandermeer\n  salary: 104000\n\tstart: [2026-12-07\n")


@plant("h07-eml-without-headers", "H07", SD,
       "A .eml file has no header block at all: it starts with body text and has no From or Date.")
def eml_no_headers(env: Path, task: str) -> None:
    write_doc(env, task, "hr-forward.eml", "\nJordan's start date is confirmed as January 5, 2027.\n\n-- HR\n")


# --- junk, symlinks, twins --------------------------------------------------------------------


@plant("h07-ds-store", "H07", CA, "A macOS .DS_Store file sits in the workspace.")
def ds_store(env: Path, task: str) -> None:
    write_doc(env, task, ".DS_Store", b"\x00\x00\x00\x01Bud1\x00\x00\x10\x00" + b"\x00" * 48)


@plant("h07-thumbs-db", "H07", AM, "A Windows Thumbs.db file sits in a workspace subfolder.")
def thumbs_db(env: Path, task: str) -> None:
    write_doc(env, task, "exhibits/Thumbs.db", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 56)


@plant("h07-office-lock-file", "H07", NE, "A Word lock file '~$aft-tallis-agreement.docx' is left in the workspace.")
def office_lock(env: Path, task: str) -> None:
    write_doc(env, task, "~$aft-tallis-agreement.docx", b"\x0bMiriam Okafor" + b"\x00" * 40)


@plant("h07-editor-swap-and-backup", "H07", CI,
       "A vim swap file and an editor backup ('client-request.md~') are left in the workspace.")
def editor_junk(env: Path, task: str) -> None:
    write_doc(env, task, ".client-request.md.swp", b"b0VIM 9.0\x00" + b"\x00" * 40)
    write_doc(env, task, "client-request.md~", read_doc(env, task, "client-request.md"))


@plant("h07-appledouble-file", "H07", SD, "An AppleDouble resource file '._partner-email.md' sits in the workspace.")
def appledouble(env: Path, task: str) -> None:
    write_doc(env, task, "._partner-email.md", b"\x00\x05\x16\x07\x00\x02\x00\x00Mac OS X        " + b"\x00" * 32)


@plant("h07-symlink-inside-workspace", "H07", TB, "documents/latest-request.md is a symlink to hr-request.md.")
def symlink_inside(env: Path, task: str) -> None:
    os.symlink("hr-request.md", doc(env, task, "latest-request.md"))


@plant("h07-symlink-leaving-task", "H07", NE, "documents/shared is a symlink pointing outside the task folder.")
def symlink_outside(env: Path, task: str) -> None:
    os.symlink("../../matrix-threshold-between/documents", doc(env, task, "shared"))


@plant("h07-case-twins", "H07", CA, "Client-Request.md is added beside client-request.md (names differ only by case).")
def case_twins(env: Path, task: str) -> None:
    write_doc(env, task, "Client-Request.md", read_doc(env, task, "client-request.md"))


@plant("h07-unicode-normalization-twins", "H07", AM,
       "Two files named 'résumé-fontenot.md', one NFC and one NFD, sit side by side.")
def unicode_twins(env: Path, task: str) -> None:
    name = "r\u00e9sum\u00e9-fontenot.md"
    write_doc(env, task, unicodedata.normalize("NFC", name), "# Avery Fontenot\n\nField project manager.\n")
    write_doc(env, task, unicodedata.normalize("NFD", name), "# Avery Fontenot\n\nField Project Manager.\n")


@plant("h07-folder-case-twins", "H07", NE,
       "Two folders, documents/Exhibits/ and documents/exhibits/, differ only by case.")
def folder_case_twins(env: Path, task: str) -> None:
    write_doc(env, task, "Exhibits/route-map.md",
              "# Route map\n\nNorth route: Fountain Creek warehouse, then the Powers Boulevard depot.\n")
    write_doc(env, task, "exhibits/service-schedule.md",
              "# Service schedule\n\nConveyor sorters monthly; shuttle lifts every two weeks.\n")


# --- near-misses ---------------------------------------------------------------------------------


@near_miss("h07-nm-valid-docx", "H07", TB, "A well-formed .docx benefits summary is added.",
           "A .docx zip with its content types, relationships and document part parses in its format.")
def valid_docx(env: Path, task: str) -> None:
    write_doc(env, task, "aspenline-benefits-summary.docx", docx_bytes([
        "Aspenline Payments, LLC: benefits summary",
        "Medical, dental and vision coverage from the first of the month after the start date.",
        ["Paid time off: ", "15 days a year, accrued per pay period."],
    ]))


@near_miss("h07-nm-valid-xlsx", "H07", SD, "A well-formed .xlsx pay-band table is added.",
           "A spreadsheet zip with workbook, sheet and shared strings parses in its format.")
def valid_xlsx(env: Path, task: str) -> None:
    write_doc(env, task, "maplestone-pay-bands.xlsx", xlsx_bytes([
        ["Band", "Minimum", "Maximum"], ["Analyst", 58000, 72000], ["Manager", 74000, 96000]], "Bands"))


@near_miss("h07-nm-valid-eml", "H07", AM, "A well-formed .eml from the client's HR team is added.",
           "Headers then a blank line then a body: the message parses, and every name in it is fictional.")
def valid_eml(env: Path, task: str) -> None:
    write_doc(env, task, "bayou-crest-hr-forward.eml", email(
        "Claire Thibodeaux <claire.thibodeaux@bayoucrest.example.com>",
        "Miriam Okafor <miriam.okafor@harlowfinch.example.com>", "Fri, 16 Oct 2026 10:30:00 -0500",
        "Avery Fontenot: onboarding", "Miriam,\n\nAvery's onboarding is set for the first day. Nothing else "
        "is needed from you for it.\n\nClaire"))


@near_miss("h07-nm-valid-json-and-yaml", "H07", CA, "A valid .json and a valid .yaml describing the form are added.",
           "H07 asks that documents parse in their format (JSON, YAML) and are not empty; both files parse "
           "and hold data.")
def valid_json_yaml(env: Path, task: str) -> None:
    write_doc(env, task, "form-metadata.json", '{"form": "WA-2021-3", "owner": "Human Resources", "pages": 2}\n')
    write_doc(env, task, "form-metadata.yaml", "form: WA-2021-3\nowner: Human Resources\npages: 2\n")


@near_miss("h07-nm-spaces-and-accents-in-name", "H07", CI,
           "A file named 'Résumé Sasha Lindgren.md' (NFC, spaces, no twin) is added.",
           "H07 forbids names that differ only by case or normalization; one NFC name with spaces and "
           "accents has no twin.")
def accented_name(env: Path, task: str) -> None:
    write_doc(env, task, unicodedata.normalize("NFC", "R\u00e9sum\u00e9 Sasha Lindgren.md"),
              "# Sasha Lindgren\n\nFirmware engineer; embedded sensor calibration since 2019.\n")


@near_miss("h07-nm-nested-exhibit-folder", "H07", NE, "An exhibit is added in a subfolder, documents/exhibits/.",
           "H07 has nothing against subfolders; the file is non-empty, readable Markdown with no twin, "
           "no symlink and no junk name.")
def nested_exhibit(env: Path, task: str) -> None:
    write_doc(env, task, "exhibits/exhibit-a-service-route.md",
              "# Exhibit A: Colorado Springs service route\n\nWarehouses on the north and east routes.\n")


@near_miss("h07-nm-instructions-name-existing-kb-file", "H07", CI,
           "The instructions also name the invention-notice template inside the knowledge base.",
           "H07 asks that every file the instructions name exists; this one is in the materialized "
           "knowledge base, byte for byte as pinned.")
def names_kb_file(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        instructions_add(t, "The firm's notice form is documents/knowledge-base/templates/oafreeze-cc0-1.0/"
                            "california-invention-assignment-notice/template.md.")


# Moved from the held-out set (its third fresh round): it informed a change to the audit.
@near_miss("h07-nm-multi-document-yaml", "H07", SD,
           "An onboarding-steps file, signing-steps.yaml, holds two YAML documents separated by '---'.",
           "HYGIENE.md H07 requires documents to parse in their format; a stream of several documents separated by "
           "--- is valid YAML, and the dates agree with the hire details.")
def h07_nm_multi_yaml(env: Path, task: str) -> None:
    write_doc(env, task, "signing-steps.yaml", (
        "# Maplestone onboarding: one YAML document per step\n---\nstep: deliver a copy of the agreement\n"
        "employee: Jordan Ellery\ndate: 2026-12-18\n---\nstep: sign on the first day of work\n"
        "employee: Jordan Ellery\ndate: 2027-01-05\n"))


@plant("h07-xlsx-missing-shared-strings", "H07", TB,
       "A pay-band workbook lost its sharedStrings.xml part in export: its string cells point into a table that is "
       "not there.")
def h07_xlsx_broken(env: Path, task: str) -> None:
    data = xlsx_bytes([["Band", "Minimum", "Maximum"], ["AE-2", 98000, 112000], ["AE-3", 115000, 138000]])
    write_doc(env, task, "pay-bands-export.xlsx", zip_without(data, "xl/sharedStrings.xml"))


# Moved from the held-out set (its fifth fresh round): it informed a change to the audit.
@plant("h07-word-temp-file", "H07", SD,
       "Word's autosave temp file ~WRL0941.tmp (binary leftovers of an editing session) is left in the workspace.")
def h07_r5_word_temp(env: Path, task: str) -> None:
    write_doc(env, task, "~WRL0941.tmp", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 24 + b"\x3e\x00\x03\x00\xfe\xff"
              + b"\x00" * 90)


@near_miss("h07-nm-temporary-staffing-policy", "H07", SD,
           "Maplestone's temporary staffing policy is added as documents/temporary-staffing-policy.md, a real Markdown "
           "document whose name contains the word 'temporary'.",
           "HYGIENE.md H07 forbids OS and editor junk such as lock and autosave files; a readable, non-empty Markdown "
           "document whose name merely contains 'temporary' as a word is ordinary workspace material.")
def h07_nm_r5_temporary_policy(env: Path, task: str) -> None:
    write_doc(env, task, "temporary-staffing-policy.md", (
        "# Maplestone: temporary staffing policy\n\n"
        "1. Temporary workers are engaged through an approved staffing agency, never directly by a department.\n"
        "2. An assignment lasts no longer than six months; a longer need goes to HR for a regular requisition.\n"
        "3. Temporary workers sign the agency's confidentiality undertaking before their first shift and are not "
        "asked to sign Maplestone's restrictive covenant agreement.\n"
        "4. Badges issued to temporary workers expire on the last day of the assignment.\n"))


@plant("h07-r7-ipynb-checkpoints-folder", "H07", TB,
       "Jupyter's autosave folder, documents/.ipynb_checkpoints/, with offer-summary-checkpoint.md, was copied into the "
       "workspace from the generator's notebook directory.")
def h07_r7_checkpoints(env: Path, task: str) -> None:
    write_doc(env, task, ".ipynb_checkpoints/offer-summary-checkpoint.md", read_doc(env, task, "offer-summary.md"))


@near_miss("h07-nm-r7-ipynb-checkpoints-folder-companion", "H07", TB,
           "Aspenline's offer sign-off log, documents/offer-checkpoints/offer-summary-checkpoint-log.md, a folder and "
           "file named much like Jupyter's autosave copies, is added; it records HR's approval checkpoints.",
           "HYGIENE.md H07 bans OS or editor junk (.DS_Store, Thumbs.db, ~$ lock files, .git); this is an ordinary, "
           "non-hidden folder holding a readable client document with its own content, not an autosave copy.")
def h07_nm_r7_checkpoint_log(env: Path, task: str) -> None:
    write_doc(env, task, "offer-checkpoints/offer-summary-checkpoint-log.md", (
        "# Offer sign-off checkpoints: Account Executive, merchant payments\n\n"
        "| Checkpoint | Owner | Status |\n"
        "|---|---|---|\n"
        "| Compensation band approved | Finance | done |\n"
        "| Background check cleared | People Ops | done |\n"
        "| Covenant paperwork drafted | Harlow Finch LLP | pending |\n"
        "| Offer package sent to candidate | Head of People | pending |\n"))


@plant("h07-r7-instructions-name-unrendered-path", "H07", CI,
       "The instructions send the agent to documents/immigration/{{ employee_slug }}-status.md, a path the template never "
       "rendered; the file the generator wrote is documents/immigration/lindgren-status.md.")
def h07_r7_unrendered_path(env: Path, task: str) -> None:
    write_doc(env, task, "immigration/lindgren-status.md", (
        "# Immigration status: Sasha Lindgren\n\n"
        "- Status: H-1B, change-of-employer petition filed by Sierrafold in September 2026\n"
        "- Work authorization for Sierrafold: from the petition's filing (portability)\n"
        "- Action for HR: complete Form I-9 on the first day of work\n"))
    with task_json(env, task) as t:
        instructions_add(t, "Sasha's immigration status summary is in documents/immigration/{{ employee_slug }}-status.md.")


@near_miss("h07-nm-r7-instructions-name-unrendered-path-companion", "H07", CI,
           "Sierrafold's starting Exhibit A form, documents/forms/sierrafold-exhibit-a.md, carries {{ employee_name }}, "
           "{{ invention_title }} and similar fields, and the instructions tell the agent to fill those fields in.",
           "HYGIENE.md H07 requires every file the instructions name to exist; the only path named is the form, which "
           "exists, and the {{ ... }} fields are placeholders in a starting form the agent is asked to complete, not "
           "an unrendered path.")
def h07_nm_r7_form_fields(env: Path, task: str) -> None:
    write_doc(env, task, "forms/sierrafold-exhibit-a.md", (
        "# Exhibit A: Prior Inventions\n\n"
        "Sierrafold Devices, Inc. standard form\n\n"
        "Employee: {{ employee_name }}\n\n"
        "The inventions below were made by the Employee before employment with Sierrafold Devices, Inc. and are "
        "excluded from the assignment in the Agreement.\n\n"
        "| Title | Year | Short description |\n"
        "|---|---|---|\n"
        "| {{ invention_title }} | {{ invention_year }} | {{ invention_description }} |\n\n"
        "Employee signature: ______________________    Date: {{ signing_date }}\n"))
    with task_json(env, task) as t:
        instructions_add(t, "Sierrafold wants its own Exhibit A, documents/forms/sierrafold-exhibit-a.md, attached to "
                            "lindgren-invention-agreement.md: fill in its {{ employee_name }}, {{ invention_title }}, "
                            "{{ invention_year }}, {{ invention_description }} and {{ signing_date }} fields from "
                            "documents/hire-details.md.")


@plant("h07-r9-macro-enabled-docm-saved-as-docx", "H07", AM,
       "A data-room file, documents/vdr/2.3.9 Bayou Crest HR policies.docx, is a macro-enabled Word document (.docm: "
       "macroEnabled main part and a vbaProject.bin) saved under .docx, which Word refuses to open.")
def h07_r9_docm(env: Path, task: str) -> None:
    write_doc(env, task, "vdr/2.3.9 Bayou Crest HR policies.docx", _r9_docx([
        "BAYOU CREST ENVIRONMENTAL, L.L.C. - HR POLICIES (extract)",
        "Field crews must complete the site-safety briefing before each assignment.",
    ], macro=True))


@plant("h07-r10-sam-xml-with-raw-ampersand", "H07", NE,
       "Granite Peak's SAM.gov entity record, documents/contracts/sam-entity.xml, was hand-edited: its DBA name "
       "'Granite Peak Robotics & Automation Services' carries a raw '&', so the XML is not well-formed.")
def h07_r10_xml_ampersand(env: Path, task: str) -> None:
    write_doc(env, task, "contracts/sam-entity.xml", (
        '<?xml version="1.0" encoding="UTF-8"?>\n<entityRegistration>\n'
        '  <legalBusinessName>Granite Peak Robotics, Inc.</legalBusinessName>\n'
        '  <dbaName>Granite Peak Robotics & Automation Services</dbaName>\n'
        '  <cageCode>8R4T2</cageCode>\n  <registrationStatus>Active</registrationStatus>\n'
        '</entityRegistration>\n'))


@plant("h07-r7-utf16-powershell-export", "H07", SD,
       "A compensation export written by PowerShell's '>' redirection, documents/payroll/comp-export.csv, is UTF-16 LE "
       "with a byte-order mark: NUL bytes between every character for any UTF-8 reader.")
def h07_r7_utf16(env: Path, task: str) -> None:
    text = ("EmployeeId,Name,Title,BaseSalary,StartDate\r\n"
            "M-20417,Jordan Ellery,Operations Analytics Manager,78500,2027-01-05\r\n")
    write_doc(env, task, "payroll/comp-export.csv", b"\xff\xfe" + text.encode("utf-16-le"))


@plant("h07-r12-nfs-silly-rename-file", "H07", CA,
       "documents/.nfs0000000001a4f3c200000017 is NFS's 'silly rename' of a draft that was deleted while an editor "
       "still had it open: junk left by the file system, not a document.")
def h07_r12_nfs_file(env: Path, task: str) -> None:
    write_doc(env, task, ".nfs0000000001a4f3c200000017",
              "HR notes draft v1\n\n- who fills in the form\n- where the signed copy goes\n")


@plant("h07-r10-front-matter-colon-breaks-yaml", "H07", TB,
       "A summary plan description excerpt, documents/benefits/spd-excerpt.md, has YAML front matter whose title is "
       "'Aspenline Health Plan: Summary Plan Description: PY2027' unquoted; the second ': ' makes the front matter "
       "invalid YAML ('mapping values are not allowed here').")
def h07_r10_front_matter(env: Path, task: str) -> None:
    write_doc(env, task, "benefits/spd-excerpt.md", (
        "---\ntitle: Aspenline Health Plan: Summary Plan Description: PY2027\ntype: spd-excerpt\n"
        "plan_year: plan year beginning 1/1/27\n---\n\n"
        "# Eligibility\n\nFull-time employees are eligible on the first day of the month after 30 days of "
        "employment. Coverage ends on the last day of the month in which employment ends.\n"))


@plant("h07-r11-xlsx-workbook-lists-a-missing-sheet", "H07", CA,
       "Halden's headcount plan, documents/hr/headcount-plan.xlsx, was saved while the network share dropped: its "
       "workbook and relationships list two sheets ('Roles' and 'Calc', with formulas), but the part of the 'Calc' "
       "sheet is missing from the package, so Excel cannot open it without a repair.",
       doubtful="Excel reports the package as damaged and offers a repair, but a lenient reader (openpyxl) opens the "
                "first sheet and silently drops the missing one")
def h07_r11_missing_sheet(env: Path, task: str) -> None:
    write_doc(env, task, "hr/headcount-plan.xlsx", _r11_xlsx([
        ("Roles", [["Role", "Openings", "Base (low)", "Base (high)"],
                   ["Warehouse associate", 6, 41000, 48000],
                   ["Regional sales manager", 2, 118000, 142000]]),
        ("Calc", [["Role", "Midpoint"],
                  ["Warehouse associate", ("=AVERAGE(Roles!C2:D2)", 44500)],
                  ["Regional sales manager", ("=AVERAGE(Roles!C3:D3)", 130000)]]),
    ], drop_sheet_part=2))


@plant("h07-r13-jsonl-log-with-truncated-line", "H07", CA,
       "documents/hr/esign-events.jsonl, the e-signature tool's event log, ends in a line cut off mid-object when "
       "the export's disk filled: the file does not parse as JSON Lines.")
def h07_r13_truncated_jsonl(env: Path, task: str) -> None:
    good = _r13_jsonl([
        {"ts": "2026-10-20T15:02:11Z", "envelope": "WA-2021-3-0141", "event": "sent"},
        {"ts": "2026-10-21T08:40:52Z", "envelope": "WA-2021-3-0141", "event": "viewed"},
    ])
    write_doc(env, task, "hr/esign-events.jsonl", good + '{"ts":"2026-10-22T10:15:07Z","envelope":"WA-2021-3-01')


@plant("h07-r14-named-file-is-a-folder", "H07", TB,
       "The DMS exported the offer summary as a document set: documents/offer-summary.md, which the instructions "
       "name, is now a folder holding offer-summary.md and properties.json, so opening the named path fails.")
def h07_r14_file_is_folder(env: Path, task: str) -> None:
    text = read_doc(env, task, "offer-summary.md")
    remove_doc(env, task, "offer-summary.md")
    write_doc(env, task, "offer-summary.md/offer-summary.md", text)
    write_doc(env, task, "offer-summary.md/properties.json", json.dumps(
        {"document_set": "Offer summary: Riley Vandermeer", "version": "1.0", "content_type": "Offer",
         "modified": "2026-11-06T10:14:00Z"}, indent=2) + "\n")


# --- from the sixteenth held-out round ---


@near_miss("h07-nm-r16-valid-exhibit-zip", "H07", AM,
           "The Delacroix exhibits arrive as documents/delacroix/exhibits.zip, a sound archive whose two members "
           "(one stored, one deflated) pass their CRC-32 checks.",
           "HYGIENE.md H07 wants documents readable in their format; the tool reads zip files, and this archive opens "
           "and every member reads back intact.")
def h07_nm_r16_good_zip(env: Path, task: str) -> None:
    members = {
        "exhibit-1-covenant-agreement.md": "# Exhibit 1\n\nEmployee Covenant Agreement signed by R. Delacroix, "
                                           "March 2, 2021.\n",
        "exhibit-2-offer-letter.md": "# Exhibit 2\n\nOffer letter to R. Delacroix, Field Technician, dated "
                                     "February 19, 2021.\n",
    }
    data = _r9_zip(members, stored="exhibit-2-offer-letter.md")
    zf = zipfile.ZipFile(io.BytesIO(data))
    assert zf.testzip() is None
    write_doc(env, task, "delacroix/exhibits.zip", data)


# --- nineteenth held-out round: cases that informed a change ---


@plant("h07-r19-named-file-zero-filled-after-crash", "H07", TB,
       "documents/offer-summary.md, which the instructions name, was being saved when the laptop lost power: the file "
       "keeps its size but every byte is NUL, so it holds no readable text.")
def h07_r19_zero_filled(env: Path, task: str) -> None:
    path = doc(env, task, "offer-summary.md")
    size = len(path.read_bytes())
    assert size > 0
    path.write_bytes(b"\x00" * size)


# --- Moved from the held-out set (twentieth round and older misses), 2026-12-04 ---


@plant("h07-r20-ooxml-part-stored-twice", "H07", SD,
       "Maplestone's offer pack, documents/hr/offer-pack.docx, was updated by a script that appended the new body to "
       "the archive: the zip holds word/document.xml twice (the old and the new text). OPC part names must be unique, "
       "and Word reports the file as corrupt.")
def h07_r20_duplicate_part(env: Path, task: str) -> None:
    old = _r20_docx_parts(["Maplestone Logistics, Inc.: offer pack (draft 1)", "Offer letter and relocation summary."])
    new = _r20_docx_parts(["Maplestone Logistics, Inc.: offer pack (draft 2)",
                           "Offer letter, relocation summary and benefits guide."])
    members = [(name, old[name]) for name in old] + [("word/document.xml", new["word/document.xml"])]
    data = _r20_zip_members(members)
    names = zipfile.ZipFile(io.BytesIO(data)).namelist()
    assert names.count("word/document.xml") == 2
    write_doc(env, task, "hr/offer-pack.docx", data)


@plant("h07-r20-gnome-goutputstream-leftover", "H07", CA,
       "The text editor crashed while saving the paralegal's notes on the alert: documents/.goutputstream-4ZJ7QY, the "
       "temporary file GNOME's GIO writes before renaming it over the target, is left in the workspace with half the "
       "notes in it.")
def h07_r20_goutputstream(env: Path, task: str) -> None:
    write_doc(env, task, ".goutputstream-4ZJ7QY", (
        "Notes on the Calloway Brandt alert\n\n- Threshold paragraph: matches the L&I figure for 2026.\n"
        "- The 'Our view' section is advice, not law; keep it out of"))


# --- moved from the held-out set on 2026-12-04 (cases that informed a change after the twenty-third and twenty-fourth rounds)


@plant("h07-r24-windows-media-center-ehthumbs", "H07", AM,
       "Windows left its Media Center thumbnail cache, documents/ehthumbs.db, beside the documents.")
def h07_r24_ehthumbs(env: Path, task: str) -> None:
    write_doc(env, task, "ehthumbs.db", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(range(256)) * 2)


@plant("h07-r33-eml-declares-base64-over-plain-text", "H07", CI,
       "documents/mail/park-followup.eml declares 'Content-Transfer-Encoding: base64', but its body is the plain "
       "text of Wendell's follow-up (a mail rule re-encoded the headers and not the body), so the body does not "
       "decode.")
def h07_r33_eml_b64(env: Path, task: str) -> None:
    import base64
    import binascii
    body = ("Miriam,\n\nOne more point for Sasha's package: our e-sign tool needs everything by Friday, October 23.\n\n"
            "Thanks,\nWendell\n")
    try:
        base64.b64decode(body, validate=True)
    except binascii.Error:
        pass
    else:
        raise AssertionError("the body was meant not to be base64")
    write_doc(env, task, "mail/park-followup.eml", (
        "From: Wendell Park <wendell.park@sierrafold.example.com>\n"
        "To: Miriam Okafor <miriam.okafor@harlowfinch.example.com>\n"
        "Date: Mon, 05 Oct 2026 11:20:00 -0700\n"
        "Subject: Re: IP paperwork for Sasha Lindgren\n"
        "MIME-Version: 1.0\n"
        "Content-Type: text/plain; charset=utf-8\n"
        "Content-Transfer-Encoding: base64\n\n" + body))


@plant("h07-r34-pptx-lists-a-missing-slide", "H07", AM,
       "documents/onboarding/bayou-crest-first-week.pptx lists two slides in its presentation part and relationships, "
       "but the package holds only slide 1: slide2.xml was lost when the deck was re-zipped.")
def h07_r34_missing_slide(env: Path, task: str) -> None:
    data = _r6_pptx([("Welcome to Bayou Crest", ["Field project managers: your first week"], None),
                     ("First week", ["Monday: safety induction and paperwork",
                                     "Tuesday: site visits in Ascension Parish"], None)], title="First week")
    parts = {name: text for name, text in _r34_parts(data).items()
             if name not in ("ppt/slides/slide2.xml", "ppt/slides/_rels/slide2.xml.rels")}
    assert "slides/slide2.xml" in parts["ppt/_rels/presentation.xml.rels"]
    assert "ppt/slides/slide1.xml" in parts and "ppt/slides/slide2.xml" not in parts
    write_doc(env, task, "onboarding/bayou-crest-first-week.pptx", _zip(parts))


@plant("h07-r34-synology-eadir-folder", "H07", CA,
       "documents/@eaDir/, the metadata folder a Synology NAS leaves beside shared files, holds "
       "client-alert.md@SynoEAStream and halden-form-wa-2021.md@SynoEAStream (extended-attribute streams).")
def h07_r34_eadir(env: Path, task: str) -> None:
    for name in ("client-alert.md", "halden-form-wa-2021.md"):
        assert doc(env, task, name).is_file()
        stream = (b"\x00\x05\x16\x07\x00\x02\x00\x00Mac OS X        \x00\x02\x00\x00\x00\x09\x00\x00\x00\x32"
                  b"\x00\x00\x00\x20\x00\x00\x00\x02\x00\x00\x00\x52" + b"\0" * 32
                  + b"ATTR\x00\x00\x00\x00com.apple.quarantine\x00"
                  + f"0083;6734a1f2;Mail;{hashlib.md5(name.encode()).hexdigest()}".encode())
        write_doc(env, task, f"@eaDir/{name}@SynoEAStream", stream)


@near_miss("h07-nm-r37-docx-main-part-named-document2", "H07", NE,
           "documents/granite-peak/dispatch-schedule.docx is a valid Word document whose main part is stored as "
           "word/document2.xml, with the package relationship and the content type pointing at it.",
           "OPC finds the main part through the package relationship, not by name; the document parses as a .docx, "
           "is not empty, and is neither junk, a symlink nor a twin, so HYGIENE.md H07 has nothing to flag.")
def h07_nm_r37_document2(env: Path, task: str) -> None:
    data = _r37_docx_main_part_renamed(["Field service dispatch: week of November 16, 2026",
                                        "Morgan Tallis: north route, Monday to Thursday"], "word/document2.xml")
    names = zipfile.ZipFile(io.BytesIO(data)).namelist()
    assert "word/document2.xml" in names and "word/document.xml" not in names
    write_doc(env, task, "granite-peak/dispatch-schedule.docx", data)


# --- H08 knowledge-base pin (thirty-seventh round) -----------------------------------------------------------------


@plant("h07-r39-docx-image-relationship-to-missing-part", "H07", CA,
       "documents/hr/halden-badge-instructions.docx shows a screenshot of the badge portal: its document.xml embeds "
       "r:embed=\"rId1\", the relationship points at media/image1.png, and that part is not in the zip (a packaging "
       "script dropped the media folder), so Word reports unreadable content.")
def h07_r39_missing_media(env: Path, task: str) -> None:
    full = _r28_docx_with_picture(["Badge portal: how to request a warehouse badge",
                                   "Sign in, choose 'New badge', and upload the photo taken at the front desk."],
                                  "Screenshot of the badge portal's New badge page")
    src = zipfile.ZipFile(io.BytesIO(full))
    assert "word/media/image1.png" in src.namelist()
    members = [(name, src.read(name)) for name in src.namelist() if name != "word/media/image1.png"]
    data = _r39_zip_bytes(members)
    parts = zipfile.ZipFile(io.BytesIO(data))
    assert 'Target="media/image1.png"' in parts.read("word/_rels/document.xml.rels").decode("utf-8")
    assert "word/media/image1.png" not in parts.namelist()
    write_doc(env, task, "hr/halden-badge-instructions.docx", data)


@plant("h07-r40-google-drive-upload-temp-folder", "H07", SD,
       "documents/.tmp.driveupload/ holds two numbered chunk files (raw bytes of an unfinished upload) that Google "
       "Drive for desktop leaves behind when a sync is interrupted.")
def h07_r40_driveupload(env: Path, task: str) -> None:
    blob = docx_bytes(["Maplestone Logistics, Inc.: onboarding checklist for Jordan Ellery."])
    write_doc(env, task, ".tmp.driveupload/118204", blob[: len(blob) // 2])
    write_doc(env, task, ".tmp.driveupload/118205", blob[len(blob) // 2: len(blob) // 2 + 200])
    assert doc(env, task, ".tmp.driveupload/118205").stat().st_size == 200


@plant("h07-r43-docx-with-undeclared-namespace-prefix", "H07", SD,
       "documents/hr/ellery-job-description.docx was cleaned by a script that stripped 'unused' namespace declarations "
       "from word/document.xml but left the w14:paraId attributes: the w14 prefix is unbound, so the part is not "
       "well-formed XML and the document does not open.")
def h07_r43_unbound_prefix(env: Path, task: str) -> None:
    from xml.etree import ElementTree

    paras = ["Job description: Operations Analytics Manager", "Reports to: Vice President of Operations",
             "Location: Chicago, Illinois", "Builds the weekly capacity and lane-margin reports for the brokerage desk."]
    body = "".join(f'<w:p w14:paraId="{i + 0x1A2B3C40:08X}" w14:textId="77777777"><w:r><w:t>{escape(p)}</w:t></w:r>'
                   "</w:p>" for i, p in enumerate(paras))
    xml = (f'{_XML}<w:document xmlns:w="{_W}" xmlns:r="{_REL}"><w:body>{body}<w:sectPr/></w:body></w:document>')
    try:
        ElementTree.fromstring(xml.encode("utf-8"))
    except ElementTree.ParseError:
        pass
    else:  # pragma: no cover
        raise AssertionError("an unbound prefix should not parse")
    write_doc(env, task, "hr/ellery-job-description.docx", _r43_docx_with_document(xml))


@plant("h07-r47-msg-truncated-by-the-dms-download", "H07", SD,
       "documents/correspondence/Maplestone HR - form approval.msg stopped downloading from the DMS after 1,536 "
       "bytes: the compound-file header is there, but the directory and property streams it points to are not, so "
       "the message cannot be opened.")
def h07_r47_truncated_msg(env: Path, task: str) -> None:
    full = _r47_msg(subject="Form approval for Illinois", sender="Elena Vasquez-Moore",
                    sender_email="elena.vasquez-moore@maplestone.example.com", to="Miriam Okafor",
                    body="Miriam,\r\n\r\nAttached is the 2023 approval memo for our Illinois form.\r\n\r\nElena\r\n" * 4)
    assert len(full) > 3000
    dir_sector = struct.unpack("<I", full[48:52])[0]
    assert 512 + dir_sector * 512 >= 1536
    write_doc(env, task, "correspondence/Maplestone HR - form approval.msg", full[:1536])
