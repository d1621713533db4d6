"""The leakage screen: what it flags in an operative deliverable, and what it leaves alone.

Small hand-made deliverables, with the project's sample library as the knowledge base.
The labelled corpus (tests/data/screen) is measured at the end of this file.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from oafreeze.corpus.sample import sample_files
from oafreeze.screen import (ADVISORY, COPIED_TEXT, LAW, LEGAL_ANALYSIS, SOURCE_REFERENCE, TEMPLATE, VERSION, Policy,
                             Source, SourceIndex, kind_for_path, screen_text)
from oafreeze.screen.score import Expected, score_document, summarize

ROOT = Path(__file__).resolve().parent.parent
KB = "documents/knowledge-base"
CO_GUIDE = f"{KB}/practice-guides/non-compete/us/colorado.md"
ALERT = """# Client Alert: Noncompetes This Year

In our view, employers should audit every customer clause before the next hiring cycle, because
a court that trims an overbroad covenant still awards the worker statutory damages and fees.
"""
STATUTE = """# Excerpt

"No employer shall require a provision made void and unenforceable by Section 2870 as a condition of
employment or continued employment."
"""


@pytest.fixture(scope="module")
def index() -> SourceIndex:
    """The sample library as an agent's knowledge base, plus an advisory alert and a statute excerpt."""
    sources = [Source(f"{KB}/{rel}", data.decode(), kind_for_path(rel)) for rel, data in sample_files().items()
               if rel.endswith((".md", ".json", ".yaml")) and rel.split("/")[-1] not in ("README.md", "FACTS.md")]
    sources.append(Source("documents/client-alert.md", ALERT, ADVISORY))
    sources.append(Source("documents/labor-code-excerpt.md", STATUTE, LAW))
    return SourceIndex(sources)


def kinds(flags) -> list[str]:
    return [f.kind for f in flags]


def rules(flags) -> set[str]:
    return {f.rule for f in flags}


def agreement(*paragraphs: str) -> str:
    """An agreement with ordinary clauses around the paragraphs under test."""
    head = ("# EMPLOYEE COVENANT AGREEMENT\n\nThis Agreement is made as of March 1, 2027 between Harbor Analytics, "
            "Inc. (the \"Company\") and Jamie Rivera (\"Employee\").\n\n## 1. Confidentiality\n\nDuring and after "
            "employment, Employee will hold the Company's confidential information in confidence.\n")
    tail = "\n## 9. General\n\nThis Agreement may be amended only in a writing signed by both parties.\n"
    return head + "".join(f"\n{p}\n" for p in paragraphs) + tail


# --- copied institutional text ------------------------------------------------------------------

def test_a_guide_passage_pasted_into_the_agreement_is_flagged_with_both_sides_quoted(index):
    text = agreement("## 5. Notes\n\nRecheck the threshold each January; it resets annually. Screen out physicians, "
                     "APRNs and dentists before any covenant is offered.")
    [flag] = [f for f in index.screen(text) if f.kind == COPIED_TEXT]
    assert flag.source == CO_GUIDE and flag.rule == "shingle-containment"
    assert "Screen out physicians" in flag.evidence and "Screen out physicians" in flag.source_evidence
    assert flag.line == text.splitlines().index("## 5. Notes") + 3


def test_a_copied_passage_survives_reflowed_lines_markdown_and_curly_quotes(index):
    text = agreement("> **Pay is tested twice**: at signing and again\n> at *enforcement*. The applicable "
                     "figure is the\n> higher of the August 10, 2022 amount and the amount in force when the "
                     "covenant was\n> executed.[^3]")
    flags = [f for f in index.screen(text) if f.kind == COPIED_TEXT]
    assert [f.source for f in flags] == [CO_GUIDE]
    assert flags[0].end_line > flags[0].line


def test_a_copied_passage_with_a_few_words_changed_is_still_found(index):
    text = agreement("Covenants signed or renewed from August 6, 2025 onward may not restrict the practice of "
                     "medicine, advanced practice registered nursing or dentistry, and sale-of-business covenants "
                     "are capped for minority owners who received their equity for services.")
    assert COPIED_TEXT in kinds(index.screen(text))


def test_copied_advisory_material_is_flagged_with_the_advisory_file_as_source(index):
    text = agreement("## 4. Customers\n\nEmployers should audit every customer clause before the next hiring "
                     "cycle, because a court that trims an overbroad covenant still awards the worker statutory "
                     "damages and fees.")
    assert [f.source for f in index.screen(text) if f.kind == COPIED_TEXT] == ["documents/client-alert.md"]


def test_a_short_stock_phrase_shared_with_a_guide_is_not_copied_text(index):
    text = agreement("Employee will not solicit any customer with whom Employee had material business contact.")
    assert COPIED_TEXT not in kinds(index.screen(text))


# --- what copied-text leaves alone --------------------------------------------------------------

def test_clause_text_taken_from_a_template_is_not_copied_text(index):
    text = agreement("## 4. Return of Property\n\nOn the Separation Date, or earlier if the Company asks, Employee "
                     "will return all Company property and all materials containing Confidential Information, delete "
                     "any copies held on personal devices or accounts after returning them, and confirm in writing "
                     "that Employee has done so.")
    assert index.screen(text) == []


def test_statute_text_from_a_law_source_is_not_copied_text(index):
    text = agreement("Consistent with its terms, no employer shall require a provision made void and "
                     "unenforceable by Section 2870 as a condition of employment or continued employment.")
    assert COPIED_TEXT not in kinds(index.screen(text))


def test_a_case_name_alone_does_not_make_a_passage_copied_but_is_still_analysis(index):
    text = agreement("See Board of Trustees of Leland Stanford Junior University v. Roche Molecular Systems.")
    flags = index.screen(text)
    assert kinds(flags) == [LEGAL_ANALYSIS] and rules(flags) == {"case-name"}


def test_the_analysis_inside_a_copied_passage_is_reported_once_by_the_copied_text_flag(index):
    text = agreement("Entering into, presenting or trying to enforce a void covenant violates § 8-2-113(8).")
    assert kinds(index.screen(text)) == [COPIED_TEXT]


def test_a_comment_the_agent_adds_to_a_copied_sentence_is_still_reported(index):
    text = agreement("Pair every covenant with the stand-alone Colorado notice template and keep the signed copy, "
                     "and we recommend that the Company calendar a yearly check.")
    assert sorted(kinds(index.screen(text))) == [COPIED_TEXT, LEGAL_ANALYSIS]


# --- source references ------------------------------------------------------------------------

@pytest.mark.parametrize("sentence, rule", [
    ("Source: documents/knowledge-base/practice-guides/non-compete/us/texas.md.", "kb-path"),
    ("See the [guide](https://kb.example.org/practice-guides/non-compete/us/texas) for details.", "kb-path"),
    ("The penalty figures are in colorado-law-file.md.", "file-name"),
    ("This clause follows our practice guide for Texas.", "internal-reference"),
    ("Per the firm's survey, Texas has no pay floor.", "internal-reference"),
    ("The knowledge library says this clause is standard.", "internal-reference"),
    ("As explained in the litigation memo, the radius was replaced.", "internal-reference"),
    ("The figures come from Non-Compete Rules in Twelve States (2026).", "source-name"),
])
def test_a_pointer_to_the_firms_internal_material_is_a_source_reference(index, sentence, rule):
    flags = [f for f in index.screen(agreement(sentence)) if f.kind == SOURCE_REFERENCE]
    assert [f.rule for f in flags] == [rule]


def test_an_email_address_or_the_companys_website_is_not_a_source_reference(index):
    text = agreement("Questions may be sent to people@harbor.example.com or read at www.harbor.example.com/careers.")
    assert index.screen(text) == []


# --- legal analysis -------------------------------------------------------------------------

def test_a_threshold_comparison_in_the_agreement_is_flagged(index):
    flags = index.screen(agreement("Because your salary of $71,500 is below the $130,014 threshold, Section 5 "
                                   "does not apply to you."), Policy(deal_terms=("$71,500",)))
    assert rules(flags) == {"threshold-comparison"}


def test_earnings_compared_with_a_statutory_figure_are_flagged_without_the_word_threshold(index):
    flags = index.screen(agreement("Employee's expected annualized earnings of $91,000 are more than $75,000."),
                         Policy(deal_terms=("$91,000",)))
    assert rules(flags) == {"threshold-comparison"}


def test_a_penalty_amount_and_its_trigger_are_flagged(index):
    flags = index.screen(agreement("Offering a void covenant would expose the Company to $5,000 for each "
                                   "prospective worker, plus fees."))
    assert rules(flags) == {"penalty"}


def test_a_penalty_per_worker_is_flagged(index):
    assert rules(index.screen(agreement("The statute imposes $5,000 per worker harmed."))) == {"penalty"}


def test_an_enforceability_conclusion_is_flagged(index):
    flags = index.screen(agreement("A covenant of this kind is unenforceable under Minnesota law."))
    assert rules(flags) == {"enforceability"}


def test_what_courts_will_do_with_the_clause_is_flagged(index):
    assert rules(index.screen(agreement("Oregon courts will not rewrite a noncompliant covenant."))) == \
        {"enforceability"}


def test_a_statement_of_what_a_law_bans_is_flagged(index):
    assert rules(index.screen(agreement("Oregon law bans non-competes for most hourly workers."))) == {"law-statement"}


def test_legal_doctrine_is_flagged(index):
    flags = index.screen(agreement("Each limit stands alone because the state follows a strict blue-pencil approach "
                                   "to overbroad restraints."))
    assert rules(flags) == {"legal-doctrine"}


@pytest.mark.parametrize("sentence", [
    "The leading authority is Edwards v. Arthur Andersen LLP.",
    "See In re AutoNation, Inc. on forum clauses.",
    "This follows 152 Wn.2d 828 on consideration.",
    "The appellate court held that continued employment is not enough.",
])
def test_a_case_name_a_reporter_citation_or_a_holding_is_flagged(index, sentence):
    assert rules(index.screen(agreement(sentence))) == {"case-name"}


@pytest.mark.parametrize("paragraph", [
    "[Note to draft: confirm the territory with the client.]",
    "Drafting note: the non-compete was removed for this hire.",
    "<!-- removed the customer clause; Washington counts it as a non-compete -->",
    "[This clause stays in only because the client insisted on it.]",
])
def test_a_drafting_note_is_flagged(index, paragraph):
    assert rules(index.screen(agreement(paragraph))) == {"drafting-note"}


@pytest.mark.parametrize("sentence", [
    "We recommend that the Company pay garden leave for this role.",
    "The employer should consider a shorter restricted period.",
    "The Company must ensure that the notice is signed before the offer is accepted.",
    "It is advisable to re-sign the covenant after a promotion.",
])
def test_advice_addressed_to_the_company_is_flagged(index, sentence):
    assert rules(index.screen(agreement(sentence))) == {"advice-to-company"}


def test_advice_to_the_employee_to_consult_a_lawyer_is_not_advice_to_the_company(index):
    assert index.screen(agreement("We encourage you to consult a lawyer of your choice before signing.")) == []


# --- what the screen leaves alone -----------------------------------------------------------

def test_the_trade_secret_immunity_notice_is_left_alone(index):
    text = agreement("## 8. Notice of Immunity\n\nAn individual shall not be held criminally or civilly liable "
                     "under any federal or state trade secret law for the disclosure of a trade secret made in "
                     "confidence to a government official, or to an attorney, solely for the purpose of reporting or "
                     "investigating a suspected violation of law, as provided in 18 U.S.C. § 1833(b).")
    assert index.screen(text) == []


def test_the_california_invention_notice_is_left_alone_though_it_says_unenforceable(index):
    text = agreement("## Exhibit A: Notice Under California Labor Code Section 2870\n\nTo the extent a provision of "
                     "this Agreement purports to require the assignment of an invention that Section 2870 excludes, "
                     "the provision is against the public policy of California and is unenforceable. California law "
                     "requires the Company to give Employee this notice.")
    assert index.screen(text) == []


def test_the_colorado_noncompete_notice_is_left_alone(index):
    text = agreement("## Notice of Covenant Not to Compete (C.R.S. § 8-2-113(4))\n\nThe Agreement contains a "
                     "covenant not to compete in Section 4. Colorado law requires that this notice be a separate "
                     "document that you sign.")
    assert index.screen(text) == []


def test_a_penalty_written_into_a_required_notice_is_still_flagged(index):
    text = agreement("## Notice of Covenant Not to Compete (C.R.S. § 8-2-113(4))\n\nWithout this notice the Company "
                     "would owe $5,000 per worker harmed.")
    assert rules(index.screen(text)) == {"penalty"}


def test_a_notice_the_task_declares_required_is_left_alone_by_id_or_by_text(index):
    text = agreement("You are advised to consult an attorney; Illinois law requires that advice in writing.")
    assert index.screen(text) != []
    assert index.screen(text, Policy(required_notices=("consult-counsel",))) == []
    literal = "Illinois law requires that advice in writing"
    assert index.screen(text, Policy(required_notices=(literal,))) == []


def test_an_unknown_required_notice_id_is_refused_with_the_known_ids(index):
    with pytest.raises(ValueError, match="dtsa-immunity"):
        index.screen(agreement("Text."), Policy(required_notices=("illinois-counsel",)))


@pytest.mark.parametrize("sentence", [
    "Nothing in this Section restricts Employee to the extent prohibited by Cal. Bus. & Prof. Code § 16600.",
    "This Section does not restrict general skills or public information, as preserved by C.R.S. § 8-2-113(3)(b).",
    "\"Noncompetition covenant\" has the meaning given in RCW 49.62.010(4).",
    "Employee may recover the remedies available under Tex. Bus. & Com. Code § 15.51.",
])
def test_a_bare_statutory_cross_reference_in_a_clause_is_left_alone(index, sentence):
    assert index.screen(agreement(sentence)) == []


def test_the_deals_own_salary_dates_and_territory_are_left_alone(index):
    text = agreement("## 2. Terms\n\nEmployee's annual base salary is $131,500, starting November 16, 2026. The "
                     "restricted territory is Denver, Jefferson and Arapahoe Counties, Colorado, for 12 months.")
    assert index.screen(text, Policy(deal_terms=("$131,500", "November 16, 2026"))) == []


def test_a_threshold_inside_a_condition_is_an_operative_term(index):
    text = agreement("Section 4 applies only if Employee's annualized cash compensation, when this Agreement is "
                     "signed, is at least the threshold amount for highly compensated workers then in effect.")
    assert index.screen(text) == []


def test_a_sales_commission_threshold_is_a_deal_term(index):
    text = agreement("Your commission rate rises to 12% when quarterly bookings exceed a threshold of $250,000.")
    assert index.screen(text, Policy(deal_terms=("$250,000",))) == []


def test_a_passage_the_task_declares_allowed_is_left_alone(index):
    sentence = "Washington law requires that these terms be disclosed to you before you accept."
    assert index.screen(agreement(sentence)) != []
    assert index.screen(agreement(sentence), Policy(allowed_passages=(sentence,))) == []


def test_a_severability_clause_is_not_an_enforceability_conclusion(index):
    text = agreement("If a court holds any provision of this Agreement invalid or unenforceable, the court may "
                     "modify it to the minimum extent needed, and the remaining provisions remain in effect.")
    assert index.screen(text) == []


def test_penalty_words_in_a_term_are_left_alone(index):
    text = agreement("Employee will not owe the Company any fee, penalty or repayment on leaving. Employee signs "
                     "this acknowledgment under penalty of perjury.")
    assert index.screen(text) == []


# --- the engine's contract --------------------------------------------------------------------

def test_flags_are_the_same_from_a_list_of_sources_or_a_prebuilt_index():
    sources = [Source("kb/practice-guides/x.md", "Alpha beta gamma delta epsilon zeta eta theta iota kappa lambda "
                                                 "mu nu xi omicron.", "knowledge-base")]
    text = "Intro.\n\nAlpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu.\n"
    assert screen_text(text, sources) == screen_text(text, SourceIndex(sources)) != []


def test_flags_come_in_line_order_and_carry_kind_rule_lines_and_evidence(index):
    text = agreement("Per our practice guide, see colorado-law-file.md.", "We recommend that the Company wait.")
    flags = index.screen(text)
    assert [f.line for f in flags] == sorted(f.line for f in flags)
    for f in flags:
        assert f.kind in (COPIED_TEXT, SOURCE_REFERENCE, LEGAL_ANALYSIS) and f.rule and f.evidence
        assert 1 <= f.line <= (f.end_line or f.line) <= len(text.splitlines())
        assert set(f.as_dict()) == {"kind", "line", "end_line", "evidence", "rule", "source", "source_evidence"}


def test_a_source_of_unknown_kind_is_refused():
    with pytest.raises(ValueError, match="kind"):
        Source("x.md", "text", "memo")


def test_the_kind_of_a_workspace_file_follows_the_knowledge_base_layout():
    assert kind_for_path("documents/knowledge-base/templates/x/y/template.md") == TEMPLATE
    assert kind_for_path("documents/knowledge-base/templates/x/y/metadata.yaml") == TEMPLATE
    assert kind_for_path("documents/knowledge-base/templates/x/y/template-annotated.md") == "knowledge-base"
    assert kind_for_path("documents/knowledge-base/templates/x/y/README.md") == "knowledge-base"
    assert kind_for_path("practice-guides/non-compete/us/texas.md") == "knowledge-base"
    assert kind_for_path("documents/knowledge-base/checklists/a.json") == "knowledge-base"
    assert kind_for_path("documents/litigation-memo.md") == ADVISORY
    assert kind_for_path("documents/statute.md", LAW) == LAW


def test_the_screen_has_a_version():
    assert VERSION == "1"


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=600))
def test_any_text_is_screened_without_error_and_flags_point_at_real_lines(index, text):
    flags = index.screen(text)
    assert flags == index.screen(text)
    n = max(1, len(text.replace("\r\n", "\n").replace("\r", "\n").split("\n")))
    assert all(1 <= f.line <= (f.end_line or f.line) <= n for f in flags)


# --- scoring ----------------------------------------------------------------------------------

def test_a_flag_on_a_labelled_passage_of_another_kind_is_a_kind_mismatch_not_a_false_alarm(index):
    text = agreement("Per our practice guide, the covenant is void.")
    line = next(i for i, ln in enumerate(text.splitlines(), 1) if "practice guide" in ln)
    label = Expected(SOURCE_REFERENCE, "Per our practice guide", line, line)
    result = score_document("d", index.screen(text), [label])
    assert len(result.matched) == 1 and len(result.mismatched) == 1 and not result.false_positives
    summary = summarize([result])
    assert summary["overall"]["passage_precision"] == 1.0 and summary["kinds"][LEGAL_ANALYSIS]["precision"] == 0.0


# --- the labelled corpus ----------------------------------------------------------------------

def _screen_eval():
    spec = importlib.util.spec_from_file_location("screen_eval", ROOT / "benchmarks" / "screen_eval.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["screen_eval"] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def corpus():
    module = _screen_eval()
    docs, spec = module.load()
    scores, _ = module.evaluate(docs, spec)
    by_split: dict[str, list] = {"dev": [], "holdout": [], "fresh": []}
    for doc, score in zip(docs, scores):
        by_split[doc.split].append(score)
    return docs, by_split


def test_the_corpus_has_sixty_documents_and_each_kind_of_leak_in_several_variants(corpus):
    docs, _ = corpus
    assert len(docs) >= 60
    states = {d.state for d in docs}
    assert {"California", "Colorado", "Texas", "Illinois", "Washington", "Massachusetts"} <= states
    for kind in (COPIED_TEXT, SOURCE_REFERENCE, LEGAL_ANALYSIS):
        labels = [e for d in docs for e in d.expected if e.kind == kind]
        assert len(labels) >= 12 and len({e.variant for e in labels}) >= 6
    assert sum(1 for d in docs if not d.expected) >= 25


def test_the_corpus_meets_the_targets_on_the_development_split(corpus):
    summary = summarize(corpus[1]["dev"])
    for kind, row in summary["kinds"].items():
        assert row["recall"] >= 0.9, (kind, row)
    assert summary["overall"]["precision"] >= 0.95, summary["overall"]


# --- the real library (read from ../shared at test time, never copied) -------------------------

def test_the_real_librarys_forms_are_left_almost_alone_and_its_commentary_is_flagged(oa_repo):
    """Half the real forms are indexed as templates; the other half are screened as if an agent
    had written them (their own text is unknown to the index). The commentary of the annotated
    templates, which nothing indexes, is what an agent might paste."""
    forms, commentary, sources = [], [], []
    for path in sorted(oa_repo.rglob("*")):
        if not path.is_file() or ".git" in path.parts or path.suffix not in (".md", ".json", ".yaml"):
            continue
        if path.name in ("index.md", "log.md"):
            continue
        rel = path.relative_to(oa_repo).as_posix()
        text = path.read_text(errors="replace")
        if path.name == "template-annotated.md":
            lines = text.splitlines()
            cut = next((i + 1 for i, line in enumerate(lines) if "considerations for this template" in line), None)
            if cut is not None:
                commentary.append("\n".join(lines[cut:]))
            continue
        if path.name == "template.md":
            forms.append(Source(f"{KB}/{rel}", text, kind_for_path(rel)))
            continue
        sources.append(Source(f"{KB}/{rel}", text, kind_for_path(rel)))
    index = SourceIndex(sources + forms[1::2])
    screened = forms[0::2]
    assert len(screened) > 30 and len(commentary) > 50
    form_flags = [f for src in screened for f in index.screen(src.text)]
    words = sum(len(src.text.split()) for src in screened)
    assert len(form_flags) <= words / 2500, (len(form_flags), words)  # measured: 13 in 59,318 words
    paragraphs = flagged = 0
    for text in commentary:
        lines_flagged = {f.line for f in index.screen(text)}
        line = 1
        for block in text.split("\n\n"):
            span = range(line, line + block.count("\n") + 1)
            if len(block.split()) > 12 and not block.lstrip().startswith("#"):
                paragraphs += 1
                flagged += any(n in lines_flagged for n in span)
            line += block.count("\n") + 2
    assert flagged >= 0.85 * paragraphs, (flagged, paragraphs)  # measured: 93%


def test_the_held_out_sets_keep_their_ground(corpus):
    # Each held-out set was measured once before any change made in its light (the numbers
    # are in docs/SCREEN.md); these floors, at or under their numbers today, keep a later
    # change from quietly losing ground on them.
    for split in ("holdout", "fresh"):
        overall = summarize(corpus[1][split])["overall"]
        assert overall["recall"] >= 0.9 and overall["precision"] >= 0.95, (split, overall)
        assert overall["false_alarms"] == 0, (split, overall)
