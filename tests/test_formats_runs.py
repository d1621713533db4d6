"""The text of WordprocessingML and DrawingML parts: the quick reader (`formats._quick_runs`, one
regular expression over the elements that matter) must give exactly what expat's events give
(`formats._Runs`), or decline and leave the part to the events.

The parts are written here, and generated (hypothesis) from the pieces a Word or PowerPoint part is
made of: paragraphs, runs, text with entities and character references, tabs, breaks, table rows,
pictures with alternative text in either quote style, tracked deletions, and the forms the quick
reader declines (comments, CDATA, another encoding, markup inside a text element)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from oafreeze.corpus import formats

W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'
TEXT_SETS = [None, {"text"}, {"t", "text"}]


def by_events(data: bytes, text=None) -> str:
    reader = formats._Runs(formats._Budget(), text)
    formats._parse_xml(data, "part", reader.start, reader.end, reader.text)
    return "".join(reader.out)


def quickly(data: bytes, text=None) -> str | None:
    reader = formats._Runs(formats._Budget(), text)
    return formats._quick_runs(data, "part", frozenset(reader.TEXT), frozenset(reader.BREAK))


def doc(body: str, declaration: str = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n') -> bytes:
    return f'{declaration}<w:document {W}><w:body>{body}</w:body></w:document>'.encode("utf-8")


def test_a_plain_part_is_read_quickly_and_the_same_as_by_events():
    data = doc('<w:p><w:pPr><w:tabs><w:tab w:val="left" w:pos="720"/></w:tabs></w:pPr>'
               '<w:r><w:t xml:space="preserve">Fees &amp; costs </w:t></w:r><w:r><w:tab/><w:t>&#x201C;net&#8221;</w:t>'
               '</w:r><w:r><w:br/><w:t/><w:delText>struck</w:delText></w:r></w:p>'
               '<w:tbl><w:tr><w:tc><w:p><w:r><w:t>cell</w:t></w:r></w:p></w:tc></w:tr></w:tbl><w:p/>'
               '<w:p><w:r><w:drawing><wp:inline xmlns:wp="urn:wp"><wp:docPr id="1" name="x" '
               "descr='a &gt; b\r\n  chart' title=\"Fees\"/></wp:inline></w:drawing></w:r></w:p>")
    quick = quickly(data)
    assert quick is not None
    assert quick == by_events(data)
    assert "Fees & costs \t\u201cnet\u201d\nstruck\n" in quick and "\nFees a > b chart\n" in quick


@pytest.mark.parametrize("body, declaration", [
    ("<w:p><!-- <w:t>hidden</w:t> --><w:r><w:t>seen</w:t></w:r></w:p>", None),
    ("<w:p><w:r><w:t><![CDATA[a < b]]></w:t></w:r></w:p>", None),
    ("<w:p><?mso-application progid='Word.Document'?><w:r><w:t>x</w:t></w:r></w:p>", None),
    ("<w:p><w:r><w:t>one<w:x/>two</w:t></w:r></w:p>", None),
    ("<w:p><w:r><w:t>caf\u00e9</w:t></w:r></w:p>", '<?xml version="1.0" encoding="ISO-8859-1"?>'),
])
def test_what_the_quick_reader_cannot_read_exactly_is_left_to_the_events(body, declaration):
    text = f'{declaration or ""}<w:document {W}><w:body>{body}</w:body></w:document>'
    data = text.encode("latin-1" if declaration and "8859" in declaration else "utf-8")
    assert quickly(data) is None
    reader = formats._Runs(formats._Budget())
    assert reader.read(data, "part") == by_events(data)  # read through the events


def test_a_part_without_pictures_is_read_by_one_expression_and_the_same_as_by_events():
    data = doc('<w:p w:rsidR="00A1"><w:r><w:t xml:space="preserve">Fees &amp; </w:t></w:r><w:r><w:tab/>'
               '<w:t>&#x201C;net&#8221;</w:t><w:delText>struck</w:delText><w:t/></w:r><w:r><w:br/><w:cr/></w:r></w:p>'
               '<w:tbl><w:tr w:rsidR="1"><w:tc><w:p><w:r><w:t>cell</w:t></w:r></w:p></w:tc></w:tr></w:tbl><w:p/>')
    assert formats._plain_runs(data.decode("utf-8")) == by_events(data) == \
        "Fees & \t\u201cnet\u201dstruck\n\n\ncell\n\n\n"
    # a text element holding markup is counted, and left to the element-by-element reading
    nested = doc("<w:p><w:r><w:t>one<w:x/>two</w:t></w:r></w:p>").decode("utf-8")
    assert formats._plain_runs(nested) is None


def test_a_part_that_is_not_well_formed_or_has_a_doctype_is_still_refused():
    with pytest.raises(formats._Refused, match="not well-formed"):
        formats._Runs(formats._Budget()).read(doc("<w:p><w:r><w:t>open</w:r></w:p>"), "word/document.xml")
    with pytest.raises(formats._Refused, match="DOCTYPE"):
        formats._Runs(formats._Budget()).read(
            b'<?xml version="1.0"?><!DOCTYPE d [<!ENTITY e "x">]><w:document ' + W.encode() + b'>&e;</w:document>',
            "word/document.xml")


def test_a_part_with_a_prefix_no_declaration_binds_is_refused_and_any_bound_prefix_is_read():
    with pytest.raises(formats._Refused, match="unbound prefix"):
        formats._Runs(formats._Budget()).read(doc('<w:p w14:paraId="1A2B3C4D"><w:r><w:t>x</w:t></w:r></w:p>'),
                                               "word/document.xml")
    ns0 = W.replace("xmlns:w=", "xmlns:ns0=")
    data = f'<ns0:document {ns0}><ns0:body><ns0:p><ns0:r><ns0:t>fine</ns0:t></ns0:r></ns0:p></ns0:body></ns0:document>'
    assert formats._Runs(formats._Budget()).read(data.encode(), "word/document.xml").strip() == "fine"


def test_the_text_budget_still_refuses_a_part_too_large_to_read_whole():
    budget = formats._Budget()
    budget.chars = 10
    with pytest.raises(formats._Refused, match="too large"):
        formats._Runs(budget).read(doc("<w:p><w:r><w:t>eleven char</w:t></w:r></w:p>"), "part")


_WORDS = st.sampled_from(["Fees", "net", " ", "a&amp;b", "&lt;x&gt;", "&#233;", "&#x2014;", "tab\tin", "line\r\nend",
                          "q&quot;", "&apos;s", ">", "\u00a7 2.1", ""])
_TEXT_EL = st.sampled_from(["w:t", "w:delText", "a:t", "t", "w:text", "text"])
_ALT = st.tuples(st.sampled_from(["title", "descr", "wp:descr", "name"]), _WORDS, st.sampled_from(['"', "'"]))


@st.composite
def _piece(draw) -> str:
    kind = draw(st.sampled_from(["text", "empty-text", "tab", "br", "cr", "p", "tr", "picture", "run-props", "other"]))
    if kind == "text":
        tag, space = draw(_TEXT_EL), draw(st.sampled_from(["", ' xml:space="preserve"']))
        return f"<{tag}{space}>{draw(_WORDS)}</{tag} >"
    if kind == "empty-text":
        return f"<{draw(_TEXT_EL)}/>"
    if kind in ("tab", "br", "cr"):
        return f"<w:{kind}/>" if draw(st.booleans()) else f"<a:{kind}></a:{kind}>"
    if kind in ("p", "tr"):
        inner = "".join(draw(st.lists(st.sampled_from(["<w:r><w:t>x</w:t></w:r>", "<w:pPr/>", "<w:tab/>"]),
                                      max_size=3)))
        return f"<w:{kind}>{inner}</w:{kind}>" if inner or draw(st.booleans()) else f"<w:{kind}/>"
    if kind == "picture":
        alts = draw(st.lists(_ALT, max_size=3, unique_by=lambda a: a[0]))
        attrs = "".join(f" {k}={q}{v.replace(q, '')}{q}" for k, v, q in alts)
        return f'<wp:docPr id="1"{attrs}/>' if draw(st.booleans()) else f"<pic:cNvPr{attrs}></pic:cNvPr>"
    if kind == "run-props":
        return '<w:rPr><w:b/><w:sz w:val="24"/><w:tblPr/><w:pPr/></w:rPr>'
    return draw(st.sampled_from(['<w:tabs><w:tab w:val="left"/></w:tabs>', "<w:tbl/>", "<w:proofErr/>",
                                 "<w:bookmarkStart w:name='t'/>", "<w:fldSimple w:instr=' PAGE '/>"]))


@settings(max_examples=300, deadline=None)
@given(st.lists(_piece(), max_size=12), st.sampled_from(TEXT_SETS), st.booleans())
def test_any_part_made_of_word_pieces_reads_the_same_quickly_and_by_events(pieces, text, bom):
    body = "".join(pieces)
    data = (b"\xef\xbb\xbf" if bom else b"") + (
        f'<?xml version="1.0" encoding="utf-8"?>\n<w:document {W} xmlns:a="urn:a" xmlns:wp="urn:wp" '
        f'xmlns:pic="urn:pic"><w:body>{body}</w:body></w:document>').encode("utf-8")
    quick = quickly(data, text)
    assert quick is not None
    assert quick == by_events(data, text)
