"""tests/labfixture.py and tests/docwriters.py: the LAB-shaped checkout and the documents in it.

The writers must produce documents that extract() and an independent reader both read
(pypdf in strict mode for PDF, zipfile and ElementTree for Office, the e-mail parser for
.eml). The checkout must have LAB's layout and fields, commit cleanly, and its clean tasks
must pass the audit's items that apply to a plain LAB task while each defect task trips
exactly the item it was built for, at the place the fixture says.
"""

from __future__ import annotations

import email
import email.policy
import io
import json
import re
import time
import zipfile
from collections import Counter
from pathlib import Path
from xml.etree import ElementTree

import pytest

import docwriters as dw
import labfixture as lf
from oafreeze.corpus.formats import extract

LAB_FIELDS = {"title", "instructions", "work_type", "deliverables", "criteria", "language", "jurisdiction",
              "judge_language"}
CRITERION_FIELDS = {"id", "title", "match_criteria", "deliverables", "source", "sources"}
PASS_FAIL = re.compile(r"^PASS if .+ FAIL if .+$", re.S)
BCP47 = re.compile(r"^[a-z]{2,3}(?:-[A-Z][a-z]{3})?(?:-(?:[A-Z]{2}|\d{3}))?$")
JURISDICTION = re.compile(r"^[A-Z]{2}(?:-[A-Z0-9]{1,3})?$")


# -- the writers -----------------------------------------------------------------------------

def pypdf_reader(data: bytes):
    import pypdf

    return pypdf.PdfReader(io.BytesIO(data), strict=True)  # strict: a wrong xref offset is an error


def test_the_pdf_writer_makes_a_pdf_that_pypdf_reads_strictly_with_the_same_text_per_page():
    pages = ["Heading of page one\nA second line with a § sign and a “quote”.", "Page two.", "Page three."]
    data = dw.pdf(pages, title="Document")
    reader = pypdf_reader(data)
    assert len(reader.pages) == 3 and data.startswith(b"%PDF-1.4") and data.rstrip().endswith(b"%%EOF")
    font = reader.pages[0]["/Resources"]["/Font"]["/F1"]
    assert font["/Subtype"] == "/Type1" and font["/BaseFont"] == "/Helvetica"
    ours = extract("a.pdf", data)
    for number, page in enumerate(reader.pages, 1):
        theirs = page.extract_text()
        start = dict(ours.parts)[f"page {number}"]
        assert theirs.split("\n")[0] == ours.text.split("\n")[start - 1]
    assert reader.metadata.title == "Document"
    assert dict(ours.parts)["document information"] == ours.text.count("\n") + 1  # the title, after the pages
    assert pypdf_reader(dw.pdf(pages)).metadata.title is None  # no title unless one is asked for


def test_the_scanned_pdf_has_an_image_on_every_page_and_no_font_or_text():
    reader = pypdf_reader(dw.scanned_pdf(2))
    for page in reader.pages:
        xobjects = page["/Resources"]["/XObject"]
        assert [x.get_object()["/Subtype"] for x in xobjects.values()] == ["/Image"]
        assert "/Font" not in page["/Resources"] and page.extract_text().strip() == ""
    assert extract("scan.pdf", dw.scanned_pdf(2)).status == "no-text-layer"


def office_members(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        assert z.testzip() is None
        return {n: z.read(n) for n in z.namelist()}


def check_package(data: bytes) -> dict[str, bytes]:
    """Every member is well-formed XML, declared in [Content_Types].xml, and every internal
    relationship points at a member that exists."""
    members = office_members(data)
    ns = {"ct": dw.CT, "r": dw.PKG_REL}
    for name, body in members.items():
        ElementTree.fromstring(body)
    types = ElementTree.fromstring(members["[Content_Types].xml"])
    overridden = {o.get("PartName").lstrip("/") for o in types.findall("ct:Override", ns)}
    assert {n for n in members if not n.endswith(".rels") and n != "[Content_Types].xml"} <= overridden
    for name, body in members.items():
        if not name.endswith(".rels"):
            continue
        folder = name.rsplit("_rels/", 1)[0]  # a part's relationships live in _rels/ beside it
        for rel in ElementTree.fromstring(body).findall("r:Relationship", ns):
            parts: list[str] = []
            for piece in (folder + rel.get("Target")).split("/"):
                if piece == "..":
                    parts.pop()
                elif piece:
                    parts.append(piece)
            assert "/".join(parts) in members, (name, rel.get("Target"))
    return members


def test_the_docx_writer_makes_a_package_zipfile_reads_with_every_part_declared_and_linked():
    data = dw.docx(["Body."], header="Header.", footer="Footer.", footnotes=["Note."], endnotes=["End."],
                   comments=["Comment."])
    members = check_package(data)
    assert {"word/document.xml", "word/header1.xml", "word/footer1.xml", "word/footnotes.xml",
            "word/endnotes.xml", "word/comments.xml"} <= set(members)
    assert extract("a.docx", data).text.split("\n") == ["Body.", "Header.", "Footer.", "Note.", "End.", "Comment."]


def test_the_xlsx_writer_makes_several_sheets_with_shared_and_inline_strings():
    data = dw.xlsx({"Fees": [["Item", "Amount"], ["Filing", 350]], "Log": [["Inline text"]]}, inline={"Log"})
    members = check_package(data)
    shared = ElementTree.fromstring(members["xl/sharedStrings.xml"])
    assert [t.text for t in shared.iter(f"{{{dw.S}}}t")] == ["Item", "Amount", "Filing"]
    assert b't="inlineStr"' in members["xl/worksheets/sheet2.xml"]
    assert [s.get("name") for s in ElementTree.fromstring(members["xl/workbook.xml"]).iter(f"{{{dw.S}}}sheet")] \
        == ["Fees", "Log"]
    # The sheets in order, then their names as a part of their own (a name can carry text too).
    assert extract("a.xlsx", data).parts == (("sheet Fees", 1), ("sheet Log", 3),
                                             ("xl/workbook.xml (sheet names)", 4))


def test_the_pptx_writer_makes_slides_in_order_with_notes():
    data = dw.pptx([["One"], ["Two", "Second box"]], notes={1: "Say this."})
    check_package(data)
    e = extract("a.pptx", data)
    assert e.text == "One\nSay this.\nTwo\nSecond box" and [p for p, _ in e.parts] == ["slide 1", "slide 1 notes",
                                                                                          "slide 2"]


def test_the_eml_writer_makes_a_message_the_email_parser_reads_without_defects_with_its_attachments():
    pdf = dw.pdf(["Attached page."])
    data = dw.eml(subject="Subject line", sender="a@example.com", to="b@example.com", body="Body text.",
                  html="<p>Body text.</p>", attachments=[("file.pdf", pdf), ("notes.md", b"# Notes")])
    msg = email.message_from_bytes(data, policy=email.policy.default)
    assert not msg.defects and msg["Subject"] == "Subject line"
    assert msg.get_body(("plain",)).get_content().strip() == "Body text."
    attached = {p.get_filename(): p.get_payload(decode=True) for p in msg.iter_attachments()}
    assert attached["file.pdf"] == pdf and attached["notes.md"].strip() == b"# Notes"
    e = extract("m.eml", data)
    assert e.status == "text" and e.problem is None and "Attached page." in e.text


def test_the_writers_are_deterministic():
    for make in (lambda: dw.pdf(["x"]), lambda: dw.scanned_pdf(), lambda: dw.docx(["x"], comments=["c"]),
                 lambda: dw.xlsx({"S": [["x", 1]]}), lambda: dw.pptx([["x"]]),
                 lambda: dw.eml(subject="s", sender="a@example.com", to="b@example.com", body="x",
                                attachments=[("a.pdf", dw.pdf(["y"]))])):
        assert make() == make()


# -- the checkout -----------------------------------------------------------------------------

@pytest.fixture(scope="module")
def checkout(tmp_path_factory) -> tuple[Path, dict]:
    root = tmp_path_factory.mktemp("lab") / "lab"
    return root, lf.make_lab_checkout(root, with_defects=True)


def workspace(root: Path, task_id: str) -> dict[str, bytes]:
    """Workspace files of a task, by path from the task folder ("documents/x.pdf")."""
    folder = root / "tasks" / task_id
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted((folder / "documents").rglob("*")) if p.is_file()}


def load(root: Path, task_id: str) -> dict:
    from oafreeze.plumbing import canonical  # the project's strict JSON reader

    return canonical.loads_strict((root / "tasks" / task_id / "task.json").read_bytes(), task_id)


def test_the_checkout_nests_tasks_by_practice_area_with_task_json_and_documents(checkout):
    root, info = checkout
    found = sorted(p.parent.relative_to(root / "tasks").as_posix() for p in (root / "tasks").rglob("task.json"))
    assert found == info["tasks"]
    assert {t.split("/")[0] for t in found} == set(lf.AREAS) == set(info["areas"])
    for area in lf.AREAS:
        assert 2 <= sum(t.startswith(area + "/") for t in info["clean"]) <= 3
    for task_id in found:
        folder = root / "tasks" / task_id
        assert task_id.count("/") == 1 and (folder / "documents").is_dir()
        assert sorted(p.name for p in folder.iterdir()) == ["documents", "task.json"]
    assert not (root / "oafreeze.yaml").exists() and not list(root.rglob("knowledge-base"))


def test_every_task_json_is_strict_json_with_labs_fields_and_no_oafreeze_block(checkout):
    root, info = checkout
    for task_id in info["tasks"]:
        task = load(root, task_id)
        assert set(task) == LAB_FIELDS, task_id
        assert task["title"].strip() and task["instructions"].strip()
        assert task["judge_language"] == "en" and JURISDICTION.match(task["jurisdiction"])
        assert isinstance(task["deliverables"], dict) and all(isinstance(v, str) and v for v in
                                                               task["deliverables"].values())
        assert 4 <= len(task["criteria"]) <= 10
        for c in task["criteria"]:
            assert set(c) == CRITERION_FIELDS and PASS_FAIL.match(c["match_criteria"]), (task_id, c["id"])
            assert c["source"] in ("expert", "oracle") and isinstance(c["sources"], list)
            assert "weight" not in c
        assert len({c["id"] for c in task["criteria"]}) == len(task["criteria"])


def test_clean_tasks_keep_to_labs_value_sets_and_name_only_existing_sources(checkout):
    root, info = checkout
    with_sources = []
    for task_id in info["clean"]:
        task = load(root, task_id)
        files = workspace(root, task_id)
        assert task["work_type"] in lf.WORK_TYPES and BCP47.match(task["language"]) and task["language"] == "en"
        for c in task["criteria"]:
            assert all(s in files for s in c["sources"]), (task_id, c["id"])
            assert set(c["deliverables"]) <= set(task["deliverables"])
            with_sources.append(bool(c["sources"]))
    assert sum(with_sources) >= 0.8 * len(with_sources)  # LAB criteria often, not always, name their sources
    assert Counter(load(root, t)["work_type"] for t in info["clean"]).keys() == set(lf.WORK_TYPES)


def test_the_workspaces_mix_pdf_docx_xlsx_eml_and_md(checkout):
    root, info = checkout
    kinds = Counter(name.rsplit(".", 1)[-1] for t in info["clean"] for name in workspace(root, t))
    assert {"pdf", "docx", "xlsx", "eml", "md"} <= set(kinds) and all(kinds[k] >= 5 for k in kinds)


def test_every_workspace_file_extracts_to_text_except_the_declared_scans_and_the_corrupt_docx(checkout):
    root, info = checkout
    corrupt = {(t, d["file"]) for t, d in info["defects"].items() if d["item"] == "H07"}
    for task_id in info["tasks"]:
        for name, data in workspace(root, task_id).items():
            e = extract(name, data)
            if name in info["scanned"].get(task_id, []):
                assert e.status == "no-text-layer", (task_id, name)
            elif (task_id, name) in corrupt:
                assert e.status == "unreadable" and e.problem
            else:
                assert e.status == "text" and e.text.strip() and e.problem is None, (task_id, name, e.problem)


def test_the_checkout_is_one_clean_commit_that_tracks_every_file(checkout):
    root, info = checkout
    assert lf.git(root, "status", "--porcelain", "--untracked-files=all") == ""
    assert lf.git(root, "rev-parse", "HEAD") == info["commit"]
    assert lf.git(root, "rev-list", "--count", "HEAD") == "1"
    tracked = set(lf.git(root, "ls-files").splitlines())
    on_disk = {p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file() and ".git" not in p.parts}
    assert tracked == on_disk


def test_the_same_checkout_is_written_twice_as_the_same_commit(tmp_path, checkout):
    _, info = checkout
    again = lf.make_lab_checkout(tmp_path / "again", with_defects=True)
    assert again["commit"] == info["commit"]


def test_a_checkout_without_defects_has_only_the_clean_tasks(tmp_path):
    info = lf.make_lab_checkout(tmp_path / "lab")
    assert info["defects"] == {} and info["tasks"] == sorted(info["clean"])


def test_clean_tasks_use_reserved_contact_data_only(checkout):
    root, info = checkout
    mail = re.compile(r"[\w.+-]+@([\w-]+(?:\.[\w-]+)+)")
    phone = re.compile(r"\(?\d{3}\)?[ .-]\d{3}[ .-]\d{4}")
    for task_id in info["clean"]:
        texts = [(root / "tasks" / task_id / "task.json").read_text()]
        texts += [e.text for name, data in workspace(root, task_id).items() if (e := extract(name, data)).text]
        texts += [data.decode("utf-8", "replace") for name, data in workspace(root, task_id).items()
                  if name.endswith(".eml")]  # raw headers too
        for text in texts:
            assert all(re.search(r"(^|\.)example\.(com|org|net)$", d) for d in mail.findall(text)), task_id
            assert all(re.sub(r"\D", "", p)[3:8].startswith("55501") for p in phone.findall(text)), task_id
            assert not re.search(r"\b\d{3}-\d{2}-\d{4}\b", text), task_id


def test_no_clean_task_hands_the_agent_a_criterion(checkout):
    root, info = checkout
    for task_id in info["clean"]:
        texts = " ".join(" ".join(e.text.split()) for name, data in workspace(root, task_id).items()
                         if (e := extract(name, data)).text).casefold()
        for c in load(root, task_id)["criteria"]:
            passes = c["match_criteria"].split(" FAIL if ")[0].removeprefix("PASS if ")
            words = passes.casefold().split()
            runs = {" ".join(words[i:i + 6]) for i in range(len(words) - 5)}
            assert not [r for r in runs if r in texts], (task_id, c["id"])


def test_each_defect_names_its_item_file_and_part(checkout):
    root, info = checkout
    items = Counter(d["item"] for d in info["defects"].values())
    assert {"H01", "H02", "H03", "H04", "H05", "H06", "H07", "H13", "LAB-sources", "LAB-work-type",
            "LAB-language"} == set(items) and items["H01"] == 3
    for task_id, defect in info["defects"].items():
        assert task_id.split("/")[0] in lf.AREAS and {"item", "file", "part", "what"} <= set(defect)
        assert defect["file"] == "task.json" or defect["file"] in workspace(root, task_id)


def test_criterion_text_planted_for_h01_is_in_the_named_part_of_the_named_file(checkout):
    root, info = checkout
    for task_id, defect in info["defects"].items():
        if defect["item"] != "H01":
            continue
        criterion = next(c for c in load(root, task_id)["criteria"] if c["id"] == defect["criterion"])
        e = extract(defect["file"], workspace(root, task_id)[defect["file"]])
        needle = criterion["match_criteria"][:30]
        line = next(i for i, text in enumerate(e.text.split("\n"), 1) if needle in text)
        assert e.part_at(line) == defect["part"], task_id


def test_the_lab_specific_defects_are_really_there(checkout):
    root, info = checkout
    by_item = {d["item"]: (t, d) for t, d in info["defects"].items()}
    task_id, defect = by_item["LAB-sources"]
    criterion = next(c for c in load(root, task_id)["criteria"] if c["id"] == defect["criterion"])
    assert defect["source"] in criterion["sources"] and defect["source"] not in workspace(root, task_id)
    task_id, defect = by_item["LAB-work-type"]
    assert load(root, task_id)["work_type"] == defect["value"] not in lf.WORK_TYPES
    task_id, defect = by_item["LAB-language"]
    assert load(root, task_id)["language"] == defect["value"] and not BCP47.match(defect["value"])


# -- the audit agrees -------------------------------------------------------------------------
# These run the audit's own items (H01-H07, H13) on the nested LAB tasks, reading documents
# through corpus/formats.py as the audit will once it is wired to it. They import the audit's
# modules here, in one place, so that a move of those modules is one edit.

APPLICABLE = ("H01", "H02", "H03", "H04", "H05", "H06", "H07", "H13")


def audit(root: Path, task_id: str, monkeypatch) -> list:
    """Findings of the applicable items on one task, with workspace text from extract()."""
    from oafreeze.environment.task import parse_task
    from oafreeze.hygiene import context
    from oafreeze.hygiene.registry import BY_ID

    folder = root / "tasks" / task_id
    loaded = parse_task((folder / "task.json").read_bytes(), f"tasks/{task_id}/task.json", task_id)
    files, links = context.list_task_folder(folder, "documents/knowledge-base")
    ctx = context.TaskContext(root, loaded, files, links)
    findings = [f for item in APPLICABLE for f in BY_ID[item].check(ctx)]
    # A plain LAB task has no `oafreeze` block, so it cannot declare itself synthetic: that note is expected;
    # a scanned exhibit is reported as info (tested below), not as a defect.
    return [f for f in findings if f.location != "$.oafreeze.synthetic" and f.severity != "info"]


def test_a_scanned_pdf_is_reported_as_having_no_text_layer_not_as_empty(checkout):
    from oafreeze.environment.task import parse_task
    from oafreeze.hygiene import context
    from oafreeze.hygiene.registry import BY_ID

    root, info = checkout
    task_id = "litigation/privilege-log-review"
    folder = root / "tasks" / task_id
    loaded = parse_task((folder / "task.json").read_bytes(), "task.json", task_id)
    files, links = context.list_task_folder(folder, "documents/knowledge-base")
    found = BY_ID["H07"].check(context.TaskContext(root, loaded, files, links))
    assert [(f.severity, f.path) for f in found] == [("info", "documents/signed-exhibit-scan.pdf")]
    assert "no text layer" in found[0].message


def test_the_clean_tasks_pass_every_audit_item_that_applies_to_a_plain_lab_task(checkout, monkeypatch):
    root, info = checkout
    for task_id in info["clean"]:
        found = audit(root, task_id, monkeypatch)
        assert not found, (task_id, [(f.item, f.severity, f.path, f.message) for f in found])


def test_each_defect_task_trips_exactly_its_planted_item_at_the_planted_place(checkout, monkeypatch):
    root, info = checkout
    for task_id, defect in info["defects"].items():
        if not defect["item"].startswith("H"):
            continue
        found = audit(root, task_id, monkeypatch)
        assert {f.item for f in found} == {defect["item"]}, (task_id, [(f.item, f.message) for f in found])
        assert all(f.path == defect["file"] for f in found), task_id
        if defect["part"]:  # a line in a document: the fixture's part is where the finding points
            e = extract(defect["file"], workspace(root, task_id)[defect["file"]])
            assert {e.part_at(f.location) for f in found} == {defect["part"]}, task_id


def test_lab_only_defects_are_each_found_by_the_item_that_owns_their_field(checkout, monkeypatch):
    root, info = checkout
    owner = {"LAB-work-type": ("H04", "$.work_type"), "LAB-language": ("H04", "$.language"),
             "LAB-sources": ("H07", "$.criteria[")}
    seen = set()
    for task_id, defect in info["defects"].items():
        if defect["item"] in owner:
            item, location = owner[defect["item"]]
            found = audit(root, task_id, monkeypatch)
            assert [(f.item, str(f.location).startswith(location)) for f in found] == [(item, True)], \
                (task_id, [(f.item, f.location, f.message) for f in found])
            seen.add(defect["item"])
    assert seen == set(owner)


# -- a task of LAB's size -----------------------------------------------------------------------

@pytest.fixture(scope="module")
def large(tmp_path_factory) -> tuple[Path, float]:
    folder = tmp_path_factory.mktemp("large") / "data-room-review"
    start = time.monotonic()
    lf.make_large_task(folder)
    return folder, time.monotonic() - start


def test_the_large_task_has_sixty_criteria_and_three_thousand_mostly_small_files(large):
    folder, seconds = large
    task = json.loads((folder / "task.json").read_text())
    files = [p for p in (folder / "documents").rglob("*") if p.is_file()]
    assert len(task["criteria"]) == 60 and len(files) == 3000 and seconds < 60
    assert set(task) == LAB_FIELDS and all(PASS_FAIL.match(c["match_criteria"]) for c in task["criteria"])
    names = {p.relative_to(folder).as_posix() for p in files}
    assert all(set(c["sources"]) <= names for c in task["criteria"])
    kinds = Counter(p.suffix for p in files)
    assert set(kinds) == {".pdf", ".docx", ".xlsx", ".eml", ".md"} and min(kinds.values()) > 200
    sizes = sorted(p.stat().st_size for p in files)
    assert sizes[len(sizes) // 2] < 8_000 and sizes[-1] < 200_000


def test_a_sample_of_the_large_task_extracts_to_text(large):
    folder, _ = large
    files = sorted(p for p in (folder / "documents").rglob("*") if p.is_file())
    for path in files[::97]:
        e = extract(path.name, path.read_bytes())
        assert e.status == "text" and e.text.strip(), path


def test_the_large_task_is_the_same_every_time(tmp_path, large):
    folder, _ = large
    lf.make_large_task(tmp_path / "again", criteria=60, files=3000)
    assert (tmp_path / "again" / "task.json").read_bytes() == (folder / "task.json").read_bytes()
    sample = sorted((folder / "documents").rglob("*.pdf"))[:20]
    assert all((tmp_path / "again" / p.relative_to(folder)).read_bytes() == p.read_bytes() for p in sample)


def test_the_large_task_can_be_made_smaller_for_quick_runs(tmp_path):
    lf.make_large_task(tmp_path / "small", criteria=5, files=40)
    task = json.loads((tmp_path / "small" / "task.json").read_text())
    assert len(task["criteria"]) == 5 and len(list((tmp_path / "small" / "documents").rglob("*.*"))) == 40
