"""H07 workspace integrity: named files exist as named, every file reads, no junk, no tricks."""

from __future__ import annotations

import pytest

import io
import os
import unicodedata
import zipfile

from hygiene_helpers import env_with, found, task_json, workspace


def _docx(text: str) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr("[Content_Types].xml", "<Types/>")
        zf.writestr("word/document.xml", '<w:document xmlns:w="urn:w"><w:body><w:p><w:r><w:t>'
                    f"{text}</w:t></w:r></w:p></w:body></w:document>")
    return buf.getvalue()


def test_junk_empty_unparseable_symlinked_twin_and_missing_files(tmp_path):
    task = task_json()
    task["instructions"] += " Also read term-sheet.md."
    files = {**workspace(), ".DS_Store": b"\0\0", "empty.md": "", "data.json": "{oops", "bad.docx": b"PK-not-a-zip",
             "Notes.md": "a", "notes.md": "b"}
    env = env_with(tmp_path, task, files)
    os.symlink("/etc/passwd", env / "tasks/t1/documents/link.md")
    hits = {(f.severity, f.path, f.evidence) for f in found(env, "H07")}
    assert ("minor", "documents/.DS_Store", ".DS_Store") in hits
    assert ("major", "documents/empty.md", "documents/empty.md") in hits
    assert ("major", "documents/link.md", "documents/link.md") in hits
    assert any(p == "documents/data.json" and "invalid JSON" in e for _, p, e in hits)
    assert any(p == "documents/bad.docx" and "zip" in e.lower() for _, p, e in hits)
    assert any(e == "documents/Notes.md | documents/notes.md" for _, _, e in hits)
    assert any(p == "task.json" and "term-sheet.md" in e for _, p, e in hits)


def test_a_file_named_in_the_wrong_case_is_not_found_on_a_case_sensitive_disk(tmp_path):
    task = task_json()
    task["instructions"] = task["instructions"].replace("partner-notes.md", "documents/Partner-Notes.md")
    hits = found(env_with(tmp_path, task), "H07")
    assert [(f.severity, f.location) for f in hits] == [("major", "$.instructions")]
    assert "'partner-notes.md'" in hits[0].message


def test_a_named_file_that_is_a_folder_cannot_be_opened(tmp_path):
    """A document system exported the named file as a folder of that name (the document inside)."""
    files = {k: v for k, v in workspace().items() if k != "partner-notes.md"}
    files["partner-notes.md/partner-notes.md"] = workspace()["partner-notes.md"]
    hits = found(env_with(tmp_path, files=files), "H07")
    assert [(f.severity, f.path, f.location) for f in hits] == [("major", "documents/partner-notes.md", "$.instructions")]
    assert "is a folder" in hits[0].message


def test_a_whitespace_only_file_is_as_empty_as_an_empty_one(tmp_path):
    hits = found(env_with(tmp_path, files={**workspace(), "blank.md": " \n\t\n"}), "H07")
    assert [(f.severity, f.path) for f in hits] == [("major", "documents/blank.md")]


def test_a_criterion_source_names_a_file_the_workspace_lacks(tmp_path):
    task = task_json()
    task["criteria"][0]["sources"] = ["documents/escrow-agreement.pdf"]
    hits = found(env_with(tmp_path, task), "H07")
    assert [(f.severity, f.location) for f in hits] == [("major", "$.criteria[0].sources[0]")]


def test_near_miss_a_criterion_source_that_is_a_citation_is_not_a_file(tmp_path):
    task = task_json()
    task["criteria"][0]["sources"] = ["La. R.S. 23:921(C)", "documents/partner-notes.md", "offer-facts.md"]
    assert found(env_with(tmp_path, task), "H07") == []


def test_near_miss_valid_docx_json_and_eml_are_fine(tmp_path):
    files = {**workspace(), "offer.docx": _docx("Offer letter"), "data.json": '{"a": 1}',
             "mail.eml": "From: a@example.com\nSubject: hi\n\nbody\n"}
    assert found(env_with(tmp_path, files=files), "H07") == []


def test_folders_that_differ_only_by_case_are_twins_even_when_their_files_differ(tmp_path):
    files = {**workspace(), "Schedules/schedule-1.md": "Pay dates.", "schedules/schedule-2.md": "Holidays."}
    hits = [f for f in found(env_with(tmp_path, files=files), "H07")]
    assert [(f.severity, f.path, f.evidence) for f in hits] == [
        ("major", "documents/Schedules", "documents/Schedules | documents/schedules")]
    assert "folder" in hits[0].message


def test_a_folder_twin_is_reported_once_not_again_for_each_file_under_it(tmp_path):
    files = {**workspace(), "Annex/a.md": "one", "annex/a.md": "two", "annex/b.md": "three"}
    hits = found(env_with(tmp_path, files=files), "H07")
    assert [f.evidence for f in hits] == ["documents/Annex | documents/annex"]


def test_folders_that_differ_only_by_unicode_normalization_are_twins(tmp_path):
    nfc, nfd = unicodedata.normalize("NFC", "pi\u00e8ces"), unicodedata.normalize("NFD", "pi\u00e8ces")
    files = {**workspace(), f"{nfc}/bail.md": "Bail.", f"{nfd}/avenant.md": "Avenant."}
    hits = found(env_with(tmp_path, files=files), "H07")
    assert [(f.severity, sorted(f.evidence.split(" | "))) for f in hits] == [
        ("major", sorted([f"documents/{nfc}", f"documents/{nfd}"]))]


def test_a_file_and_a_folder_whose_names_differ_only_by_case_collide(tmp_path):
    files = {**workspace(), "Exhibit": "A plain file with no extension.", "exhibit/map.md": "Route map."}
    hits = found(env_with(tmp_path, files=files), "H07")
    assert [f.evidence for f in hits] == ["documents/Exhibit | documents/exhibit"]
    assert "file and a folder" in hits[0].message


def test_twins_are_found_inside_the_knowledge_base_and_across_its_edge_in_every_task(tmp_path):
    # The knowledge base's paths are read once a run; a clash inside it, or between it and a task's
    # own folder, is still each task's finding, and a clean knowledge base next to it stays clean.
    inside = {**workspace(), "knowledge-base/Guides/a.md": "Guide A.", "knowledge-base/guides/b.md": "Guide B."}
    assert [f.evidence for f in found(env_with(tmp_path / "one", files=inside), "H07")] == [
        "documents/knowledge-base/Guides | documents/knowledge-base/guides"]
    across = {**workspace(), "knowledge-base/guides/a.md": "Guide A.", "Knowledge-Base/notes.md": "Task notes."}
    assert [f.evidence for f in found(env_with(tmp_path / "edge", files=across), "H07")] == [
        "documents/Knowledge-Base | documents/knowledge-base"]
    clean = {**workspace(), "knowledge-base/guides/a.md": "Guide A.", "knowledge-base/guides/b.md": "Guide B."}
    assert found(env_with(tmp_path / "clean", files=clean), "H07") == []
    again = {**clean, "knowledge-base/GUIDES/c.md": "Guide C."}
    assert [f.evidence for f in found(env_with(tmp_path / "three", files=again), "H07")] == [
        "documents/knowledge-base/GUIDES | documents/knowledge-base/guides"]


def test_near_miss_folders_whose_names_differ_in_more_than_case_are_fine(tmp_path):
    files = {**workspace(), "exhibits/a.md": "Exhibit A.", "exhibit-notes/b.md": "Notes.",
             "schedules/exhibits.md": "A file named like a folder elsewhere."}
    assert found(env_with(tmp_path, files=files), "H07") == []


def test_near_miss_a_deliverable_named_with_spaces_is_one_name_not_its_last_word(tmp_path):
    task = task_json()
    name = "Dana Smith \u2013 signing timeline.md"
    task["deliverables"][name] = "A timeline for the client's HR director."
    task["oafreeze"]["advisory"].append(name)
    task["instructions"] += f" Also write {name}, a short timeline of each step."
    task["criteria"].append({"id": "C9", "title": "Timeline in order",
                             "match_criteria": f"PASS if {name} lists delivery, review and signing in order. "
                                               "FAIL if a step is missing.", "deliverables": [name], "source": "expert"})
    env = env_with(tmp_path, task)
    assert found(env, "H07") == []
    assert [f for f in found(env, "H03") if f.location == "$.criteria[3].match_criteria"] == []


@pytest.mark.parametrize("name", ["~WRL0941.tmp", "~$agreement.docx", "scratch.TMP", ".DS_Store", "notes.md~",
                                  ".goutputstream-4ZJ7QY", "offer.docx.sb-1a2b3c4d-Qx7ZpL", "#notes.md#",
                                  "memo.md___jb_tmp___", ".offer.pdf.icloud", "notes.md.kate-swp"])
def test_editor_and_os_leftovers_are_junk_by_name(name):
    from oafreeze.hygiene.items.h07_workspace_integrity import JUNK
    assert JUNK.match(name)


@pytest.mark.parametrize("name", ["template.md", "temporary-worker-policy.md", "tmp-notes.md", "agreement.docx",
                                  "#1-priorities.md", "icloud-migration.md", "goutputstream-notes.md"])
def test_ordinary_names_are_not_junk(name):
    from oafreeze.hygiene.items.h07_workspace_integrity import JUNK
    assert not JUNK.match(name)


def test_an_empty_editor_leftover_is_junk_not_a_missing_document(tmp_path):
    hits = found(env_with(tmp_path, files={**workspace(), "~WRL0001.tmp": b""}), "H07")
    assert [(f.severity, f.path) for f in hits] == [("minor", "documents/~WRL0001.tmp")]


def test_a_folder_a_tool_left_behind_is_junk_once_and_its_files_are_not_read(tmp_path):
    files = {**workspace(), ".ipynb_checkpoints/draft-checkpoint.ipynb": "{not json",
             ".ipynb_checkpoints/notes-checkpoint.md": b"", "exhibits/__pycache__/x.cpython-311.pyc": b"\0\1",
             ".tmp.driveupload/5581": b"\x89PNG\0", ".stversions/offer~20260101-101010.md": "Old offer.\n"}
    hits = found(env_with(tmp_path, files=files), "H07")
    assert sorted((f.severity, f.path) for f in hits) == [("minor", "documents/.ipynb_checkpoints"),
                                                          ("minor", "documents/.stversions"),
                                                          ("minor", "documents/.tmp.driveupload"),
                                                          ("minor", "documents/exhibits/__pycache__")]


def test_near_miss_folders_named_like_tools_in_ordinary_words_are_not_junk(tmp_path):
    files = {**workspace(), "checkpoints/q3-review.md": "Quarterly review notes.\n",
             "idea/product-brief.md": "Product brief.\n"}
    assert found(env_with(tmp_path, files=files), "H07") == []


def test_template_syntax_left_in_the_instructions_is_major(tmp_path):
    task = task_json()
    task["instructions"] += " Save the status note as documents/immigration/{{ employee_slug }}-status.md for ${matter_id}."
    hits = [f for f in found(env_with(tmp_path, task), "H07") if "template syntax" in f.message]
    assert [(f.severity, f.location) for f in hits] == [("major", "$.instructions")] * 2


def test_near_miss_instructions_that_name_the_fields_of_a_starting_form(tmp_path):
    task = task_json()
    task["instructions"] += " Replace every {{ client_name }} field in the template with the client's name."
    files = {**workspace(), "template.md": "# Agreement\n\nBetween {{ client_name }} and the employee.\n"}
    assert [f for f in found(env_with(tmp_path, task, files), "H07") if "template syntax" in f.message] == []


def test_text_saved_as_utf16_is_read_and_noted(tmp_path):
    text = "EmployeeId,Name,Salary\r\nE-1,Dana Smith,95000\r\n"
    files = {**workspace(), "payroll/export.csv": b"\xff\xfe" + text.encode("utf-16-le"),
             "payroll/export.xml": '<?xml version="1.0" encoding="UTF-16"?><rows><row>E-1</row></rows>'.encode("utf-16")}
    hits = [f for f in found(env_with(tmp_path, files=files), "H07") if "UTF-16" in f.message]
    assert [(f.severity, f.path, f.evidence) for f in hits] == [("minor", "documents/payroll/export.csv",
                                                                  "byte-order mark ff fe")]


def test_what_a_file_system_leaves_of_a_deleted_file_is_junk(tmp_path):
    files = {**workspace(), ".nfs0000000001a4f3c200000017": "draft", "old.bak": "x", "agreement.docx.crdownload": "x"}
    hits = found(env_with(tmp_path, files=files), "H07")
    assert {f.path for f in hits if "junk" in f.message} == {
        "documents/.nfs0000000001a4f3c200000017", "documents/old.bak", "documents/agreement.docx.crdownload"}


def test_a_deliverable_named_in_thai_or_hindi_is_one_whole_name(tmp_path):
    # Thai vowel signs and Devanagari matras are combining marks, which \w leaves out: the name must
    # not be cut at them ("บันทึกสำหรับฝ่ายบุคคล.md" is no "คคล.md").
    task = task_json()
    names = ["บันทึกสำหรับฝ่ายบุคคล.md", "नोट.md"]
    task["deliverables"] = {**task["deliverables"], **{n: "A note for HR." for n in names}}
    task["instructions"] += " Also write " + " and ".join(names) + "."
    task["criteria"][2]["deliverables"] = ["client-email.md", *names]
    assert [f.message for f in found(env_with(tmp_path, task), "H07") if "instructions name" in f.message] == []


def test_markdown_front_matter_that_is_not_yaml_is_minor(tmp_path):
    files = {**workspace(), "spd.md": "---\ntitle: Plan: Summary: 2027\n---\n\n# Eligibility\n",
             "fine.md": "---\ntitle: \"Plan: Summary: 2027\"\n---\n\n# Eligibility\n",
             "rule.md": "---\n\nA horizontal rule, then text.\n"}
    hits = [f for f in found(env_with(tmp_path, files=files), "H07") if "front matter" in f.message]
    assert [(f.severity, f.path, f.location) for f in hits] == [("minor", "documents/spd.md", 2)]


def test_near_miss_a_named_file_with_an_ampersand_is_one_name(tmp_path):
    task = task_json()
    task["instructions"] += " Also read documents/hr-q&a.md, the team's questions."
    files = {**workspace(), "hr-q&a.md": "Q: may the section be used for a warehouse lead? A: ask counsel."}
    assert found(env_with(tmp_path, task, files), "H07") == []
    task["instructions"] += " And read documents/legal-q&a.md."
    hits = found(env_with(tmp_path / "2", task, files), "H07")
    assert [f.message.split(",")[0] for f in hits] == ["the instructions name 'documents/legal-q&a.md'"]


def test_a_file_the_agent_is_told_not_to_write_is_not_a_missing_input(tmp_path):
    task = task_json()
    task["instructions"] += " Do not write a separate offer-letter.md; HR's system produces the offer letter."
    assert not [f for f in found(env_with(tmp_path, task), "H07") if "offer-letter.md" in f.message]
    task = task_json()
    task["instructions"] += " Read offer-letter.md before you start."
    hits = [f for f in found(env_with(tmp_path / "read", task), "H07") if "offer-letter.md" in f.message]
    assert [f.severity for f in hits] == ["major"]


def test_a_file_zero_filled_by_a_crash_is_as_empty_as_an_empty_one(tmp_path):
    files = {**workspace(), "offer-facts.md": b"\0" * 412}
    hits = [f for f in found(env_with(tmp_path, files=files), "H07") if "NUL" in f.message]
    assert [(f.severity, f.path) for f in hits] == [("major", "documents/offer-facts.md")]


def test_a_package_that_stores_its_main_part_twice_is_major(tmp_path):
    import docwriters as dw
    import warnings
    buf = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(dw.docx(["The offer letter."])), "r") as src, zipfile.ZipFile(buf, "w") as out:
        for info in src.infolist():
            out.writestr(info, src.read(info))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            out.writestr("word/document.xml", src.read("word/document.xml").replace(b"offer", b"other"))
    hits = found(env_with(tmp_path, files={**workspace(), "offer.docx": buf.getvalue()}), "H07")
    assert [(f.severity, f.path) for f in hits] == [("major", "documents/offer.docx")]
    assert "stored twice" in hits[0].message


def test_a_nas_metadata_folder_is_left_behind_by_a_tool(tmp_path):
    files = {**workspace(), "@eaDir/offer-facts.md@SynoEAStream": "stream", "#recycle/old.md": "old"}
    hits = [f for f in found(env_with(tmp_path, files=files), "H07") if "left behind" in f.message]
    assert sorted(f.path for f in hits) == ["documents/#recycle", "documents/@eaDir"]


def test_an_office_file_whose_relationship_points_at_a_part_it_lacks_is_major_and_a_print_to_xps_reads(tmp_path):
    import docwriters as dw
    whole = dw.docx(["Badge portal: sign in and upload the photo."])
    with zipfile.ZipFile(io.BytesIO(whole)) as src:
        members = {n: src.read(n) for n in src.namelist()}
    members["word/_rels/document.xml.rels"] = (
        dw.DECL + f'<Relationships xmlns="{dw.PKG_REL}"><Relationship Id="rId1" Type="{dw.REL_TYPE}image" '
        'Target="media/image1.png"/></Relationships>').encode()
    files = {**workspace(), "badge.docx": dw.package(members),
             "badge-ok.docx": dw.package({**members, "word/media/image1.png": dw.png()}),
             "print/cover email.oxps": dw.xps([["Jo, the agreement is attached."]])}
    hits = found(env_with(tmp_path, files=files), "H07")
    assert [(f.severity, f.path) for f in hits] == [("major", "documents/badge.docx")]
    assert "points relationship rId1 at word/media/image1.png, which is not in the file" in hits[0].message


def test_a_name_with_a_section_sign_or_other_signs_is_read_whole_in_the_instructions(tmp_path):
    task = task_json()
    task["deliverables"]["notice-§2872.md"] = "The written notice."
    task["instructions"] += " Also write notice-§2872.md, and read offer#2 (final).md and memo-№5.md."
    files = {**workspace(), "offer#2 (final).md": "Offer.\n"}
    hits = [f for f in found(env_with(tmp_path, task, files), "H07") if "the instructions name" in f.message]
    assert [f.message.split(",")[0] for f in hits] == ["the instructions name 'memo-№5.md'"]
