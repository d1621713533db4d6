"""H09 seeded-law provenance: declared law says where it comes from; quoted law is declared."""

from __future__ import annotations

import pytest

import io
import textwrap
import zipfile

from hygiene_helpers import env_with, found, task_json, workspace

from oafreeze.corpus.statutes import citation_in, law_passages
from oafreeze.hygiene.items.h09_seeded_law import placeholder

STATUTE = ("Any covenant not to compete that restricts the right of any person to receive compensation for "
           "performance of labor for any employer is void, and an employer shall not present one to a worker.")


def test_missing_provenance_absent_quote_and_future_verification(tmp_path):
    task = task_json()
    law = task["oafreeze"]["seeded_law"][0]
    del law["verified_against"]
    law["quote"] = "a covenant not to compete is enforceable"
    law["verified_on"] = "2026-07-01"
    hits = found(env_with(tmp_path, task), "H09")
    where = {(f.location, f.evidence) for f in hits}
    assert ("$.oafreeze.seeded_law[0].verified_against", "C.R.S. § 8-2-113") in where
    assert ("$.oafreeze.seeded_law[0].quote", "a covenant not to compete is enforceable") in where
    assert ("$.oafreeze.seeded_law[0].verified_on", "2026-07-01") in where


@pytest.mark.parametrize("blank", ["", "  ", "\t\n"])
def test_a_provenance_field_of_blanks_is_not_declared(tmp_path, blank):
    task = task_json()
    task["oafreeze"]["seeded_law"][0]["verified_against"] = blank
    hits = [f for f in found(env_with(tmp_path, task), "H09") if "does not declare verified_against" in f.message]
    assert [(f.severity, f.location) for f in hits] == [("major", "$.oafreeze.seeded_law[0].verified_against")]


def test_quoted_statute_text_that_no_entry_declares_is_major(tmp_path):
    files = {**workspace(), "partner-email.md": f'# Note\n\nC.R.S. § 8-2-113(2)(a) says: "{STATUTE}"\n'}
    hits = found(env_with(tmp_path, files=files), "H09")
    assert [(f.severity, f.path, f.location) for f in hits] == [("major", "documents/partner-email.md", 3)]
    assert "8-2-113" in hits[0].message


def test_undeclared_law_in_a_word_document_is_found(tmp_path):
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr("[Content_Types].xml", "<Types/>")
        zf.writestr("word/document.xml", '<w:document xmlns:w="urn:w"><w:body><w:p><w:r><w:t>'
                    f"Cal. Bus. &amp; Prof. Code § 16600(a) provides: &quot;{STATUTE}&quot;</w:t></w:r></w:p>"
                    "</w:body></w:document>")
    hits = found(env_with(tmp_path, files={**workspace(), "research.docx": buf.getvalue()}), "H09")
    assert [(f.severity, f.path) for f in hits] == [("major", "documents/research.docx")]


def test_statute_text_quoted_in_corner_brackets_under_a_japanese_citation_is_found(tmp_path):
    memo = f"# 投資家側法務チームのコメント\n\nカリフォルニア州ビジネス・職業法典第16600条(a)は次のとおり定めています。「{STATUTE}」\n"
    hits = found(env_with(tmp_path, files={**workspace(), "comments-ja.md": memo}), "H09")
    assert [(f.severity, f.path) for f in hits] == [("major", "documents/comments-ja.md")]
    assert [cite for _, _, cite in law_passages(memo)] == ["法典第16600条(a)"]
    # A contract's own article ("本契約第3条") names no law.
    assert law_passages(f"本契約第3条は次のとおり定める。「{STATUTE}」\n") == []


def test_an_excerpt_file_left_behind_when_the_declarations_are_removed(tmp_path):
    task = task_json()
    task["oafreeze"]["seeded_law"] = []
    files = {**workspace(), "colorado-statute-excerpt.md": f"# C.R.S. § 8-2-113 (excerpt)\n\n{STATUTE}\n"}
    hits = found(env_with(tmp_path, task, files), "H09")
    assert [(f.severity, f.path) for f in hits] == [("major", "documents/colorado-statute-excerpt.md")]


def test_passages_are_quoted_or_under_a_citation_heading_and_sound_enacted():
    text = (f'# Memo\n\nWe think the clause is fine.\n\n"{STATUTE}" (C.R.S. § 8-2-113)\n\n'
            f'> {STATUTE}\n> (RCW 49.62.020)\n\n"A short quote, C.R.S. § 1."\n')
    found_cites = [cite for _, _, cite in law_passages(text)]
    assert found_cites == ["C.R.S. § 8-2-113", "RCW 49.62.020"]


def test_a_quotation_that_finishes_the_laws_sentence_begun_after_its_citation_is_a_passage_of_law():
    said = ('N1  - RCW 49.62.020(1)(a)(i): a noncompetition covenant is void and unenforceable "unless the employer '
            'discloses the terms of the covenant in writing to the prospective employee no later than the time of the '
            'acceptance of the offer"\n')
    assert [cite for _, _, cite in law_passages(said)] == ["RCW 49.62.020"]
    # a clause of the writer's own between the citation and the quotation, or a sentence's end, is not the law's
    assert law_passages(said.replace("a noncompetition covenant is void and unenforceable", "the client wrote")) == []
    assert law_passages(said.replace("void and unenforceable ", "void and unenforceable. The client wrote ")) == []


def test_a_block_quote_attributed_on_the_line_under_it_is_a_passage_of_law():
    text = f"# Briefing\n\nThe statute now reads:\n\n> {STATUTE}\n\n(820 ILCS 90/10)\n\nMore prose follows here.\n"
    assert [cite for _, _, cite in law_passages(text)] == ["820 ILCS 90/10"]
    # A long paragraph after the quote that happens to cite something is not its attribution.
    long_after = f"> {STATUTE}\n\n" + "A paragraph of our own analysis that goes on " * 4 + "(820 ILCS 90/10).\n"
    assert law_passages(f"# Briefing\n\n{long_after}") == []


def test_near_miss_quote_found_across_a_line_break_and_curly_quotes(tmp_path):
    files = workspace()
    files["colorado-statute-excerpt.md"] = ("# C.R.S. § 8-2-113\n\nExcept as provided, a covenant\n"
                                            "not to compete is void.\n")
    assert found(env_with(tmp_path, files=files), "H09") == []


def test_a_quote_found_only_with_other_spacing_is_a_note(tmp_path):
    files = workspace()  # retyped with two spaces after each full stop
    files["colorado-statute-excerpt.md"] = ("# C.R.S. § 8-2-113\n\nExcept as provided, a covenant not to compete is "
                                            "void.  Nothing else applies.\n")
    task = task_json()
    task["oafreeze"]["seeded_law"][0]["quote"] = "a covenant not to compete is void. Nothing else applies."
    hits = found(env_with(tmp_path, task, files), "H09")
    assert [(f.severity, f.location) for f in hits] == [("minor", "$.oafreeze.seeded_law[0].quote")]
    assert "other spacing" in hits[0].message


def test_near_miss_declared_statute_text_quoted_again_in_a_memo(tmp_path):
    task = task_json()
    task["oafreeze"]["seeded_law"][0]["quote"] = STATUTE
    files = {**workspace(), "colorado-statute-excerpt.md": f"# C.R.S. § 8-2-113\n\n{STATUTE}\n",
             "memo.md": f'# Memo\n\nThe statute (C.R.S. § 8-2-113) says "{STATUTE}"\n'}
    # Verified text quoted again is no defect; that no entry names the memo is said for the record.
    hits = found(env_with(tmp_path, task, files), "H09")
    assert [(f.severity, f.path) for f in hits] == [("info", "documents/memo.md")]
    assert "colorado-statute-excerpt.md" in hits[0].message


def test_statute_text_that_is_illegal_and_void_in_a_footnote_is_found(tmp_path):
    text = ("A covenant not to compete is illegal and void unless the employer advises the employee in writing to "
            "consult an attorney first")
    files = {**workspace(), "guide.md": f'# Guide\n\nRead it first.[^1]\n\n[^1]: 820 ILCS 90/20 reads: "{text}"\n'}
    hits = found(env_with(tmp_path, files=files), "H09")
    assert [(f.severity, f.path, f.location) for f in hits] == [("major", "documents/guide.md", 5)]


# --- statute text cited without "§" ----------------------------------------------------------------


def test_quoted_statute_text_cited_without_a_section_sign_is_major(tmp_path):
    files = {**workspace(),
             "research.md": f'# Research\n\nLabor Code section 925 is relevant.\n\n> {STATUTE}\n',
             "cfo-note.txt": f'The CFO sent this.\n\nC.R.S. 8-2-113(2)(a): "{STATUTE}"\n',
             "hr-memo.md": f'# HR memo\n\nThe rule in Section 16600 of the Business and Professions Code reads: '
                           f'"{STATUTE}"\n',
             "mn.md": f'# Minnesota\n\n"{STATUTE}" Minn. Stat. 181.988, subd. 2.\n'}
    hits = found(env_with(tmp_path, files=files), "H09")
    assert sorted((f.severity, f.path) for f in hits) == [
        ("major", "documents/cfo-note.txt"), ("major", "documents/hr-memo.md"), ("major", "documents/mn.md"),
        ("major", "documents/research.md")]
    assert any("Section 16600 of the Business and Professions Code" in f.message for f in hits)


def test_citations_are_recognised_with_and_without_the_section_sign():
    for cite in ("C.R.S. 8-2-113(8)(a)", "Cal. Lab. Code section 925", "Labor Code 2870", "820 ILCS 90/10",
                 "Section 16600 of the Business and Professions Code", "A.R.S. 23-494", "ORS 653.295",
                 "Mass. Gen. Laws ch. 149, s. 24L", "N.Y. Lab. Law 201-d", "Pub. L. No. 114-153", "Section 16600(a)",
                 "C.R.S. § 8-2-113"):
        m = citation_in(f"As {cite} provides,")
        assert m and m.group(0).removeprefix("As ") == cite, cite
    for reference in ("Section 4.2 of this Agreement", "§ 4.2 of this Agreement", "Section 12(b)",
                      "Section 101 of the Stock Purchase Agreement", "Section 3 of the Code of Conduct",
                      "Area Code 303", "Section 7 hereof", "556 U.S. 662", "version 2.4.1"):
        assert citation_in(f"As {reference} provides,") is None, reference


def test_near_miss_a_contract_quoting_its_own_sections(tmp_path):
    clause = ("The Employee shall not, during the Restricted Period, solicit any customer of the Company with whom "
              "the Employee had material contact in the last year of employment.")
    files = {**workspace(), "current-agreement.md": (
        f'# Current agreement\n\nSection 4.2 of this Agreement provides: "{clause}"\n\n'
        f'Under Section 12(b), "{clause}"\n\nSection 101 of the Stock Purchase Agreement states "{clause}"\n')}
    assert found(env_with(tmp_path, files=files), "H09") == []


@pytest.mark.parametrize("title, flagged", [
    ("Acme employee handbook (2025 edition): excerpt", False),   # the handbook's own section signs
    ("Acme code of conduct, as revised", False),
    ("Notes on the statute", True),                              # no private instrument named: a statute's
    ("Acme handbook notes on the Colorado Revised Statutes", True),  # a code named near: the law's
])
def test_a_bare_section_sign_in_a_document_that_quotes_a_private_instrument_is_not_law(tmp_path, title, flagged):
    text = (f"# {title}\n\n§ 4.2 Outside Employment. \"Employees may not work for a competitor while employed by the "
            "Company without the President's written approval.\"\n")
    hits = found(env_with(tmp_path, files={**workspace(), "excerpt.md": text}), "H09")
    assert [(f.severity, f.path) for f in hits] == ([("major", "documents/excerpt.md")] if flagged else [])


# --- placeholders in provenance ----------------------------------------------------------------------


def test_placeholder_provenance_is_major_at_its_field(tmp_path):
    task = task_json()
    law = task["oafreeze"]["seeded_law"][0]
    law.update(verified_against="n/a", verified_on="pending", effective_date="?")
    second = dict(law, citation="TBD", effective_date="2022-08-10", verified_on="2026-01-15",
                  verified_against="see above")
    task["oafreeze"]["seeded_law"].append(second)
    hits = found(env_with(tmp_path, task), "H09")
    assert sorted((f.severity, f.location, f.evidence) for f in hits) == [
        ("major", "$.oafreeze.seeded_law[0].effective_date", "?"),
        ("major", "$.oafreeze.seeded_law[0].verified_against", "n/a"),
        ("major", "$.oafreeze.seeded_law[0].verified_on", "pending"),
        ("major", "$.oafreeze.seeded_law[1].citation", "TBD"),
        ("major", "$.oafreeze.seeded_law[1].verified_against", "see above")]


def test_a_verification_that_says_it_did_not_happen_is_major(tmp_path):
    task = task_json()
    task["oafreeze"]["seeded_law"][0]["verified_against"] = "not yet verified; copied from a law firm's alert"
    hits = found(env_with(tmp_path / "a", task), "H09")
    assert [(f.severity, f.location) for f in hits] == [("major", "$.oafreeze.seeded_law[0].verified_against")]
    task["oafreeze"]["seeded_law"][0]["verified_against"] = "Colorado Revised Statutes, checked on the official site"
    assert found(env_with(tmp_path / "b", task), "H09") == []


def test_a_to_do_marker_inside_real_provenance_is_minor(tmp_path):
    task = task_json()
    task["oafreeze"]["seeded_law"][0]["verified_against"] = "Colorado Revised Statutes, official text (TODO: recheck)"
    hits = found(env_with(tmp_path, task), "H09")
    assert [(f.severity, f.location) for f in hits] == [("minor", "$.oafreeze.seeded_law[0].verified_against")]


def test_placeholders_are_told_from_real_values():
    for value in ("TODO", "tbd", "N/A", "na", "?", "??", "unknown", "XXX", "Pending", "see above", "Same as above",
                  "[source]", "<citation>", "TODO: check Westlaw", "to be confirmed", "--", "verified", "yes"):
        assert placeholder(value), value
    for value in ("", "Colorado Revised Statutes, official public text", "C.R.S. § 8-2-113", "2026-01-15",
                  "Pending Legislation Tracker, Illinois General Assembly", "N.A. Smith's annotated code",
                  "Westlaw, checked 2026-01-15", "Source: leginfo.legislature.ca.gov"):
        assert not placeholder(value), value


@pytest.mark.parametrize("open_, close", [("\u00ab ", " \u00bb"), ("\u201e", "\u201c"), ("\u00bb", "\u00ab")])
def test_statute_quoted_in_guillemets_or_german_quotes_is_a_passage_of_law(open_, close):
    text = f"# Nota\n\nla ley, C.R.S. § 8-2-113(2)(a), dice: {open_}{STATUTE}{close}\n"
    assert [cite for _, _, cite in law_passages(text)] == ["C.R.S. § 8-2-113(2)(a)"]


def test_a_statute_quoted_in_an_xml_export_is_found_though_attributes_carry_quotation_marks():
    xml = ('<?xml version="1.0" encoding="UTF-8"?>\n<flowdowns contractor="Acme, LLC">\n  <flowdown state="CO">\n'
           "    <citation>C.R.S. § 8-2-113(8)(a)</citation>\n    <clauseText>\"An employer shall not present to a "
           "worker as a term of employment any covenant that is void under this section.\"</clauseText>\n"
           "  </flowdown>\n</flowdowns>\n")
    [(offset, body, cite)] = law_passages(xml)
    assert body.startswith("An employer shall not") and cite == "C.R.S. § 8-2-113(8)(a)" and xml[offset] == '"'


def test_a_statute_in_an_html_q_element_is_a_quotation():
    html = ('<p class="statute" data-cite="La. R.S. 23:921(D)">La. R.S. 23:921(D) provides: <q cite="x">A person who '
            "becomes employed by a competing business may be deemed to be carrying on a similar business and "
            "shall not solicit.</q></p>\n")
    [(offset, body, cite)] = law_passages(html)
    assert body.startswith("A person who becomes employed") and cite.startswith("La. R.S. 23:921")


def test_a_deeming_provision_is_in_the_voice_of_a_statute():
    text = ('La. R.S. 23:921(D) provides: "For the purposes of Subsections B and C, a person who becomes employed by a '
            'competing business may be deemed to be carrying on a similar business."\n')
    assert [cite.startswith("La. R.S. 23:921") for _, _, cite in law_passages(text)] == [True]


def test_a_statute_set_off_after_a_colon_without_quotation_marks_is_a_passage():
    rst = ("Penalty exposure\n================\n\nRCW 49.62.080(3) provides:\n\n"
           "    If a court determines that a noncompetition covenant violates this chapter, the violator must pay\n"
           "    the aggrieved person the greater of actual damages or a statutory penalty of five thousand dollars.\n\n"
           "The penalty applies either way.\n")
    plain = rst.replace("    ", "")  # a PDF or plain export keeps the colon, not the indentation
    for text in (rst, plain):
        [(offset, body, cite)] = law_passages(text)
        assert cite == "RCW 49.62.080" and body.startswith("If a court determines") and "\n" not in body
    # A paragraph after a colon that introduces no text ("Next steps:") is set off only when indented.
    assert law_passages(plain.replace("provides:", "next steps:")) == []
    # A Word document's paragraphs are lines: the introducing line and the text share a paragraph.
    word = plain.replace("provides:\n\n", "provides:\n").replace(" pay\n", " pay ")
    [(offset, body, cite)] = law_passages(word)
    assert body.startswith("If a court determines") and word[offset:].startswith("If a court determines")


def test_a_declared_date_in_digits_of_another_script_is_not_yyyy_mm_dd(tmp_path):
    task = task_json()
    task["oafreeze"]["seeded_law"][0]["effective_date"] = "٢٠٢٢-٠٨-١٠"
    hits = [f for f in found(env_with(tmp_path, task), "H09") if "is not a date written YYYY-MM-DD" in f.message]
    assert [f.severity for f in hits] == ["major"]


def test_one_text_declared_twice_with_two_effective_dates_is_major(tmp_path):
    task = task_json()
    law = task["oafreeze"]["seeded_law"][0]
    task["oafreeze"]["seeded_law"].append({**law, "effective_date": "2021-08-13"})
    hits = [f for f in found(env_with(tmp_path, task), "H09") if f.severity == "major"]
    assert [f.location for f in hits] == ["$.oafreeze.seeded_law[1].effective_date"]
    assert law["effective_date"] in hits[0].message and "2021-08-13" in hits[0].message


def test_near_miss_two_versions_of_one_law_declared_with_their_own_dates(tmp_path):
    # An amendment's before and after: two texts under one citation, each with the day it took effect.
    task = task_json()
    law = task["oafreeze"]["seeded_law"][0]
    before = dict(law)
    task["oafreeze"]["seeded_law"].append({**law, "effective_date": "2021-08-13"})
    task["oafreeze"]["seeded_law"][1]["quote"] = before["quote"]
    assert [f for f in found(env_with(tmp_path, task), "H09") if "two effective dates" in f.message]  # same text
    task["oafreeze"]["seeded_law"][1]["quote"] = "an earlier text of the section"
    assert not [f for f in found(env_with(tmp_path, task), "H09") if "two effective dates" in f.message]


def _two_entries(verified_against: str) -> dict:
    task = task_json()
    first = task["oafreeze"]["seeded_law"][0]
    first.update(citation="C.R.S. § 8-2-113(2)", verified_against="C.R.S. § 8-2-113(2), official public text")
    second = {**first, "citation": "C.R.S. § 8-2-113(8)", "verified_against": verified_against}
    task["oafreeze"]["seeded_law"].append(second)
    return task


def test_provenance_copied_from_the_entry_beside_it_records_no_check(tmp_path):
    task = _two_entries("C.R.S. § 8-2-113(2), official public text")
    hits = [f for f in found(env_with(tmp_path, task), "H09") if "another entry's provision" in f.message]
    assert [(f.severity, f.location) for f in hits] == [("major", "$.oafreeze.seeded_law[1].verified_against")]


@pytest.mark.parametrize("source", ["C.R.S. § 8-2-113(8), official public text",
                                    "Colorado Revised Statutes, Title 8, official public text"])
def test_provenance_that_names_its_own_provision_or_none_is_not_borrowed(tmp_path, source):
    hits = found(env_with(tmp_path, _two_entries(source)), "H09")
    assert not [f for f in hits if "another entry's provision" in f.message]


def test_a_quote_under_another_entrys_heading_is_major(tmp_path):
    task = task_json()
    first = task["oafreeze"]["seeded_law"][0]
    first.update(citation="C.R.S. § 8-2-113(2)", quote="a covenant not to compete is void")
    task["oafreeze"]["seeded_law"].append({**first, "citation": "C.R.S. § 8-2-113(8)",
                                           "quote": "a penalty of five thousand dollars per worker"})
    excerpt = ("# Colorado excerpt\n\n## C.R.S. § 8-2-113(8)\n\nExcept as provided, a covenant not to compete is void.\n\n"
               "## C.R.S. § 8-2-113(2)\n\nAn employer is liable for a penalty of five thousand dollars per worker.\n")
    files = {**workspace(), "colorado-statute-excerpt.md": excerpt}
    hits = [f for f in found(env_with(tmp_path, task, files), "H09") if "sits under the heading" in f.message]
    assert sorted((f.severity, f.location) for f in hits) == [("major", 5), ("major", 9)]
    right = excerpt.replace("(8)\n", "(X)\n").replace("(2)\n", "(8)\n").replace("(X)\n", "(2)\n")
    fine = env_with(tmp_path / "fine", task, {**workspace(), "colorado-statute-excerpt.md": right})
    assert not [f for f in found(fine, "H09") if "sits under the heading" in f.message]


def test_a_quote_found_only_with_other_quote_marks_is_a_note(tmp_path):
    task = task_json()
    task["oafreeze"]["seeded_law"][0]["quote"] = "a covenant not to compete is void"
    files = {**workspace(), "colorado-statute-excerpt.md": "# C.R.S. § 8-2-113 (excerpt)\n\n> Except as provided, a\n"
                                                           "> covenant not to compete is void.\n"}
    assert not [f for f in found(env_with(tmp_path, task, files), "H09") if "only with other" in f.message]
    task["oafreeze"]["seeded_law"][0]["quote"] = "the employee\u2019s covenant not to compete is void"
    files["colorado-statute-excerpt.md"] = "# C.R.S. § 8-2-113\n\nExcept as provided, the employee's covenant not to compete is void.\n"
    hits = [f for f in found(env_with(tmp_path / "curly", task, files), "H09") if "only with other" in f.message]
    assert [(f.severity, "quote marks" in f.message) for f in hits] == [("minor", True)]


def test_a_saved_statute_page_under_its_citation_line_is_undeclared_law(tmp_path):
    page = ("RCW 49.62.020\nNoncompetition covenant void and unenforceable.\n(1) A noncompetition covenant is void and "
            "unenforceable unless the employer discloses the terms of the covenant in writing to the prospective "
            "employee no later than the time of the acceptance of the offer of employment.\n")
    files = {**workspace(), "research/rcw-page.md": page}
    hits = [f for f in found(env_with(tmp_path, files=files), "H09") if "no seeded_law entry declares" in f.message]
    assert [(f.severity, f.path) for f in hits] == [("major", "documents/research/rcw-page.md")]
    memo = "RCW 49.62.020\nWe think the covenant is probably fine for this employee, and the client agrees with us.\n"
    fine = env_with(tmp_path / "memo", files={**workspace(), "research/rcw-page.md": memo})
    assert not [f for f in found(fine, "H09") if "no seeded_law entry declares" in f.message]


@pytest.mark.parametrize("quote", [
    "el empleador deberá entregar al empleado una notificación escrita de que el contrato no se aplica a esa invención",
    "la clause de non-concurrence est nulle lorsque le salarié ne perçoit aucune contrepartie financière en retour"])
def test_a_statute_quoted_in_translation_reads_as_enacted_text(quote):
    text = f'## Cal. Lab. Code § 2872\n\n"{quote}."\n'
    assert [cite for _, _, cite in law_passages(text)] == ["Cal. Lab. Code § 2872"]


def test_a_translated_note_without_enacted_voice_is_no_statute():
    note = ("el equipo de recursos humanos prefiere enviar el aviso el primer día de trabajo, junto con el resto de "
            "los documentos de bienvenida")
    assert law_passages(f'## Cal. Lab. Code § 2872\n\n"{note}."\n') == []


@pytest.mark.parametrize("source", ["C.R.S. § 8-2-113 as amended by SB 25-083", "RCW 49.62 as amended by SSB 5935 (2025)",
                                    "La. R.S. 23:921, Acts 2025, No. 12"])
def test_a_verification_dated_before_the_act_it_checked_is_major(tmp_path, source):
    task = task_json()
    law = task["oafreeze"]["seeded_law"][0]
    law["verified_against"], law["verified_on"] = source, "2024-05-20"
    hits = [f for f in found(env_with(tmp_path, task), "H09") if "the year of the act" in f.message]
    assert [(f.severity, f.location) for f in hits] == [("major", "$.oafreeze.seeded_law[0].verified_on")]


def test_near_miss_a_verification_after_the_act_or_naming_a_later_effective_year_is_fine(tmp_path):
    task = task_json()
    law = task["oafreeze"]["seeded_law"][0]
    law["verified_against"] = "C.R.S. § 8-2-113 as amended by HB 22-1317, in force from 2027 for renewals"
    assert not [f for f in found(env_with(tmp_path, task), "H09") if "the year of the act" in f.message]


@pytest.mark.parametrize("source", ["checked verbatim against documents/colorado-statute-excerpt.md",
                                    "the firm's alert (partner-notes.md), read twice"])
def test_a_verification_against_the_tasks_own_files_is_major(tmp_path, source):
    task = task_json()
    task["oafreeze"]["seeded_law"][0]["verified_against"] = source
    hits = [f for f in found(env_with(tmp_path, task), "H09") if f.location.endswith(".verified_against")]
    assert [f.severity for f in hits] == ["major"] and "own workspace file" in hits[0].message


def test_near_miss_a_verification_against_a_library_guide_of_the_same_name_is_not_circular(tmp_path):
    task = task_json()
    task["oafreeze"]["seeded_law"][0]["verified_against"] = (
        "checked against the library at its pinned commit (practice-guides/colorado-statute-excerpt.md)")
    assert not [f for f in found(env_with(tmp_path, task), "H09") if "own workspace file" in f.message]


def test_statute_text_in_a_legislative_xml_export_is_read_as_a_statute_page(tmp_path):
    xml = ('<?xml version="1.0" encoding="UTF-8"?>\n<lawDoc xmlns="http://xml.house.gov/schemas/uslm/1.0">\n'
           '  <main>\n    <section identifier="/co/8-2-113">\n      <num>C.R.S. § 8-2-113</num>\n'
           '      <heading>Unlawful to intimidate worker</heading>\n'
           f'      <content><p>{STATUTE}</p></content>\n    </section>\n  </main>\n</lawDoc>\n')
    hits = [f for f in found(env_with(tmp_path, files={**workspace(), "law/crs-8-2-113.xml": xml}), "H09")
            if f.path == "documents/law/crs-8-2-113.xml"]
    assert [(f.severity, f.location) for f in hits] == [("major", 7)]  # the line of the section's text
    plain = '<?xml version="1.0"?>\n<settings>\n  <name>C.R.S. § 8-2-113</name>\n  <mode>strict</mode>\n</settings>\n'
    assert not [f for f in found(env_with(tmp_path / "plain", files={**workspace(), "law/s.xml": plain}), "H09")
                if f.path == "documents/law/s.xml"]


def test_a_uslm_section_after_its_metadata_with_nested_subdivisions_is_read_under_its_number(tmp_path):
    # The Law Revision Counsel's export: a metadata block first, then the section, its text spread over
    # numbered subdivisions, each element on a line (or none) of its own.
    xml = ('<?xml version="1.0" encoding="UTF-8"?>\n<lawDoc xmlns="http://xml.house.gov/schemas/uslm/1.0" '
           'xmlns:dc="http://purl.org/dc/elements/1.1/">\n<meta><dc:title>Title 9 section 401</dc:title>'
           '<dc:type>USCSection</dc:type></meta>\n<main>\n<section identifier="/us/usc/t9/s401"><num value="401">§ 401.'
           '</num><heading> Rules</heading>\n<subsection identifier="/us/usc/t9/s401/a"><num value="a">(a)</num>'
           '<chapeau>An employer shall not enter into a covenant not to compete with a worker whose earnings are '
           'below the threshold, and any such covenant is void—</chapeau>\n<paragraph><num value="1">(1)</num>'
           '<content>as of the day it is signed; and</content></paragraph></subsection></section>\n</main>\n</lawDoc>\n')
    hits = [f for f in found(env_with(tmp_path, files={**workspace(), "law/t9-401.xml": xml}), "H09")
            if f.path == "documents/law/t9-401.xml"]
    assert [f.severity for f in hits] == ["major"] and "§ 401" in hits[0].message


def test_each_section_of_an_akoma_ntoso_act_is_statutory_text_under_its_number(tmp_path):
    # The citation is the act's and the section's <num>: no line of the file spells it out.
    xml = ('<?xml version="1.0" encoding="UTF-8"?>\n<akomaNtoso xmlns="http://docs.oasis-open.org/legaldocml/ns/akn/3.0">'
           '<act name="labor"><body><division><heading>Workers</heading>'
           f'<section eId="sec_113"><num>113.</num><content><p>{STATUTE}</p></content></section>'
           '</division></body></act></akomaNtoso>\n')
    hits = [f for f in found(env_with(tmp_path, files={**workspace(), "law/act.akn.xml": xml}), "H09")
            if f.path == "documents/law/act.akn.xml"]
    assert [f.severity for f in hits] == ["major"] and "§ 113" in hits[0].message
    # the same markup outside a legislature's format is a settings file, not a statute
    plain = xml.replace("akomaNtoso", "settings").replace("docs.oasis-open.org/legaldocml/ns/akn/3.0", "urn:x")
    assert not [f for f in found(env_with(tmp_path / "plain", files={**workspace(), "law/act.xml": plain}), "H09")
                if f.path == "documents/law/act.xml"]


def test_words_the_text_gives_as_the_statutes_are_law_whatever_their_voice():
    # No citation anywhere, no "shall": the sentence says the statute is speaking.
    order = ('ORDER\n\nThe statute permits such a covenant only "within the parishes named in it, and not to exceed a '
             'period of two years from termination of employment." The application is denied.\n')
    assert [cite for _, _, cite in law_passages(order)] == ["statute"]
    cited = 'Section 86(1) of the Employment Rights Act 1996 provides: "The notice required to be given by an ' \
            'employer is not less than one week for each year of continuous employment."\n'
    assert [cite for _, _, cite in law_passages(cited)] == ["Section 86(1) of the Employment Rights Act"]
    # The same words given as a contract's, or as someone's view, are not the law's.
    own = ('The agreement provides that "the employee will not work within the parishes named in it for a period of '
           'two years from termination of employment."\n')
    view = ('Our client told us "the covenant only runs for two years from termination of employment in the '
            'parishes named in it," which we doubt.\n')
    assert law_passages(own) == [] and law_passages(view) == []


def test_a_subdivision_named_as_the_rule_attributes_a_block_in_enacted_voice():
    block = "\n".join("\t" + line for line in textwrap.wrap(STATUTE, 60))
    note = f"VENUE NOTE\n\nThe venue rule is in subsection (6):\n\n{block}\n\nKeep Denver.\n"
    assert [cite for _, _, cite in law_passages(note)] == ["subsection (6)"]
    # ... but not a block that only sounds like a contract's own subsection
    plain = "\n".join("\t" + line for line in textwrap.wrap("The employee will keep the laptop until the last day "
                                                              "of work and return it to the office manager then.", 60))
    assert law_passages(f"NOTE\n\nThe rule is in subsection (6):\n\n{plain}\n") == []


def test_a_line_numbered_transcript_is_read_across_its_line_numbers():
    spoken = (f'MS ADEBAYO: Section 86(1) of the Employment Rights Act 1996 provides: "{STATUTE}" That is the '
              "floor, sir.")
    lines = ["JUDGE: Yes, Ms Adebayo.", ""] + textwrap.wrap(spoken, 56) + ["", "JUDGE: Thank you.", "", "MS ADEBAYO: Sir."]
    page = "Day 2" + " " * 50 + "Page 41\n" + "\n".join(f"{n:>2}   {ln}" for n, ln in enumerate(lines, 1)) + "\n"
    [(offset, body, cite)] = law_passages(page)
    assert cite == "Section 86(1) of the Employment Rights Act" and page[offset] == '"'
    assert " ".join(body.split()).startswith("Any covenant not to compete") and not any(ch.isdigit() for ch in body)


def test_a_saved_statute_page_titled_with_its_citation_is_a_passage_of_law():
    page = ("Code Section - Business and Professions Code 16600\nBUSINESS AND PROFESSIONS CODE\n16600.\n"
            "(a) Except as provided in this chapter, every contract by which anyone is restrained from engaging in a "
            "lawful profession is to that extent void.\n")
    assert [cite for _, _, cite in law_passages(page)] == ["Business and Professions Code 16600"]
    # A line of prose that cites in passing does not title the lines under it.
    prose = ("See Cal. Lab. Code 2870 for the details\nThe employee shall not assign to the employer any invention that "
             "qualifies fully under the section, we think.\n")
    assert law_passages(prose) == []


def test_a_rules_figure_with_its_citation_and_effective_date_is_a_note(tmp_path):
    bulletin = ("# Department bulletin\n\n2026 pay order, 7 CCR 1103-14, Rule 1.2.1(G). Customer non-solicitation "
                "covenants: $78,008.40 annually. Effective January 1, 2026.\n")
    hits = [f for f in found(env_with(tmp_path / "a", files={**workspace(), "bulletin.md": bulletin}), "H09")
            if f.path == "documents/bulletin.md"]
    assert [(f.severity, f.location) for f in hits] == [("minor", 3)] and "7 CCR 1103-14" in hits[0].message


@pytest.mark.parametrize("note", [
    "# Budget\n\nThe retainer is $12,000, effective January 1, 2026, under section 4 of the engagement letter.\n",
    "# Research\n\nC.R.S. § 8-2-113 sets the threshold; check the current figure before the signing.\n",
])
def test_near_miss_a_figure_without_a_law_or_a_law_without_a_figure_and_date(tmp_path, note):
    hits = found(env_with(tmp_path, files={**workspace(), "note.md": note}), "H09")
    assert [f for f in hits if f.path == "documents/note.md"] == []


@pytest.mark.parametrize("source, flagged", [
    ("ChatGPT (GPT-4o), asked on 2026-01-10 whether C.R.S. § 8-2-113 still reads as quoted; it said yes", True),
    ("the firm's AI assistant, which confirmed the wording", True),
    ("Colorado Revised Statutes, official public text (leg.colorado.gov), read after an AI assistant's summary", False),
    ("Colorado Revised Statutes, official public text", False),
])
def test_a_verification_against_a_language_models_answer_is_no_check(tmp_path, source, flagged):
    task = task_json()
    task["oafreeze"]["seeded_law"][0]["verified_against"] = source
    hits = [f for f in found(env_with(tmp_path, task), "H09") if "language model" in f.message]
    assert [(f.severity, f.location) for f in hits] == (
        [("major", "$.oafreeze.seeded_law[0].verified_against")] if flagged else [])


def test_a_subdivision_under_a_saved_statute_pages_citation_is_statutory_text():
    # A research service's print: the citation alone near the top, its headings, then the subdivision's text.
    page = ("Westlaw\n\nC.R.S.A. § 8-2-113\n\nWest's Colorado Revised Statutes Annotated\nTitle 8. Labor and Industry\n\n"
            "(2)(b) Except as provided, this subsection (2) does not apply to a covenant not to compete governing an "
            "individual who earns at least the threshold amount for highly compensated workers.\n\n"
            "End of Document\n")
    assert [cite for _, _, cite in law_passages(page)] == ["C.R.S.A. § 8-2-113"]
    # A memo about the same section, its numbered points in the writer's voice, is not the statute.
    memo = ("Re: C.R.S. § 8-2-113\n\n(a) We think this subsection (2) does not apply to a covenant not to compete for "
            "this worker, who earns more than the threshold amount for highly compensated workers.\n")
    assert law_passages(memo) == []


@pytest.mark.parametrize("source, flagged", [
    ("the 2027 pamphlet edition of the compiled statutes, issued January 15, 2027", True),
    ("the 2027 Cumulative Supplement", True),
    ("the official code, 2025 edition", False),
])
def test_a_source_issued_after_the_check_cannot_have_been_checked_against(tmp_path, source, flagged):
    task = task_json()
    law = task["oafreeze"]["seeded_law"][0]
    law["verified_against"] = f"checked verbatim against {source}"
    hits = [f for f in found(env_with(tmp_path, task), "H09") if "after the check" in f.message]
    assert [(f.severity, f.location) for f in hits] == (
        [("major", "$.oafreeze.seeded_law[0].verified_against")] if flagged else [])


def test_eu_law_quoted_after_its_citation_and_a_colon():
    note = ('Our lawful basis is Article 6(1)(b) of Regulation (EU) 2016/679 (GDPR): "processing is necessary for the '
            'performance of a contract to which the data subject is party or in order to take steps at the request '
            'of the data subject prior to entering into a contract".')
    assert [cite for _, _, cite in law_passages(note)] == ["Article 6(1)(b) of Regulation (EU) 2016/679"]
    assert citation_in("under Art. 28 GDPR the processor").group(0) == "Art. 28 GDPR"
