"""OpenDocument, RTF, EPUB, and what Office and PDF files hold outside their pages: link targets, the
main part's declared kind, a PDF's document information and bookmarks, the day a file says it was made.

Every document is written here in its real format (tests/docwriters.py, or RTF as WordPad writes
it) and read through `formats.extract`, as the audit reads a workspace file.
"""

from __future__ import annotations

import datetime as dt
import io
import struct
import warnings
import zipfile
import zlib

from xml.sax.saxutils import escape

import docwriters as dw
from hypothesis import given, settings
from hypothesis import strategies as st
from oafreeze.corpus import formats
from oafreeze.corpus.formats import extract


def lines(e) -> list[str]:
    return (e.text or "").split("\n")


def part_of(e, needle: str) -> str | None:
    return e.part_at(next(i for i, line in enumerate(lines(e), 1) if needle in line))


# -- OpenDocument ---------------------------------------------------------------------------------

def test_an_odt_yields_its_paragraphs_then_its_page_header_then_its_properties_without_dates():
    e = extract("memo.odt", dw.odt(["Primo paragrafo.", 'Tre<text:s text:c="3"/>spazi<text:tab/>e tab.'],
                                   header="Riservato", meta={"dc:title": "Memo", "meta:initial-creator": "G. Rossi"}))
    assert e.status == "text" and e.problem is None
    assert lines(e) == ["Primo paragrafo.", "Tre   spazi\te tab.", "Riservato", "title: Memo",
                        "initial-creator: G. Rossi"]
    assert [label for label, _ in e.parts] == ["content.xml", "styles.xml (headers and footers)", "meta.xml"]
    assert "2031" not in e.text  # meta.xml's dc:date is the file's history


def test_a_flat_odt_is_read_as_the_package_it_flattens():
    e = extract("memo.fodt", dw.flat_odt(["Primo paragrafo.", 'Tre<text:s text:c="3"/>spazi.'], header="Riservato",
                                         meta={"dc:title": "Memo", "meta:initial-creator": "G. Rossi"}))
    assert e.status == "text" and e.problem is None
    assert lines(e) == ["Primo paragrafo.", "Tre   spazi.", "Riservato", "title: Memo", "initial-creator: G. Rossi"]
    assert [label for label, _ in e.parts] == ["body", "headers and footers", "metadata"]
    assert "2031" not in e.text
    assert formats.parsed("memo.fodt")
    broken = extract("memo.fodt", b"<office:document><office:body>")
    assert broken.status == "unreadable" and "not well-formed XML" in broken.problem
    doctype = extract("memo.fodt", b'<!DOCTYPE x [<!ENTITY a "aaaa">]>' + dw.flat_odt(["x"])[len(dw.DECL):])
    assert doctype.status == "unreadable" and "DOCTYPE" in doctype.problem


def test_an_odt_comment_is_read_without_its_author_and_date_and_a_link_target_is_its_own_part():
    body = ('Vedi <text:a xlink:type="simple" xlink:href="https://acme.sharepoint.com/sites/deal">la cartella</text:a>'
            '<office:annotation><dc:creator>Bianchi</dc:creator><dc:date>2031-01-01T10:00:00</dc:date>'
            "<text:p>La risposta: clausola 4.</text:p></office:annotation>")
    e = extract("memo.odt", dw.odt([body]))
    assert "La risposta: clausola 4." in e.text and "Bianchi" not in e.text and "2031" not in e.text
    assert part_of(e, "https://acme.sharepoint.com/sites/deal") == formats.EXTERNAL_LINKS


def test_an_ods_is_read_sheet_by_sheet_with_cells_joined_by_tabs():
    e = extract("qa.ods", dw.ods({"Q&A": [["Domanda", "Risposta"], ["Cap?", "Due volte"]], "Note": [["ok"]]}))
    assert lines(e) == ["Domanda\tRisposta", "Cap?\tDue volte", "ok"]
    assert e.parts == (("sheet Q&A", 1), ("sheet Note", 3))


def test_an_odp_is_read_slide_by_slide_with_its_notes():
    e = extract("deck.odp", dw.odp(["Agenda", "Closing"], notes={2: "Say the price is final."}))
    assert lines(e) == ["Agenda", "Closing", "Say the price is final."]
    assert e.parts == (("slide 1", 1), ("slide 2", 2), ("slide 2 notes", 3))


def test_an_opendocument_file_of_another_kind_or_not_a_package_has_a_problem():
    wrong = extract("deck.odp", dw.odt(["Text."]))
    assert wrong.text == "Text." and "not a .odp document" in wrong.problem
    broken = extract("memo.odt", b"PK\x03\x04 not really a zip")
    assert broken.status == "unreadable" and broken.problem.startswith("does not parse as odt")
    no_content = extract("memo.odt", dw.package({"mimetype": dw.ODF_TYPES["odt"]}))
    assert no_content.status == "unreadable" and "content.xml is missing" in no_content.problem


def test_an_odt_with_a_doctype_is_refused_like_office_xml():
    data = dw.odt(["x"])
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        members = {n: z.read(n) for n in z.namelist()}
    members["content.xml"] = members["content.xml"].replace(
        b"<office:document-content", b'<!DOCTYPE x [<!ENTITY a "aaaa">]><office:document-content', 1)
    e = extract("memo.odt", dw.package(members))
    assert e.status == "unreadable" and "DOCTYPE" in e.problem


# -- RTF ------------------------------------------------------------------------------------------

WORDPAD = (b"{\\rtf1\\ansi\\ansicpg1252\\deff0\\nouicompat{\\fonttbl{\\f0\\fnil\\fcharset0 Calibri;}}"
           b"{\\colortbl ;\\red0\\green0\\blue0;}{\\*\\generator Riched20 10.0.19041}\\viewkind4\\uc1 \n")


def test_rtf_text_is_decoded_from_code_page_bytes_unicode_escapes_and_quote_words():
    data = WORDPAD + (b"\\pard\\f0\\fs22 Caf\\'e9 \\ldblquote quoted\\rdblquote  \\u321?\\'f3d\\u378?\\par\n"
                      b"Tab\\tab here\\line next\\par\n}")
    e = extract("letter.rtf", data)
    assert e.status == "text" and e.problem is None
    assert lines(e) == ["Caf\u00e9 \u201cquoted\u201d \u0141\u00f3d\u017a", "Tab\there", "next"]
    assert "Calibri" not in e.text and "Riched20" not in e.text  # tables and ignorable destinations are not text


def test_rtf_info_fields_hyperlink_targets_and_review_comments_are_read():
    data = (b"{\\rtf1\\ansi{\\info{\\title Q&A log}{\\author M. Souza}{\\creatim\\yr2031\\mo1\\dy1}}"
            b"See {\\field{\\*\\fldinst{HYPERLINK \"https://acme.sharepoint.com/x\"}}{\\fldrslt{the room}}}.\\par "
            b"{\\*\\atnid MS}{\\*\\atnauthor M. Souza}{\\*\\annotation The answer is clause 4.}\\par}")
    e = extract("log.rtf", data)
    assert lines(e)[:2] == ["See the room.", "The answer is clause 4."]
    assert part_of(e, "title: Q&A log") == "info" and part_of(e, "author: M. Souza") == "info"
    assert part_of(e, "https://acme.sharepoint.com/x") == formats.EXTERNAL_LINKS
    assert "2031" not in e.text


def test_rtf_in_a_double_byte_code_page_and_binary_data_are_read_right():
    data = b"{\\rtf1\\ansi\\ansicpg932 \\'93\\'8c\\'8b\\'9e {\\pict\\bin4 {}}\\} after\\par}"
    e = extract("tokyo.rtf", data)
    assert e.text == "\u6771\u4eac  after" and e.problem is None


def test_broken_rtf_keeps_what_it_read_and_says_what_is_wrong():
    assert extract("a.rtf", b"plain words").status == "unreadable"
    assert "does not begin with {\\rtf" in extract("a.rtf", b"plain words").problem
    open_group = extract("a.rtf", b"{\\rtf1 Kept {\\b bold")
    assert open_group.text == "Kept bold" and "2 groups left open" in open_group.problem
    deep = extract("a.rtf", b"{\\rtf1 " + b"{" * 5000 + b"x")
    assert "nested more than" in deep.problem


# -- Office packages: links outside the package and the main part's kind -----------------------------

def external(rel_id: str, kind: str, target: str) -> str:
    return (f'<Relationship Id="{rel_id}" Type="{dw.REL_TYPE}{kind}" Target="{target}" '
            'TargetMode="External"/>')


def rels(*entries: str) -> str:
    return dw.DECL + f'<Relationships xmlns="{dw.PKG_REL}">' + "".join(entries) + "</Relationships>"


def with_members(data: bytes, extra: dict[str, str | bytes]) -> bytes:
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        members = {n: z.read(n) for n in z.namelist()}
    members.update(extra)
    return dw.package(members)


def test_a_docx_attached_template_and_hyperlinks_are_read_as_external_links_after_the_body():
    data = with_members(dw.docx(["Body."]), {
        "word/_rels/settings.xml.rels": rels(external("rId1", "attachedTemplate",
                                                      "file:///C:\\Users\\jdoe\\Templates\\Firm.dotm")),
        "word/_rels/document.xml.rels": rels(external("rId9", "hyperlink", "https://deals.acme.internal/room"),
                                             external("rId8", "hyperlink", "https://deals.acme.internal/room"))})
    e = extract("a.docx", data)
    assert lines(e) == ["Body.", "https://deals.acme.internal/room", "file:///C:\\Users\\jdoe\\Templates\\Firm.dotm"]
    assert e.parts[-1] == (formats.EXTERNAL_LINKS, 2) and e.problem is None


def test_a_slide_hyperlink_is_read_and_internal_relationships_are_not():
    data = with_members(dw.pptx([["Deal room"]]), {
        "ppt/slides/_rels/slide1.xml.rels": rels(external("rId7", "hyperlink", "https://acme.sharepoint.com/s/x"))})
    e = extract("deck.pptx", data)
    assert lines(e) == ["Deal room", "https://acme.sharepoint.com/s/x"]
    assert extract("a.docx", dw.docx(["Body."])).text == "Body."  # header/footer rels name parts, not links


def test_a_macro_enabled_or_template_main_part_under_an_office_name_is_a_problem_but_still_read():
    for declared, says in [("application/vnd.ms-word.document.macroEnabled.main+xml", "macro-enabled"),
                           (dw.WML + "template.main+xml", "template kind")]:
        data = dw.docx(["Body."])
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            types = z.read("[Content_Types].xml").decode()
        data = with_members(data, {"[Content_Types].xml": types.replace(dw.WML + "document.main+xml", declared)})
        e = extract("a.docx", data)
        assert e.text == "Body." and says in e.problem and "refuses to open" in e.problem
    for name, data in [("a.docx", dw.docx(["x"])), ("a.xlsx", dw.xlsx({"S": [["x"]]})), ("a.pptx", dw.pptx([["x"]]))]:
        assert extract(name, data).problem is None


# -- PDF document information ---------------------------------------------------------------------

def pdf_with_info(pages: list[str] | None, info: dict[str, str]) -> bytes:
    data = dw.pdf(pages) if pages else dw.scanned_pdf()
    bom = "\ufeff"
    fields = " ".join(f"/{k} <{(bom + v).encode('utf-16-be').hex()}>" for k, v in info.items())
    # An incremental update adding an Info dictionary, as a PDF editor saves one.
    start = len(data)
    size = int(data.rsplit(b"/Size ", 1)[1].split()[0])
    root = data.rsplit(b"/Root ", 1)[1].split(b"R")[0] + b"R"
    obj = b"%d 0 obj\n<< %s /CreationDate (D:20310101000000) /Producer (Writer) >>\nendobj\n" % (
        size, fields.encode())
    xref_at = start + len(obj)
    prev = int(data.rsplit(b"startxref", 1)[1].split()[0])
    tail = (b"xref\n%d 1\n%010d 00000 n \ntrailer\n<< /Size %d /Root %s /Info %d 0 R /Prev %d >>\nstartxref\n%d\n%%%%EOF\n"
            % (size, start, size + 1, root, size, prev, xref_at))
    return data + obj + tail


def test_a_pdfs_title_subject_and_keywords_are_read_after_its_pages_without_dates_or_producer():
    e = extract("memo.pdf", pdf_with_info(["Page text."], {"Title": "Board memo", "Subject": "Cap at one times",
                                                          "Keywords": "cap; escrow"}))
    assert lines(e)[0] == "Page text."
    assert part_of(e, "Subject: Cap at one times") == formats.PDF_INFO
    assert "Title: Board memo" in lines(e) and "Keywords: cap; escrow" in lines(e)
    assert "2031" not in e.text and "Writer" not in e.text


def test_a_scan_with_a_title_is_still_a_scan():
    assert extract("scan.pdf", pdf_with_info(None, {"Title": "Scanned letter"})).status == formats.NO_TEXT_LAYER


# -- text saved as UTF-16, XML that is not well-formed -----------------------------------------------

def test_text_saved_as_utf16_with_its_byte_order_mark_is_read_and_a_broken_one_is_unreadable():
    e = extract("notes.txt", "Notes for the judge\r\nLine two".encode("utf-16"))
    assert e.status == "text" and e.text == "Notes for the judge\nLine two" and e.problem is None
    broken = extract("notes.txt", "Notes".encode("utf-16") + b"\xc3")
    assert broken.status == "unreadable" and "UTF-16" in broken.problem


def test_xml_that_is_not_well_formed_has_a_problem_and_a_doctype_is_left_alone():
    bad = extract("flowdowns.xml", b'<?xml version="1.0"?>\n<a>R&D terms</a>\n')
    assert bad.status == "text" and bad.problem.startswith("not well-formed XML") and "line 2" in bad.problem
    assert extract("ok.xml", b'<?xml version="1.0"?>\n<!DOCTYPE a>\n<a>fine</a>\n').problem is None


def test_an_html_inline_quotation_is_read_with_the_quotation_marks_a_browser_shows():
    e = extract("page.html", b'<p>It provides: <q cite="x">a person may be deemed to compete</q>.</p>')
    assert e.text == "It provides: \u201ca person may be deemed to compete\u201d."


def test_an_xml_file_saved_as_utf16_that_says_so_is_well_formed():
    data = '<?xml version="1.0" encoding="UTF-16"?>\n<a>fine</a>\n'.encode("utf-16")
    e = extract("export.xml", data)
    assert e.status == "text" and e.problem is None and "fine" in e.text


def test_a_calendar_entry_is_read_unfolded_unescaped_and_dated_as_a_calendar_shows_it():
    ics = ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Firm//Docket 4.2//EN\r\nBEGIN:VTIMEZONE\r\nTZID:America/Chicago\r\n"
           "BEGIN:STANDARD\r\nDTSTART:19701101T020000\r\nEND:STANDARD\r\nEND:VTIMEZONE\r\nBEGIN:VEVENT\r\n"
           "UID:1@example.com\r\nCREATED:20261124T231500Z\r\nDTSTART;TZID=America/Chicago:20261130T093000\r\n"
           "SUMMARY:Send offer\\, covenant and notice to Riley\r\nDESCRIPTION:Call 719-555-01\r\n 42 first.\\nThen "
           "file\\; done.\r\nORGANIZER;CN=\"Haddad, Noor\":mailto:noor@example.com\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
    got = extract("calendar/offer.ics", ics.encode())
    assert got.status == formats.TEXT
    assert got.text.splitlines() == [
        "Event: 2026-11-30 09:30: Send offer, covenant and notice to Riley",
        "Created: 2026-11-24 23:15 UTC", "Start: 2026-11-30 09:30 (America/Chicago)",
        "Summary: Send offer, covenant and notice to Riley", "Description: Call 719-555-0142 first.", "Then file; done.",
        "Organizer: Haddad, Noor <noor@example.com>"]
    assert "1970" not in got.text  # a time zone's rules are no dates of the entry


def test_a_contact_card_is_read_with_its_fields_labelled():
    vcf = ("BEGIN:VCARD\r\nVERSION:3.0\r\nN:Kang;Min-seo;;;\r\nFN:Kang Min-seo\r\nitem1.TEL;TYPE=CELL:+82 10-5555-0142\r\n"
           "ADR;TYPE=WORK:;;1 Example Road;Seoul;;04524;KR\r\nBDAY:19880412\r\nEND:VCARD\r\n")
    assert extract("c.vcf", vcf.encode()).text.splitlines() == [
        "Contact: Kang Min-seo", "Structured name: Kang Min-seo", "Name: Kang Min-seo", "Phone: +82 10-5555-0142",
        "Address: 1 Example Road Seoul 04524 KR", "Birthday: 1988-04-12"]
    assert extract("c.vcf", b"\xff\xfe\x00").status == formats.UNREADABLE  # not UTF-16 throughout


def test_a_to_do_shows_its_history_latest_first_and_a_vcard_21_quoted_printable_value_is_decoded():
    todo = ("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nCREATED:20261104T153000Z\r\nLAST-MODIFIED:20261118T221400Z\r\n"
            "DUE;VALUE=DATE:20261120\r\nSUMMARY:Collect paperwork\r\nCOMPLETED:20261118T221400Z\r\nEND:VTODO\r\n"
            "END:VCALENDAR\r\n")
    assert extract("t.ics", todo.encode()).text.splitlines()[:4] == [
        "To do: 2026-11-20: Collect paperwork", "Completed: 2026-11-18 22:14 UTC",
        "Last modified: 2026-11-18 22:14 UTC", "Created: 2026-11-04 15:30 UTC"]
    # A soft line break ("=" at a line's end) may fall inside a number; =0D=0A is a new line.
    card = ("BEGIN:VCARD\r\nVERSION:2.1\r\nFN:Jordan Ellery\r\nNOTE;ENCODING=QUOTED-PRINTABLE;CHARSET=UTF-8:SSN 327-58-1=\r\n"
            "946.=0D=0ACaf=C3=A9 on day one.\r\nEND:VCARD\r\n")
    assert extract("c.vcf", card.encode()).text.splitlines()[-2:] == ["Note: SSN 327-58-1946.", "Café on day one."]


def test_subtitles_are_read_as_heard_one_line_a_cue_labelled_by_its_start():
    srt = ("1\r\n00:00:01,000 --> 00:00:04,000\r\nThe statute says: \"An employer\r\nshall not require\r\n\r\n"
           "2\r\n00:00:04,500 --> 00:00:08,000\r\n<i>any employee</i> to assign an invention.\"\r\n\r\n")
    found = extract("training/talk.srt", srt.encode())
    assert found.text == ('The statute says: "An employer shall not require\nany employee to assign an invention."')
    assert found.parts == (("cue 1 at 00:00:01", 1), ("cue 2 at 00:00:04", 2))
    vtt = "WEBVTT\n\nNOTE a comment the agent reads too\n\n00:01.000 --> 00:04.000 align:start\nHello <b>there</b>.\n"
    assert extract("talk.vtt", vtt.encode()).text == "WEBVTT\nNOTE a comment the agent reads too\nHello there."


def test_latex_reads_as_the_words_it_typesets_line_for_line():
    tex = ("% a comment the agent reads too\n\\section{Notes}\nThe Act says ``an employee earning \\$45,000 shall "
           "not'' be bound~(\\S 10).\n\\emph{\\textbf{Done}} at 100\\% and A\\&B.\n")
    found = extract("note.tex", tex.encode())
    assert found.text.split("\n") == ["% a comment the agent reads too", "\\section{Notes}",
                                      "The Act says \u201can employee earning $45,000 shall not\u201d be bound (§ 10).",
                                      "Done at 100% and A&B."]


def test_a_workbook_that_lists_a_sheet_whose_part_is_missing_has_a_problem():
    data = dw.xlsx({"Plan": [["Role", "Count"], ["Engineer", 4]], "Calc": [["Total", 4]]})
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            if info.filename != "xl/worksheets/sheet2.xml":
                dst.writestr(info, src.read(info))
    found = extract("plan.xlsx", out.getvalue())
    assert "Engineer" in found.text
    assert found.problem == ("the workbook lists sheet 'Calc', but its part xl/worksheets/sheet2.xml is not in the "
                             "file (Excel offers to repair the workbook and drops the sheet)")
    assert extract("plan.xlsx", data).problem is None


def test_json_lines_are_read_line_by_line_and_a_cut_line_is_a_problem():
    assert extract("log.jsonl", b'{"a": 1}\n\n{"b": 2}\n').problem is None
    assert extract("log.ndjson", b'{"a": 1}\n{"b": 2\n').problem.startswith("line 2 is not one JSON value")


def _database(tmp_path, build) -> bytes:
    import sqlite3

    path = tmp_path / "store.sqlite3"
    conn = sqlite3.connect(path)
    build(conn)
    conn.commit()
    conn.close()
    return path.read_bytes()


def test_a_sqlite_databases_tables_are_read_row_by_row(tmp_path):
    def build(conn):
        conn.execute("CREATE TABLE calibration (id INTEGER, criterion TEXT, raw BLOB, note BLOB)")
        conn.execute("INSERT INTO calibration VALUES (1, 'PASS if the memo names the Louisiana forum.', x'00ff10', "
                     "CAST('gold: PASS' AS BLOB))")
        conn.execute("CREATE VIRTUAL TABLE search USING fts5(body)")
        conn.execute("INSERT INTO search VALUES ('indexed words')")

    e = extract("documents/.annotate/store.sqlite3", _database(tmp_path, build))
    assert e.status == "text"
    assert e.text.split("\n") == ["1 | PASS if the memo names the Louisiana forum. | gold: PASS", "1 | indexed words"]
    assert [label for label, _ in e.parts] == ["table calibration", "table search_content"]


def test_a_file_named_like_a_database_that_is_none_is_refused_or_left_binary():
    from oafreeze.corpus.formats import BINARY, UNREADABLE

    assert extract("documents/x.sqlite", b"not a database at all").status == UNREADABLE
    assert extract("documents/Thumbs.db", b"\xd0\xcf\x11\xe0" + b"\0" * 200).status == BINARY


def test_a_damaged_database_is_named_not_raised(tmp_path):
    data = _database(tmp_path, lambda conn: conn.execute("CREATE TABLE t (x TEXT)"))
    e = extract("documents/broken.sqlite", data[:100] + b"\xff" * 300 + data[400:])
    assert e.status == "unreadable" and e.problem.startswith("does not parse as sqlite")


def test_an_emails_reply_addresses_and_prose_headers_are_read_and_its_routing_is_not():
    raw = ("Return-Path: <someone.private@gmail.com>\nReceived: from mail-sor-f41.google.com by mx.example.com with "
           "ESMTPS id 9c2e; Mon, 12 Oct 2026 19:03:14 -0500\nX-Originating-IP: [73.153.22.108]\n"
           "From: Avery <avery@example.com>\nReply-To: someone.private@gmail.com\nTo: hr@example.com\n"
           "Subject: Accepting\nDate: Mon, 12 Oct 2026 19:03:11 -0500\nX-Matter: GPR-0114\n"
           "X-Review-Note: PASS if the note flags the penalty\n\tof five thousand dollars per worker.\n"
           "MIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n\nI accept.\n").encode()
    e = extract("documents/accept.eml", raw)
    headers = [line for line in e.text.split("\n") if ": " in line]
    assert "Reply-To: someone.private@gmail.com" in headers and "Return-Path: <someone.private@gmail.com>" in headers
    assert "X-Review-Note: PASS if the note flags the penalty of five thousand dollars per worker." in headers
    assert not any(h.startswith(("Received", "X-Originating-IP", "X-Matter", "MIME-Version")) for h in headers)


def test_a_pages_json_ld_strings_are_read_and_its_code_is_not():
    page = (b'<html><head><script type="application/ld+json">{"@type": "CreativeWork", "additionalProperty": '
            b'[{"value": "PASS if the memo names the Louisiana forum."}]}</script><script>var secret = 1;</script>'
            b'</head><body><p>Status: open.</p></body></html>')
    e = extract("documents/portal.html", page)
    assert e.text.split("\n") == ["CreativeWork", "PASS if the memo names the Louisiana forum.", "Status: open."]


def test_a_notebook_is_read_cell_by_cell_with_its_outputs():
    import json

    book = {"cells": [{"cell_type": "markdown", "source": ["# Notice generator\n", "Run it for each hire."]},
                      {"cell_type": "code", "source": "print(notice('Sasha'))",
                       "outputs": [{"output_type": "stream", "name": "stdout", "text": ["NOTICE TO SASHA\n", "Dated."]},
                                   {"output_type": "execute_result", "data": {"text/plain": ["'done'"]}}]}],
            "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    e = extract("documents/generator.ipynb", json.dumps(book).encode())
    assert e.text.split("\n") == ["# Notice generator", "Run it for each hire.", "print(notice('Sasha'))",
                                  "NOTICE TO SASHA", "Dated.", "'done'"]
    assert [label for label, _ in e.parts] == ["cell 1", "cell 2", "cell 2 output"]
    assert extract("documents/odd.ipynb", b'{"not": "a notebook"}').text == '{"not": "a notebook"}'


# -- images: the text their metadata carries --------------------------------------------------------

def test_a_png_yields_its_text_chunks_but_not_the_tool_that_saved_it():
    e = extract("screens/flow.png", dw.png({"Software": "Greenshot 1.3", "Title": "Intake flow"},
                                          itxt={"Description": "Étape 2: the reviewer checks the notice"}))
    assert e.status == formats.TEXT
    assert lines(e) == ["Intake flow", "Étape 2: the reviewer checks the notice"]
    assert part_of(e, "Étape") == "metadata (Description)"


def test_a_png_xmp_packet_is_read_for_its_shown_properties():
    e = extract("flow.png", dw.png(xmp=dw.xmp_packet({"description": "Step three of the intake"})))
    assert lines(e) == ["description: Step three of the intake"] and part_of(e, "Step") == "metadata (XMP)"


def test_a_jpeg_yields_its_comment_and_exif_text_tags():
    e = extract("photo.jpg", dw.jpeg(comment="Scanned at the front desk", description="Signed offer, page 1",
                                     xp_title="Offer Größe"))
    assert lines(e) == ["Scanned at the front desk", "Signed offer, page 1", "Offer Größe"]
    assert [label for label, _ in e.parts] == ["metadata (Comment)", "metadata (ImageDescription)", "metadata (Title)"]


def test_an_image_without_text_or_cut_short_stays_binary():
    assert extract("plain.png", dw.png()).status == formats.BINARY
    assert extract("cut.png", dw.png({"Title": "x"})[:20]).status == formats.BINARY
    assert extract("plain.jpg", dw.jpeg()).status == formats.BINARY
    assert extract("cut.jpg", b"\xff\xd8\xff").problem is None


def test_an_office_package_that_stores_a_part_twice_does_not_open_as_a_document():
    good = dw.docx(["First copy."])
    buf = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(good)) as src, zipfile.ZipFile(buf, "w") as out:
        for info in src.infolist():
            out.writestr(info, src.read(info))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # zipfile warns of the duplicate name it is told to write
            out.writestr("word/document.xml", src.read("word/document.xml").replace(b"First", b"Second"))
    e = extract("memo.docx", buf.getvalue())
    assert e.problem and "'word/document.xml' is stored twice" in e.problem
    assert extract("memo.docx", good).problem is None


def test_the_text_of_tracked_deletions_is_told_apart():
    data = dw.with_tracked_deletion(dw.docx(["Kept clause."]), "Dropped cap of $2,000,000.", split=8)
    assert formats.deleted_text("a.docx", data) == "Dropped cap of $2,000,000."
    assert "Dropped cap of $2,000,000." in extract("a.docx", data).text  # still read, as it is still in the file
    assert formats.deleted_text("a.docx", dw.docx(["Kept clause."])) == ""
    assert formats.deleted_text("a.md", b"~~x~~") == "" and formats.deleted_text("bad.docx", b"PK") == ""


# -- PDF bookmarks --------------------------------------------------------------------------------

def outlined_pdf(pages: list[str], outline: list[tuple[str, list[str]]], *, loop: bool = False) -> bytes:
    """A PDF with bookmarks as pypdf's writer adds them: each (title, child titles) a top-level
    bookmark; `loop`: the last child's /Next and /First lead back to its parent and to itself."""
    import pypdf
    from pypdf.generic import NameObject

    writer = pypdf.PdfWriter(clone_from=pypdf.PdfReader(io.BytesIO(dw.pdf(pages))))
    for title, children in outline:
        parent = writer.add_outline_item(title=title, page_number=0)
        for child in children:
            last = writer.add_outline_item(title=child, page_number=0, parent=parent)
    if loop:
        item = last.get_object()
        item[NameObject("/Next")] = parent
        item[NameObject("/First")] = last
    buf = io.BytesIO()
    writer.write(buf)
    return buf.getvalue()


def test_a_pdfs_bookmarks_are_read_nested_and_in_order_after_its_pages():
    e = extract("bundle.pdf", outlined_pdf(["Page text."], [("Tab 1: the offer", ["Grader: PASS only at 1x cap"]),
                                                           ("Tab 2: the statute", [])]))
    assert lines(e) == ["Page text.", "Tab 1: the offer", "  Grader: PASS only at 1x cap", "Tab 2: the statute"]
    assert part_of(e, "Grader") == formats.PDF_BOOKMARKS and e.problem is None


def test_an_outline_that_leads_back_to_itself_is_read_once_and_a_damaged_one_keeps_the_pages():
    e = extract("loop.pdf", outlined_pdf(["Page text."], [("Tab 1", ["Tab 1a"])], loop=True))
    assert lines(e) == ["Page text.", "Tab 1", "  Tab 1a"] and e.problem is None
    data = outlined_pdf(["Page text."], [("Tab 1", [])])
    first = data[data.index(b"/First "):data.index(b"/First ") + 12]
    assert first == b"/First 8 0 R"
    # The outline's first item: the outline itself, an object that is free, a string (same length, so
    # the cross-reference table still holds).
    for damaged in (b"/First 9 0 R", b"/First 0 0 R", b"/First (xx) "):
        e = extract("damaged.pdf", data.replace(first, damaged))
        assert e.status == formats.TEXT and lines(e) == ["Page text."] and e.problem is None


def test_too_many_bookmarks_are_refused(monkeypatch):
    monkeypatch.setattr(formats, "MAX_BOOKMARKS", 2)
    e = extract("many.pdf", outlined_pdf(["Page text."], [("A", ["A1", "A2"])]))
    assert e.status == formats.UNREADABLE and "more than 2 bookmarks" in e.problem


# -- EPUB -----------------------------------------------------------------------------------------

CONTAINER = ('<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">'
             '<rootfiles><rootfile full-path="{opf}" media-type="application/oebps-package+xml"/></rootfiles>'
             '</container>')


def epub(chapters: dict[str, str | None], *, spine: list[str] | None = None, opf: str = "OEBPS/content.opf",
         mimetype: str = "application/epub+zip", extra: dict[str, str] | None = None,
         package_head: str = "") -> bytes:
    """An EPUB as a book tool writes one: the mimetype first and stored, the container naming the
    package document, which lists `chapters` (path under the package's folder: body XHTML, None for a
    chapter listed but not in the file) in its manifest and `spine` (chapter paths or ids; default: the
    chapters in the order given) in its spine."""
    base = opf.rpartition("/")[0]
    ids = {name: f"c{n}" for n, name in enumerate(chapters)}
    items = "".join(f'<item id="{ids[name]}" href="{name}" media-type="application/xhtml+xml"/>' for name in chapters)
    refs = "".join(f'<itemref idref="{ids.get(name, name)}"/>' for name in (chapters if spine is None else spine))
    package = (f'<?xml version="1.0" encoding="utf-8"?>{package_head}<package xmlns="http://www.idpf.org/2007/opf" '
               'version="3.0" unique-identifier="id"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/">'
               '<dc:identifier id="id">urn:uuid:1</dc:identifier><dc:title>Offer pack</dc:title>'
               '<dc:creator>Harlow Finch LLP</dc:creator><dc:date>2031-01-01</dc:date></metadata>'
               f'<manifest>{items}</manifest><spine>{refs}</spine></package>')
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("mimetype", mimetype, compress_type=zipfile.ZIP_STORED)
        z.writestr("META-INF/container.xml", CONTAINER.format(opf=opf), compress_type=zipfile.ZIP_DEFLATED)
        z.writestr(opf, package, compress_type=zipfile.ZIP_DEFLATED)
        for name, body in chapters.items():
            if body is None:
                continue
            page = ('<?xml version="1.0" encoding="utf-8"?><!DOCTYPE html><html xmlns="http://www.w3.org/1999/xhtml">'
                    f"<body>{body}</body></html>")
            z.writestr(f"{base}/{name}" if base else name, page, compress_type=zipfile.ZIP_DEFLATED)
        for name, data in (extra or {}).items():
            z.writestr(name, data, compress_type=zipfile.ZIP_DEFLATED)
    return buf.getvalue()


BOOK = {"text/ch10.xhtml": "<h1>Schedule</h1><p>Fees &amp; costs.</p>",
        "text/ch2.xhtml": "<h1>Offer</h1><p>Salary: $95,000.</p>",
        "nav.xhtml": "<nav><ol><li>Offer</li><li>Grader: PASS if the cap is 1x</li></ol></nav>"}


def test_an_epub_is_read_chapter_by_chapter_in_spine_order_then_the_pages_it_leaves_out_then_its_metadata():
    e = extract("pack.epub", epub(BOOK, spine=["text/ch2.xhtml", "text/ch10.xhtml"]))
    assert e.status == formats.TEXT and e.problem is None
    assert [label for label, _ in e.parts] == ["OEBPS/text/ch2.xhtml", "OEBPS/text/ch10.xhtml", "OEBPS/nav.xhtml",
                                               "OEBPS/content.opf (metadata)"]
    assert lines(e) == ["Offer", "Salary: $95,000.", "Schedule", "Fees & costs.", "Offer",
                        "Grader: PASS if the cap is 1x", "title: Offer pack", "creator: Harlow Finch LLP"]
    assert formats.parsed("books/pack.epub") and formats.extension("Pack.EPUB") == ".epub"


def test_an_epub_whose_package_sits_at_its_root_or_whose_spine_names_a_missing_chapter():
    e = extract("pack.epub", epub({"ch1.xhtml": "<p>One.</p>"}, opf="content.opf"))
    assert [label for label, _ in e.parts] == ["ch1.xhtml", "content.opf (metadata)"] and e.problem is None
    with_gap = epub({"ch1.xhtml": "<p>One.</p>"}, opf="content.opf", spine=["ch1.xhtml", "c9"])
    assert extract("pack.epub", with_gap).problem is None  # an idref the manifest lacks: readers skip it
    e = extract("pack.epub", epub({"ch1.xhtml": "<p>One.</p>", "ch9.xhtml": None}, opf="content.opf"))
    assert "its spine lists ch9.xhtml, which is not in the file" in e.problem and "One." in e.text


def test_a_broken_or_hostile_epub_has_a_problem_as_a_broken_docx_does(monkeypatch):
    good = epub({"ch1.xhtml": "<p>One.</p>"})
    cases = {
        "not a zip": b"PK\x03\x04 not really",
        "no container": dw.package({"mimetype": "application/epub+zip", "OEBPS/content.opf": "<package/>"}),
        "container names nothing": dw.package({"META-INF/container.xml": "<container/>"}),
        "package missing": dw.package({"META-INF/container.xml": CONTAINER.format(opf="gone.opf")}),
        "member outside": epub({"ch1.xhtml": "<p>One.</p>"}, extra={"../../evil.xhtml": "<p>x</p>"}),
        "entities": epub({"ch1.xhtml": "<p>One.</p>"},
                         package_head='<!DOCTYPE package [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;">]>'),
    }
    for why, data in cases.items():
        e = extract("pack.epub", data)
        assert e.status == formats.UNREADABLE and e.problem, why
        assert formats.problem("pack.epub", data) == e.problem
    assert "points outside the package" in extract("x.epub", cases["member outside"]).problem
    assert "DOCTYPE" in extract("x.epub", cases["entities"]).problem
    wrong = extract("pack.epub", epub({"ch1.xhtml": "<p>One.</p>"}, mimetype="application/zip"))
    assert "its mimetype says 'application/zip'" in wrong.problem and wrong.text == "One.\ntitle: Offer pack\n" \
        "creator: Harlow Finch LLP"
    latin1 = epub({"ch1.xhtml": "<p>One.</p>"}, extra={"OEBPS/ch2.xhtml": "<p>Caf\xe9</p>".encode("latin-1")})
    assert "OEBPS/ch2.xhtml: not UTF-8" in extract("pack.epub", latin1).problem
    monkeypatch.setattr(formats, "MAX_UNPACKED", len(good))  # a book that unpacks past the bound is a bomb
    big = epub({"ch1.xhtml": "<p>" + "word " * 2000 + "</p>"})
    assert "zip bomb" in extract("pack.epub", big).problem


# -- the day a file says it was made --------------------------------------------------------------

def core_properties(created: str) -> str:
    """docProps/core.xml as Word writes it, with its creation stamp."""
    return ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?><cp:coreProperties '
            'xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" '
            'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" '
            'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><dc:title>Offer</dc:title>'
            f'<dcterms:created xsi:type="dcterms:W3CDTF">{created}</dcterms:created>'
            '<dcterms:modified xsi:type="dcterms:W3CDTF">2031-01-01T00:00:00Z</dcterms:modified></cp:coreProperties>')


def png_chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def png_stamped(value: str, kind: bytes = b"tEXt") -> bytes:
    """A 1x1 PNG whose text chunk "Creation Time" holds `value` (tEXt as is; zTXt deflated)."""
    body = b"Creation Time\0" + (value.encode("latin-1") if kind == b"tEXt" else b"\0" + zlib.compress(value.encode()))
    return (formats.PNG_SIGNATURE + png_chunk(b"IHDR", struct.pack(">IIBBBBB", 1, 1, 8, 0, 0, 0, 0))
            + png_chunk(kind, body) + png_chunk(b"IDAT", zlib.compress(b"\0\0")) + png_chunk(b"IEND", b""))


def jpeg_exif(*, original: str | None = None, modified: str | None = None, order: str = "<") -> bytes:
    """A JPEG's header as a camera writes it: an APP1 EXIF block whose first directory holds DateTime
    (`modified`) and the pointer to the Exif directory, which holds DateTimeOriginal (`original`)."""
    mark = b"II" if order == "<" else b"MM"

    def directory(at: int, tags: list[tuple[int, int, int, bytes]]) -> tuple[bytes, bytes]:
        data_at = at + 2 + 12 * len(tags) + 4
        entries, data = b"", b""
        for tag, kind, count, value in tags:
            if kind == 4:
                entries += struct.pack(order + "HHII", tag, kind, count, struct.unpack(order + "I", value)[0])
            else:
                entries += struct.pack(order + "HHII", tag, kind, count, data_at + len(data))
                data += value
        return struct.pack(order + "H", len(tags)) + entries + b"\0\0\0\0", data

    first_tags = [(0x0132, 2, 20, modified.encode("ascii") + b"\0")] if modified else []
    exif_tags = [(0x9003, 2, 20, original.encode("ascii") + b"\0")] if original else []
    size = 2 + 12 * (len(first_tags) + 1) + 4 + 20 * len(first_tags)
    first, first_data = directory(8, first_tags + [(0x8769, 4, 1, struct.pack(order + "I", 8 + size))])
    exif, exif_data = directory(8 + size, exif_tags)
    tiff = mark + struct.pack(order + "HI", 42, 8) + first + first_data + exif + exif_data
    body = b"Exif\0\0" + tiff
    return b"\xff\xd8\xff\xe1" + struct.pack(">H", len(body) + 2) + body + b"\xff\xda\0\x08\x01\x01\0\0?\0\xff\xd9"


def pdf_created(value: str) -> bytes:
    import pypdf

    writer = pypdf.PdfWriter(clone_from=pypdf.PdfReader(io.BytesIO(dw.pdf(["Page text."]))))
    writer.add_metadata({"/CreationDate": value})
    buf = io.BytesIO()
    writer.write(buf)
    return buf.getvalue()


def test_the_creation_stamp_of_office_opendocument_pdf_png_and_jpeg_files_is_read_with_its_field():
    day = dt.date(2026, 3, 5)
    docx = with_members(dw.docx(["Body."]), {"docProps/core.xml": core_properties("2026-03-05T16:40:00Z")})
    assert formats.created("a.docx", docx) == ("dcterms:created", day)
    assert extract("a.docx", docx).problem is None and "2026" not in extract("a.docx", docx).text
    xlsx = with_members(dw.xlsx({"S": [["x"]]}), {"docProps/core.xml": core_properties("2026-03-05")})
    assert formats.created("a.xlsx", xlsx) == ("dcterms:created", day)
    assert formats.created("a.odt", dw.odt(["x"], meta={"meta:creation-date": "2026-03-05T09:00:00.123"})) == \
        ("meta:creation-date", day)
    assert formats.created("a.fodt", dw.flat_odt(["x"], meta={"meta:creation-date": "2026-03-05T09:00:00"})) == \
        ("meta:creation-date", day)
    assert formats.created("a.pdf", pdf_created("D:20260305101500+01'00'")) == ("/CreationDate", day)
    # No /CreationDate: the XMP packet's xmp:CreateDate (docwriters' packet says 2031-01-01).
    assert formats.created("a.pdf", dw.pdf(["x"], xmp=dw.xmp_packet({"title": "T"}))) == \
        ("xmp:CreateDate", dt.date(2031, 1, 1))
    assert formats.created("a.png", png_stamped("Thu, 05 Mar 2026 10:00:00 GMT")) == ("Creation Time", day)
    assert formats.created("a.png", png_stamped("2026-03-05T10:00:00+01:00", b"zTXt")) == ("Creation Time", day)
    assert formats.created("a.jpg", jpeg_exif(original="2026:03:05 10:00:00", modified="2026:04:01 08:00:00")) == \
        ("EXIF DateTimeOriginal", day)
    assert formats.created("a.jpeg", jpeg_exif(modified="2026:03:05 10:00:00", order=">")) == ("EXIF DateTime", day)


def test_a_file_without_a_stamp_or_with_one_that_gives_no_day_has_none():
    assert formats.created("a.docx", dw.docx(["Body."])) is None  # no docProps/core.xml
    assert formats.created("a.odt", dw.odt(["x"])) is None
    assert formats.created("a.pdf", dw.pdf(["x"])) is None
    assert formats.created("a.md", b"created: 2026-03-05") is None  # not a format that keeps one
    assert formats.created("a.png", dw.png({"Software": "Greenshot"})) is None
    for said in ("yesterday", "2026", "2026-02-30", "0000:00:00 00:00:00", "2026-03-05" + "x" * 300):
        assert formats.created("a.png", png_stamped(said)) is None, said
    assert formats.created("a.jpg", jpeg_exif(original="0000:00:00 00:00:00")) is None


def test_a_hostile_or_damaged_stamp_gives_none_and_never_raises():
    png = png_stamped("2026-03-05")
    at = png.index(b"tEXt") - 4
    assert formats.created("a.png", png[:at + 20]) is None  # the chunk cut short
    past_the_end = png[:at] + struct.pack(">I", 1 << 31) + png[at + 4:]
    assert formats.created("a.png", past_the_end) is None
    jpeg = jpeg_exif(original="2026:03:05 10:00:00")
    tiff = jpeg.index(b"II*\0")
    for at, value in ((tiff + 4, 1 << 30), (tiff + 4, 2), (tiff + 8 + 2 + 8, 0xFFFFFFF0)):  # IFD0, Exif pointer
        broken = jpeg[:at] + struct.pack("<I", value) + jpeg[at + 4:]
        assert formats.created("a.jpg", broken) is None
    assert formats.created("a.jpg", jpeg[:tiff + 12]) is None  # the block cut inside its first directory
    assert formats.created("a.jpg", b"\xff\xd8" + b"\xff\xe1\x00\x01" * 1000) is None  # lengths too short to move on
    bomb = with_members(dw.docx(["x"]), {"docProps/core.xml": "<!DOCTYPE x [<!ENTITY a 'b'>]><x>&a;</x>"})
    assert formats.created("a.docx", bomb) is None
    outside = with_members(dw.docx(["x"]), {"../docProps/core.xml": core_properties("2026-03-05")})
    assert formats.created("a.docx", outside) is None


@given(st.sampled_from(sorted(formats.STAMPED)), st.binary(max_size=400), st.integers(0, 400))
@settings(max_examples=300, deadline=None)
def test_created_never_raises_on_damaged_bytes(ext, noise, at):
    stamped = {".docx": with_members(dw.docx(["x"]), {"docProps/core.xml": core_properties("2026-03-05")}),
               ".png": png_stamped("2026-03-05"), ".jpg": jpeg_exif(original="2026:03:05 10:00:00"),
               ".pdf": pdf_created("D:20260305")}
    good = stamped.get(ext, stamped[".png"])
    damaged = good[:at] + noise + good[at + len(noise):]
    result = formats.created("a" + ext, damaged)
    assert result is None or isinstance(result.day, dt.date)


def _with_members(package_bytes: bytes, extra: dict[str, bytes], edit=None) -> bytes:
    """A copy of a zip package with members added (and one member's bytes changed by `edit`)."""
    src = zipfile.ZipFile(io.BytesIO(package_bytes))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        for info in src.infolist():
            data = src.read(info)
            if edit is not None:
                data = edit(info.filename, data)
            zf.writestr(info.filename, data)
        for name, data in extra.items():
            zf.writestr(name, data)
    return out.getvalue()


def test_a_workbooks_defined_names_are_read_with_their_comments():
    def edit(name, data):
        if name != "xl/workbook.xml":
            return data
        return data.replace(b"</sheets>", b'</sheets><definedNames><definedName name="NoticeCheck" comment="PASS if the '
                                          b'notice names the employer">Review!$A$1</definedName><definedName '
                                          b'name="_xlnm.Print_Area" localSheetId="0">Review!$A$1:$B$2</definedName>'
                                          b'</definedNames>')
    e = extract("review.xlsx", _with_members(dw.xlsx({"Review": [["Item", "Status"]]}), {}, edit))
    assert e.problem is None
    lines = e.text.splitlines()
    assert "NoticeCheck: Review!$A$1 (PASS if the notice names the employer)" in lines
    assert e.part_at(lines.index("NoticeCheck: Review!$A$1 (PASS if the notice names the employer)") + 1) == \
        "xl/workbook.xml (defined names)"
    assert not any("Print_Area" in line for line in lines)  # Excel's own names are not the author's


def test_a_word_files_custom_xml_data_and_imported_pages_are_read():
    page = b"<html><body><p>Dear Avery,</p><p>The covenant now names the parishes.</p><script>x()</script></body></html>"
    data = _with_members(dw.docx(["Shell"]), {
        "customXml/item1.xml": b'<?xml version="1.0"?><rubric><acceptance>PASS if the email cites the threshold.'
                               b'</acceptance><owner>QA</owner></rubric>',
        "customXml/itemProps1.xml": b'<?xml version="1.0"?><ds:datastoreItem xmlns:ds="urn:x" ds:itemID="{1}"/>',
        "word/afchunk.htm": page})
    e = extract("shell.docx", data)
    lines = e.text.splitlines()
    assert lines[0] == "Shell"
    assert "The covenant now names the parishes." in lines and not any("x()" in line for line in lines)
    assert "PASS if the email cites the threshold." in lines and "QA" in lines
    assert e.part_at(lines.index("PASS if the email cites the threshold.") + 1) == "customXml/item1.xml (custom XML data)"
    assert e.part_at(lines.index("Dear Avery,") + 1) == "word/afchunk.htm (imported page)"
    assert not any("datastoreItem" in line for line in lines)


def test_a_custom_xml_part_with_a_doctype_is_refused_as_the_body_would_be():
    data = _with_members(dw.docx(["Shell"]), {
        "customXml/item1.xml": b'<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaa">]><r>&a;</r>'})
    assert extract("shell.docx", data).status == "unreadable"


def test_an_xlsx_print_header_and_footer_are_read_as_a_printed_page_shows_them():
    book = dw.xlsx({"Tracker": [["Name", "Status"], ["Avery", "Signed"]]})
    header = ("<headerFooter><oddHeader>&amp;L&amp;\"Arial,Bold\"&amp;12PASS if the restraint&amp;Cends within two "
              "years&amp;Rof the last day &amp;&amp; no later</oddHeader><oddFooter>&amp;LPage &amp;P of &amp;N"
              "&amp;RFAIL if it runs longer</oddFooter></headerFooter>")
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(book)) as src, zipfile.ZipFile(out, "w") as dst:
        for item in src.infolist():
            body = src.read(item)
            if item.filename.startswith("xl/worksheets/sheet"):
                body = body.replace(b"</worksheet>", header.encode() + b"</worksheet>")
            dst.writestr(item, body)
    text = extract("tracker.xlsx", out.getvalue()).text
    assert "PASS if the restraint ends within two years of the last day & no later" in text
    assert "Page of FAIL if it runs longer" in text
    assert "&amp;" not in text and "Arial" not in text


def test_a_document_a_data_file_carries_in_base64_is_read_as_the_document_it_is():
    import base64
    import json

    note = "# Notice\n\nThe agreement does not apply to an invention you made on your own time and equipment.\n"
    envelope = {"status": "created", "documents": [
        {"name": "notice.md", "documentBase64": base64.b64encode(note.encode() * 3).decode()},
        {"name": "letter.docx", "documentBase64": base64.b64encode(dw.docx(["Dear Sasha, welcome aboard."])).decode()},
        {"name": "logo.png", "documentBase64": base64.b64encode(b"\x89PNG\r\n" + bytes(range(256)) * 2).decode()}]}
    # JSON may write each slash of the base64 as '\/'
    got = extract("envelope.json", json.dumps(envelope, indent=2).replace("/", "\\/").encode())
    assert got.text.count("does not apply to an invention you made") == 3
    assert "Dear Sasha, welcome aboard." in got.text
    labels = {label.split(" word/")[0] for label, _ in got.parts}
    assert labels == {"base64 document on line 6", "base64 document on line 10"}  # the image (line 14) is no document
    assert got.text.startswith("{")  # the file's own text comes first, its lines where they were


def test_a_document_written_into_a_json_string_is_read_again_as_its_lines():
    import json

    agreement = "\n\n".join(["# Covenant Agreement", "This Agreement is made as of January 5, 2027 between Halden "
                             "Freight, Inc. and Sasha Orr, who agree to the terms below.",
                             "1. Confidentiality. Sasha keeps the company's confidential information in confidence "
                             "during employment and after it ends.", "2. Governing law. Illinois law governs."])
    packet = {"id": "ONB-7", "agreement_markdown": agreement, "note": "ready\nto sign",  # short: no document
              "blob": "x\\n" * 150}  # long and broken into lines, but no prose
    got = extract("packet.json", json.dumps(packet, indent=2).encode())
    assert [label for label, _ in got.parts] == ["text of the string on line 3"]
    assert "2. Governing law. Illinois law governs." in got.text.split("\n")
    assert got.text.startswith("{")
    # The same string in a YAML block is already lines of the file: read once.
    import yaml
    got = extract("packet.yaml", yaml.safe_dump({"agreement": agreement}, default_style="|").encode())
    assert got.parts == () and got.text.count("Illinois law governs.") == 1


def test_a_windows_export_saved_as_utf16_is_text_whatever_its_extension():
    reg = ('Windows Registry Editor Version 5.00\r\n\r\n[HKEY_CURRENT_USER\\Software\\Firm\\Add-in]\r\n'
           '"Standard"="PASS if the form contains only contract terms."\r\n')
    got = extract("settings.reg", b"\xff\xfe" + reg.encode("utf-16-le"))
    assert got.status == "text" and '"Standard"="PASS if the form contains only contract terms."' in got.text.split("\n")
    # The same two bytes opening a binary file do not make it text.
    assert extract("blob.bin", b"\xff\xfe" + bytes(range(256)) * 4).status == "binary"


def test_a_docx_document_variable_is_read_and_an_empty_one_is_not():
    settings_xml = ('<w:settings xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:docVars>'
                    '<w:docVar w:name="QA_Expected" w:val="PASS if the letter names the two   exceptions."/>'
                    '<w:docVar w:name="Empty" w:val=" "/></w:docVars></w:settings>')
    got = extract("letter.docx", _with_members(dw.docx(["Dear client,"]), {"word/settings.xml": settings_xml.encode()}))
    assert "QA_Expected: PASS if the letter names the two exceptions." in got.text
    assert "Empty" not in got.text
    assert [part for part, _line in got.parts] == ["word/document.xml", "word/settings.xml (document variables)"]
    assert [part for part, _ in extract("plain.docx", dw.docx(["Dear client,"])).parts] == ["word/document.xml"]


def test_strings_written_into_a_worksheets_formulas_are_read():
    book = dw.xlsx({"Check": [["Ticked", "Rubric"], ["N", ""]]})
    with zipfile.ZipFile(io.BytesIO(book)) as z:
        sheet = z.read("xl/worksheets/sheet1.xml").decode()
    formula = '<c r="B2"><f>IF(A2="Y","PASS if the note lists ""every"" change",IF(A2="N","n/a",""))</f><v></v></c>'
    assert '<c r="B2"' in sheet
    sheet = sheet.replace('<c r="B2"', formula + '<c r="Z2"', 1)
    got = extract("check.xlsx", _with_members(book, {}, lambda n, d: sheet.encode() if n == "xl/worksheets/sheet1.xml" else d))
    assert 'PASS if the note lists "every" change' in got.text
    assert "n/a" not in got.text.split("(text in formulas)")[-1]  # a string of fewer than three words is not read


def test_a_form_fields_placeholder_and_label_are_read_from_html():
    page = ('<html><body><form><textarea placeholder="PASS if the notice names the carve-out"></textarea>'
            '<input aria-label="Reviewer initials"></form></body></html>')
    got = extract("review.html", page.encode())
    assert "PASS if the notice names the carve-out" in got.text and "Reviewer initials" in got.text


def test_an_eml_part_that_declares_base64_but_is_plain_text_is_a_problem():
    good = dw.eml(subject="Follow-up", sender="a@example.com", to="b@example.com", body="Plain words here.")
    assert extract("ok.eml", good).problem is None
    bad = (b"From: a@example.com\nTo: b@example.com\nSubject: Follow-up\nMIME-Version: 1.0\n"
           b"Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: base64\n\n"
           b"Wendell, thanks for the call. The notice goes out with the offer.\n")
    assert "declares Content-Transfer-Encoding base64 but is not base64" in (extract("bad.eml", bad).problem or "")
    encoded = bad.replace(b"Wendell, thanks for the call. The notice goes out with the offer.\n",
                          b"V2VuZGVsbCwgdGhhbmtzLg==\n")
    assert extract("encoded.eml", encoded).problem is None


def test_a_tracked_change_later_than_the_creation_stamp_is_the_files_stamp():
    doc = dw.with_tracked_deletion(dw.docx(["Section 1."]), "old words")
    doc = _with_members(doc, {}, lambda n, d: d.replace(b'w:author="Partner"', b'w:author="Partner" '
                                                        b'w:date="2026-10-28T15:40:00Z"') if n == "word/document.xml" else d)
    stamp = formats.created("edits.docx", doc)
    assert stamp == formats.Stamp(formats.REVISED, dt.date(2026, 10, 28))
    assert formats.created("plain.docx", dw.docx(["Section 1."])) is None or \
        formats.created("plain.docx", dw.docx(["Section 1."])).field == "dcterms:created"


def test_a_presentation_that_lists_a_slide_the_package_lacks_is_a_problem():
    deck = dw.pptx([["Week one"], ["Week two"]])
    assert extract("deck.pptx", deck).problem is None
    with zipfile.ZipFile(io.BytesIO(deck)) as z:
        kept = {n: z.read(n) for n in z.namelist() if n != "ppt/slides/slide2.xml"}
    got = extract("deck.pptx", dw.package(kept))
    assert "ppt/slides/slide2.xml, which is not in the file" in (got.problem or "")
    assert "Week one" in (got.text or "")


def test_office_templates_and_macro_enabled_files_are_read_as_their_plain_forms():
    """Word opens a .dotx or .docm as it does a .docx: the agent reads its text, so the audit does too. The
    declared main content type must still be the extension's own."""
    plain = dw.docx(["Notice under section 2872.", "Received by the employee."])
    template = _retyped(plain, "wordprocessingml.document.main+xml", "wordprocessingml.template.main+xml")
    e = extract("notice.dotx", template)
    assert e.status == "text" and e.problem is None
    assert lines(e)[:2] == ["Notice under section 2872.", "Received by the employee."]
    assert "template kind of file" in extract("notice.docx", template).problem
    assert "not a .dotx document" in extract("notice.dotx", plain).problem
    macro = _retyped(plain, "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml",
                     "application/vnd.ms-word.document.macroEnabled.main+xml")
    assert extract("notice.docm", macro).problem is None and "macro-enabled" in extract("notice.docx", macro).problem
    book = _retyped(dw.xlsx({"Fees": [["Item", "Amount"], ["Retainer", "5000"]]}), "spreadsheetml.sheet.main+xml",
                    "spreadsheetml.template.main+xml")
    assert "Retainer" in (extract("fees.xltx", book).text or "") and extract("fees.xltx", book).problem is None



def _retyped(package: bytes, old: str, new: str) -> bytes:
    """An Office package whose [Content_Types].xml declares `new` where it declared `old`."""
    with zipfile.ZipFile(io.BytesIO(package)) as z:
        types = z.read("[Content_Types].xml").decode()
    assert old in types
    return with_members(package, {"[Content_Types].xml": types.replace(old, new)})


def test_an_html_fragment_in_a_json_string_is_read_as_the_pages_words():
    """A Teams or Graph chat export keeps each message's body as HTML in a JSON string: its entities and tags are
    undone, so a statute quoted there reads as written."""
    import json

    body = ("<p>For the paperwork, the notice rule, C.R.S. &sect; 8-2-113(4)(b): &ldquo;An employer shall provide the "
            "notice in a separate document and in clear and conspicuous terms in the language in which the worker and "
            "employer communicate.&rdquo;</p><p>Thanks!</p>")
    chat = {"value": [{"id": "1", "body": {"contentType": "html", "content": body}},
                      {"id": "2", "body": {"contentType": "html", "content": "<p>Short reply.</p>"}}]}
    got = extract("chat.json", json.dumps(chat, indent=2).encode())
    assert [label for label, _ in got.parts] == ["text of the string on line 7"]
    assert "the notice rule, C.R.S. § 8-2-113(4)(b): \u201cAn employer shall provide" in got.text
    assert "<p>" not in got.text.split("\n", 20)[-1]


def test_a_message_a_link_carries_is_read_percent_decoded():
    page = ('<html><body><a href="mailto:noor@example.com?subject=Riley%20offer&amp;body=Dear%20Noor%2C%0A%0ARiley'
            '%27s%20%24104%2C000%20is%20between%20the%20two%20thresholds.">Open in Outlook</a>'
            '<a href="https://example.com/search?q=a%20b&amp;text=ok">short</a></body></html>')
    got = extract("portal.html", page.encode())
    assert "Riley's $104,000 is between the two thresholds." in got.text.split("\n")
    assert "Dear Noor," in got.text and "text=ok" in got.text and "\nok\n" not in got.text  # too short to be a message


def test_a_redline_page_is_also_read_with_its_deletions_taken_out():
    page = ("<html><body><h1>Agreement</h1><p>Made as of <del class='x'>January 4, 2026</del><ins>December 14, 2026"
            "</ins> between the parties.</p><p>Salary <s>$64,000</s> <ins>$71,500</ins>.</p></body></html>")
    got = extract("compare.html", page.encode())
    assert got.parts == ((formats.ACCEPTED_VIEW, 4),)
    assert lines(got)[3:] == ["Agreement", "Made as of December 14, 2026 between the parties.", "Salary $71,500."]
    assert "January 4, 2026" in got.text  # the page as shown still holds the deletion
    struck_only = extract("notes.html", b"<p>The <del>old</del> wording.</p>")  # no insertions: no redline
    assert struck_only.parts == () and lines(struck_only) == ["The old wording."]


def _renamed_main_part(data: bytes, *, point_rels: bool) -> bytes:
    """A Word package whose main part is stored as word/document2.xml (its own relationships moved
    with it); the package relationship points at it when `point_rels`."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            body = src.read(info)
            name = {"word/document.xml": "word/document2.xml",
                    "word/_rels/document.xml.rels": "word/_rels/document2.xml.rels"}.get(info.filename, info.filename)
            if info.filename == "[Content_Types].xml":
                body = body.replace(b"/word/document.xml", b"/word/document2.xml")
            if info.filename == "_rels/.rels" and point_rels:
                assert b"word/document.xml" in body
                body = body.replace(b"word/document.xml", b"word/document2.xml")
            dst.writestr(name, body)
    return out.getvalue()


def test_a_word_main_part_stored_under_another_name_is_read_where_the_package_points():
    data = dw.docx(["Dispatch: north route, Monday to Thursday."])
    moved = formats.extract("schedule.docx", _renamed_main_part(data, point_rels=True))
    assert (moved.status, moved.text, moved.problem) == ("text", "Dispatch: north route, Monday to Thursday.", None)
    # A package whose relationships still point at the usual name, which is not there, does not open.
    lost = formats.extract("schedule.docx", _renamed_main_part(data, point_rels=False))
    assert lost.status == formats.UNREADABLE and "word/document.xml is missing" in lost.problem


# -- Word field codes, relationships to parts a package lacks, XPS prints ------------------------------------------

def _field(instruction_runs: list[str], shown: str = "") -> str:
    """A Word paragraph holding one complex field whose instruction is split over `instruction_runs`."""
    runs = ['<w:r><w:fldChar w:fldCharType="begin"/></w:r>']
    runs += [f'<w:r><w:instrText xml:space="preserve">{escape(text)}</w:instrText></w:r>' for text in instruction_runs]
    runs += ['<w:r><w:fldChar w:fldCharType="separate"/></w:r>']
    runs += [f'<w:r><w:t>{escape(shown)}</w:t></w:r>'] if shown else []
    return "<w:p>" + "".join(runs) + '<w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>'


def _with_body(data: bytes, paragraphs: list[str]) -> bytes:
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        document = z.read("word/document.xml").decode("utf-8")
    return with_members(data, {"word/document.xml": document.replace("<w:body>", "<w:body>" + "".join(paragraphs), 1)})


def test_a_word_fields_quoted_branches_are_read_after_the_page_and_its_switches_are_not():
    data = _with_body(dw.docx(["Dear employee,"]), [
        _field([' IF "', ' MERGEFIELD Reviewer_Mode ', '" = "1" "The letter gives the start date and the salary" ',
                '"" '], shown=""),
        _field([' TOC \\o "1-3" \\h \\z \\u ']),
        '<w:p><w:fldSimple w:instr=\' QUOTE "Signed copies go to payroll by Friday" \'><w:r><w:t>Signed copies go to '
        'payroll by Friday</w:t></w:r></w:fldSimple></w:p>'])
    e = extract("letter.docx", data)
    codes = [label for label, _ in e.parts if label.endswith("(field codes)")]
    assert codes == ["word/document.xml (field codes)"]
    part = e.text.split("\n")[dict(e.parts)[codes[0]] - 1:]
    assert part == ["The letter gives the start date and the salary", "Signed copies go to payroll by Friday"]
    assert "MERGEFIELD" not in e.text and "1-3" not in e.text  # a field's name and switches are not text
    assert [label for label, _ in extract("plain.docx", dw.docx(["No fields."])).parts] == ["word/document.xml"]


def test_a_relationship_to_a_part_the_package_lacks_is_a_problem_and_the_text_still_reads():
    image = (f'<Relationship Id="rId5" Type="{dw.REL_TYPE}image" Target="media/image1.png"/>')
    data = with_members(dw.docx(["Badge portal: sign in."]), {"word/_rels/document.xml.rels": rels(image)})
    lost = extract("badge.docx", data)
    assert lost.text == "Badge portal: sign in."
    assert "word/_rels/document.xml.rels points relationship rId5 at word/media/image1.png" in lost.problem
    whole = with_members(data, {"word/media/image1.png": dw.png()})
    assert extract("badge.docx", whole).problem is None
    # An outside address, and the relationships of a part the package does not hold, are not followed.
    linked = with_members(dw.docx(["Body."]), {
        "word/_rels/document.xml.rels": rels(external("rId9", "hyperlink", "media/elsewhere.png")),
        "word/_rels/settings.xml.rels": rels(image)})
    assert extract("linked.docx", linked).problem is None
    # A percent-encoded target names the part it decodes to; the same check holds for a workbook.
    spaced = with_members(dw.docx(["Body."]), {
        "word/_rels/document.xml.rels": rels(image.replace("media/image1.png", "media/site%20photo.png")),
        "word/media/site photo.png": dw.png()})
    assert extract("spaced.docx", spaced).problem is None
    book = dw.xlsx({"Sheet1": [["a"]]})
    with zipfile.ZipFile(io.BytesIO(book)) as z:
        sheet_rels = z.read("xl/_rels/workbook.xml.rels").decode("utf-8")
    broken = with_members(book, {"xl/_rels/workbook.xml.rels": sheet_rels.replace(
        "</Relationships>", f'<Relationship Id="rId99" Type="{dw.REL_TYPE}theme" Target="theme/theme1.xml"/>'
                            "</Relationships>")})
    assert "xl/theme/theme1.xml, which is not in the file" in extract("book.xlsx", broken).problem


def test_an_xps_print_is_read_page_by_page_in_the_order_its_document_lists():
    data = dw.xps([["First page, line one", "{}{braced} line two"], ["Second page"]], title="Cover email",
                  order=[1, 0])
    e = extract("print.oxps", data)
    assert e.status == "text" and e.problem is None
    assert lines(e) == ["Second page", "First page, line one", "{braced} line two", "title: Cover email"]
    assert [label for label, _ in e.parts] == ["page 1", "page 2", "docProps/core.xml"]
    assert extract("print.xps", data).text == e.text  # the older Microsoft XPS name reads the same
    blank = extract("blank.oxps", dw.xps([[]]))
    assert blank.status == formats.NO_TEXT_LAYER
    broken = with_members(data, {"Documents/1/Pages/1.fpage": b"<FixedPage"})
    assert extract("print.oxps", broken).status == formats.UNREADABLE
    assert extract("print.oxps", b"not a zip").status == formats.UNREADABLE


def test_a_mind_map_is_read_node_by_node_each_branch_a_paragraph_and_objective_c_under_its_name_is_text():
    data = ('<map version="1.0.1"><node TEXT="Who owns the inventions?">'
            '<node TEXT="Cal. Lab. Code § 2860: &quot;Everything an employee acquires ...&quot;">'
            '<node TEXT="read with section 2870"/></node>'
            '<node TEXT="Prior inventions"><richcontent TYPE="NOTE"><html><body><p>Calibration method</p>'
            '<p>Listed in Exhibit A</p></body></html></richcontent><attribute NAME="owner" VALUE="employee"/></node>'
            '</node></map>').encode()
    e = extract("research/ip.mm", data)
    assert e.text.split("\n\n") == ["Who owns the inventions?",
                                    'Cal. Lab. Code § 2860: "Everything an employee acquires ..."\nread with section 2870',
                                    "Prior inventions\nCalibration method\nListed in Exhibit A\nowner: employee"]
    assert extract("ip.mm", b"<map><node TEXT='cut'").status == formats.UNREADABLE
    source = b"#import <Foundation/Foundation.h>\nint main(void) { return 0; }\n"
    assert (extract("main.mm", source).status, extract("main.mm", source).problem) == ("text", None)


def test_a_zip_under_an_applications_own_name_is_read_member_by_member_and_a_broken_one_stays_binary():
    bundle = dw.package({"info.json": '{"type": "net.daringfireball.markdown"}',
                         "text.markdown": "# Note to the partner\n\nSection 5 is void.\n"})
    e = extract("drafts/note.textpack", bundle)
    assert e.status == "text" and e.parts == (("member info.json", 1), ("member text.markdown", 2))
    assert "Section 5 is void." in e.text
    assert extract("drafts/note.textpack", bundle[:40]).status == formats.BINARY  # cut short: not read as a zip
    assert extract("notes.md", b"PK\x03\x04 is how a zip starts").text == "PK\x03\x04 is how a zip starts"


def test_a_vcalendar_1_export_is_read_as_a_calendar():
    vcs = ("BEGIN:VCALENDAR\r\nVERSION:1.0\r\nBEGIN:VEVENT\r\nDTSTART:20270112T150000Z\r\n"
           "SUMMARY;ENCODING=QUOTED-PRINTABLE:First day, sign=\r\n covenant agreement\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
    got = extract("calendar/first-day.vcs", vcs.encode())
    assert got.status == formats.TEXT and "Start: 2027-01-12 15:00 UTC" in got.text.splitlines()


def test_an_x12_interchange_is_read_a_segment_a_line_with_a_persons_data_labelled():
    isa = "ISA*00*          *00*          *ZZ*SENDER         *ZZ*RECEIVER       *261030*1015*^*00501*000000905*0*P*:"
    assert len(isa) == 105  # the 106th character is the segment terminator
    segments = [isa, "ST*834*0001", "REF*0F*412739856", "NM1*IL*1*Ellery*Jordan****34*412739856",
                "DMG*D8*19910314*U", "DTP*356*D8*20270105", "PER*IP**TE*3125550142*EM*hr@example.com", "SE*7*0001"]
    got = extract("benefits/enrolment.834", ("~\n".join(segments) + "~\n").encode())
    assert got.text.splitlines()[1:] == [
        "ST*834*0001", "subscriber number: 412739856",
        "Name (insured or subscriber): Jordan Ellery; Social Security number: 412739856",
        "Date of birth: 1991-03-14; gender: U", "Date (eligibility begin): 2027-01-05",
        "phone: 3125550142; email: hr@example.com", "SE*7*0001"]
    # the separators are the interchange's own: a '|' element separator and a newline terminator
    other = isa.replace("*", "|")[:104] + ">" + "\n" + "NM1|IL|1|Doe|Ann||||34|123456789\n"
    assert "Social Security number: 123456789" in extract("x.edi", other.encode()).text
    # a file under an X12 name that is no interchange is plain text
    assert extract("notes.edi", b"UNA:+.? 'UNB+UNOC:3'").text == "UNA:+.? 'UNB+UNOC:3'"


def test_a_sylk_sheet_is_read_a_row_a_line_in_the_ansi_code_page():
    slk = ('ID;PWXL;N;E\r\nC;Y1;X1;K"Criterion"\r\nC;X2;K"Pass standard; strict"\r\nC;Y2;X2;K"PASS if caf\xe9 hours '
           'are kept"\r\nC;Y2;X1;K"hours"\r\nE\r\n').replace("; strict", ";; strict")
    assert extract("review/marks.slk", slk.encode("cp1252")).text.splitlines() == [
        "Criterion\tPass standard; strict", "hours\tPASS if caf\u00e9 hours are kept"]
    assert extract("notes.slk", b"not a sheet").text == "not a sheet"
    # a cell placed at a far column keeps a bounded run of empty cells before it
    far = extract("far.slk", b'ID;P\r\nC;Y1;X1;K"a"\r\nC;X99999999;K"b"\r\n').text
    assert far == "a" + "\t" * 64 + "b"


def test_a_text_clipping_and_a_property_list_are_read_as_their_strings():
    import plistlib
    words = "PASS if every restraint ends within two years."
    clip = plistlib.dumps({"UTI-Data": {"public.utf8-plain-text": words.encode(),
                                        "public.utf16-plain-text": words.encode("utf-16-le")}},
                          fmt=plistlib.FMT_BINARY)
    got = extract("grading/PASS if every\u2026.textClipping", clip)
    assert got.status == formats.TEXT and got.text.count(words) == 1  # the two copies read once
    xml = plistlib.dumps({"URL": "https://intranet.example.com/forms", "when": dt.datetime(2026, 11, 2, 9, 30)})
    assert extract("link.webloc", xml).text.splitlines() == ["URL: https://intranet.example.com/forms",
                                                             "when: 2026-11-02 09:30:00"]
    assert extract("old.plist", b"{ a = b; }").text == "{ a = b; }"  # an old-style list is plain text


def _shell_link(target: str, relative: str) -> bytes:
    """A shortcut as Windows writes one: header, link information with a local base path, a relative path."""
    header = struct.pack("<I16sIIQQQIIIH10x", 0x4C, bytes.fromhex("0114020000000000c000000000000046"),
                         0x2 | 0x8 | 0x80, 0x20, 0, 0, 0, 0, 0, 1, 0)
    base = target.encode("cp1252") + b"\x00"
    info_header = 0x1C
    volume = struct.pack("<IIII", 0x10, 3, 0, 0x10)  # no label
    local = info_header + len(volume)
    suffix = local + len(base)
    body = volume + base + b"\x00"
    info = struct.pack("<7I", info_header + len(body), info_header, 0x1, info_header, local, 0, suffix) + body
    rel = relative.encode("utf-16-le")
    return header + info + struct.pack("<H", len(relative)) + rel


def test_a_windows_shortcut_is_read_as_the_paths_it_holds():
    data = _shell_link("C:\\Users\\akim\\Clients\\form.docx", "..\\Clients\\form.docx")
    assert len(data[:0x4C]) == 0x4C
    assert extract("form - Shortcut.lnk", data).text.splitlines() == [
        "Target: C:\\Users\\akim\\Clients\\form.docx", "Relative path: ..\\Clients\\form.docx"]
    assert extract("x.lnk", data[:0x50]).status == formats.BINARY  # cut short: no shortcut to read


def test_a_nacha_entry_is_read_with_its_fields_labelled():
    header = "101 1020000761847261930261113" + "1642A094101" + "FIRSTBANK".ljust(23) + "EXAMPLE CO".ljust(23) + " " * 8
    entry = ("622" + "10210407" + "1" + "004417362958".ljust(17) + "0000297917" + "EMP-0042".ljust(15)
             + "DOE JANE".ljust(22) + "  " + "0" + "102000070000001")
    assert len(header) == len(entry) == 94
    got = extract("payroll/run.ach", f"{header}\r\n{entry}\r\n".encode()).text.splitlines()
    assert got[1] == ("Entry: name: DOE JANE; bank routing number: 102104071; bank account number: 004417362958; "
                      "amount: 2979.17; individual identification number (SSN or employee number): EMP-0042")


def _wp51(body: bytes, *, major: int = 0, key: bytes = b"\x00\x00") -> bytes:
    """A WordPerfect file: the 16-byte prefix, then the document area."""
    return b"\xffWPC" + struct.pack("<I", 16) + bytes([1, 10, major, 1]) + key + b"\x00\x00" + body


def test_a_wordperfect_document_is_read_as_its_text():
    # text, a bold attribute (fixed-length codes), a hard return, a variable-length code, a hyphen
    body = b"Note to \xc3\x0c\xc3partner\xc4\x0c\xc4 on Section 5\x0aVoid at\xd4\x01\x04\x00\x00\x01\x02\x03 $71,500\xa9ok"
    got = extract("archive/note.wpd", _wp51(body))
    assert got.status == "text" and got.text == "Note to partner on Section 5\nVoid at $71,500-ok"
    # a WordPerfect 6 document: its printable runs; a password-protected one is no text
    assert "Section five" in extract("x.wpd", _wp51(b"\x00\xd4\x05Section five is void\x00", major=2)).text
    assert extract("x.wpd", _wp51(b"secret text", key=b"\x12\x34")).status == "binary"


def test_a_word_document_embedded_as_an_object_is_read_inside_its_host():
    inner = dw.docx(["WRITTEN NOTICE UNDER SECTION 2872", "Received by the employee."])
    host = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(dw.docx(["Onboarding pack"]))) as src, zipfile.ZipFile(host, "w") as dst:
        for item in src.infolist():
            dst.writestr(item, src.read(item.filename))
        dst.writestr("word/embeddings/Microsoft_Word_Document1.docx", inner)
    got = extract("pack.docx", host.getvalue())
    assert got.status == "text" and "Onboarding pack" in got.text and "WRITTEN NOTICE UNDER SECTION 2872" in got.text


def test_a_ledes_invoice_is_read_with_its_fields_named_and_its_date_first():
    text = ("LEDES1998B[]\r\nINVOICE_DATE|INVOICE_NUMBER|LINE_ITEM_DATE|LINE_ITEM_DESCRIPTION[]\r\n"
            "20261130|HF-26-11|20261120|Attend hand-over of the renewal[]\r\n")
    got = extract("billing/invoice.ledes.txt", text.encode())
    lines = got.text.splitlines()
    assert lines[:2] == ["LEDES1998B e-billing invoice", "Date: 2026-11-30"]
    assert "line item date: 2026-11-20; line item description: Attend hand-over of the renewal" in lines[2]
    # a text that merely mentions the format is read as it is
    assert extract("notes.txt", b"LEDES1998B is the billing format.\n").text == "LEDES1998B is the billing format."


def test_a_redline_docx_is_read_also_with_its_changes_accepted():
    body = ('<w:p><w:r><w:t xml:space="preserve">Agreement with </w:t></w:r><w:del w:id="1" w:author="P">'
            '<w:r><w:delText>Old Name</w:delText></w:r></w:del><w:ins w:id="2" w:author="P"><w:r><w:t>Granite Peak'
            '</w:t></w:r></w:ins><w:r><w:t xml:space="preserve"> at $71,500.</w:t></w:r></w:p>')
    data = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(dw.docx(["PLACEHOLDER"]))) as src, zipfile.ZipFile(data, "w") as dst:
        for item in src.infolist():
            part = src.read(item.filename)
            if item.filename == "word/document.xml":
                text = part.decode()
                start = text.index("<w:p>")
                end = text.index("</w:p>", start) + len("</w:p>")
                part = (text[:start] + body + text[end:]).encode()
            dst.writestr(item, part)
    got = extract("redline.docx", data.getvalue())
    assert got.text.splitlines() == ["Agreement with Old NameGranite Peak at $71,500.",
                                     "Agreement with Granite Peak at $71,500."]
    assert [p for p, _ in got.parts] == ["word/document.xml", formats.ACCEPTED_VIEW]


def test_an_outlook_message_is_read_with_its_headers_body_and_a_cut_one_is_unreadable():
    from adversarial.heldout import _r47_msg  # a compound-file writer (olefile reads, it does not write)
    data = _r47_msg(subject="RE: Tallis renewal", sender="Miriam Okafor", sender_email="miriam@example.com",
                    to="Lucien", body="Confirmed: Avery signs on the first day.\r\n",
                    headers="Received: from EXCH02.corp.firm.local (10.0.0.2)\r\nDate: Mon, 19 Oct 2026 09:12:40 +0100\r\n")
    got = extract("correspondence/RE_ renewal.msg", data)
    assert got.status == "text"
    assert got.text.splitlines()[:2] == ["Received: from EXCH02.corp.firm.local (10.0.0.2)",
                                         "Date: Mon, 19 Oct 2026 09:12:40 +0100"]
    assert "Subject: RE: Tallis renewal" in got.text and got.text.endswith("Confirmed: Avery signs on the first day.")
    cut = extract("cut.msg", data[:1536])
    assert cut.status == "unreadable" and "Outlook message" in cut.problem
    assert extract("notes.msg", b"plain words, not a compound file\n").status == "text"
