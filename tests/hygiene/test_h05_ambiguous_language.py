"""H05 ambiguous grading language: vague standards, and "the document" among several deliverables."""

from __future__ import annotations

import pytest

from hygiene_helpers import env_with, found, task_json


def _with(tmp_path, text, index=0, deliverables=None):
    task = task_json()
    task["criteria"][index]["match_criteria"] = text
    if deliverables is not None:
        task["criteria"][index]["deliverables"] = deliverables
    return found(env_with(tmp_path, task), "H05")


def test_a_vague_word_is_reported_with_its_sentence(tmp_path):
    hits = _with(tmp_path, "PASS if agreement.md gives an appropriate notice of the covenant. "
                           "FAIL if the notice is missing.")
    assert [(f.severity, f.location, f.evidence) for f in hits] == [
        ("minor", "$.criteria[0].match_criteria", "PASS if agreement.md gives an appropriate notice of the covenant.")]


@pytest.mark.parametrize("word", ["suitable", "well-drafted", "inadequate", "thorough", "high-quality",
                                  "satisfactory", "sufficiently clear"])
def test_the_vocabulary_of_taste_is_vague(tmp_path, word):
    hits = _with(tmp_path, f"PASS if agreement.md has a {word} customer covenant. FAIL if it does not.")
    assert hits and hits[0].severity == "minor"


def test_a_vague_word_that_is_the_whole_test_is_major(tmp_path):
    hits = _with(tmp_path, "PASS if agreement.md explains the notice. FAIL if the explanation is inadequate.")
    assert [(f.severity, f.evidence) for f in hits] == [("major", "FAIL if the explanation is inadequate.")]


def test_a_vague_adverb_in_what_the_output_must_say_still_grades_it(tmp_path):
    hits = _with(tmp_path, "PASS if client-email.md tells the client that each change is adequately explained. "
                           "FAIL if it does not.", index=2)
    assert [f.severity for f in hits] == ["minor"]


def test_the_document_with_several_deliverables_is_major_and_minor_when_one_is_named(tmp_path):
    hits = _with(tmp_path, "PASS if the document warns the client. FAIL if it does not.", index=2, deliverables=[])
    assert [(f.severity, f.evidence) for f in hits] == [("major", "PASS if the document warns the client.")]
    hits = _with(tmp_path / "b", "PASS if client-email.md warns. FAIL if the document is silent.", index=2)
    assert [f.severity for f in hits] == ["minor"]


def test_near_miss_words_that_only_contain_a_vague_word(tmp_path):
    assert _with(tmp_path, "PASS if agreement.md mentions the appropriations act and the document title. "
                           "FAIL if it does not.") == []


def test_near_miss_a_legal_standard_the_output_must_state_is_not_grading_language(tmp_path):
    assert _with(tmp_path, "PASS if client-email.md concludes that the covenant is reasonable under Colorado law "
                           "and uses commercially reasonable efforts language. FAIL if it does not.", index=2) == []
