"""corpus/formats.py: what a workspace document holds, from every format, safely.

Every document here is written by the tests (tests/docwriters.py, or by hand below for
the broken and hostile ones). Hostile inputs must give status "unreadable" and a
problem: never an exception, never a hang, never a large allocation.
"""

from __future__ import annotations

import io
import os
import re
import struct
import threading
import time
import tracemalloc
import zipfile
import zlib
from concurrent.futures import ThreadPoolExecutor

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import docwriters as dw
from oafreeze.corpus import formats
from oafreeze.corpus.formats import Extraction, extract, problem

STATUSES = {"text", "binary", "no-text-layer", "unreadable"}


def measured(fn):
    """(result, seconds, peak bytes allocated by Python) of a call."""
    tracemalloc.start()
    start = time.monotonic()
    try:
        result = fn()
    finally:
        seconds = time.monotonic() - start
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    return result, seconds, peak


def well_formed(e: Extraction) -> None:
    """The invariants every Extraction keeps, whatever it was made from."""
    assert e.status in STATUSES
    assert (e.text is not None) == (e.status == "text")
    if e.status == "unreadable":
        assert e.problem
    if e.text is not None:
        lines = e.text.count("\n") + 1
        firsts = [first for _, first in e.parts]
        assert firsts == sorted(set(firsts)) and all(1 <= f <= lines for f in firsts)
        assert e.text.splitlines() == e.text.split("\n")[:len(e.text.splitlines())]
    else:
        assert not e.parts


def line_of(e: Extraction, needle: str) -> int:
    return next(i for i, line in enumerate(e.text.split("\n"), 1) if needle in line)


# -- PDF --------------------------------------------------------------------------------------

def test_a_pdf_is_read_page_by_page_with_a_part_for_each_page():
    data = dw.pdf(["Escrow terms for the buyer.\nThe escrow agent is Example Trust Co.",
                   "Page two names the closing date of 2026-04-01.", "Third page, last line."], title="Document")
    e = extract("documents/escrow.pdf", data)
    well_formed(e)
    assert e.status == "text" and e.problem is None
    # The document information (the writer's Title) comes after the pages, as a part of its own.
    assert [label for label, _ in e.parts] == ["page 1", "page 2", "page 3", "document information"]
    assert e.part_at(line_of(e, "Title: Document")) == "document information"
    assert e.part_at(line_of(e, "Example Trust Co.")) == "page 1"
    assert e.part_at(line_of(e, "2026-04-01")) == "page 2"
    assert e.part_at(line_of(e, "last line")) == "page 3"


def test_a_pdfs_sticky_notes_are_read_as_the_comments_of_their_page_once_each():
    data = dw.pdf(["Exhibit list.", "Exhibit 2: the 2024 agreement."], notes={1: ["PASS if the memo cites La. R.S. 23:921."]})
    e = extract("documents/exhibits.pdf", data)
    well_formed(e)
    assert e.part_at(line_of(e, "PASS if the memo cites")) == "page 2 comments"
    assert e.text.count("PASS if the memo cites") == 1  # the popup repeats its note: read once
    assert "go to the site" not in e.text  # a link's label is no note


def test_a_pdf_forms_filled_fields_are_read_with_their_names_and_tooltips():
    e = extract("documents/notice.pdf", dw.pdf(["Notice under section 2872."], fields={"Employee": "Sasha Lindgren"}))
    well_formed(e)
    assert e.part_at(line_of(e, "Employee: Sasha Lindgren | Fill in: Employee")) == "form fields"


def test_a_pdfs_xmp_description_is_read_and_its_history_is_not():
    xmp = dw.xmp_packet({"title": "Reviewer pack", "description": "PASS if the memo names the Louisiana forum."})
    e = extract("documents/cover.pdf", dw.pdf(["Cover page."], xmp=xmp))
    well_formed(e)
    assert e.part_at(line_of(e, "description: PASS if the memo names the Louisiana forum.")) == "metadata (XMP)"
    assert "title: Reviewer pack" in e.text
    assert "2031" not in e.text and "Writer 9.9" not in e.text  # the packet's dates and tool are history


@pytest.mark.parametrize("packet", ["<x:xmpmeta><unclosed>", '<!DOCTYPE x [<!ENTITY a "b">]><x>&a;</x>'])
def test_a_damaged_or_entity_declaring_xmp_packet_is_left_unread(packet):
    e = extract("documents/cover.pdf", dw.pdf(["Cover page."], xmp=packet))
    well_formed(e)
    assert e.status == "text" and "metadata (XMP)" not in [label for label, _ in e.parts]


def test_a_word_pictures_alternative_text_is_read_once():
    from oafreeze.corpus.formats import _runs, _Budget

    xml = (f'<w:document xmlns:w="{dw.W}" xmlns:wp="wp" xmlns:pic="pic"><w:body><w:p><w:r><w:t>Body.</w:t></w:r>'
           '<w:r><w:drawing><wp:docPr id="1" name="Picture 1" descr="Scoring key: PASS if it cites the statute"/>'
           '<pic:cNvPr id="0" name="x.png" descr="Scoring key: PASS if it cites the statute"/></w:drawing></w:r></w:p>'
           '</w:body></w:document>').encode()
    text = _runs(xml, "word/document.xml", _Budget())
    assert text.count("Scoring key: PASS if it cites the statute") == 1 and "Body." in text


def test_a_long_pdf_line_is_wrapped_by_the_writer_and_read_back_in_the_same_lines():
    sentence = " ".join(["The seller represents that no consent of any third party is required"] * 3)
    e = extract("a.pdf", dw.pdf([sentence]))
    assert e.text.split("\n") == dw.page_lines(sentence)


def test_pdf_text_outside_latin_1_comes_back_as_written_where_helvetica_can_show_it():
    e = extract("a.pdf", dw.pdf(["Café — “quoted” § 2.3 and 10% fee"]))
    assert e.text == "Café — “quoted” § 2.3 and 10% fee"


def test_a_scanned_pdf_has_no_text_layer_and_is_not_called_empty_or_broken():
    e = extract("scan.pdf", dw.scanned_pdf(3))
    well_formed(e)
    assert e.status == "no-text-layer" and e.text is None and e.problem is None


def test_a_pdf_with_a_text_page_and_a_scanned_page_is_text_with_the_text_page_only():
    text_page = dw.pdf(["Signed on page one."])
    scan = dw.scanned_pdf(1)
    import pypdf

    writer = pypdf.PdfWriter()
    for source in (text_page, scan):
        for page in pypdf.PdfReader(io.BytesIO(source)).pages:
            writer.add_page(page)
    buf = io.BytesIO()
    writer.write(buf)
    e = extract("mixed.pdf", buf.getvalue())
    assert e.status == "text" and e.parts == (("page 1", 1),) and "Signed on page one." in e.text


def test_an_uncompressed_pdf_reads_like_a_compressed_one():
    pages = ["Uncompressed content stream.", "Second page."]
    assert extract("a.pdf", dw.pdf(pages, compress=False)).text == extract("b.pdf", dw.pdf(pages)).text


def test_a_pdf_with_a_user_password_is_unreadable_with_a_problem():
    import pypdf

    writer = pypdf.PdfWriter(clone_from=pypdf.PdfReader(io.BytesIO(dw.pdf(["Confidential."]))))
    writer.encrypt(user_password="secret-pass", owner_password="owner-pass", algorithm="RC4-128")
    buf = io.BytesIO()
    writer.write(buf)
    e = extract("locked.pdf", buf.getvalue())
    assert e.status == "unreadable" and e.problem.startswith("does not parse as pdf")


# -- Office ------------------------------------------------------------------------------------

def test_a_docx_yields_body_headers_footers_footnotes_endnotes_and_comments_as_parts():
    data = dw.docx(["The lessee pays rent monthly.", "Second paragraph."], header="Draft for discussion",
                   footer="Page footer text", footnotes=["A footnote about the deposit."],
                   endnotes=["An endnote on renewals."], comments=["Reviewer: check the notice period."])
    e = extract("lease.docx", data)
    well_formed(e)
    assert e.status == "text" and e.problem is None
    assert [label for label, _ in e.parts] == ["word/document.xml", "word/header1.xml", "word/footer1.xml",
                                               "word/footnotes.xml", "word/endnotes.xml", "word/comments.xml"]
    for needle, part in [("rent monthly", "word/document.xml"), ("Draft for discussion", "word/header1.xml"),
                         ("Page footer", "word/footer1.xml"), ("deposit", "word/footnotes.xml"),
                         ("renewals", "word/endnotes.xml"), ("notice period", "word/comments.xml")]:
        assert e.part_at(line_of(e, needle)) == part


def test_text_deleted_in_a_tracked_revision_is_still_read_because_it_is_still_in_the_file():
    data = dw.docx(["Visible clause."])
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        members = {n: z.read(n) for n in z.namelist()}
    members["word/document.xml"] = members["word/document.xml"].replace(
        b"</w:body>", b'<w:p><w:del w:id="1" w:author="A"><w:r><w:delText>Struck indemnity cap of $2,000,000.'
                      b"</w:delText></w:r></w:del></w:p></w:body>")
    e = extract("a.docx", dw.package(members))
    assert "Struck indemnity cap of $2,000,000." in e.text


def test_an_xlsx_is_read_per_sheet_with_the_names_from_the_workbook_and_shared_strings_resolved():
    data = dw.xlsx({"Fees": [["Item", "Amount"], ["Filing fee", 350], ["Review", "USD 1,200"]],
                    "Timeline": [["Milestone", "Date"], ["Signing", "2026-05-01"]],
                    "Inline": [["Inline string cell"]]}, inline={"Inline"})
    e = extract("fees.xlsx", data)
    well_formed(e)
    # The sheet names come last, as a part of their own (a name can say what no cell does).
    assert [label for label, _ in e.parts] == ["sheet Fees", "sheet Timeline", "sheet Inline",
                                               "xl/workbook.xml (sheet names)"]
    assert e.text.split("\n")[:3] == ["Item\tAmount", "Filing fee\t350", "Review\tUSD 1,200"]
    assert e.text.split("\n")[-3:] == ["Fees", "Timeline", "Inline"]
    assert e.part_at(line_of(e, "Signing")) == "sheet Timeline"
    assert e.part_at(line_of(e, "Inline string cell")) == "sheet Inline"


def test_an_empty_cell_keeps_the_place_of_its_column_so_values_stay_under_their_headers():
    data = dw.xlsx({"People": [["Name", "ID number", "Role"], ["Ana", "", "Lead"], ["", "", "", "note"]]})
    assert extract("people.xlsx", data).text.split("\n")[:3] == ["Name\tID number\tRole", "Ana\t\tLead",
                                                                   "\t\t\tnote"]


def test_an_xlsx_date_cell_is_read_as_the_date_excel_shows_and_a_plain_number_stays_a_number():
    import datetime as dt

    e = extract("tracker.xlsx", dw.xlsx({"Offers": [["Step", "Done on", "Count"],
                                                    ["Offer delivered", dt.date(2026, 11, 16), 46342]]}))
    well_formed(e)
    assert "Offer delivered\t2026-11-16\t46342" in e.text.split("\n")


def test_excel_day_counts_in_both_date_systems_and_custom_date_formats():
    from oafreeze.corpus.formats import _date_styles, _serial_date

    assert _serial_date("46342", False) == "2026-11-16" and _serial_date("44880", True) == "2026-11-16"
    assert _serial_date("46342.75", False) == "2026-11-16 18:00" and _serial_date("0", False) is None
    styles = (b'<styleSheet xmlns="x"><numFmts><numFmt numFmtId="164" formatCode="dd/mm/yyyy"/>'
              b'<numFmt numFmtId="165" formatCode="&quot;day&quot; 0.00"/><numFmt numFmtId="166" formatCode="[h]:mm"/>'
              b'</numFmts><cellXfs><xf numFmtId="0"/><xf numFmtId="164"/><xf numFmtId="165"/><xf numFmtId="166"/>'
              b'<xf numFmtId="14"/><xf numFmtId="4"/></cellXfs></styleSheet>')
    assert _date_styles(styles, "xl/styles.xml") == {1, 4}


def test_an_xlsx_whose_cells_point_at_shared_strings_it_lacks_is_unreadable():
    data = dw.xlsx({"Bands": [["Band", "Minimum"], ["AE-2", 98000]]})
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as z, zipfile.ZipFile(out, "w") as w:
        for info in z.infolist():
            if info.filename != "xl/sharedStrings.xml":
                w.writestr(info, z.read(info))
    e = extract("bands.xlsx", out.getvalue())
    well_formed(e)
    assert e.status == "unreadable" and "shared string 0" in e.problem and "sharedStrings.xml" in e.problem


def test_a_hidden_sheet_and_a_shared_string_no_cell_shows_are_still_read_and_labelled():
    data = dw.xlsx({"Visible": [["Shown"]], "Secret": [["Only in a hidden sheet"]]})
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        members = {n: z.read(n) for n in z.namelist()}
    members["xl/workbook.xml"] = members["xl/workbook.xml"].replace(b'name="Secret"', b'name="Secret" state="hidden"')
    members["xl/sharedStrings.xml"] = members["xl/sharedStrings.xml"].replace(
        b"</sst>", b"<si><t>Orphan string in no cell</t></si></sst>")
    e = extract("book.xlsx", dw.package(members))
    assert e.part_at(line_of(e, "Only in a hidden sheet")) == "sheet Secret (hidden)"
    assert e.part_at(line_of(e, "Orphan string")) == "xl/sharedStrings.xml (in no cell)"


def test_a_pptx_is_read_per_slide_in_presentation_order_with_speaker_notes():
    data = dw.pptx([["Deal overview", "Two bidders remain"], ["Next steps"]], notes={2: "Mention the break fee."})
    e = extract("deck.pptx", data)
    well_formed(e)
    assert [label for label, _ in e.parts] == ["slide 1", "slide 2", "slide 2 notes"]
    assert e.part_at(line_of(e, "break fee")) == "slide 2 notes"


CORE = (dw.DECL + '<cp:coreProperties '
        'xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" '
        'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" '
        'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><dc:title>Renewal pack</dc:title>'
        '<dc:subject>Deposit review</dc:subject><dc:creator>A. Writer</dc:creator>'
        '<cp:keywords>deposit; rent holiday</cp:keywords><dc:description>The deposit is capped at two months.'
        '</dc:description><dcterms:created xsi:type="dcterms:W3CDTF">2031-01-01T00:00:00Z</dcterms:created>'
        '</cp:coreProperties>')
CUSTOM = (dw.DECL + '<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/custom-properties" '
          'xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes">'
          '<property fmtid="{D5CDD505-2E9C-101B-9397-08002B2CF9AE}" pid="2" name="Reviewer conclusion">'
          '<vt:lpwstr>Landlord keeps the deposit</vt:lpwstr></property>'
          '<property fmtid="{D5CDD505-2E9C-101B-9397-08002B2CF9AE}" pid="3" name="Cap"><vt:r8>4250.5</vt:r8></property>'
          '<property fmtid="{D5CDD505-2E9C-101B-9397-08002B2CF9AE}" pid="4" name="Reviewed">'
          '<vt:filetime>2031-02-02T00:00:00Z</vt:filetime></property></Properties>')


def with_members(data: bytes, extra: dict[str, str | bytes]) -> bytes:
    """A package with members added (or replaced)."""
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        members = {n: z.read(n) for n in z.namelist()}
    members.update(extra)
    return dw.package(members)


@pytest.mark.parametrize("name,data", [("a.docx", dw.docx(["Body text."])), ("a.xlsx", dw.xlsx({"S": [["Body"]]})),
                                       ("a.pptx", dw.pptx([["Body"]]))])
def test_document_properties_are_read_after_the_body_as_parts_of_their_own_without_their_dates(name, data):
    e = extract(name, with_members(data, {"docProps/core.xml": CORE, "docProps/custom.xml": CUSTOM}))
    well_formed(e)
    assert e.status == "text" and e.problem is None
    assert e.text.split("\n")[0].startswith("Body")  # the body keeps its first line
    for needle, part in [("title: Renewal pack", "docProps/core.xml"), ("subject: Deposit review", "docProps/core.xml"),
                         ("keywords: deposit; rent holiday", "docProps/core.xml"),
                         ("description: The deposit is capped at two months.", "docProps/core.xml"),
                         ("Reviewer conclusion: Landlord keeps the deposit", "docProps/custom.xml"),
                         ("Cap: 4250.5", "docProps/custom.xml"), ("creator: A. Writer", "docProps/core.xml")]:
        assert e.part_at(line_of(e, needle)) == part
    # Dates are the file's history, not its content; who wrote it is read (an address there is published).
    assert "2031" not in e.text


def test_empty_or_missing_document_properties_add_no_part():
    bare = CORE.replace("Renewal pack", "").split("<dc:subject>")[0] + "</cp:coreProperties>"
    e = extract("a.docx", with_members(dw.docx(["Only the body."]), {"docProps/core.xml": bare}))
    assert [label for label, _ in e.parts] == ["word/document.xml"] and e.text == "Only the body."


def test_threaded_comments_of_a_workbook_and_review_comments_of_a_deck_are_read():
    thread = (dw.DECL + '<ThreadedComments '
              'xmlns="http://schemas.microsoft.com/office/spreadsheetml/2018/threadedcomments">'
              '<threadedComment ref="B2" id="{1}"><text>Penalty is per worker.</text></threadedComment>'
              '<threadedComment ref="B3" id="{2}"><text>Second thought.</text></threadedComment></ThreadedComments>')
    e = extract("a.xlsx", with_members(dw.xlsx({"S": [["x"]]}), {"xl/threadedComments/threadedComment1.xml": thread}))
    well_formed(e)
    assert e.part_at(line_of(e, "Penalty is per worker.")) == "xl/threadedComments/threadedComment1.xml"
    assert "Second thought." in e.text.split("\n")
    legacy = (dw.DECL + f'<p:cmLst xmlns:p="{dw.P}"><p:cm authorId="0" idx="1"><p:pos x="10" y="10"/>'
              "<p:text>Move the cap to the memo.</p:text></p:cm></p:cmLst>")
    modern = (dw.DECL + f'<p188:cmLst xmlns:p188="http://schemas.microsoft.com/office/powerpoint/2018/8/main" '
              f'xmlns:a="{dw.A}"><p188:cm id="{{1}}"><p188:txBody><a:bodyPr/><a:p><a:r><a:t>Modern </a:t></a:r>'
              "<a:r><a:t>comment.</a:t></a:r></a:p></p188:txBody></p188:cm></p188:cmLst>")
    e = extract("a.pptx", with_members(dw.pptx([["x"]]), {"ppt/comments/comment1.xml": legacy,
                                                          "ppt/comments/modernComment_1.xml": modern}))
    well_formed(e)
    assert e.part_at(line_of(e, "Move the cap")) == "ppt/comments/comment1.xml"
    assert "Modern comment." in e.text.split("\n")


def test_a_document_property_part_with_a_doctype_is_refused_like_any_other_part():
    e = extract("a.docx", with_members(dw.docx(["x"]), {"docProps/core.xml": LAUGHS.replace(b"w:document", b"c")}))
    assert e.status == "unreadable" and "DOCTYPE" in e.problem


def test_a_docx_building_block_in_its_glossary_is_read_after_the_body():
    with zipfile.ZipFile(io.BytesIO(dw.docx(["Maplestone letterhead", "Date:"]))) as z:
        members = {n: z.read(n) for n in z.namelist()}
    members["word/glossary/document.xml"] = (
        dw.DECL + f'<w:glossaryDocument xmlns:w="{dw.W}"><w:docParts><w:docPart><w:docPartPr><w:name w:val="Key"/>'
        "</w:docPartPr><w:docPartBody><w:p><w:r><w:t>PASS if the email names the decision.</w:t></w:r></w:p>"
        "</w:docPartBody></w:docPart></w:docParts></w:glossaryDocument>").encode()
    e = extract("letterhead.docx", dw.package(members))
    well_formed(e)
    assert e.part_at(line_of(e, "PASS if the email names the decision.")) == "word/glossary/document.xml"
    assert line_of(e, "Maplestone letterhead") < line_of(e, "PASS if the email")


def test_a_corrupt_docx_is_unreadable_and_problem_says_why():
    data = bytearray(dw.docx(["A paragraph long enough to be deflated into several bytes of data." * 5]))
    start = data.index(b"word/document.xml") + len("word/document.xml")
    data[start + 5:start + 40] = b"\xff" * 35  # inside the deflated body of the first member that follows
    e = extract("broken.docx", bytes(data))
    assert e.status == "unreadable" and e.problem and problem("broken.docx", bytes(data)) == e.problem


# -- e-mail ------------------------------------------------------------------------------------

def test_an_eml_yields_headers_body_and_each_attachment_with_its_own_parts():
    memo = dw.docx(["Memo paragraph on the earn-out."])
    pages = dw.pdf(["Schedule page one.", "Schedule page two."])
    data = dw.eml(subject="Closing checklist", sender="Dana Reyes <dana.reyes@example.com>",
                  to="deal-team@example.com", cc="paralegal@example.org", body="Please see the attached.\nThanks.",
                  attachments=[("memo.docx", memo), ("schedules.pdf", pages),
                               ("notes.md", b"# Notes\nCall at 555-0142.")])
    e = extract("thread.eml", data)
    well_formed(e)
    assert e.status == "text" and e.problem is None
    labels = [label for label, _ in e.parts]
    assert labels == ["headers", "body", "attachment memo.docx word/document.xml", "attachment schedules.pdf page 1",
                      "attachment schedules.pdf page 2", "attachment notes.md"]
    head = e.text.split("\n")[:5]
    assert head == ["Subject: Closing checklist", "From: Dana Reyes <dana.reyes@example.com>",
                    "To: deal-team@example.com", "Cc: paralegal@example.org", "Date: " + dw.EMAIL_DATE]
    assert e.part_at(line_of(e, "Schedule page two.")) == "attachment schedules.pdf page 2"
    assert e.part_at(line_of(e, "555-0142")) == "attachment notes.md"


def test_each_header_of_a_message_is_parsed_once_and_read_as_the_e_mail_package_reads_it(monkeypatch):
    import email
    import email.policy

    data = dw.eml(subject="Closing checklist", sender="Dana Reyes <dana.reyes@example.com>", to="b@example.com",
                  body="Please see the attached.", attachments=[("notes.md", b"# Notes"), ("more.md", b"# More")])
    parsed: list[tuple[str, str]] = []
    real = formats._ParsedOnce.__bases__[0].__call__
    monkeypatch.setattr(formats._ParsedOnce.__bases__[0], "__call__",
                        lambda self, name, value: parsed.append((name, value)) or real(self, name, value))
    e = extract("m.eml", data)
    assert parsed and len(parsed) == len(set(parsed))  # the package looks at Content-Type a dozen times
    # The same text as the package's own default policy gives, header by header.
    msg = email.message_from_bytes(data, policy=email.policy.default)
    assert e.text.split("\n")[:3] == [f"Subject: {msg['Subject']}", f"From: {msg['From']}", f"To: {msg['To']}"]


def test_an_html_body_is_read_as_text_and_kept_when_it_says_more_than_the_plain_body():
    data = dw.eml(subject="Update", sender="a@example.com", to="b@example.com", body="Short plain body.",
                  html="<html><head><style>p {color: red}</style></head><body><p>Short plain body.</p>"
                       "<div>Only the HTML says the deposit is &#36;5,000.</div><script>var x = 1;</script>"
                       "</body></html>")
    e = extract("m.eml", data)
    assert e.part_at(line_of(e, "deposit is $5,000")) == "body (html)"
    assert "color: red" not in e.text and "var x" not in e.text


def test_an_html_body_that_repeats_the_plain_body_is_not_read_twice():
    data = dw.eml(subject="Same", sender="a@example.com", to="b@example.com", body="One sentence only.",
                  html="<p>One sentence only.</p>")
    assert extract("m.eml", data).text.count("One sentence only.") == 1


def test_an_attached_message_is_read_with_its_own_attachments():
    inner = dw.eml(subject="Original", sender="x@example.com", to="y@example.com", body="Inner body.",
                   attachments=[("term-sheet.pdf", dw.pdf(["Term sheet text."]))])
    outer = dw.eml(subject="Fwd: Original", sender="y@example.com", to="z@example.com", body="Forwarding.",
                   attachments=[("original.eml", inner)])
    e = extract("fwd.eml", outer)
    assert e.part_at(line_of(e, "Inner body.")) == "attachment original.eml body"
    assert e.part_at(line_of(e, "Term sheet text.")) == "attachment original.eml attachment term-sheet.pdf page 1"


def test_an_attachment_that_does_not_parse_is_the_messages_problem_while_its_text_is_still_read():
    data = dw.eml(subject="Files", sender="a@example.com", to="b@example.com", body="Two files attached.",
                  attachments=[("broken.docx", b"PK\x03\x04 not really a zip"), ("ok.md", b"Readable note.")])
    e = extract("m.eml", data)
    assert e.status == "text" and "Readable note." in e.text
    assert e.problem.startswith("attachment broken.docx: does not parse as docx")


def test_a_message_without_from_or_subject_has_a_problem_as_before():
    data = b"To: someone@example.com\r\n\r\nBody without a sender.\r\n"
    e = extract("m.eml", data)
    assert e.status == "text" and e.problem == "not an e-mail: no From or Subject header"


# -- plain text formats -----------------------------------------------------------------------

@pytest.mark.parametrize("name", ["a.md", "a.txt", "a.csv", "a.html", "a.markdown"])
def test_utf8_text_formats_are_read_as_they_are(name):
    data = "Line one — “curly”\r\nLine two\n".encode()
    e = extract(name, data)
    assert e.status == "text" and e.text == "Line one — “curly”\nLine two" and e.parts == () and e.problem is None


def test_a_byte_order_mark_is_not_text():
    assert extract("a.md", b"\xef\xbb\xbfTitle").text == "Title"


def test_a_text_file_that_is_not_utf8_is_unreadable_as_before():
    assert extract("a.md", b"caf\xe9").problem == "not UTF-8 (byte 3)"


def test_invalid_json_and_yaml_are_read_as_text_with_the_libraries_problem():
    j = extract("a.json", b'{"a": 1, "a": 2}')
    assert j.status == "text" and j.text == '{"a": 1, "a": 2}' and "duplicate" in j.problem
    y = extract("a.yaml", b"base: &x [1]\nref: *x\nloop: &l [*l]\n")
    assert y.status == "text" and "recursive" in y.problem
    assert extract("b.yaml", b"base: &x [1]\nref: *x\n").problem is None
    assert extract("ok.json", b'{"a": 1}').problem is None and extract("ok.yml", b"a: 1\n").problem is None


def test_unknown_binary_files_are_binary_and_unknown_utf8_files_are_text():
    assert extract("image.png", b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR").status == "binary"
    assert extract("LICENSE", b"Plain words.").text == "Plain words."
    assert problem("image.png", b"\x89PNG\0") is None


def test_part_at_is_none_before_the_first_part_and_outside_the_text():
    e = Extraction("text", "a\nb\nc", (("page 2", 2),))
    assert [e.part_at(n) for n in (0, 1, 2, 3, 4)] == [None, None, "page 2", "page 2", None]
    assert Extraction("binary").part_at(1) is None


def raw_zip(entries: list[tuple[str, bytes, int, int, int]]) -> bytes:
    """A zip written byte by byte from (name, stored bytes, method, crc, declared size): the
    directory says whatever it is told to."""
    out, central = io.BytesIO(), io.BytesIO()
    for name, payload, method, crc, declared in entries:
        offset = out.tell()
        encoded = name.encode()
        out.write(struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, 0, method, 0, 0x21, crc, len(payload), declared,
                              len(encoded), 0) + encoded + payload)
        central.write(struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 20, 20, 0, method, 0, 0x21, crc, len(payload),
                                  declared, len(encoded), 0, 0, 0, 0, 0, offset) + encoded)
    directory = central.getvalue()
    count = len(entries)
    out.write(directory + struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, count, count, len(directory), out.tell(), 0))
    return out.getvalue()


def deflated(data: bytes) -> bytes:
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    return c.compress(data) + c.flush()


CT = b'<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'
DOC = b'<w:document xmlns:w="w"><w:body><w:p><w:r><w:t>Fee: $1,200</w:t></w:r></w:p></w:body></w:document>'


def stored(name: str, data: bytes, declared: int | None = None) -> tuple:
    return (name, data, 0, zlib.crc32(data), len(data) if declared is None else declared)


def zeros_member(name: str, size: int) -> tuple:
    """A member that really inflates to `size` zero bytes, declaring it honestly."""
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    block, payload, crc = b"\0" * (1 << 20), [], 0
    for _ in range(size >> 20):
        payload.append(c.compress(block))
        crc = zlib.crc32(block, crc)
    payload.append(c.flush())
    return (name, b"".join(payload), 8, crc, size)


def test_the_raw_zip_writer_makes_zips_that_zipfile_reads():
    data = raw_zip([stored("[Content_Types].xml", CT), stored("word/document.xml", DOC)])
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        assert z.read("word/document.xml") == DOC and z.testzip() is None
    assert extract("ok.docx", data).text == "Fee: $1,200"


def test_a_zip_whose_members_declare_too_much_in_all_is_refused_before_anything_is_inflated():
    fake = [stored(f"word/media/blob{i}.bin", b"x", declared=60 << 20) for i in range(5)]
    data = raw_zip([stored("[Content_Types].xml", CT), stored("word/document.xml", DOC), *fake])
    e, seconds, peak = measured(lambda: extract("bomb.docx", data))
    assert e.status == "unreadable" and "zip bomb" in e.problem and seconds < 5 and peak < 4 << 20


def test_a_real_zip_bomb_is_refused_by_its_declared_sizes_in_flat_memory():
    member = zeros_member("word/media/zero.bin", 64 << 20)
    data = raw_zip([stored("[Content_Types].xml", CT), stored("word/document.xml", DOC)]
                   + [(f"word/media/zero{i}.bin", *member[1:]) for i in range(5)])  # 320 MiB from ~320 KiB
    assert len(data) < 1 << 20
    e, seconds, peak = measured(lambda: extract("bomb.docx", data))
    assert e.status == "unreadable" and "zip bomb" in e.problem and seconds < 5 and peak < 8 << 20


def test_a_part_to_be_parsed_that_declares_more_than_the_member_limit_is_refused_unread():
    data = raw_zip([stored("[Content_Types].xml", CT), stored("word/document.xml", DOC, declared=100 << 20)])
    e, seconds, peak = measured(lambda: extract("big.docx", data))
    assert e.status == "unreadable" and f"limit {formats.MAX_MEMBER}" in e.problem and peak < 4 << 20


def test_a_member_that_inflates_past_its_declared_size_never_yields_more_than_declared():
    body = b"<w:document>" + b" " * (200 << 20) + b"</w:document>"
    payload = deflated(body)
    lying_crc = ("word/document.xml", payload, 8, zlib.crc32(body), 1000)  # directory says 1000 bytes
    matching_crc = ("word/document.xml", payload, 8, zlib.crc32(body[:1000]), 1000)
    for entry in (lying_crc, matching_crc):
        data = raw_zip([stored("[Content_Types].xml", CT), entry])
        e, seconds, peak = measured(lambda: extract("lying.docx", data))
        assert e.status == "unreadable" and seconds < 5 and peak < 8 << 20, (e, seconds, peak)


def test_an_inflated_total_past_the_limit_is_refused_even_if_the_directory_were_believed(monkeypatch):
    # zipfile itself stops at the declared size; the count of bytes really inflated is the
    # second line of defence, shown here with a lower limit.
    monkeypatch.setattr(formats, "MAX_UNPACKED", 3 << 20)
    data = raw_zip([stored("[Content_Types].xml", CT), stored("word/document.xml", DOC),
                    zeros_member("word/media/a.bin", 2 << 20), zeros_member("word/media/b.bin", 2 << 20)])
    e = extract("two.docx", data)
    assert e.status == "unreadable" and "zip bomb" in e.problem


def test_a_package_with_too_many_members_is_refused_before_its_directory_is_parsed():
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_STORED) as z:
        z.writestr("[Content_Types].xml", CT)
        z.writestr("word/document.xml", DOC)
        for i in range(formats.MAX_MEMBERS):
            z.writestr(f"x/{i}", b"")
    e, seconds, _ = measured(lambda: extract("many.docx", buf.getvalue()))
    assert e.status == "unreadable" and "members" in e.problem and seconds < 5


@pytest.mark.parametrize("name", ["../../evil.sh", "/etc/cron.d/x", "C:/Windows/x.dll", "word/../../x"])
def test_a_member_outside_the_package_is_refused_and_nothing_is_written(name, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    data = raw_zip([stored("[Content_Types].xml", CT), stored("word/document.xml", DOC), stored(name, b"#!/bin/sh")])
    e = extract("evil.docx", data)
    assert e.status == "unreadable" and "outside the package" in e.problem
    assert list(tmp_path.iterdir()) == []


LAUGHS = (b'<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaaaaaaaa">'
          + b"".join(b'<!ENTITY a%d "%s">' % (i, (b"&a%d;" % (i - 1) if i > 1 else b"&a;") * 10) for i in range(1, 10))
          + b']><w:document xmlns:w="w"><w:body><w:p><w:r><w:t>&a9;</w:t></w:r></w:p></w:body></w:document>')
EXTERNAL = (b'<!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
            b'<w:footnotes xmlns:w="w"><w:t>&x;</w:t></w:footnotes>')


@pytest.mark.parametrize("ext,member,xml", [
    ("docx", "word/document.xml", LAUGHS),
    ("docx", "word/footnotes.xml", EXTERNAL),
    ("xlsx", "xl/sharedStrings.xml", LAUGHS.replace(b"w:document", b"sst")),
    ("pptx", "ppt/slides/slide1.xml", LAUGHS),
])
def test_xml_with_a_doctype_is_refused_in_every_part_that_is_parsed(ext, member, xml):
    base = {"docx": dw.docx(["x"]), "xlsx": dw.xlsx({"S": [["x"]]}), "pptx": dw.pptx([["x"]])}[ext]
    with zipfile.ZipFile(io.BytesIO(base)) as z:
        members = {n: z.read(n) for n in z.namelist()}
    members[member] = xml
    e, seconds, peak = measured(lambda: extract(f"entities.{ext}", dw.package(members)))
    assert e.status == "unreadable" and "DOCTYPE" in e.problem and peak < 4 << 20
    assert "passwd" not in (e.text or "") and "root:" not in e.problem


# -- hostile e-mail ---------------------------------------------------------------------------

def nested_messages(levels: int) -> bytes:
    data = dw.eml(subject="Level 0", sender="a@example.com", to="b@example.com", body="Innermost.")
    for level in range(1, levels + 1):
        data = dw.eml(subject=f"Level {level}", sender="a@example.com", to="b@example.com", body=f"Wrapper {level}.",
                      attachments=[(f"level{level - 1}.eml", data)])
    return data


def test_messages_attached_up_to_the_depth_limit_are_all_read():
    e = extract("deep.eml", nested_messages(formats.MAX_DEPTH))
    assert e.status == "text" and "Innermost." in e.text


def test_messages_attached_deeper_than_the_limit_are_refused_whole():
    data = nested_messages(12)
    e, seconds, _ = measured(lambda: extract("deep.eml", data))
    assert e.status == "unreadable" and f"nested more than {formats.MAX_DEPTH} deep" in e.problem and seconds < 10


def test_documents_attached_as_files_deeper_than_the_limit_are_refused_whole():
    data = dw.pdf(["Deep inside."])
    name = "inner.pdf"
    for level in range(formats.MAX_DEPTH + 2):
        data = dw.eml(subject=f"L{level}", sender="a@example.com", to="b@example.com", body="x",
                      attachments=[(name, data)])
        # As a file (application/octet-stream), not as message/rfc822.
        data = data.replace(b"Content-Type: message/rfc822", b"Content-Type: application/octet-stream")
        name = f"level{level}.eml"
    e = extract("deep.eml", data)
    assert e.status == "unreadable" and "nested more than" in e.problem


def test_multipart_nesting_thousands_deep_is_refused_before_the_parser_runs():
    head = b"From: a@example.com\r\nSubject: deep\r\nMIME-Version: 1.0\r\n"
    body = b"Content-Type: text/plain\r\n\r\nbottom\r\n"
    for i in range(3000):
        body = (b'Content-Type: multipart/mixed; boundary="b%d"\r\n\r\n--b%d\r\n' % (i, i) + body
                + b"\r\n--b%d--\r\n" % i)
    e, seconds, _ = measured(lambda: extract("deep.eml", head + body))
    assert e.status == "unreadable" and "MIME boundaries" in e.problem and seconds < 5, (e.problem, seconds)


def test_a_message_with_thousands_of_parts_is_refused():
    parts = b"".join(b"--b\r\nContent-Type: text/plain\r\n\r\npart %d\r\n" % i
                     for i in range(formats.MAX_EML_PARTS + 5))
    data = (b'From: a@example.com\r\nSubject: many\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; '
            b'boundary="b"\r\n\r\n' + parts + b"--b--\r\n")
    e, seconds, _ = measured(lambda: extract("many.eml", data))
    assert e.status == "unreadable" and "MIME parts" in e.problem and seconds < 5


def test_a_zip_bomb_attached_to_a_message_is_the_messages_problem_and_is_not_inflated():
    member = zeros_member("word/media/zero.bin", 64 << 20)
    bomb = raw_zip([stored("[Content_Types].xml", CT), stored("word/document.xml", DOC)]
                   + [(f"word/media/z{i}.bin", *member[1:]) for i in range(5)])
    data = dw.eml(subject="See attached", sender="a@example.com", to="b@example.com", body="Attached.",
                  attachments=[("contract.docx", bomb)])
    e, seconds, peak = measured(lambda: extract("m.eml", data))
    assert e.status == "text" and "Attached." in e.text
    assert e.problem.startswith("attachment contract.docx: not a safe .docx package") and "zip bomb" in e.problem
    assert peak < 32 << 20


# -- hostile PDFs ------------------------------------------------------------------------------

FONT = b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"
HELLO = b"<< /Length 31 >>\nstream\nBT /F1 11 Tf 72 700 Td (hello) Tj ET\nendstream"


def page_obj(content: int, parent: int = 2) -> bytes:
    return (b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 612 792] /Contents %d 0 R "
            b"/Resources << /Font << /F1 3 0 R >> >> >>" % (parent, content))


def one_page(content_object: bytes, *, kids: bytes = b"[4 0 R]", count: int = 1, catalog_extra: bytes = b"") -> bytes:
    return dw.raw_pdf([b"<< /Type /Catalog /Pages 2 0 R" + catalog_extra + b" >>",
                       b"<< /Type /Pages /Kids " + kids + b" /Count %d >>" % count, FONT, page_obj(5), content_object])


def flate_bomb(size: int, wbits: int = zlib.MAX_WBITS) -> bytes:
    """A valid zlib (or raw deflate) stream of page content padded to `size` bytes with spaces.

    Built fast: after a full flush the compressor starts afresh, so one compressed MiB of
    spaces can be repeated as is; only the zlib checksum is computed over the whole."""
    head, block = b"BT /F1 11 Tf 72 700 Td (x) Tj ET\n", b" " * (1 << 20)
    c = zlib.compressobj(9, zlib.DEFLATED, -zlib.MAX_WBITS)
    first = c.compress(head) + c.flush(zlib.Z_FULL_FLUSH)
    repeated = c.compress(block) + c.flush(zlib.Z_FULL_FLUSH)
    body = first + repeated * (size >> 20) + c.flush()
    if wbits < 0:
        return body
    adler = zlib.adler32(head)
    for _ in range(size >> 20):
        adler = zlib.adler32(block, adler)
    return b"\x78\xda" + body + struct.pack(">I", adler)


def test_the_fast_flate_bomb_is_a_valid_zlib_stream():
    assert zlib.decompress(flate_bomb(3 << 20)) == b"BT /F1 11 Tf 72 700 Td (x) Tj ET\n" + b" " * (3 << 20)
    assert zlib.decompress(flate_bomb(1 << 20, -15), -15).endswith(b" " * (1 << 20))


def test_the_hand_written_pdf_used_below_is_itself_readable():
    assert extract("hello.pdf", one_page(HELLO)).text == "hello"


@pytest.mark.parametrize("wbits", [zlib.MAX_WBITS, -zlib.MAX_WBITS], ids=["zlib", "raw-deflate"])
def test_a_flatedecode_bomb_is_refused_before_pypdf_inflates_it(wbits):
    stream = flate_bomb(1 << 30, wbits)  # 1 GiB of content from about 1 MiB
    data = one_page(b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(stream) + stream + b"\nendstream")
    e, seconds, peak = measured(lambda: extract("bomb.pdf", data))
    assert e.status == "unreadable" and "decompression bomb" in e.problem
    assert seconds < 10 and peak < 16 << 20


def test_pypdf_runs_under_its_own_tightened_limits_where_the_installed_version_has_them(monkeypatch):
    import pypdf

    monkeypatch.setattr(formats, "MAX_PDF_STREAM", 1 << 40)  # let the stream past our own measurement
    stream = flate_bomb(64 << 20)
    data = one_page(b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(stream) + stream + b"\nendstream")
    e, seconds, peak = measured(lambda: extract("bomb.pdf", data))
    # pypdf 6+ stops at its output limit; pypdf 5 inflates it and the page-content bound refuses it.
    assert e.status == "unreadable" and seconds < 20
    if hasattr(pypdf, "apply_configuration"):  # pypdf 7: a per-context configuration
        assert peak < 2 * formats.PYPDF_STREAM_LIMIT + (16 << 20)
        with formats._pypdf_limits(pypdf):
            config = pypdf.get_configuration()
            assert config.zlib_maximum_output_length == formats.PYPDF_STREAM_LIMIT
            assert config.jbig2dec_binary is None
        assert pypdf.get_configuration().zlib_maximum_output_length != formats.PYPDF_STREAM_LIMIT  # only inside
    elif hasattr(pypdf.filters, "ZLIB_MAX_OUTPUT_LENGTH"):  # pypdf 6: module constants, lowered
        assert pypdf.filters.ZLIB_MAX_OUTPUT_LENGTH <= formats.PYPDF_STREAM_LIMIT
        assert pypdf.filters.JBIG2DEC_BINARY is None


def test_a_pdf_whose_lengths_lie_is_read_or_refused_never_raised():
    good = dw.pdf(["Page one of a well-made file.", "Page two."])
    for lie in (b"/Length 9", b"/Length 99999999", b"/Length -5", b"/Length 1 0 R"):
        e = extract("lying.pdf", good.replace(b"/Length ", lie + b" ", 1))
        well_formed(e)
        assert e.status in ("text", "unreadable")


def test_a_pdf_whose_xref_offsets_lie_is_read_or_refused_never_raised():
    good = dw.pdf(["Offsets are wrong in this file."])
    for shift in (7, -7, 100000):
        lying = re.sub(rb"(\d{10}) 00000 n", lambda m: b"%010d 00000 n" % max(0, int(m.group(1)) + shift), good)
        well_formed(extract("lying.pdf", lying))
    well_formed(extract("noxref.pdf", good[:good.index(b"xref")] + b"%%EOF\n"))
    bad_start = re.sub(rb"startxref\n\d+", b"startxref\n999999999", good)
    well_formed(extract("startxref.pdf", bad_start))


def test_a_page_tree_that_loops_is_unreadable():
    for kids in (b"[2 0 R 4 0 R]", b"[6 0 R]"):
        objects = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids " + kids + b" /Count 2 >>", FONT,
                   page_obj(5), HELLO, b"<< /Type /Pages /Parent 2 0 R /Kids [2 0 R] /Count 1 >>"]
        e, seconds, _ = measured(lambda: extract("loop.pdf", dw.raw_pdf(objects)))
        assert e.status == "unreadable" and seconds < 10, e


def test_objects_that_refer_to_themselves_are_unreadable_or_read_never_raised():
    cases = [one_page(b"5 0 R"),  # the page content is a reference to itself
             dw.raw_pdf([b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [4 0 R] /Count 1 >>", FONT,
                         page_obj(6), HELLO, b"[6 0 R 5 0 R]"]),  # a content array that contains itself
             dw.raw_pdf([b"<< /Type /Catalog /Pages 1 0 R >>"])]  # the catalog is its own page tree
    for data in cases:
        e, seconds, _ = measured(lambda: extract("self.pdf", data))
        well_formed(e)
        assert seconds < 10


def test_an_absurd_declared_page_count_is_not_believed():
    e, seconds, peak = measured(lambda: extract("count.pdf", one_page(HELLO, count=999_999_999)))
    assert e.status == "text" and e.text == "hello" and seconds < 5 and peak < 4 << 20


def test_more_real_pages_than_the_limit_is_refused_before_any_page_is_read():
    kids = b"[" + b"4 0 R " * (formats.MAX_PAGES + 1) + b"]"
    e, seconds, _ = measured(lambda: extract("pages.pdf", one_page(HELLO, kids=kids, count=formats.MAX_PAGES + 1)))
    assert e.status == "unreadable" and f"(limit {formats.MAX_PAGES})" in e.problem and seconds < 10


def test_deeply_nested_arrays_are_refused_or_read_never_raised():
    e = extract("deep.pdf", one_page(HELLO, catalog_extra=b" /X " + b"[" * 100_000 + b"]" * 100_000))
    well_formed(e)


def test_a_page_with_more_content_than_the_page_limit_is_refused_before_it_is_interpreted():
    ops = zlib.compress(b"BT /F1 11 Tf 72 700 Td (x) Tj ET\n" + b"1 0 0 1 0 0 cm\n" * (300_000))  # 4.5 MB
    data = one_page(b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(ops) + ops + b"\nendstream")
    e, seconds, _ = measured(lambda: extract("heavy.pdf", data))
    assert e.status == "unreadable" and "page 1 carries more than" in e.problem and seconds < 10


def test_pages_sharing_heavy_content_are_refused_by_the_document_total_before_any_is_interpreted():
    ops = zlib.compress(b"BT /F1 11 Tf 72 700 Td (x) Tj ET\n" + b"1 0 0 1 0 0 cm\n" * 70_000)  # ~1 MB a page
    data = one_page(b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(ops) + ops + b"\nendstream",
                    kids=b"[" + b"4 0 R " * 40 + b"]", count=40)
    e, seconds, _ = measured(lambda: extract("shared.pdf", data))
    assert e.status == "unreadable" and "in all (limit)" in e.problem and seconds < 10


# The stop can land in a garbage-collector callback (the test session installs some), where
# Python swallows it with a warning; the watchdog sends it again, which these tests rely on.
LOST_STOPS_ARE_RESENT = pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")


def slow_pdf(pages: int = 12) -> bytes:
    """Content under every size limit that still takes pypdf seconds a page to interpret."""
    ops = zlib.compress(b"BT /F1 11 Tf 72 700 Td (x) Tj ET\n" + b"1 0 0 1 0 0 cm\n" * 60_000)
    return one_page(b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(ops) + ops + b"\nendstream",
                    kids=b"[" + b"4 0 R " * pages + b"]", count=pages)


@LOST_STOPS_ARE_RESENT
def test_a_pdf_that_stalls_the_reader_is_stopped_at_the_deadline(monkeypatch):
    monkeypatch.setattr(formats, "DEADLINE_SECONDS", 1.0)
    e, seconds, _ = measured(lambda: extract("slow.pdf", slow_pdf()))
    assert e.status == "unreadable" and "took longer than 1 s" in e.problem and seconds < 8


@LOST_STOPS_ARE_RESENT
def test_a_stalling_pdf_carried_in_base64_by_a_json_file_is_stopped_at_the_deadline(monkeypatch):
    import base64
    import json

    monkeypatch.setattr(formats, "DEADLINE_SECONDS", 1.0)
    envelope = json.dumps({"documents": [{"name": "x.pdf", "documentBase64": base64.b64encode(slow_pdf()).decode()}]})
    e, seconds, _ = measured(lambda: extract("envelope.json", envelope.encode()))
    assert e.status == "unreadable" and "took longer than 1 s" in e.problem and seconds < 8


@LOST_STOPS_ARE_RESENT
def test_no_stop_signal_is_left_behind_after_the_deadline(monkeypatch):
    monkeypatch.setattr(formats, "DEADLINE_SECONDS", 0.5)
    assert extract("slow.pdf", slow_pdf()).status == "unreadable"
    end = time.monotonic() + 1.5  # the watchdog would re-send within 0.5 s if it were still running
    n = 0
    while time.monotonic() < end:
        n += 1
    assert extract("ok.pdf", dw.pdf(["Afterwards."])).text == "Afterwards."
    assert formats._WATCHER.reads == {}  # nothing is watched once the reads have left
    assert len([t for t in threading.enumerate() if t.name == "oafreeze-extract-watchdog"]) == 1


@LOST_STOPS_ARE_RESENT
def test_the_deadline_holds_in_a_forked_child(monkeypatch):
    """A child forked while the watcher runs has no watcher thread of the parent's: it starts its own."""
    monkeypatch.setattr(formats, "DEADLINE_SECONDS", 1.0)
    assert extract("ok.pdf", dw.pdf(["Before."])).text == "Before."  # the parent's watcher runs
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: report, then leave at once (no test machinery runs here)
        try:
            e, seconds, _ = measured(lambda: extract("slow.pdf", slow_pdf()))
            ok = e.status == "unreadable" and "took longer than 1 s" in e.problem and seconds < 8
            os.write(write, b"stopped" if ok else f"{e.status} {seconds:.1f}".encode())
        finally:
            os._exit(0)
    os.close(write)
    with os.fdopen(read, "rb") as fh:
        said = fh.read()
    os.waitpid(pid, 0)
    assert said == b"stopped"


@LOST_STOPS_ARE_RESENT
def test_the_deadline_holds_in_worker_threads_and_spares_the_other_documents(monkeypatch):
    monkeypatch.setattr(formats, "DEADLINE_SECONDS", 1.0)
    jobs = [("slow.pdf", slow_pdf()), ("ok.pdf", dw.pdf(["Fine."])), ("m.eml", dw.eml(
        subject="s", sender="a@example.com", to="b@example.com", body="Fine too."))] * 2
    with ThreadPoolExecutor(3) as pool:
        results = list(pool.map(lambda job: extract(*job), jobs))
    assert [r.status for r in results] == ["unreadable", "text", "text"] * 2


# A tracer or profiler (coverage, a debugger, cProfile) runs the reads too; a child process, so
# that a read that never ends fails the test instead of stalling the suite.
UNDER_A_TRACER = r"""
import sys, time
sys.path.insert(0, sys.argv[1])
import docwriters as dw
from oafreeze.corpus import formats
from test_formats import slow_pdf

def tracer(frame, event, arg):
    return tracer

formats.DEADLINE_SECONDS = 1.0
getattr(sys, sys.argv[2])(tracer)
ok = formats.extract("ok.pdf", dw.pdf(["Traced."])).text
start = time.monotonic()
slow = formats.extract("slow.pdf", slow_pdf())
seconds = time.monotonic() - start
after = formats.extract("after.pdf", dw.pdf(["Still traced."])).text
getattr(sys, sys.argv[2])(None)
print(ok, "|", slow.status, "|", seconds < 8, "|", after, "|", formats._WATCHER.reads == {})
"""


@pytest.mark.parametrize("hook", ["settrace", "setprofile"])
def test_reads_finish_and_are_still_stopped_under_a_tracer_or_profiler(hook, tmp_path):
    import subprocess
    import sys

    here = os.path.dirname(os.path.abspath(__file__))
    run = subprocess.run([sys.executable, "-c", UNDER_A_TRACER, here, hook], capture_output=True, text=True,
                         timeout=60)
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.split(" | ") == ["Traced.", "unreadable", "True", "Still traced.", "True\n"]


@LOST_STOPS_ARE_RESENT
def test_a_stop_sent_as_a_read_ends_never_escapes_it(monkeypatch):
    """Deadlines as long as the reads themselves, so that stops land before, during and after
    each read's end: every read returns its text or 'took longer', nothing escapes, nothing is
    left watched."""
    data = dw.pdf(["Edge of the deadline."] * 60)  # a read of some tens of milliseconds
    start = time.monotonic()
    extract("edge.pdf", data)
    deadline = time.monotonic() - start
    statuses = []
    for _ in range(60):  # the deadline follows the edge: shorter after a read that finished, longer after a stop
        monkeypatch.setattr(formats, "DEADLINE_SECONDS", deadline)
        statuses.append(extract("edge.pdf", data).status)
        deadline *= 0.8 if statuses[-1] == "text" else 1.25
    assert set(statuses) == {"text", "unreadable"}, statuses
    assert statuses.count("unreadable") >= 10 and statuses.count("text") >= 10, statuses
    assert formats._WATCHER.reads == {}
    monkeypatch.setattr(formats, "DEADLINE_SECONDS", 60.0)
    end = time.monotonic() + 1.2  # a stop still being re-sent would land in this loop
    while time.monotonic() < end:
        pass
    assert extract("edge.pdf", data).text.count("Edge of the deadline.") == 60


def test_garbage_and_truncated_pdfs_are_unreadable():
    good = dw.pdf(["Complete file."])
    for data in (b"%PDF-1.4\n" + bytes(range(256)) * 50, good[:len(good) // 2], b"", b"%PDF-"):
        e = extract("bad.pdf", data)
        assert e.status == "unreadable" and e.problem, data[:20]


def test_a_pdf_with_no_pages_is_unreadable():
    data = dw.raw_pdf([b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [] /Count 0 >>"])
    assert extract("empty.pdf", data).problem == "does not parse as pdf: it has no pages"


# -- the character cap -------------------------------------------------------------------------

@pytest.mark.parametrize("name,make", [
    ("a.pdf", lambda text: dw.pdf([text[i:i + 3000] for i in range(0, len(text), 3000)])),
    ("a.docx", lambda text: dw.docx([text])),
    ("a.xlsx", lambda text: dw.xlsx({"S": [[text]]})),
    ("a.pptx", lambda text: dw.pptx([[text]])),
    ("a.eml", lambda text: dw.eml(subject="s", sender="a@example.com", to="b@example.com", body="x",
                                  attachments=[("big.docx", dw.docx([text]))])),
])
def test_a_document_that_expands_past_the_character_cap_is_refused(monkeypatch, name, make):
    monkeypatch.setattr(formats, "MAX_CHARS", 5_000)
    text = "Forty characters of contract language.. " * 200  # 8,000
    e = extract(name, make(text))
    assert e.status == "unreadable" and "5,000 characters" in e.problem
    monkeypatch.setattr(formats, "MAX_CHARS", 50_000)
    assert extract(name, make(text)).status == "text"


# -- any bytes ---------------------------------------------------------------------------------

EXTENSIONS = ["pdf", "docx", "xlsx", "pptx", "eml", "md", "json", "yaml", "bin"]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ext=st.sampled_from(EXTENSIONS), data=st.binary(max_size=3000))
def test_any_bytes_under_any_name_give_a_well_formed_extraction(ext, data):
    well_formed(extract(f"f.{ext}", data))


VALID = {
    "pdf": dw.pdf(["Page one text.", "Page two text."]),
    "pdf-raw": dw.pdf(["Uncompressed page."], compress=False),
    "docx": dw.docx(["Body."], header="H", footnotes=["F"], comments=["C"]),
    "xlsx": dw.xlsx({"A": [["x", 1]], "B": [["y"]]}, inline={"B"}),
    "pptx": dw.pptx([["Slide."]], notes={1: "Note."}),
    "eml": dw.eml(subject="s", sender="a@example.com", to="b@example.com", body="Body.", html="<p>Other.</p>",
                  attachments=[("a.pdf", dw.pdf(["Attached."])), ("b.docx", dw.docx(["Attached docx."]))]),
}


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(kind=st.sampled_from(sorted(VALID)), data=st.data())
def test_every_mutation_of_a_valid_document_gives_a_well_formed_extraction(kind, data):
    doc = bytearray(VALID[kind])
    for _ in range(data.draw(st.integers(1, 8))):
        at = data.draw(st.integers(0, len(doc) - 1))
        action = data.draw(st.sampled_from(["flip", "cut", "dup"]))
        if action == "flip":
            doc[at] = data.draw(st.integers(0, 255))
        elif action == "cut":
            del doc[at:at + data.draw(st.integers(1, 64))]
        else:
            doc[at:at] = doc[at:at + data.draw(st.integers(1, 64))]
        if not doc:
            doc = bytearray(b"x")
    ext = kind.split("-")[0]
    well_formed(extract(f"mutated.{ext}", bytes(doc)))


PACKAGES = {kind: VALID[kind] for kind in ("docx", "xlsx", "pptx")}
INSERTS = [b"<w:t>", b"</w:t>", b'<c t="s"><v>99</v></c>', b"<v>-1</v>", b'<sheet name="x" r:id="rId9"/>',
           b'<Relationship Id="rId1" Target="../../../x"/>', b'<p:sldId r:id="rId1"/>', b'encoding="UTb-8"']


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(kind=st.sampled_from(sorted(PACKAGES)), data=st.data())
def test_every_mutation_of_a_part_inside_a_valid_package_gives_a_well_formed_extraction(kind, data):
    # Mutating the zip bytes mostly breaks a CRC; mutating a member and re-packing reaches the XML readers.
    with zipfile.ZipFile(io.BytesIO(PACKAGES[kind])) as z:
        members = {n: z.read(n) for n in z.namelist()}
    name = data.draw(st.sampled_from(sorted(members)))
    part = bytearray(members[name])
    for _ in range(data.draw(st.integers(1, 6))):
        at = data.draw(st.integers(0, len(part) - 1))
        action = data.draw(st.sampled_from(["char", "cut", "dup", "insert"]))
        if action == "char":
            part[at] = data.draw(st.sampled_from(list(b'<>/"=& abcrstvp:0123')))
        elif action == "cut":
            del part[at:at + data.draw(st.integers(1, 30))]
        elif action == "dup":
            part[at:at] = part[at:at + data.draw(st.integers(1, 80))]
        else:
            part[at:at] = data.draw(st.sampled_from(INSERTS))
    if data.draw(st.booleans()) and len(members) > 2:
        del members[name]
    else:
        members[name] = bytes(part)
    well_formed(extract(f"mutated.{kind}", dw.package(members)))


def test_an_xml_part_declaring_an_encoding_python_lacks_is_unreadable():
    base = dw.docx(["x"])
    with zipfile.ZipFile(io.BytesIO(base)) as z:
        members = {n: z.read(n) for n in z.namelist()}
    members["word/document.xml"] = members["word/document.xml"].replace(b'encoding="UTF-8"', b'encoding="UTb-8"')
    e = extract("odd.docx", dw.package(members))
    assert e.status == "unreadable" and "word/document.xml" in e.problem


# -- zip archives ------------------------------------------------------------------------------

def archive(members: dict[str, bytes | str]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in members.items():
            z.writestr(name, data)
    return out.getvalue()


def test_a_zip_archive_is_read_member_by_member_as_the_documents_they_are():
    inner = archive({"deep/notes.txt": "A note two archives down."})
    data = archive({"round/b-note.md": "The finished client note.\n", "round/a-form.docx": dw.docx(["Fee: $1,200"]),
                    "round/img.png": b"\x89PNG\r\n\x1a\n\0\0binary", "round/": "", "round/inner.zip": inner})
    e = extract("previous-round.zip", data)
    well_formed(e)
    assert e.status == "text" and e.problem is None
    assert [label for label, _ in e.parts] == ["member round/a-form.docx word/document.xml", "member round/b-note.md",
                                               "member round/inner.zip member deep/notes.txt"]
    assert e.part_at(line_of(e, "two archives down")) == "member round/inner.zip member deep/notes.txt"
    assert "Fee: $1,200" in e.text and "binary" not in e.text


def test_an_archive_of_images_only_is_binary_and_a_broken_one_unreadable():
    assert extract("pictures.zip", archive({"a.png": b"\x89PNG\r\n\x1a\n\0\0"})).status == "binary"
    broken = extract("x.zip", b"PK\x03\x04 not really")
    assert broken.status == "unreadable" and "zip" in broken.problem


def test_an_encrypted_member_is_a_problem_and_the_others_are_still_read():
    data = bytearray(raw_zip([stored("secret.md", b"locked text"), stored("open.md", b"open text")]))
    at = data.index(b"PK\x03\x04")
    data[at + 6] |= 1  # the first member's local and central headers say: encrypted
    data[data.index(b"PK\x01\x02") + 8] |= 1
    e = extract("mixed.zip", bytes(data))
    assert e.text == "open text" and "secret.md" in e.problem and "encrypted" in e.problem


@pytest.mark.parametrize("members,why", [
    ([stored("../outside.md", b"escape")], "points outside"),
    ([stored(f"blob{i}.md", b"x", declared=60 << 20) for i in range(5)], "zip bomb"),
])
def test_a_hostile_archive_is_refused_with_the_reason(members, why):
    e = extract("hostile.zip", raw_zip(members))
    assert e.status == "unreadable" and why in e.problem


def test_archives_nested_past_the_depth_limit_are_refused():
    data = archive({"core.md": "the core"})
    for n in range(formats.MAX_DEPTH + 1):
        data = archive({f"layer{n}.zip": data})
    e = extract("nest.zip", data)
    assert e.status == "unreadable" and "nested" in e.problem
    shallow = archive({"one.zip": archive({"core.md": "the core"})})
    assert extract("shallow.zip", shallow).text == "the core"


def test_an_html_page_is_read_as_its_words_and_its_comments():
    page = ("<!DOCTYPE html><html><head><title>Portal: covenant form</title><style>h1 {color: red}</style></head>"
            "<body><h1>EMPLOYEE COVENANT</h1><p>Governed by Washington law &amp; the &quot;Company&quot;.</p>"
            "<!-- internal: check the 18-month term --><script>var x = 1;</script>"
            '<p>Write to <a href="mailto:hr@example.com">HR</a>.</p></body></html>')
    e = extract("form.html", page.encode())
    assert e.status == "text"
    assert e.text.splitlines() == ["Portal: covenant form", "EMPLOYEE COVENANT",
                                   'Governed by Washington law & the "Company".', "internal: check the 18-month term",
                                   "Write to mailto:hr@example.com HR."]
    assert extract("page.htm", b"<p>caf\xe9</p>").problem == "not UTF-8 (byte 6)"


def test_the_address_a_page_loads_a_script_or_style_from_is_read_and_the_code_is_not():
    page = ('<html><head><script async src="https://maps.example.org/api/js?key=k-4f9a2b7c1d&amp;v=3"></script>'
            '<link rel="stylesheet" href="/site.css"><style>p {margin: 0}</style></head>'
            '<body><p>Directions</p><script>var secret = "inline code";</script></body></html>')
    lines = extract("directions.html", page.encode()).text.splitlines()
    assert "https://maps.example.org/api/js?key=k-4f9a2b7c1d&v=3" in lines
    assert "Directions" in lines and not any("inline code" in line or "margin" in line for line in lines)


def test_files_embedded_in_a_pdf_are_read_as_its_attachments():
    import pypdf

    writer = pypdf.PdfWriter()
    writer.add_blank_page(612, 792)
    writer.add_attachment("finished-note.md", b"# Client note\n\nThe covenant is void for the employee.\n")
    writer.add_attachment("data.json", b"{oops")
    buf = io.BytesIO()
    writer.write(buf)
    e = extract("scan.pdf", buf.getvalue())
    assert e.status == "text" and "The covenant is void for the employee." in e.text
    assert "attachment finished-note.md" in [label for label, _ in e.sources]
    assert e.problem and "attachment data.json" in e.problem


def test_a_zip_archives_comment_and_its_members_comments_are_read():
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        info = zipfile.ZipInfo("readme.txt")
        info.comment = "exported by the portal".encode()
        zf.writestr(info, "two harmless lines\n")
        zf.comment = "PASS if the memo cites the 2026 threshold.".encode()
    e = extract("export.zip", buf.getvalue())
    assert e.status == "text"
    assert e.text.splitlines() == ["two harmless lines", "exported by the portal",
                                   "PASS if the memo cites the 2026 threshold."]
    assert [label for label, _ in e.parts] == ["member readme.txt", "member readme.txt (comment)", "archive comment"]


@pytest.mark.parametrize("suffix, pack", [(".gz", __import__("gzip").compress), (".bz2", __import__("bz2").compress),
                                          (".xz", __import__("lzma").compress)])
def test_a_compressed_file_is_read_as_the_document_it_unpacks_to(suffix, pack):
    e = extract(f"documents/.backup/task.json{suffix}", pack(b'{"criteria": [{"id": "cites-threshold"}]}'))
    assert e.status == "text" and '"cites-threshold"' in e.text
    assert e.parts[0][0] == "unpacked task.json"
    broken = extract(f"notes.md{suffix}", pack(b'{"a": 1}')[:-6])
    assert broken.status == "unreadable" and broken.problem.startswith(f"does not parse as {suffix[1:]}")


def test_a_compressed_file_that_unpacks_past_the_limit_is_refused():
    import gzip

    bomb = gzip.compress(b"\0" * (formats.MAX_MEMBER + 1), compresslevel=1)
    e = extract("huge.txt.gz", bomb)
    assert e.status == "unreadable" and "limit" in e.problem


def _tar(members: list[tuple[str, bytes]], *, link: str | None = None) -> bytes:
    import tarfile

    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w") as tf:
        for name, data in members:
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tf.addfile(info, io.BytesIO(data))
        if link:
            info = tarfile.TarInfo("escape.md")
            info.type, info.linkname = tarfile.SYMTYPE, link
            tf.addfile(info)
    return buf.getvalue()


def test_a_tar_archive_plain_or_compressed_is_read_member_by_member():
    import gzip

    data = _tar([("notes/a.md", b"# Finished note\nThe covenant is void.\n"), ("b.txt", b"second member\n")],
                link="/etc/passwd")
    for name, raw in [("bundle.tar", data), ("bundle.tgz", gzip.compress(data)), ("bundle.tar.gz", gzip.compress(data))]:
        e = extract(name, raw)
        assert e.status == "text", name
        assert "The covenant is void." in e.text and "second member" in e.text and "root:" not in e.text
        assert any(label.endswith("member notes/a.md") for label, _ in e.parts), (name, e.parts)
    hostile = extract("bundle.tar", _tar([("../outside.md", b"x\n")]))
    assert hostile.status == "unreadable" and "leaves the archive" in hostile.problem


def test_a_news_feed_is_read_as_its_entries_words():
    from xml.sax.saxutils import escape

    atom = ('<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Employment news'
            '</title><entry><title>Court reads the Act</title><content type="html">'
            + escape('<p>The section says: &ldquo;a covenant is void&rdquo; unless <b>five</b> things hold.</p>')
            + '</content></entry></feed>')
    e = extract("research/news.atom", atom.encode())
    assert e.status == "text"
    assert e.text.splitlines() == ["Employment news", "Court reads the Act",
                                   "The section says: \u201ca covenant is void\u201d unless five things hold."]
    rss = (b'<rss version="2.0"><channel><title>Alerts</title><item><description><![CDATA[<p>New <i>threshold</i>'
           b' for 2027.</p>]]></description></item></channel></rss>')
    assert extract("alerts.rss", rss).text.splitlines() == ["Alerts", "New threshold for 2027."]
    assert extract("broken.rss", b"<rss><channel>unclosed").text == "<rss><channel>unclosed"


def test_a_worksheets_data_validation_messages_are_read_after_its_cells():
    raw = dw.xlsx({"Tracker": [["Task", "Status"], ["Roll out form", "Open"]]})
    src, buf = zipfile.ZipFile(io.BytesIO(raw)), io.BytesIO()
    with zipfile.ZipFile(buf, "w") as out:
        for info in src.infolist():
            data = src.read(info)
            if info.filename.startswith("xl/worksheets/"):
                data = data.replace(b"</sheetData>", b'</sheetData><dataValidations count="1"><dataValidation '
                                    b'type="list" sqref="B2:B40" promptTitle="Status" prompt="PASS if the form '
                                    b'names Washington law." errorTitle="Bad value" error="Pick from the list.">'
                                    b"<formula1>\"Open,Done\"</formula1></dataValidation></dataValidations>")
            out.writestr(info, data)
    e = extract("tracker.xlsx", buf.getvalue())
    lines = e.text.splitlines()
    assert lines[:2] == ["Task\tStatus", "Roll out form\tOpen"]
    assert "B2:B40: Status: PASS if the form names Washington law.: Bad value: Pick from the list." in lines
    assert ("sheet Tracker (input messages)", 3) in e.parts


def test_a_pngs_free_text_source_chunk_is_read_and_its_technical_keys_are_not():
    data = dw.png({"Source": "C:\\Users\\mokafor\\Documents\\tallis.docx", "Software": "Snipping Tool",
                   "Creation Time": "2026-11-02T10:00:00"})
    e = extract("screenshot.png", data)
    assert e.text.splitlines() == ["C:\\Users\\mokafor\\Documents\\tallis.docx"]
    assert e.part_at(1) == "metadata (Source)"
