"""Writers for real workspace documents, made from scratch for the tests.

Each writer returns the bytes of one document in its real format: a PDF with a text layer
(Type1 Helvetica, text objects, a correct cross-reference table), a "scanned" PDF (an
image and no text), .docx, .xlsx, .pptx, OpenDocument (.odt, .ods, .odp) and .eml. Output is deterministic (fixed zip
timestamps, fixed dates), so a git tree built from it has the same id on every run.

They are minimal: the parts a reader needs and the relationships that tie them, no
styles, themes or slide masters. zipfile, pypdf and the e-mail parser read them; Word
and Excel open the .docx and .xlsx; PowerPoint may ask for a slide master.
"""

from __future__ import annotations

import datetime as dt
import email.policy
import hashlib
import io
import struct
import textwrap
import zipfile
import zlib
from email.message import EmailMessage
from xml.sax.saxutils import escape

ZIP_TIME = (2026, 3, 2, 9, 30, 0)
EMAIL_DATE = "Mon, 02 Mar 2026 09:30:00 -0500"

# -- PDF ---------------------------------------------------------------------------------

PAGE_WIDTH, PAGE_HEIGHT = 612, 792  # US Letter, in points
FONT_SIZE, LEADING, MARGIN = 11, 14, 72
LINES_PER_PAGE = (PAGE_HEIGHT - 2 * MARGIN) // LEADING
WRAP = 90


def _pdf_string(text: str) -> bytes:
    """A PDF literal string in WinAnsi (cp1252); what Helvetica cannot show becomes '?'."""
    raw = text.encode("cp1252", "replace")
    return b"(" + raw.replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)") + b")"


def _assemble_pdf(objects: list[bytes], root: int, info: int | None = None) -> bytes:
    """A PDF file from its numbered objects (1-based, in order), with an exact xref table."""
    out = io.BytesIO()
    out.write(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(out.tell())
        out.write(b"%d 0 obj\n" % number + body + b"\nendobj\n")
    xref = out.tell()
    out.write(b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1))
    for offset in offsets:
        out.write(b"%010d 00000 n \n" % offset)
    trailer = b"<< /Size %d /Root %d 0 R" % (len(objects) + 1, root)
    if info:
        trailer += b" /Info %d 0 R" % info
    out.write(b"trailer\n" + trailer + b" >>\nstartxref\n%d\n%%%%EOF\n" % xref)
    return out.getvalue()


def _stream(data: bytes, extra: bytes = b"", compress: bool = True) -> bytes:
    if compress:
        data = zlib.compress(data)
        extra += b" /Filter /FlateDecode"
    return b"<< /Length %d%s >>\nstream\n" % (len(data), extra) + data + b"\nendstream"


def page_lines(text: str, width: int = WRAP) -> list[str]:
    """How the PDF writer lays out a page's text: each paragraph line wrapped at `width`."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        lines.extend(textwrap.wrap(paragraph, width) or [""])
    return lines


def xmp_packet(properties: dict[str, str]) -> str:
    """An XMP packet as Acrobat writes one: each Dublin Core property (title, description, ...) as
    a default-language alternative, and a creation date and tool, which are history, not text."""
    dc = "".join(f'<dc:{name}><rdf:Alt><rdf:li xml:lang="x-default">{escape(value)}</rdf:li></rdf:Alt></dc:{name}>'
                 for name, value in properties.items())
    return ('<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/">'
            '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" '
            'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xmp="http://ns.adobe.com/xap/1.0/" '
            'xmp:CreateDate="2031-01-01T00:00:00Z">' + dc + '<xmp:CreatorTool>Writer 9.9</xmp:CreatorTool>'
            '</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>')


def pdf(pages: list[str], *, title: str | None = None, compress: bool = True,
        notes: dict[int, list[str]] | None = None, fields: dict[str, str] | None = None,
        xmp: str | None = None) -> bytes:
    """A PDF with a real text layer: one page per string, lines wrapped, Helvetica 11 pt; a Title
    in its document information when `title` is given; `notes` maps a 0-based page number to its
    sticky notes (each a closed /Text annotation with its /Popup), and such a page also gets a link;
    `fields` are filled text fields of a form (AcroForm) on the first page, each with a tooltip;
    `xmp`, the catalog's metadata packet (see `xmp_packet`)."""
    objects: list[bytes] = [b"", b"", b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica "
                            b"/Encoding /WinAnsiEncoding >>"]
    kids = []
    for text in pages:
        ops = [b"BT", b"/F1 %d Tf" % FONT_SIZE, b"%d TL" % LEADING, b"%d %d Td" % (MARGIN, PAGE_HEIGHT - MARGIN)]
        for i, line in enumerate(page_lines(text)[:LINES_PER_PAGE]):
            ops.append((b"" if i == 0 else b"T* ") + _pdf_string(line) + b" Tj")
        ops.append(b"ET")
        objects.append(_stream(b"\n".join(ops), compress=compress))
        content = len(objects)
        annots = []
        for note in (notes or {}).get(len(kids), []):
            objects.append(b"<< /Type /Annot /Subtype /Text /Rect [20 20 40 40] /Open false /T (Reviewer) "
                           b"/Contents " + _pdf_string(note) + b" /Popup %d 0 R >>" % (len(objects) + 2))
            objects.append(b"<< /Type /Annot /Subtype /Popup /Rect [40 40 200 120] /Parent %d 0 R "
                           b"/Contents " % len(objects) + _pdf_string(note) + b" >>")
            annots += [len(objects) - 1, len(objects)]
        if annots:
            objects.append(b"<< /Type /Annot /Subtype /Link /Rect [0 0 10 10] /Contents (go to the site) "
                           b"/A << /S /URI /URI (https://example.com/) >> >>")
            annots.append(len(objects))
        annot_ref = (b" /Annots [" + b" ".join(b"%d 0 R" % a for a in annots) + b"]") if annots else b""
        objects.append(b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %d %d] /Contents %d 0 R "
                       b"/Resources << /Font << /F1 3 0 R >> >>" % (PAGE_WIDTH, PAGE_HEIGHT, content)
                       + annot_ref + b" >>")
        kids.append(len(objects))
    widgets = []
    for name, value in (fields or {}).items():
        objects.append(b"<< /Type /Annot /Subtype /Widget /FT /Tx /Rect [50 50 250 70] /P %d 0 R /T " % kids[0]
                       + _pdf_string(name) + b" /V " + _pdf_string(value) + b" /TU (Fill in: "
                       + name.encode("latin-1") + b") >>")
        widgets.append(len(objects))
    form = (b" /AcroForm << /Fields [" + b" ".join(b"%d 0 R" % w for w in widgets) + b"] >>") if widgets else b""
    metadata = b""
    if xmp is not None:
        objects.append(_stream(xmp.encode("utf-8"), b" /Type /Metadata /Subtype /XML", compress=False))
        metadata = b" /Metadata %d 0 R" % len(objects)
    objects[0] = b"<< /Type /Catalog /Pages 2 0 R" + form + metadata + b" >>"
    objects[1] = (b"<< /Type /Pages /Kids [" + b" ".join(b"%d 0 R" % k for k in kids)
                  + b"] /Count %d >>" % len(kids))
    objects.append(b"<< " + (b"/Title " + _pdf_string(title) + b" " if title is not None else b"")
                   + b"/Producer (oafreeze test writer) >>")
    return _assemble_pdf(objects, root=1, info=len(objects))


def scanned_pdf(pages: int = 1, *, side: int = 48) -> bytes:
    """A PDF as a scanner makes it: each page one grey image, no font and no text at all."""
    objects: list[bytes] = [b"", b""]
    kids = []
    for n in range(pages):
        pixels = bytes((x * 5 + y * 3 + n * 17) % 256 for y in range(side) for x in range(side))
        objects.append(_stream(pixels, b" /Type /XObject /Subtype /Image /Width %d /Height %d "
                                       b"/ColorSpace /DeviceGray /BitsPerComponent 8" % (side, side)))
        image = len(objects)
        objects.append(_stream(b"q %d 0 0 %d 0 0 cm /Im0 Do Q" % (PAGE_WIDTH, PAGE_HEIGHT)))
        content = len(objects)
        objects.append(b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %d %d] /Contents %d 0 R "
                       b"/Resources << /XObject << /Im0 %d 0 R >> >> >>" % (PAGE_WIDTH, PAGE_HEIGHT, content, image))
        kids.append(len(objects))
    objects[0] = b"<< /Type /Catalog /Pages 2 0 R >>"
    objects[1] = (b"<< /Type /Pages /Kids [" + b" ".join(b"%d 0 R" % k for k in kids)
                  + b"] /Count %d >>" % len(kids))
    return _assemble_pdf(objects, root=1)


def raw_pdf(objects: list[bytes], *, root: int = 1) -> bytes:
    """A PDF from hand-written object bodies (for malformed and hostile cases)."""
    return _assemble_pdf(objects, root=root)


# -- Office packages ----------------------------------------------------------------------

W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PKG_REL = "http://schemas.openxmlformats.org/package/2006/relationships"
CT = "http://schemas.openxmlformats.org/package/2006/content-types"
S = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
P = "http://schemas.openxmlformats.org/presentationml/2006/main"
A = "http://schemas.openxmlformats.org/drawingml/2006/main"
REL_TYPE = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/"
WML = "application/vnd.openxmlformats-officedocument.wordprocessingml."
SML = "application/vnd.openxmlformats-officedocument.spreadsheetml."
PML = "application/vnd.openxmlformats-officedocument.presentationml."
DECL = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'


def package(members: dict[str, str | bytes]) -> bytes:
    """A zip in the order given, deflated, with fixed timestamps."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in members.items():
            z.writestr(zipfile.ZipInfo(name, ZIP_TIME), data.encode("utf-8") if isinstance(data, str) else data,
                       compress_type=zipfile.ZIP_DEFLATED)
    return buf.getvalue()


def _content_types(overrides: dict[str, str]) -> str:
    return (DECL + f'<Types xmlns="{CT}">'
            '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
            '<Default Extension="xml" ContentType="application/xml"/>'
            + "".join(f'<Override PartName="/{part}" ContentType="{kind}"/>' for part, kind in overrides.items())
            + "</Types>")


def _rels(targets: list[tuple[str, str]]) -> str:
    return (DECL + f'<Relationships xmlns="{PKG_REL}">'
            + "".join(f'<Relationship Id="rId{i}" Type="{REL_TYPE}{kind}" Target="{target}"/>'
                      for i, (kind, target) in enumerate(targets, 1))
            + "</Relationships>")


def _w_paragraph(text: str) -> str:
    return f'<w:p><w:r><w:t xml:space="preserve">{escape(text)}</w:t></w:r></w:p>'


def docx(paragraphs: list[str], *, header: str | None = None, footer: str | None = None,
         footnotes: list[str] = (), endnotes: list[str] = (), comments: list[str] = ()) -> bytes:
    """A Word document: body paragraphs, and optionally a header, footer, footnotes, endnotes, comments.

    Footnotes and endnotes are referenced from the last paragraph; each comment is anchored on
    the first paragraph."""
    body = [_w_paragraph(p) for p in paragraphs] or ["<w:p/>"]
    notes_refs = "".join(f'<w:r><w:footnoteReference w:id="{i}"/></w:r>' for i in range(1, len(footnotes) + 1))
    notes_refs += "".join(f'<w:r><w:endnoteReference w:id="{i}"/></w:r>' for i in range(1, len(endnotes) + 1))
    if notes_refs:
        body[-1] = body[-1][:-len("</w:p>")] + notes_refs + "</w:p>"
    if comments:
        starts = "".join(f'<w:commentRangeStart w:id="{i}"/>' for i in range(len(comments)))
        ends = "".join(f'<w:commentRangeEnd w:id="{i}"/><w:r><w:commentReference w:id="{i}"/></w:r>'
                       for i in range(len(comments)))
        body[0] = body[0].replace("<w:p>", "<w:p>" + starts, 1)[:-len("</w:p>")] + ends + "</w:p>"
    members: dict[str, str] = {}
    overrides = {"word/document.xml": WML + "document.main+xml"}
    rels: list[tuple[str, str]] = []
    sect = ""
    for kind, text in (("header", header), ("footer", footer)):
        if text is None:
            continue
        tag = "hdr" if kind == "header" else "ftr"
        members[f"word/{kind}1.xml"] = DECL + f'<w:{tag} xmlns:w="{W}">{_w_paragraph(text)}</w:{tag}>'
        overrides[f"word/{kind}1.xml"] = WML + f"{kind}+xml"
        rels.append((kind, f"{kind}1.xml"))
        sect += f'<w:{kind}Reference w:type="default" r:id="rId{len(rels)}"/>'
    for kind, texts in (("footnote", footnotes), ("endnote", endnotes)):
        if not texts:
            continue
        notes = "".join(f'<w:{kind} w:id="{i}"><w:p><w:r><w:t xml:space="preserve">{escape(t)}</w:t></w:r></w:p>'
                        f"</w:{kind}>" for i, t in enumerate(texts, 1))
        separators = (f'<w:{kind} w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:{kind}>'
                      f'<w:{kind} w:type="continuationSeparator" w:id="0"><w:p><w:r><w:continuationSeparator/>'
                      f"</w:r></w:p></w:{kind}>")
        members[f"word/{kind}s.xml"] = DECL + f'<w:{kind}s xmlns:w="{W}">{separators}{notes}</w:{kind}s>'
        overrides[f"word/{kind}s.xml"] = WML + f"{kind}s+xml"
        rels.append((f"{kind}s", f"{kind}s.xml"))
    if comments:
        members["word/comments.xml"] = (DECL + f'<w:comments xmlns:w="{W}">' + "".join(
            f'<w:comment w:id="{i}" w:author="Reviewer" w:date="2026-03-02T09:30:00Z" w:initials="R">'
            f"{_w_paragraph(c)}</w:comment>" for i, c in enumerate(comments)) + "</w:comments>")
        overrides["word/comments.xml"] = WML + "comments+xml"
        rels.append(("comments", "comments.xml"))
    document = (DECL + f'<w:document xmlns:w="{W}" xmlns:r="{R}"><w:body>' + "".join(body)
                + f'<w:sectPr>{sect}<w:pgSz w:w="12240" w:h="15840"/></w:sectPr></w:body></w:document>')
    out: dict[str, str] = {
        "[Content_Types].xml": _content_types(overrides),
        "_rels/.rels": _rels([("officeDocument", "word/document.xml")]),
        "word/document.xml": document,
        "word/_rels/document.xml.rels": _rels(rels),
    }
    out.update(members)
    return package(out)


def _column(index: int) -> str:
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


def xlsx(sheets: dict[str, list[list[str | int | float]]], *, inline: set[str] = frozenset()) -> bytes:
    """A workbook: one sheet per entry (name -> rows). Strings go to the shared-strings table,
    except in sheets named in `inline`, whose strings are written as inline strings; a date is
    written as Excel writes it, a day count in a cell styled with the built-in date format 14."""
    shared: dict[str, int] = {}
    members: dict[str, str] = {}
    overrides = {"xl/workbook.xml": SML + "sheet.main+xml"}
    sheet_refs, rels = [], []
    for n, (name, rows) in enumerate(sheets.items(), 1):
        xml_rows = []
        for r, row in enumerate(rows, 1):
            cells = []
            for c, value in enumerate(row):
                ref = f"{_column(c)}{r}"
                if isinstance(value, dt.date):
                    serial = (value - dt.date(1899, 12, 30)).days
                    cells.append(f'<c r="{ref}" s="1"><v>{serial}</v></c>')
                elif isinstance(value, (int, float)) and not isinstance(value, bool):
                    cells.append(f'<c r="{ref}"><v>{value}</v></c>')
                elif name in inline:
                    cells.append(f'<c r="{ref}" t="inlineStr"><is><t xml:space="preserve">{escape(str(value))}</t>'
                                 "</is></c>")
                else:
                    index = shared.setdefault(str(value), len(shared))
                    cells.append(f'<c r="{ref}" t="s"><v>{index}</v></c>')
            xml_rows.append(f'<row r="{r}">{"".join(cells)}</row>')
        members[f"xl/worksheets/sheet{n}.xml"] = (DECL + f'<worksheet xmlns="{S}"><sheetData>{"".join(xml_rows)}'
                                                  "</sheetData></worksheet>")
        overrides[f"xl/worksheets/sheet{n}.xml"] = SML + "worksheet+xml"
        rels.append(("worksheet", f"worksheets/sheet{n}.xml"))
        sheet_refs.append(f'<sheet name="{escape(name, {chr(34): "&quot;"})}" sheetId="{n}" r:id="rId{n}"/>')
    if shared:
        members["xl/sharedStrings.xml"] = (
            DECL + f'<sst xmlns="{S}" count="{len(shared)}" uniqueCount="{len(shared)}">'
            + "".join(f'<si><t xml:space="preserve">{escape(s)}</t></si>' for s in shared) + "</sst>")
        overrides["xl/sharedStrings.xml"] = SML + "sharedStrings+xml"
        rels.append(("sharedStrings", "sharedStrings.xml"))
    overrides["xl/styles.xml"] = SML + "styles+xml"
    rels.append(("styles", "styles.xml"))
    out = {
        "[Content_Types].xml": _content_types(overrides),
        "_rels/.rels": _rels([("officeDocument", "xl/workbook.xml")]),
        "xl/workbook.xml": DECL + f'<workbook xmlns="{S}" xmlns:r="{R}"><sheets>{"".join(sheet_refs)}</sheets>'
                           "</workbook>",
        "xl/_rels/workbook.xml.rels": _rels(rels),
        "xl/styles.xml": DECL + f'<styleSheet xmlns="{S}"><cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="14"/>'
                         "</cellXfs></styleSheet>",
    }
    out.update(members)
    return package(out)


def pptx(slides: list[list[str]], *, notes: dict[int, str] | None = None) -> bytes:
    """A presentation: one slide per list of text boxes (no master or theme, see the module note).
    `notes` maps a 1-based slide number to its speaker notes."""
    members: dict[str, str] = {}
    overrides = {"ppt/presentation.xml": PML + "presentation.main+xml"}
    ids, rels = [], []
    for n, boxes in enumerate(slides, 1):
        shapes = "".join(
            f'<p:sp><p:nvSpPr><p:cNvPr id="{i + 2}" name="Text {i + 1}"/><p:cNvSpPr txBox="1"/><p:nvPr/></p:nvSpPr>'
            f'<p:spPr/><p:txBody><a:bodyPr/><a:p><a:r><a:t>{escape(text)}</a:t></a:r></a:p></p:txBody></p:sp>'
            for i, text in enumerate(boxes))
        members[f"ppt/slides/slide{n}.xml"] = (
            DECL + f'<p:sld xmlns:p="{P}" xmlns:a="{A}" xmlns:r="{R}"><p:cSld><p:spTree><p:nvGrpSpPr>'
            '<p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>'
            f"{shapes}</p:spTree></p:cSld></p:sld>")
        overrides[f"ppt/slides/slide{n}.xml"] = PML + "slide+xml"
        rels.append(("slide", f"slides/slide{n}.xml"))
        ids.append(f'<p:sldId id="{255 + n}" r:id="rId{n}"/>')
        if notes and n in notes:
            members[f"ppt/notesSlides/notesSlide{n}.xml"] = (
                DECL + f'<p:notes xmlns:p="{P}" xmlns:a="{A}"><p:cSld><p:spTree><p:sp><p:txBody><a:bodyPr/>'
                f"<a:p><a:r><a:t>{escape(notes[n])}</a:t></a:r></a:p></p:txBody></p:sp></p:spTree></p:cSld></p:notes>")
            overrides[f"ppt/notesSlides/notesSlide{n}.xml"] = PML + "notesSlide+xml"
            members[f"ppt/slides/_rels/slide{n}.xml.rels"] = _rels(
                [("notesSlide", f"../notesSlides/notesSlide{n}.xml")])
    out = {
        "[Content_Types].xml": _content_types(overrides),
        "_rels/.rels": _rels([("officeDocument", "ppt/presentation.xml")]),
        "ppt/presentation.xml": (DECL + f'<p:presentation xmlns:p="{P}" xmlns:r="{R}"><p:sldIdLst>{"".join(ids)}'
                                 '</p:sldIdLst><p:sldSz cx="9144000" cy="6858000"/></p:presentation>'),
        "ppt/_rels/presentation.xml.rels": _rels(rels),
    }
    out.update(members)
    return package(out)


# -- OpenDocument ----------------------------------------------------------------------------

ODF_NS = ('xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
          'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
          'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
          'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" '
          'xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0" '
          'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" '
          'xmlns:meta="urn:oasis:names:tc:opendocument:xmlns:meta:1.0" '
          'xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:dc="http://purl.org/dc/elements/1.1/"')
ODF_TYPES = {"odt": "application/vnd.oasis.opendocument.text", "ods": "application/vnd.oasis.opendocument.spreadsheet",
             "odp": "application/vnd.oasis.opendocument.presentation"}


def odf(kind: str, body: str, *, header: str | None = None, meta: dict[str, str] | None = None,
        mimetype: str | None = None) -> bytes:
    """An OpenDocument package as LibreOffice writes it: the mimetype first and stored, the
    manifest, content.xml holding `body` (the XML inside office:body), styles.xml with a page
    header when given, meta.xml with `meta`'s Dublin Core / meta fields (a date among them)."""
    mime = mimetype or ODF_TYPES[kind]
    para = f"<text:p>{escape(header)}</text:p>" if header is not None else ""
    fields = "".join(f"<{k}>{escape(v)}</{k}>" for k, v in (meta or {}).items())
    members = {
        "META-INF/manifest.xml": (DECL + '<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:'
                                  f'manifest:1.0" manifest:version="1.3"><manifest:file-entry manifest:full-path="/" '
                                  f'manifest:media-type="{mime}"/></manifest:manifest>'),
        "content.xml": (DECL + f'<office:document-content {ODF_NS} office:version="1.3"><office:automatic-styles/>'
                        f"<office:body>{body}</office:body></office:document-content>"),
        "styles.xml": (DECL + f'<office:document-styles {ODF_NS} office:version="1.3"><office:master-styles>'
                       f'<style:master-page style:name="Standard"><style:header>{para}</style:header>'
                       "</style:master-page></office:master-styles></office:document-styles>"),
        "meta.xml": (DECL + f'<office:document-meta {ODF_NS} office:version="1.3"><office:meta>{fields}'
                     "<dc:date>2031-02-02T09:30:00</dc:date></office:meta></office:document-meta>"),
    }
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr(zipfile.ZipInfo("mimetype", ZIP_TIME), mime, compress_type=zipfile.ZIP_STORED)
        for name, data in members.items():
            z.writestr(zipfile.ZipInfo(name, ZIP_TIME), data, compress_type=zipfile.ZIP_DEFLATED)
    return buf.getvalue()


def flat_odt(paragraphs: list[str], *, header: str | None = None, meta: dict[str, str] | None = None) -> bytes:
    """A flat OpenDocument text (.fodt) as LibreOffice saves it: one office:document holding the
    metadata, the page styles with their header, and the body (paragraphs already XML)."""
    fields = "".join(f"<{k}>{escape(v)}</{k}>" for k, v in (meta or {}).items())
    para = f"<text:p>{escape(header)}</text:p>" if header is not None else ""
    body = "".join(f"<text:p>{p}</text:p>" for p in paragraphs)
    return (DECL + f'<office:document {ODF_NS} office:version="1.3" office:mimetype="{ODF_TYPES["odt"]}">'
            f"<office:meta>{fields}<dc:date>2031-02-02T09:30:00</dc:date></office:meta>"
            f'<office:master-styles><style:master-page style:name="Standard"><style:header>{para}</style:header>'
            f"</style:master-page></office:master-styles>"
            f"<office:body><office:text>{body}</office:text></office:body></office:document>").encode()


def odt(paragraphs: list[str], **kw) -> bytes:
    """A text document, one text:p per paragraph (already XML: inline markup is kept)."""
    return odf("odt", "<office:text>" + "".join(f"<text:p>{p}</text:p>" for p in paragraphs) + "</office:text>", **kw)


def ods(sheets: dict[str, list[list[str]]], **kw) -> bytes:
    """A spreadsheet of string cells, one table:table per sheet."""
    tables = "".join(
        f'<table:table table:name="{escape(name)}">' + "".join(
            "<table:table-row>" + "".join(f'<table:table-cell office:value-type="string"><text:p>{escape(v)}'
                                          "</text:p></table:table-cell>" for v in row) + "</table:table-row>"
            for row in rows) + "</table:table>" for name, rows in sheets.items())
    return odf("ods", f"<office:spreadsheet>{tables}</office:spreadsheet>", **kw)


def odp(slides: list[str], *, notes: dict[int, str] | None = None, **kw) -> bytes:
    """A presentation: one text box a slide; `notes` maps a 1-based slide number to its notes."""
    pages = "".join(
        f'<draw:page draw:name="page{n}"><draw:frame><draw:text-box><text:p>{escape(text)}</text:p></draw:text-box>'
        "</draw:frame>" + (f"<presentation:notes><draw:frame><draw:text-box><text:p>{escape(notes[n])}</text:p>"
                           "</draw:text-box></draw:frame></presentation:notes>" if notes and n in notes else "")
        + "</draw:page>" for n, text in enumerate(slides, 1))
    return odf("odp", f"<office:presentation>{pages}</office:presentation>", **kw)


# -- e-mail --------------------------------------------------------------------------------

ATTACHMENT_TYPES = {"pdf": ("application", "pdf"), "docx": ("application", WML[len("application/"):] + "document"),
                    "xlsx": ("application", SML[len("application/"):] + "sheet"), "md": ("text", "markdown"),
                    "txt": ("text", "plain")}


def eml(*, subject: str, sender: str, to: str, body: str, html: str | None = None,
        attachments: list[tuple[str, bytes]] = (), date: str = EMAIL_DATE, cc: str | None = None) -> bytes:
    """An RFC 5322 message with a text body, an optional HTML alternative and attachments.
    An attachment named *.eml is attached as a message (message/rfc822)."""
    msg = EmailMessage()
    msg["From"], msg["To"], msg["Subject"], msg["Date"] = sender, to, subject, date
    if cc:
        msg["Cc"] = cc
    msg["Message-ID"] = f"<{hashlib.sha256((subject + body).encode()).hexdigest()[:16]}@example.com>"
    msg.set_content(body)
    if html is not None:
        msg.add_alternative(html, subtype="html")
    for name, data in attachments:
        ext = name.rsplit(".", 1)[-1].lower()
        if ext == "eml":
            inner = email.message_from_bytes(data, policy=email.policy.default)
            msg.add_attachment(inner, filename=name)
        elif ATTACHMENT_TYPES.get(ext, ("", ""))[0] == "text":
            msg.add_attachment(data.decode("utf-8"), subtype=ATTACHMENT_TYPES[ext][1], filename=name)
        else:
            maintype, subtype = ATTACHMENT_TYPES.get(ext, ("application", "octet-stream"))
            msg.add_attachment(data, maintype=maintype, subtype=subtype, filename=name)
    # The e-mail package draws MIME boundaries at random; fixed ones keep the bytes reproducible.
    digest = hashlib.sha256(msg["Message-ID"].encode()).hexdigest()[:20]
    for n, part in enumerate(p for p in msg.walk() if p.is_multipart() and p.get_boundary() is None):
        part.set_boundary(f"=_part{n}_{digest}")
    return msg.as_bytes(policy=email.policy.default.clone(linesep="\r\n"))


def _png_chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def png(text: dict[str, str] | None = None, *, itxt: dict[str, str] | None = None, xmp: str | None = None) -> bytes:
    """A 2x2 grey PNG, as a screenshot tool saves it, with tEXt chunks `text`, iTXt chunks `itxt`
    (UTF-8) and an XMP packet (iTXt "XML:com.adobe.xmp")."""
    rows = b"".join(b"\0" + b"\x80\x80\x80" * 2 for _ in range(2))
    chunks = [_png_chunk(b"IHDR", struct.pack(">IIBBBBB", 2, 2, 8, 2, 0, 0, 0))]
    chunks += [_png_chunk(b"tEXt", k.encode("latin-1") + b"\0" + v.encode("latin-1")) for k, v in (text or {}).items()]
    itxt = {**(itxt or {}), **({"XML:com.adobe.xmp": xmp} if xmp else {})}
    chunks += [_png_chunk(b"iTXt", k.encode("latin-1") + b"\0\0\0\0\0" + v.encode("utf-8")) for k, v in itxt.items()]
    chunks += [_png_chunk(b"IDAT", zlib.compress(rows)), _png_chunk(b"IEND", b"")]
    return b"\x89PNG\r\n\x1a\n" + b"".join(chunks)


def jpeg(*, comment: str | None = None, description: str | None = None, xp_title: str | None = None) -> bytes:
    """The header segments of a JPEG as a camera or Windows' Properties dialog writes them: a COM
    segment, EXIF's ImageDescription (ASCII) and XPTitle (UTF-16), then the scan and the end marker."""
    def segment(marker: int, body: bytes) -> bytes:
        return bytes([0xFF, marker]) + struct.pack(">H", len(body) + 2) + body

    out = b"\xff\xd8"
    if comment is not None:
        out += segment(0xFE, comment.encode("utf-8"))
    tags = [(0x010E, 2, description.encode("ascii") + b"\0")] if description is not None else []
    tags += [(0x9C9B, 1, xp_title.encode("utf-16-le") + b"\0\0")] if xp_title is not None else []
    if tags:
        data_at = 8 + 2 + 12 * len(tags) + 4
        entries, data = b"", b""
        for tag, kind, value in tags:
            entries += struct.pack("<HHII", tag, kind, len(value), data_at + len(data))
            data += value
        tiff = b"II*\0" + struct.pack("<I", 8) + struct.pack("<H", len(tags)) + entries + b"\0\0\0\0" + data
        out += segment(0xE1, b"Exif\0\0" + tiff)
    return out + segment(0xDA, b"\0\x01\x01\0\0?\0") + b"\x00" * 16 + b"\xff\xd9"


def with_tracked_deletion(data: bytes, text: str, *, split: int = 0) -> bytes:
    """A .docx with one more paragraph that is a tracked deletion of `text` (w:del around w:delText),
    as Word saves it with Track Changes on; `split` cuts the deleted text into two runs there."""
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        members = {n: z.read(n) for n in z.namelist()}
    runs = [text[:split], text[split:]] if split else [text]
    deleted = "".join(f'<w:r><w:delText xml:space="preserve">{escape(r)}</w:delText></w:r>' for r in runs)
    members["word/document.xml"] = members["word/document.xml"].replace(
        b"</w:body>", f'<w:p><w:del w:id="1" w:author="Partner">{deleted}</w:del></w:p></w:body>'.encode())
    return package(members)


XPS = "http://schemas.openxps.org/oxps/v1.0"


def xps(pages: list[list[str]], *, title: str | None = None, order: list[int] | None = None) -> bytes:
    """An OpenXPS print (ECMA-388): a fixed document sequence, one fixed document, a fixed page per
    entry of `pages` holding each line as a Glyphs element's UnicodeString. The document lists its
    pages in `order` (indexes into `pages`; all in turn by default), stored as Pages/1.fpage, ..."""
    listed = order if order is not None else list(range(len(pages)))
    members: dict[str, str | bytes] = {
        "[Content_Types].xml": (DECL + f'<Types xmlns="{CT}">'
                                '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.'
                                'relationships+xml"/>'
                                '<Default Extension="fdseq" ContentType="application/vnd.ms-package.xps-'
                                'fixeddocumentsequence+xml"/>'
                                '<Default Extension="fdoc" ContentType="application/vnd.ms-package.xps-'
                                'fixeddocument+xml"/>'
                                '<Default Extension="fpage" ContentType="application/vnd.ms-package.xps-'
                                'fixedpage+xml"/>'
                                '<Default Extension="xml" ContentType="application/xml"/></Types>'),
        "_rels/.rels": (DECL + f'<Relationships xmlns="{PKG_REL}">'
                        f'<Relationship Id="R0" Type="{XPS}/fixedrepresentation" Target="/FixedDocumentSequence.fdseq"/>'
                        + (f'<Relationship Id="R1" Type="{PKG_REL}/metadata/core-properties" '
                           'Target="/docProps/core.xml"/>' if title else "") + "</Relationships>"),
        "FixedDocumentSequence.fdseq": (DECL + f'<FixedDocumentSequence xmlns="{XPS}">'
                                        '<DocumentReference Source="Documents/1/FixedDocument.fdoc"/>'
                                        '</FixedDocumentSequence>'),
        "Documents/1/FixedDocument.fdoc": (DECL + f'<FixedDocument xmlns="{XPS}">'
                                           + "".join(f'<PageContent Source="Pages/{i + 1}.fpage"/>' for i in listed)
                                           + "</FixedDocument>"),
    }
    for i, lines in enumerate(pages):
        glyphs = "".join(f'<Glyphs OriginX="96" OriginY="{96 + 18 * n}" FontRenderingEmSize="12" '
                         f'UnicodeString="{escape(line, {chr(34): "&quot;"})}" Fill="#FF000000"/>'
                         for n, line in enumerate(lines))
        members[f"Documents/1/Pages/{i + 1}.fpage"] = (DECL + f'<FixedPage Width="816" Height="1056" xmlns="{XPS}" '
                                                       f'xml:lang="en-US"><Canvas>{glyphs}</Canvas></FixedPage>')
    if title:
        members["docProps/core.xml"] = (DECL + '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/'
                                        'package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/'
                                        f'1.1/"><dc:title>{escape(title)}</dc:title></cp:coreProperties>')
    return package(members)
