"""The shared text helpers the items rely on, and the registry's shape."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from oafreeze.corpus import text as tx
from oafreeze.environment import criteria as cr
from oafreeze.hygiene.registry import ITEMS


def test_the_registry_lists_thirteen_items_and_the_family_check_in_order():
    assert [i.id for i in ITEMS] == [f"H{n:02d}" for n in range(1, 14)] + ["FAM"]
    assert all(i.name and i.doc and callable(i.check) for i in ITEMS)


def test_literals_of_a_pass_clause_by_kind():
    clause = ('the agreement cites C.R.S. § 8-2-113(2)(b), 820 ILCS 90/10 and RCW 49.62.020, states $123,750.50 '
              'and 60%, is dated March 1, 2026 or 2026-03-01, and is titled "Notice to Employee" in notice.docx')
    kinds = {(lit.kind, lit.text) for lit in cr.literals(clause)}
    assert {("citation", "C.R.S. § 8-2-113(2)(b)"), ("citation", "820 ILCS 90/10"), ("citation", "RCW 49.62.020"),
            ("amount", "$123,750.50"), ("percentage", "60%"), ("date", "March 1, 2026"), ("date", "2026-03-01"),
            ("quote", "Notice to Employee"), ("file", "notice.docx")} <= kinds
    # a Markdown code span is quoted text; a name keeps the signs a file system allows in it
    spans = [(lit.kind, lit.text) for lit in cr.literals("the email names `Form WA-2021-3` and ``not a span`` "
                                                           "in lindgren-§2872-notice.md")]
    assert spans == [("quote", "Form WA-2021-3"), ("file", "lindgren-§2872-notice.md")]


def test_negation_scope_ends_at_a_comma_or():
    clause = 'it does not cite C.R.S. § 8-2-113, or it contains "knowledge-base/"'
    lits = cr.literals(clause)
    assert [(lit.text, cr.negated(clause, lit.offset)) for lit in lits] == [
        ("C.R.S. § 8-2-113", True), ("knowledge-base/", False)]


def test_clauses_split_pass_and_fail_in_either_order():
    assert cr.clauses("FAIL if x is missing. PASS if x is there.") == ("x is there", "x is missing")
    assert cr.clauses("PASS if only this") == ("only this", "")


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=300))
def test_literal_extraction_and_clause_splitting_never_fail(text):
    p, f = cr.clauses(text)
    for clause in (p, f, text):
        for lit in cr.literals(clause):
            assert lit.text and 0 <= lit.offset <= len(clause)
            cr.negated(clause, lit.offset)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(["alpha", "beta", "§", "8-2-113", "$5", "\u201cq\u201d", "x"]), min_size=1, max_size=8),
       st.integers(0, 5))
def test_a_needle_is_located_on_the_line_it_was_written_on(words, blank_lines):
    needle = " ".join(words)
    text = "head\n" * blank_lines + "intro " + needle.replace(" ", "  ") + " tail\nend\n"
    assert tx.locate(text, needle) == blank_lines + 1


def test_a_starting_form_is_named_by_whole_words_and_a_memo_about_a_form_is_not_one():
    from oafreeze.hygiene.degenerate import _looks_like_form

    assert _looks_like_form("documents/firm-form-offer-letter.md")
    assert _looks_like_form("documents/draft_agreement.docx")
    assert not _looks_like_form("documents/form-approval-memo-2023.md")
    assert not _looks_like_form("documents/platform-information.md")


def test_two_files_as_one_subject_start_a_clause_of_their_own():
    # "…, and X.md and its translation Y.md contain only …": the plural verb's subject is the pair, so
    # the notice's allowlist is not read as part of the first file's rule.
    text = ("PASS if a.md contains only contract terms that do not name a case, and notice.md and its Vietnamese "
            "translation notice-vi.md contain only the statutory notice. FAIL otherwise.")
    assert cr.read(text).passes.forbidding == ["a.md contains only contract terms that do not name a case, and "]
    # Two files as the first subject are not cut apart.
    assert cr.read("PASS if a.md and b.md do not name a case. FAIL otherwise.").passes.forbidding == [
        "a.md and b.md do not name a case"]


def test_file_names_in_scripts_with_combining_marks_are_whole():
    found = [m.group(0) for m in cr.LITERAL_PATTERNS["file"].finditer("เขียน บันทึกสำหรับฝ่ายบุคคล.md และ नोट.md")]
    assert found == ["บันทึกสำหรับฝ่ายบุคคล.md", "नोट.md"]


def test_a_month_and_year_without_a_day_is_every_day_of_that_month():
    import datetime as dt

    from oafreeze.corpus import dating

    (feb,) = dating.month_years("an Illinois hire who signs in February 2028")
    assert (feb[0], feb[-1], len(feb)) == (dt.date(2028, 2, 1), dt.date(2028, 2, 29), 29)
    assert [len(r) for r in dating.month_years("signed Dec. 2026, renewed in January, 2027")] == [31, 31]
    # a date to the day, an ISO month, a year alone: none
    assert dating.month_years("on February 5, 2027; 12 February 2027; 2027-02; the 2027 threshold") == []


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=st.characters(max_codepoint=127), max_size=200) | st.text(max_size=60))
def test_words_of_an_ascii_text_split_by_translation_are_the_expressions_words(text):
    """word_list splits an ASCII text by bytes.translate and str.split: the same words as _WORD.findall."""
    from oafreeze.corpus.text import _WORD, _word_runs

    folded = text.casefold()
    assert _word_runs(folded) == _WORD.findall(folded)
